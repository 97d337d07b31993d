"""The Kotlin front end: Kotlin source (parsed with tree-sitter-kotlin) to Java source.

The Java translator holds every rule of the migration; this module only spells Kotlin's
syntax the way Java writes the same thing, so one set of rules serves both languages:
``data class`` → ``record``, ``fun f(x: T): R = e`` → ``R f(T x) { return e; }``,
``val`` → ``var``, string templates → ``+``, ``X::class.java`` → ``X.class``,
``entity<T>()`` → ``entity(T.class)``, ``CommandLineRunner { ... }`` → ``args -> { ... }``,
trailing lambdas → last arguments, ``listOf`` / ``mapOf(a to b)`` → ``List.of`` /
``Map.of``, ``(A) -> B`` → ``Function<A, B>``. The Java text need not compile; it only
has to say to the Java translator what the Kotlin says.

A construct with no spelling here (``when``, ``?.``, ``object``, companion objects, the
``beans { }`` DSL ...) raises :class:`KotlinUntranslatable`: a statement becomes a Java
comment-like ``__kotlin_todo__`` call the Java translator keeps as a TODO; a whole
declaration is listed and left out.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

Node = Any


class KotlinUntranslatable(Exception):
    """A Kotlin construct the front end has no Java spelling for."""


def _parser() -> Any:
    try:
        import tree_sitter
        import tree_sitter_kotlin
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise RuntimeError(
            "Kotlin sources need the 'migrate' extra: pip install 'spring_ai_py[migrate]'"
        ) from error
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_kotlin.language()))


def _text(node: Node) -> str:
    return str(node.text.decode("utf-8"))


def _named(node: Node) -> list[Node]:
    return [c for c in node.named_children if c.type not in ("line_comment", "block_comment", "multiline_comment")]


def _first(node: Node, kind: str) -> Node | None:
    return next((c for c in _named(node) if c.type == kind), None)


def _line(node: Node) -> int:
    return int(node.start_point[0]) + 1


#: Kotlin types with another Java spelling (boxed, as Java generics need them).
_TYPES = {
    "Int": "Integer",
    "Long": "Long",
    "Short": "Short",
    "Byte": "Byte",
    "Double": "Double",
    "Float": "Float",
    "Boolean": "Boolean",
    "Char": "Character",
    "Any": "Object",
    "Unit": "void",
    "MutableList": "List",
    "MutableMap": "Map",
    "MutableSet": "Set",
    "ArrayList": "ArrayList",
}

#: Kotlin's function interfaces: the class implementing one is a plain callable object.
_FUNCTION_INTERFACES = re.compile(r"^(Function\d|\(.*\)\s*->)")

#: Extension functions Kotlin imports by name; the front end rewrites their calls.
_EXTENSION_IMPORTS = {"org.springframework.boot.runApplication", "org.springframework.ai.chat.client.entity"}


@dataclass
class KotlinFile:
    """A Kotlin file spelled as Java: the text, and the Kotlin line of each Java line."""

    java: str
    lines: list[int]
    findings: list[tuple[int, str, str, str]] = field(default_factory=list)
    """(Kotlin line, construct, rule, todo) of what the front end did."""


class _Writer:
    def __init__(self, declared: set[str]) -> None:
        self.out: list[tuple[str, int]] = []
        self.declared = declared
        self.findings: list[tuple[int, str, str, str]] = []

    def emit(self, line: str, node: Node, depth: int = 0) -> None:
        self.out.append(("    " * depth + line, _line(node)))

    def rule(self, node: Node, construct: str, rule: str) -> None:
        self.findings.append((_line(node), construct, rule, ""))

    def todo(self, node: Node, construct: str, todo: str) -> None:
        self.findings.append((_line(node), construct, "", todo))

    # -- types ----------------------------------------------------------------------------

    def type_(self, node: Node | None) -> str:
        if node is None:
            return "Object"
        kind = node.type
        if kind == "nullable_type":
            return self.type_(_named(node)[0])
        if kind == "parenthesized_type":
            return self.type_(_named(node)[0])
        if kind == "function_type":
            parameters = _first(node, "function_type_parameters")
            inputs = [self.type_(p) for p in _named(parameters)] if parameters is not None else []
            result = self.type_(_named(node)[-1])
            if result == "void":
                return f"Consumer<{inputs[0]}>" if len(inputs) == 1 else "Runnable"
            if not inputs:
                return f"Supplier<{result}>"
            if len(inputs) == 1:
                return f"Function<{inputs[0]}, {result}>"
            if len(inputs) == 2:
                return f"BiFunction<{inputs[0]}, {inputs[1]}, {result}>"
            raise KotlinUntranslatable(f"function type with {len(inputs)} parameters")
        if kind == "user_type":
            names = [_text(c) for c in _named(node) if c.type == "identifier"]
            arguments = _first(node, "type_arguments")
            base = ".".join(names)
            if base == "Array" and arguments is not None:
                return self.type_(_named(_named(arguments)[0])[0]) + "[]"
            if base in _TYPES and base not in self.declared:
                base = _TYPES[base]
            if arguments is not None:
                inner = [self.type_(_named(p)[0]) if _named(p) else "Object" for p in _named(arguments)]
                return f"{base}<{', '.join(inner)}>"
            return base
        raise KotlinUntranslatable(f"type {kind.replace('_', ' ')}")

    # -- declarations ---------------------------------------------------------------------

    def annotations(self, node: Node) -> list[str]:
        modifiers = _first(node, "modifiers")
        found: list[str] = []
        if modifiers is None:
            return found
        for modifier in _named(modifiers):
            if modifier.type == "annotation":
                found.append(self.annotation(modifier))
            elif modifier.type == "member_modifier" and _text(modifier) == "override":
                found.append("@Override")
        return found

    def annotation(self, node: Node) -> str:
        target = _first(node, "constructor_invocation") or _first(node, "user_type")
        if target is None:
            raise KotlinUntranslatable("annotation")
        if target.type == "user_type":
            return "@" + self.type_(target)
        name = self.type_(_first(target, "user_type"))
        arguments = _first(target, "value_arguments")
        values = [self.argument(a) for a in _named(arguments)] if arguments is not None else []
        return f"@{name}({', '.join(values)})"

    def argument(self, node: Node) -> str:
        parts = _named(node)
        if len(parts) == 2 and parts[0].type in ("value_argument_label", "simple_identifier", "identifier"):
            return f"{_text(parts[0]).rstrip('=').strip()} = {self.expr(parts[1])}"
        return self.expr(parts[-1])

    def modifiers_text(self, node: Node) -> set[str]:
        modifiers = _first(node, "modifiers")
        return {_text(m) for m in _named(modifiers) if m.type != "annotation"} if modifiers is not None else set()

    def class_(self, node: Node, depth: int) -> None:
        name = _text(node.child_by_field_name("name"))
        keywords = {_text(c) for c in node.children if not c.is_named}
        modifiers = self.modifiers_text(node)
        for annotation in self.annotations(node):
            self.emit(annotation, node, depth)
        constructor = _first(node, "primary_constructor")
        parameters = []
        if constructor is not None:
            class_parameters = _first(constructor, "class_parameters")
            parameters = [p for p in _named(class_parameters)] if class_parameters is not None else []
        supertypes = self.supertypes(node)
        body = _first(node, "class_body") or _first(node, "enum_class_body")
        if "interface" in keywords:
            raise KotlinUntranslatable("interface declaration")
        if "data" in modifiers:
            self.rule(node, f"data class {name}", "record")
            components = ", ".join(self.parameter(p) for p in parameters)
            clause = f" implements {', '.join(supertypes)}" if supertypes else ""
            self.emit(f"record {name}({components}){clause} {{", node, depth)
            self.members(body, depth + 1)
            self.emit("}", node, depth)
            return
        if "enum" in modifiers:
            self.rule(node, f"enum class {name}", "enum")
            self.emit(f"enum {name} {{", node, depth)
            entries = [e for e in _named(body)] if body is not None else []
            constants = [e for e in entries if e.type == "enum_entry"]
            rendered = []
            for constant in constants:
                arguments = _first(constant, "value_arguments")
                values = [self.argument(a) for a in _named(arguments)] if arguments is not None else []
                label = _text(_named(constant)[0])
                rendered.append(f"{label}({', '.join(values)})" if arguments is not None else label)
            self.emit(", ".join(rendered) + ";", node, depth + 1)
            self.constructor(name, parameters, node, depth + 1)
            for entry in entries:
                if entry.type != "enum_entry":
                    self.member(entry, depth + 1)
            self.emit("}", node, depth)
            return
        extends = [s for s in supertypes if s.endswith("()")]
        implements = [s for s in supertypes if not s.endswith("()")]
        header = f"class {name}"
        if extends:
            header += f" extends {extends[0].removesuffix('()')}"
        if implements:
            header += f" implements {', '.join(implements)}"
        self.rule(node, f"class {name}", "class")
        self.emit(header + " {", node, depth)
        self.constructor(name, parameters, node, depth + 1)
        self.members(body, depth + 1)
        self.emit("}", node, depth)

    def supertypes(self, node: Node) -> list[str]:
        specifiers = _first(node, "delegation_specifiers")
        found = []
        for specifier in _named(specifiers) if specifiers is not None else []:
            inner = _named(specifier)[0]
            if inner.type == "constructor_invocation":
                found.append(self.type_(_first(inner, "user_type")) + "()")
                continue
            rendered = self.type_(inner)
            if _FUNCTION_INTERFACES.match(_text(inner)):
                self.rule(specifier, f": {_text(inner)}", "a Kotlin function interface: the object is called through its method")
                continue
            found.append(rendered)
        return found

    def parameter_parts(self, node: Node) -> tuple[list[str], str, str]:
        """(annotations, Java type, name) of a function or constructor parameter."""
        identifier = next(c for c in _named(node) if c.type == "identifier")
        kind = next((c for c in _named(node) if c.type in ("user_type", "nullable_type", "function_type")), None)
        annotations = []
        modifiers = _first(node, "modifiers")
        for modifier in _named(modifiers) if modifiers is not None else []:
            if modifier.type == "annotation":
                annotations.append(self.annotation(modifier))
        return annotations, self.type_(kind), _text(identifier)

    def parameter(self, node: Node) -> str:
        annotations, java_type, name = self.parameter_parts(node)
        return " ".join([*annotations, java_type, name])

    def constructor(self, name: str, parameters: list[Node], node: Node, depth: int) -> None:
        if not parameters:
            return
        self.rule(node, f"primary constructor of {name}", "fields and a constructor")
        for parameter in parameters:
            _, java_type, label = self.parameter_parts(parameter)
            self.emit(f"private final {java_type} {label};", parameter, depth)
        self.emit(f"{name}({', '.join(self.parameter(p) for p in parameters)}) {{", node, depth)
        for parameter in parameters:
            label = self.parameter_parts(parameter)[2]
            self.emit(f"this.{label} = {label};", parameter, depth + 1)
        self.emit("}", node, depth)

    def members(self, body: Node | None, depth: int) -> None:
        for member in _named(body) if body is not None else []:
            self.member(member, depth)

    def member(self, member: Node, depth: int) -> None:
        try:
            if member.type == "function_declaration":
                self.function(member, depth)
            elif member.type == "property_declaration":
                self.emit(self.property(member, field=True), member, depth)
            elif member.type == "class_declaration":
                self.class_(member, depth)
            else:
                raise KotlinUntranslatable(member.type.replace("_", " "))
        except KotlinUntranslatable as error:
            self.todo(member, _text(member).split("\n", 1)[0][:80], f"Kotlin {error} has no rule; port it by hand")

    def function(self, node: Node, depth: int, static: bool = False) -> None:
        name = _text(node.child_by_field_name("name"))
        parameters = _first(node, "function_value_parameters")
        rendered = [self.parameter(p) for p in _named(parameters) if p.type == "parameter"] if parameters is not None else []
        declared = next((c for c in _named(node) if c.type in ("user_type", "nullable_type", "function_type")), None)
        body = _first(node, "function_body")
        inner = _named(body)[0] if body is not None and _named(body) else None
        runner = inner is not None and inner.type == "call_expression" and _text(_named(inner)[0]) in ("CommandLineRunner", "ApplicationRunner")
        if declared is not None:
            result = self.type_(declared)
        elif runner:
            result = _text(_named(inner)[0])
        elif inner is None or inner.type == "block":
            result = "void"
        else:
            result = "Object"
        for annotation in self.annotations(node):
            self.emit(annotation, node, depth)
        self.emit(f"{'static ' if static else ''}{result} {name}({', '.join(rendered)}) {{", node, depth)
        if inner is None:
            pass
        elif inner.type == "block":
            self.block(inner, depth + 1)
        elif runner:
            self.rule(inner, f"{result} {{ ... }}", "a lambda of the runner's arguments")
            lambda_node = _first(_first(inner, "annotated_lambda"), "lambda_literal")
            self.emit("return args -> {", inner, depth + 1)
            self.statements([s for s in _named(lambda_node) if s.type != "lambda_parameters"], depth + 2)
            self.emit("};", inner, depth + 1)
        else:
            self.emit(f"return {self.expr(inner)};", inner, depth + 1)
        self.emit("}", node, depth)

    # -- statements -----------------------------------------------------------------------

    def block(self, node: Node, depth: int) -> None:
        self.statements(_named(node), depth)

    def statements(self, nodes: list[Node], depth: int) -> None:
        for statement in nodes:
            before = len(self.out)
            try:
                self.statement(statement, depth)
            except KotlinUntranslatable as error:
                del self.out[before:]
                # A call the Java translator cannot resolve: it keeps the statement as a TODO.
                reason = json.dumps(f"Kotlin {error} has no rule: {_text(statement).split(chr(10), 1)[0][:60]}")
                marker = f"KotlinUntranslated.statement({reason})"
                variable = _first(statement, "variable_declaration") if statement.type == "property_declaration" else None
                if variable is not None:
                    # Declared as Java declares it, so later uses of the name are kept as TODO too.
                    marker = f"var {_text(_named(variable)[0])} = {marker}"
                self.emit(f"{marker};", statement, depth)

    def statement(self, node: Node, depth: int) -> None:
        kind = node.type
        if kind == "property_declaration":
            self.emit(self.property(node), node, depth)
        elif kind == "assignment":
            operator = next(_text(c) for c in node.children if not c.is_named)
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            self.emit(f"{self.expr(left)} {operator} {self.expr(right)};", node, depth)
        elif kind == "if_expression":
            self.if_(node, depth)
        elif kind == "return_expression":
            values = _named(node)
            self.emit(f"return {self.expr(values[0])};" if values else "return;", node, depth)
        elif kind == "try_expression":
            self.emit("try {", node, depth)
            self.block(_first(node, "block"), depth + 1)
            for clause in _named(node):
                if clause.type == "catch_block":
                    parts = _named(clause)
                    self.emit(f"}} catch ({self.type_(parts[1])} {_text(parts[0])}) {{", clause, depth)
                    self.block(_first(clause, "block"), depth + 1)
                elif clause.type == "finally_block":
                    self.emit("} finally {", clause, depth)
                    self.block(_first(clause, "block"), depth + 1)
            self.emit("}", node, depth)
        elif kind == "for_statement":
            variable = _first(node, "variable_declaration")
            parts = [c for c in _named(node) if c.type not in ("variable_declaration", "block")]
            self.emit(f"for (var {_text(_named(variable)[0])} : {self.expr(parts[0])}) {{", node, depth)
            self.body(_first(node, "block") or _named(node)[-1], depth + 1)
            self.emit("}", node, depth)
        elif kind == "while_statement":
            condition = node.child_by_field_name("condition") or _named(node)[0]
            self.emit(f"while ({self.expr(condition)}) {{", node, depth)
            self.body(_named(node)[-1], depth + 1)
            self.emit("}", node, depth)
        else:
            self.emit(f"{self.expr(node)};", node, depth)

    def body(self, node: Node, depth: int) -> None:
        if node.type == "block":
            self.block(node, depth)
        else:
            self.statement(node, depth)

    def if_(self, node: Node, depth: int, keyword: str = "if") -> None:
        condition = node.child_by_field_name("condition")
        branches = [c for c in _named(node) if c is not condition and c.id != condition.id]
        self.emit(f"{keyword} ({self.expr(condition)}) {{", node, depth)
        self.body(branches[0], depth + 1)
        if len(branches) > 1:
            alternative = branches[1]
            if alternative.type == "if_expression":
                self.out.append(("    " * depth + "} else", _line(alternative)))
                self.if_(alternative, depth, "if")
                return
            self.emit("} else {", alternative, depth)
            self.body(alternative, depth + 1)
        self.emit("}", node, depth)

    def property(self, node: Node, field: bool = False) -> str:
        variable = _first(node, "variable_declaration")
        name = _text(_named(variable)[0])
        declared = next((c for c in _named(variable) if c.type in ("user_type", "nullable_type", "function_type")), None)
        values = [c for c in _named(node) if c.type != "variable_declaration" and c.type != "modifiers"]
        java_type = self.type_(declared) if declared is not None else ("Object" if field else "var")
        if not values:
            return f"{java_type} {name};"
        value = values[-1]
        if value.type == "property_delegate":
            raise KotlinUntranslatable("delegated property (by ...)")
        return f"{'private ' if field else ''}{java_type} {name} = {self.expr(value)};"

    # -- expressions ----------------------------------------------------------------------

    def expr(self, node: Node) -> str:
        method = getattr(self, "expr_" + node.type, None)
        if method is None:
            raise KotlinUntranslatable(node.type.replace("_", " "))
        return str(method(node))

    def expr_identifier(self, node: Node) -> str:
        return _text(node)

    def expr_this_expression(self, node: Node) -> str:
        return "this"

    def expr_number_literal(self, node: Node) -> str:
        return _text(node)

    def expr_float_literal(self, node: Node) -> str:
        return _text(node)

    def expr_boolean_literal(self, node: Node) -> str:
        return _text(node)

    def expr_null(self, node: Node) -> str:
        return "null"

    def expr_character_literal(self, node: Node) -> str:
        return _text(node)

    def expr_parenthesized_expression(self, node: Node) -> str:
        return f"({self.expr(_named(node)[0])})"

    def expr_prefix_expression(self, node: Node) -> str:
        operator = next(_text(c) for c in node.children if not c.is_named)
        return f"{operator}{self.expr(_named(node)[0])}"

    def expr_spread_expression(self, node: Node) -> str:
        return self.expr(_named(node)[0])

    def expr_binary_expression(self, node: Node) -> str:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        operator = next(_text(c) for c in node.children if not c.is_named)
        if operator == "?:":
            rendered = self.expr(left)
            return f"({rendered} != null ? {rendered} : {self.expr(right)})"
        if operator in ("===", "!=="):
            operator = operator[:2]
        return f"{self.expr(left)} {operator} {self.expr(right)}"

    def expr_infix_expression(self, node: Node) -> str:
        left, function, right = _named(node)
        if _text(function) == "to":
            return f"{self.expr(left)}, {self.expr(right)}"
        raise KotlinUntranslatable(f"infix function {_text(function)}")

    def expr_string_literal(self, node: Node) -> str:
        parts: list[str] = []
        buffer = ""

        def flush() -> None:
            nonlocal buffer
            for index, piece in enumerate(re.split(r"(?<!\\)\$([A-Za-z_][A-Za-z0-9_]*)", buffer)):
                if index % 2:
                    parts.append(piece)
                elif piece:
                    parts.append('"' + piece.replace("\\$", "$") + '"')
            buffer = ""

        for child in node.children:
            if not child.is_named:
                continue
            if child.type == "interpolation":
                flush()
                inner = _named(child)[0]
                rendered = self.expr(inner)
                simple = inner.type in ("identifier", "navigation_expression", "call_expression", "this_expression")
                parts.append(rendered if simple else f"({rendered})")
            else:
                buffer += _text(child)
        flush()
        if not parts:
            return '""'
        if len(parts) == 1 and not parts[0].startswith('"'):
            return f"String.valueOf({parts[0]})"
        if not parts[0].startswith('"'):
            # Java reads "(a) + b" as a cast; a leading "" makes the + a concatenation.
            parts.insert(0, '""')
        return " + ".join(parts)

    def expr_multiline_string_literal(self, node: Node, trim: bool = False) -> str:
        if any(c.type == "interpolation" for c in node.named_children):
            raise KotlinUntranslatable("raw string with templates")
        value = _text(node)[3:-3]
        if trim:
            lines = value.split("\n")
            if lines and not lines[0].strip():
                lines = lines[1:]
            if lines and not lines[-1].strip():
                lines = lines[:-1]
            indent = min((len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()), default=0)
            value = "\n".join(ln[indent:] for ln in lines)
        return json.dumps(value, ensure_ascii=False)

    def expr_navigation_expression(self, node: Node) -> str:
        target, member = _named(node)[0], _named(node)[-1]
        source = _text(node)
        class_literal = re.fullmatch(r"([A-Za-z_][\w.]*)::class(\.java)?", source)
        if class_literal:
            return f"{class_literal.group(1)}.class"
        if "?." in source[len(_text(target)) : len(_text(target)) + 2]:
            raise KotlinUntranslatable("safe call ?.")
        name = _text(member)
        if name == "message":
            return f"{self.expr(target)}.getMessage()"
        return f"{self.expr(target)}.{name}"

    def expr_lambda_literal(self, node: Node) -> str:
        parameters = _first(node, "lambda_parameters")
        names = [_text(_named(v)[0]) for v in _named(parameters)] if parameters is not None else ["it"]
        statements = [s for s in _named(node) if s.type != "lambda_parameters"]
        head = names[0] if len(names) == 1 else f"({', '.join(names)})"
        if len(statements) == 1 and statements[0].type not in ("property_declaration", "assignment", "if_expression", "for_statement", "try_expression"):
            return f"{head} -> {self.expr(statements[0])}"
        saved = self.out
        self.out = []
        try:
            self.statements(statements, 1)
            lines = [line for line, _ in self.out]
        finally:
            self.out = saved
        return f"{head} -> {{ {' '.join(line.strip() for line in lines)} }}"

    def expr_annotated_lambda(self, node: Node) -> str:
        return self.expr(_first(node, "lambda_literal"))

    def expr_call_expression(self, node: Node) -> str:
        parts = _named(node)
        callee = parts[0]
        arguments_node = _first(node, "value_arguments")
        arguments = [self.argument(a) for a in _named(arguments_node)] if arguments_node is not None else []
        trailing = _first(node, "annotated_lambda")
        if trailing is not None:
            arguments.append(self.expr(trailing))
        type_arguments = _first(node, "type_arguments")
        if callee.type == "navigation_expression":
            target, member = _named(callee)[0], _named(callee)[-1]
            name = _text(member)
            if name == "trimIndent" and target.type == "multiline_string_literal":
                return self.expr_multiline_string_literal(target, trim=True)
            if name == "entity" and type_arguments is not None and not arguments:
                self.rule(node, "entity<T>()", "entity(T.class)")
                return f"{self.expr(target)}.entity({self.type_(_named(_named(type_arguments)[0])[0])}.class)"
            if name in ("also", "let", "apply", "run"):
                raise KotlinUntranslatable(f"scope function {name}")
            return f"{self.expr(callee)}({', '.join(arguments)})"
        name = _text(callee)
        if callee.type != "identifier":
            return f"{self.expr(callee)}({', '.join(arguments)})"
        if name in ("println", "print"):
            return f"System.out.{name}({', '.join(arguments)})"
        if name in ("listOf", "mutableListOf", "arrayListOf", "setOf", "mutableSetOf", "mapOf", "mutableMapOf"):
            kind = {"l": "List", "m": "List", "a": "List", "s": "Set"}[name[0]] if "Map" not in name and "map" not in name else "Map"
            if name.startswith("mutableS"):
                kind = "Set"
            if name.startswith("mutableM"):
                kind = "Map"
            return f"{kind}.of({', '.join(arguments)})"
        if name[:1].isupper():
            return f"new {name}({', '.join(arguments)})"
        return f"{name}({', '.join(arguments)})"


def _declared_names(root: Node) -> set[str]:
    found = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "class_declaration" and node.child_by_field_name("name") is not None:
            found.add(_text(node.child_by_field_name("name")))
        stack.extend(node.named_children)
    return found


def kotlin_to_java(source: bytes, declared: set[str] | None = None) -> KotlinFile:
    """Spell a Kotlin file as Java for the Java translator (see the module docstring).
    ``declared`` names the classes of the whole application (a Kotlin ``Unit`` class is
    then that class, not Kotlin's ``Unit`` type)."""
    root = _parser().parse(source).root_node
    writer = _Writer(_declared_names(root) | (declared or set()))
    for node in _named(root):
        try:
            if node.type == "package_header":
                writer.emit(f"package {_text(_named(node)[0])};", node)
            elif node.type == "import":
                name = _text(_named(node)[0])
                if name in _EXTENSION_IMPORTS:
                    writer.rule(node, f"import {name}", "no import: the front end rewrites its calls")
                    continue
                writer.emit(f"import {name}{'.*' if _text(node).rstrip().endswith('*') else ''};", node)
            elif node.type == "class_declaration":
                writer.class_(node, 0)
            elif node.type == "function_declaration" and _text(node.child_by_field_name("name")) == "main" and "runApplication" in _text(node):
                if "{" in _text(node).split("runApplication", 1)[1].split("\n", 1)[0]:
                    raise KotlinUntranslatable("runApplication with an initializer block (the beans { } DSL)")
                writer.rule(node, "fun main: runApplication<App>(*args)", "main() of the @SpringBootApplication class")
            elif node.type == "annotated_expression":
                # tree-sitter-kotlin reads a class's annotations before `data class` as expressions.
                writer.todo(node, _text(node)[:80], "class annotation dropped (no rule for it in Python)")
            else:
                raise KotlinUntranslatable(node.type.replace("_", " "))
        except KotlinUntranslatable as error:
            writer.todo(node, _text(node).split("\n", 1)[0][:80], f"Kotlin {error} has no rule; port it by hand")
    lines = [line for line, _ in writer.out]
    return KotlinFile("\n".join(lines) + "\n", [kotlin for _, kotlin in writer.out], writer.findings)
