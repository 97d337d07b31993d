"""Java source (parsed with tree-sitter) to Python source, rule by rule.

Every construct the translator meets is either rewritten by a rule or kept as a
``# TODO(migrate):`` comment holding the Java text; both kinds are recorded as
:class:`Finding`\\ s, which ``MIGRATION.md`` lists. A statement that uses a name the
translator could not resolve (a Java library type with no Python twin, or a variable that
a commented-out statement would have defined) is commented out as a whole, so the
generated module always compiles and passes ruff.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spring_ai_py.migrate._model import Bean, Finding, JavaClass, Method
from spring_ai_py.migrate._names import (
    PRIMITIVE_TYPES,
    RENAMED_TYPES,
    WIRING_PACKAGES,
    WRAPPER_TYPES,
    python_home,
    snake_case,
)

Node = Any


class Untranslatable(Exception):
    """A construct no rule covers; ``str()`` says what to do."""


def _parser() -> Any:
    try:
        import tree_sitter
        import tree_sitter_java
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise RuntimeError(
            "spring_ai_py migrate needs the 'migrate' extra: pip install 'spring_ai_py[migrate]'"
        ) from error
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_java.language()))


def parse(source: bytes) -> Node:
    """The tree-sitter root node of a Java compilation unit."""
    return _parser().parse(source).root_node


def text(node: Node) -> str:
    return str(node.text.decode("utf-8"))


def _named(node: Node) -> list[Node]:
    return [c for c in node.named_children if c.type not in ("line_comment", "block_comment")]


def _line(node: Node) -> int:
    return int(node.start_point[0]) + 1


# -- literals ----------------------------------------------------------------------------

_JAVA_ESCAPES = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "b": "\b",
    "f": "\f",
    "s": " ",
    "0": "\0",
    "'": "'",
    '"': '"',
    "\\": "\\",
}


def _unescape(raw: str) -> str:
    out: list[str] = []
    index = 0
    while index < len(raw):
        char = raw[index]
        if char == "\\" and index + 1 < len(raw):
            nxt = raw[index + 1]
            if nxt == "u":
                while index + 1 < len(raw) and raw[index + 1] == "u":
                    index += 1
                out.append(chr(int(raw[index + 1 : index + 5], 16)))
                index += 5
                continue
            if nxt == "\n":
                index += 2
                continue
            out.append(_JAVA_ESCAPES.get(nxt, nxt))
            index += 2
            continue
        out.append(char)
        index += 1
    return "".join(out)


def java_string_value(literal: str) -> str:
    """The value of a Java string literal or text block (incidental indentation removed)."""
    if literal.startswith('"""'):
        body = literal[3:-3]
        body = body.split("\n", 1)[1] if "\n" in body else body
        lines = body.split("\n")
        closing_own_line = lines[-1].strip() == ""
        significant = [ln for ln in lines[:-1] if ln.strip()] + ([lines[-1]] if lines else [])
        indent = min(
            (len(ln) - len(ln.lstrip()) for ln in significant if ln.strip() or ln is lines[-1]),
            default=0,
        )
        stripped = [ln[indent:].rstrip(" \t") for ln in lines]
        if closing_own_line:
            stripped[-1] = ""
        return _unescape("\n".join(stripped))
    return _unescape(literal[1:-1])


def py_string(value: str) -> str:
    """A Python literal for ``value``: triple-quoted when it spans lines."""
    if value.count("\n") >= 2 and '"""' not in value and "\r" not in value:
        escaped = value.replace("\\", "\\\\")
        if escaped.endswith('"'):
            escaped = escaped[:-1] + '\\"'
        return '"""\\\n' + escaped + '"""'
    return json.dumps(value, ensure_ascii=False)


def _java_format_to_percent(value: str) -> str:
    """``%n`` → newline; the other Java format specifiers (``%s %d %.2f %%``) are Python's."""
    return value.replace("%n", "\n")


_LOG_METHODS = {"info", "debug", "warn", "error", "trace"}
_STRING_METHODS = {
    "trim": "strip",
    "strip": "strip",
    "toUpperCase": "upper",
    "toLowerCase": "lower",
    "startsWith": "startswith",
    "endsWith": "endswith",
    "isBlank": None,
    "replace": "replace",
    "split": "split",
    "indexOf": "find",
    "lines": "splitlines",
}
_LIST_METHODS = {"add": "append", "addAll": "extend", "entrySet": "items"}


@dataclass
class Scope:
    """Names visible in one function body."""

    names: dict[str, str] = field(default_factory=dict)
    parent: Scope | None = None
    types: dict[str, str] = field(default_factory=dict)

    def java_type(self, name: str) -> str | None:
        if name in self.types:
            return self.types[name]
        return self.parent.java_type(name) if self.parent else None

    def lookup(self, name: str) -> str | None:
        if name in self.names:
            return self.names[name]
        return self.parent.lookup(name) if self.parent else None


class Application:
    """Everything known about the Java application before translating its bodies."""

    def __init__(self, root: Path, package: str) -> None:
        self.root = root
        self.package = package
        self.classes: dict[str, JavaClass] = {}
        self.beans: list[Bean] = []
        self.findings: list[Finding] = []
        self.record_components: set[str] = set()
        self.nodes: dict[int, JavaClass] = {}
        self.python_package = ""
        #: Types declared in method bodies, by the method's node id; ``local_classes`` are
        #: those of the method being translated.
        self.local_types: dict[int, dict[str, JavaClass]] = {}
        self.local_classes: dict[str, JavaClass] = {}
        #: For each Kotlin file, the Kotlin line of each line of its Java spelling.
        self.kotlin_lines: dict[Path, list[int]] = {}

    def class_for_node(self, node: Node) -> JavaClass:
        """The type collected for a declaration node."""
        return self.nodes[node.id]

    def package_prefix(self) -> str:
        """The Java package every type of the application lives under."""
        return self.package

    def module_of(self, java_class: JavaClass) -> str:
        """The dotted Python module a top-level type goes to."""
        return java_class.module

    def find_class(self, name: str, near: JavaClass | None = None) -> JavaClass | None:
        if name in self.local_classes:
            return self.local_classes[name]
        cursor = near
        while cursor is not None:
            if name in cursor.nested:
                return cursor.nested[name]
            cursor = cursor.outer
        if near is not None and name in near.top.nested:
            return near.top.nested[name]
        return self.classes.get(name)

    def record(
        self, file: Path, node: Node, construct: str, rule: str = "", todo: str = ""
    ) -> None:
        line = _line(node)
        kotlin_lines = self.kotlin_lines.get(file)
        if kotlin_lines:
            # The node is in the Java spelling of a Kotlin file: report the Kotlin line.
            line = kotlin_lines[min(line, len(kotlin_lines)) - 1]
        self.findings.append(Finding(str(file.relative_to(self.root)), line, construct, rule, todo))


# -- the file translator -------------------------------------------------------------------


#: Methods of Spring AI types whose zero-argument calls stay calls even when an app record
#: has a component of the same name.
_SPRING_METHODS = {
    "content",
    "text",
    "call",
    "stream",
    "build",
    "prompt",
    "user",
    "system",
    "entity",
    "metadata",
    "options",
    "tools",
    "advisors",
    "messages",
    "result",
    "results",
    "output",
    "context",
    "chatResponse",
    "chatClientResponse",
    "responseEntity",
    "mutate",
    "copy",
    "toString",
    "name",
}


#: Spring AI records whose components a migrated app reads: ``request.prompt()`` → ``request.prompt``.
#: java.util.function interfaces (and ``Runnable`` / ``Callable``) → their one method: a
#: call of it on a variable or field of that type is a call of the Python function object.
_FUNCTIONAL_METHODS = {
    "Predicate": "test",
    "BiPredicate": "test",
    "Function": "apply",
    "BiFunction": "apply",
    "UnaryOperator": "apply",
    "BinaryOperator": "apply",
    "Supplier": "get",
    "Consumer": "accept",
    "BiConsumer": "accept",
    "Runnable": "run",
    "Callable": "call",
}

#: How many of a functional interface's type arguments are its parameters (``BinaryOperator``:
#: its one type argument twice).
_FUNCTIONAL_ARITY = {"Predicate": 1, "BiPredicate": 2, "Function": 1, "BiFunction": 2, "UnaryOperator": 1, "Consumer": 1, "BiConsumer": 2}


def _lambda_parameter_types(java_type: str) -> list[str] | None:
    """``BiPredicate<ChatClientRequest, ChatClientResponse>`` → the two parameter types."""
    base, _, rest = java_type.partition("<")
    base = base.strip().rsplit(".", 1)[-1]
    arguments: list[str] = []
    depth, current = 0, ""
    for char in rest.rstrip().removesuffix(">"):
        if char == "," and depth == 0:
            arguments.append(current.strip())
            current = ""
            continue
        depth += {"<": 1, ">": -1}.get(char, 0)
        current += char
    if current.strip():
        arguments.append(current.strip())
    if base == "BinaryOperator" and len(arguments) == 1:
        return arguments * 2
    count = _FUNCTIONAL_ARITY.get(base)
    return arguments[:count] if count is not None and len(arguments) >= count else None

#: Builder setters Spring AI 2.0 renamed: (type whose ``builder()`` starts the chain, 1.x name) → 2.x name.
_BUILDER_RENAMES = {
    ("OllamaChatModel", "defaultOptions"): "options",
    ("OllamaEmbeddingModel", "defaultOptions"): "options",
}

_SPRING_RECORDS: dict[str, tuple[str, ...]] = {
    "ChatClientRequest": ("prompt", "context"),
    "ChatClientResponse": ("chatResponse", "context"),
    "ToolCall": ("id", "type", "name", "arguments"),
    "ToolResponse": ("id", "name", "responseData"),
    "ToolDefinition": ("name", "description", "inputSchema"),
    "AugmentedArgumentEvent": ("toolDefinition", "rawInput", "arguments"),
    # McpSchema records are the MCP Python SDK's pydantic models.
    "Implementation": ("name", "version", "title"),
}

#: Components of Spring AI records whose name no Spring AI method shares: ``x.arguments()``
#: → ``x.arguments`` even when the type of ``x`` is not known (a lambda parameter).
_SPRING_COMPONENTS = {"toolDefinition", "rawInput", "arguments", "inputSchema", "responseData", "serverInfo", "protocolVersion"}

#: Spring AI calls whose result is a Spring AI record: the method → the record.
_SPRING_RECORD_RESULTS = {"toolDefinition": "ToolDefinition", "getToolDefinition": "ToolDefinition", "serverInfo": "Implementation"}


class FileTranslator:
    """Translates one Java file of an :class:`Application` into one Python module."""

    def __init__(self, app: Application, path: Path, root_node: Node) -> None:
        self.app = app
        self.path = path
        self.root_node = root_node
        self.imports: dict[str, tuple[str, str] | None] = {}
        #: The application's own types this file imports: simple name → Java name.
        self.own_imports: dict[str, str] = {}
        self.used: dict[str, tuple[str, str]] = {}
        self.std: set[str] = set()
        self.lines: list[str] = []
        self.pending: list[list[str]] = []
        self.lambda_count = 0
        self.lambda_hint: list[str] | None = None
        self.current: JavaClass | None = None
        self.current_method: Method | None = None
        self.scope = Scope()
        self.poisoned: set[str] = set()
        self.uses_logging = False
        self.comprehension_vars: list[str] = []

    # -- findings -----------------------------------------------------------------------

    def rule(self, node: Node, construct: str, rule: str) -> None:
        self.app.record(self.path, node, construct, rule)

    def todo(self, node: Node, construct: str, todo: str) -> None:
        self.app.record(self.path, node, construct, "", todo)

    # -- imports ------------------------------------------------------------------------

    def read_imports(self) -> None:
        for node in _named(self.root_node):
            if node.type != "import_declaration":
                continue
            fqn = text(node).removeprefix("import").strip().rstrip(";").strip()
            static = fqn.startswith("static ")
            fqn = fqn.removeprefix("static ").strip()
            simple = fqn.rsplit(".", 1)[-1]
            if static or simple == "*":
                if fqn.startswith(WIRING_PACKAGES):
                    continue
                self.todo(node, f"import {fqn}", "import the Python equivalent by hand")
                continue
            home = python_home(fqn)
            if home is not None:
                self.imports[simple] = home
                self.rule(node, f"import {fqn}", f"from {home[0]} import {home[1]}")
            elif fqn.startswith(WIRING_PACKAGES) or simple in PRIMITIVE_TYPES or fqn.startswith(self.app.package_prefix()):
                self.imports[simple] = None
                if fqn.startswith(self.app.package_prefix()):
                    self.own_imports[simple] = fqn
            elif simple in _BUILDER_RULE_IMPORTS:
                # Its uses are translated by a rule, or kept as comments (and listed) when no rule fits.
                self.imports[simple] = None
                self.poisoned.add(simple)
                self.rule(node, f"import {fqn}", "no import: the MCP client builder rule translates its uses")
            else:
                self.imports[simple] = None
                self.poisoned.add(simple)
                self.todo(
                    node,
                    f"import {fqn}",
                    "no Python twin in spring_ai_py; statements using it are kept as comments",
                )

    def use(self, name: str, module: str, python_name: str | None = None) -> str:
        python_name = python_name or name
        self.used[python_name] = (module, python_name)
        return python_name

    def find_own(self, name: str) -> JavaClass | None:
        """The application's type ``name`` as this file sees it (nested, or imported as
        ``com.acme.Outer.Inner``)."""
        own = self.app.find_class(name, self.current)
        if own is None and name in self.own_imports:
            outer = self.app.classes.get(self.own_imports[name].split(".")[-2])
            own = outer.nested.get(name) if outer is not None else None
        return own

    def resolve_type_name(self, name: str) -> str:
        """The Python spelling of a Java class name used in an expression."""
        if name in self.poisoned:
            raise Untranslatable(f"{name} has no Python twin")
        own = self.find_own(name)
        if own is not None:
            if own.top.file != self.path:
                self.used[own.top.name] = (self.app.module_of(own.top), own.top.name)
            if self.current_method is None and own.outer is not None and self.current is not None and own.outer.name == self.current.name:
                return own.name
            return own.qualified
        if name in RENAMED_TYPES:
            module, python_name = RENAMED_TYPES[name]
            return self.use(python_name, module)
        home = self.imports.get(name)
        if home is not None:
            return self.use(home[1], home[0])
        if name in self.imports:
            raise Untranslatable(f"{name} has no Python twin")
        raise Untranslatable(f"unknown type {name}")

    # -- types --------------------------------------------------------------------------

    def py_type(self, node: Node | None) -> str:
        if node is None:
            return "Any"
        try:
            return self._py_type(node)
        except Untranslatable:
            self.std.add("typing.Any")
            return "Any"

    def _py_type(self, node: Node) -> str:
        kind = node.type
        if kind in ("integral_type", "floating_point_type", "boolean_type", "void_type"):
            return PRIMITIVE_TYPES.get(text(node), "Any")
        if kind == "array_type":
            return f"list[{self._py_type(node.child_by_field_name('element'))}]"
        if kind == "type_identifier":
            name = text(node)
            if name == "var":
                return "Any"
            if name == "Object":
                self.std.add("typing.Any")
                return "Any"
            if name in PRIMITIVE_TYPES:
                if "Callable" in PRIMITIVE_TYPES[name]:
                    self.std.add("collections.abc.Callable")
                return PRIMITIVE_TYPES[name]
            if name in WRAPPER_TYPES:
                self.std.add("typing.Any")
                return "Any"
            if len(name) == 1:
                self.std.add("typing.Any")
                return "Any"
            return self.resolve_type_name(name)
        if kind == "scoped_type_identifier":
            full = text(node)
            if full in RENAMED_TYPES:
                module, python_name = RENAMED_TYPES[full]
                return self.use(python_name, module)
            parts = [text(c) for c in _named(node)]
            head = self.resolve_type_name(parts[0])
            return ".".join([head, *parts[1:]])
        if kind == "generic_type":
            base_node = _named(node)[0]
            base = text(base_node)
            args_node = node.child_by_field_name("type_arguments") or _named(node)[-1]
            args = [self.py_type(a) for a in _named(args_node)]
            if base in WRAPPER_TYPES:
                template = WRAPPER_TYPES[base]
                if "AsyncIterator" in template:
                    self.std.add("collections.abc.AsyncIterator")
                if "Callable" in template:
                    self.std.add("collections.abc.Callable")
                if "Future" in template:
                    self.std.add("concurrent.futures.Future")
                while template.count("{") > len(args):
                    args.append("Any")
                    self.std.add("typing.Any")
                return template.format(*args)
            py_base = self._py_type(base_node)
            if py_base in ("list", "set", "dict") and args:
                return f"{py_base}[{', '.join(args)}]"
            return py_base
        if kind == "wildcard":
            self.std.add("typing.Any")
            return "Any"
        self.std.add("typing.Any")
        return "Any"

    # -- expressions --------------------------------------------------------------------

    def expr(self, node: Node) -> str:
        method = getattr(self, "expr_" + node.type, None)
        if method is None:
            raise Untranslatable(f"{node.type.replace('_', ' ')} has no rule")
        return str(method(node))

    def expr_parenthesized_expression(self, node: Node) -> str:
        return f"({self.expr(_named(node)[0])})"

    def expr_decimal_integer_literal(self, node: Node) -> str:
        return text(node).rstrip("lL").replace("_", "")

    def expr_hex_integer_literal(self, node: Node) -> str:
        return text(node).rstrip("lL")

    def expr_decimal_floating_point_literal(self, node: Node) -> str:
        value = text(node).rstrip("fFdD")
        return value if any(c in value for c in ".eE") else value + ".0"

    def expr_true(self, node: Node) -> str:
        return "True"

    def expr_false(self, node: Node) -> str:
        return "False"

    def expr_null_literal(self, node: Node) -> str:
        return "None"

    def expr_this(self, node: Node) -> str:
        return "self"

    def expr_character_literal(self, node: Node) -> str:
        return py_string(_unescape(text(node)[1:-1]))

    def expr_string_literal(self, node: Node) -> str:
        raw = text(node)
        if raw.startswith('"""'):
            self.rule(node, "text block", "triple-quoted string")
        return py_string(java_string_value(raw))

    def expr_class_literal(self, node: Node) -> str:
        return self.py_type(_named(node)[0])

    def expr_identifier(self, node: Node) -> str:
        name = text(node)
        if name in self.poisoned:
            raise Untranslatable(f"{name} comes from a statement kept as a comment")
        local = self.scope.lookup(name)
        if local is not None:
            return local
        owner = self.current
        while owner is not None:
            if name in owner.fields or name in dict(owner.components):
                if name in owner.static_fields:
                    return f"{owner.qualified}.{snake_case(name)}"
                return f"self.{field_name(owner, name)}"
            owner = owner.outer
        if name[:1].isupper():
            return self.resolve_type_name(name)
        return snake_case(name)

    def expr_field_access(self, node: Node) -> str:
        obj = node.child_by_field_name("object")
        name = text(node.child_by_field_name("field"))
        if obj.type == "this":
            return f"self.{field_name(self.current, name) if self.current else snake_case(name)}"
        if name == "length":
            return f"len({self.expr(obj)})"
        if text(obj) == "System" and name == "in":
            self.std.add("sys")
            return "sys.stdin"
        if text(obj) == "System" and name in ("out", "err"):
            raise Untranslatable("System.out / System.err used as a value")
        target = self.expr(obj)
        # Constants (MAX_SIZE) and nested types (Response.Kind) keep their Java name.
        return f"{target}.{name if name[:1].isupper() else snake_case(name)}"

    def expr_array_access(self, node: Node) -> str:
        return f"{self.expr(node.child_by_field_name('array'))}[{self.expr(node.child_by_field_name('index'))}]"

    def expr_array_initializer(self, node: Node) -> str:
        return "[" + ", ".join(self.expr(c) for c in _named(node)) + "]"

    def expr_array_creation_expression(self, node: Node) -> str:
        init = node.child_by_field_name("value")
        if init is not None:
            return self.expr(init)
        dims = [c for c in _named(node) if c.type == "dimensions_expr"]
        if dims:
            size = self.expr(_named(dims[0])[0])
            return f"[None] * {size}"
        return "[]"

    def expr_cast_expression(self, node: Node) -> str:
        return self.expr(node.child_by_field_name("value"))

    def expr_ternary_expression(self, node: Node) -> str:
        cond = self.expr(node.child_by_field_name("condition"))
        yes = self.expr(node.child_by_field_name("consequence"))
        no = self.expr(node.child_by_field_name("alternative"))
        return f"({yes} if {cond} else {no})"

    def expr_instanceof_expression(self, node: Node) -> str:
        left = self.expr(node.child_by_field_name("left"))
        right = self.py_type(node.child_by_field_name("right"))
        name = node.child_by_field_name("name")
        if name is not None:
            raise Untranslatable("instanceof with a pattern variable")
        return f"isinstance({left}, {right})"

    def expr_unary_expression(self, node: Node) -> str:
        operator = text(node.child_by_field_name("operator"))
        operand = self.expr(node.child_by_field_name("operand"))
        if operator == "!":
            return f"not {operand}"
        return f"{operator}{operand}"

    def expr_update_expression(self, node: Node) -> str:
        raw = text(node)
        target_node = _named(node)[0]
        target = self.expr(target_node)
        delta = "+ 1" if "++" in raw else "- 1"
        if not target.isidentifier():
            raise Untranslatable("++/-- on a field inside an expression")
        if raw.startswith(("++", "--")):
            return f"({target} := {target} {delta})"
        undo = "- 1" if delta == "+ 1" else "+ 1"
        return f"(({target} := {target} {delta}) {undo})"

    def expr_assignment_expression(self, node: Node) -> str:
        raise Untranslatable("assignment used as a value")

    def _concat_operands(self, node: Node) -> list[Node]:
        if node.type == "binary_expression" and text(node.child_by_field_name("operator")) == "+":
            return [
                *self._concat_operands(node.child_by_field_name("left")),
                *self._concat_operands(node.child_by_field_name("right")),
            ]
        return [node]

    def expr_binary_expression(self, node: Node) -> str:
        operator = text(node.child_by_field_name("operator"))
        left_node = node.child_by_field_name("left")
        right_node = node.child_by_field_name("right")
        if operator == "+":
            operands = self._concat_operands(node)
            if any(o.type == "string_literal" for o in operands):
                self.rule(node, "string concatenation", "+ with str()")
                parts = []
                for operand in operands:
                    rendered = self.expr(operand)
                    if operand.type in ("string_literal", "character_literal"):
                        parts.append(rendered)
                    elif self._is_boolean(operand):
                        parts.append(f"str({rendered}).lower()")  # Java writes true / false
                    else:
                        parts.append(f"str({rendered})")
                if len(parts) > 1 and parts[0] == '""':
                    parts = parts[1:]  # every other operand is a str already
                return " + ".join(parts)
        left = self.expr(left_node)
        right = self.expr(right_node)
        if operator in ("==", "!=") and "None" in (left, right):
            operator = "is" if operator == "==" else "is not"
        operator = {"&&": "and", "||": "or"}.get(operator, operator)
        if operator == "/" and left_node.type == "decimal_integer_literal":
            operator = "//"
        return f"{left} {operator} {right}"

    def expr_typed(self, value: Node, java_type: str) -> str:
        """``value`` translated where its declared Java type is known: the parameters of a
        lambda given to a ``BiPredicate<A, B>`` (``Function<A, R>`` ...) have types ``A``, ``B``."""
        if value.type == "lambda_expression":
            self.lambda_hint = _lambda_parameter_types(java_type)
        return self.expr(value)

    def expr_lambda_expression(self, node: Node) -> str:
        params_node = node.child_by_field_name("parameters")
        params = self._lambda_params(params_node)
        body = node.child_by_field_name("body")
        self.rule(node, "lambda", "lambda / local function")
        hint, self.lambda_hint = self.lambda_hint, None
        inner = Scope({p: snake_case(p) for p in params}, self.scope)
        if hint is not None and len(hint) == len(params):
            inner.types.update(zip(params, hint, strict=True))
        py_params = ", ".join(snake_case(p) for p in params)
        saved = self.scope
        self.scope = inner
        try:
            if body.type != "block":
                return f"(lambda {py_params}: {self.expr(body)})".replace("lambda :", "lambda:")
            statements = _named(body)
            if len(statements) == 1 and statements[0].type == "return_statement":
                value = _named(statements[0])
                if value:
                    return f"(lambda {py_params}: {self.expr(value[0])})".replace(
                        "lambda :", "lambda:"
                    )
            if len(statements) == 1 and statements[0].type == "expression_statement":
                only = _named(statements[0])[0]
                if only.type != "assignment_expression" and not self._is_statement_only(only):
                    return f"(lambda {py_params}: {self.expr(only)})".replace(
                        "lambda :", "lambda:"
                    )
            self.lambda_count += 1
            name = f"_fn_{self.lambda_count}"
            saved_lines = self.lines
            self.lines = []
            captured = list(dict.fromkeys(self.comprehension_vars))
            if captured:
                # Inside a comprehension the function must see that iteration's variables:
                # a factory binds them (a def hoisted out of the loop would not).
                self.emit(f"def {name}({', '.join(captured)}):")
                self.emit(f"def {name}_call({py_params}):", 1)
                self.block(body, 2)
                self.emit(f"return {name}_call", 1)
            else:
                self.emit(f"def {name}({py_params}):")
                self.block(body, 1)
            definition = self.lines
            self.lines = saved_lines
            self.pending.append(definition)
            return f"{name}({', '.join(captured)})" if captured else name
        finally:
            self.scope = saved

    def _is_statement_only(self, node: Node) -> bool:
        if node.type != "method_invocation":
            return False
        name = text(node.child_by_field_name("name"))
        return name in ("forEach", "put")

    def _lambda_params(self, node: Node) -> list[str]:
        if node.type == "identifier":
            return [text(node)]
        names = []
        for child in _named(node):
            if child.type == "identifier":
                names.append(text(child))
            elif child.type in ("formal_parameter", "inferred_parameters"):
                ident = child.child_by_field_name("name")
                names.append(text(ident) if ident else text(child))
        return names

    def expr_method_reference(self, node: Node) -> str:
        parts = _named(node)
        target = text(parts[0])
        method = text(parts[-1]) if len(parts) > 1 else "new"
        self.rule(node, "method reference", "function object")
        if target == "System.out" and method == "println":
            return "print"
        if target in ("CompletableFuture", "Future") and method in ("join", "get"):
            return "(lambda f: f.result())"
        if method == "new" or text(node).endswith("::new"):
            return self.resolve_type_name(target)
        if target == "String" and method == "valueOf":
            return "str"
        if target in ("String", "Object") and method == "toString":
            return "str"
        if target == "String" and method in ("toUpperCase", "toLowerCase", "trim"):
            return f"str.{_STRING_METHODS[method]}"
        if target == "this":
            return f"self.{snake_case(method)}"
        if parts[0].type == "identifier" and target[:1].islower():
            return f"{self.expr(parts[0])}.{snake_case(method)}"
        own = self.app.find_class(target, self.current)
        if own is not None and own.kind == "record" and method in dict(own.components):
            return f"(lambda x: x.{snake_case(method)})"
        return f"{self.resolve_type_name(target)}.{snake_case(method)}"

    def expr_object_creation_expression(self, node: Node) -> str:
        type_node = node.child_by_field_name("type")
        args_node = node.child_by_field_name("arguments")
        body = [c for c in _named(node) if c.type == "class_body"]
        base = text(type_node).split("<", 1)[0]
        if base == "ParameterizedTypeReference":
            self.rule(node, "ParameterizedTypeReference", "a typing generic")
            arguments = type_node.child_by_field_name("type_arguments") or _named(type_node)[-1]
            return self.py_type(_named(arguments)[0])
        if body:
            raise Untranslatable(f"anonymous class of {base}: write a Python class")
        args = [self.expr(a) for a in _named(args_node)]
        if base in ("ArrayList", "LinkedList", "CopyOnWriteArrayList", "HashSet", "LinkedHashSet"):
            kind = "set" if "Set" in base else "list"
            if args and not args[0].isdigit():
                return f"{kind}({args[0]})"
            return f"{kind}()"
        if base in ("HashMap", "LinkedHashMap", "TreeMap", "ConcurrentHashMap"):
            return f"dict({args[0]})" if args else "{}"
        if base in _STRING_BUILDERS:
            self.rule(node, f"new {base}(...)", "a str grown with +=")
            if args_nodes_of(node) and args_nodes_of(node)[0].type != "decimal_integer_literal":
                return f"str({args[0]})"
            return '""'
        if base in ("RuntimeException", "IllegalStateException", "Exception"):
            return f"RuntimeError({', '.join(args)})"
        if base == "Random":
            self.std.add("random")
            return f"random.Random({', '.join(args)})"
        if base == "IllegalArgumentException":
            return f"ValueError({', '.join(args)})"
        if base == "UnsupportedOperationException":
            return f"NotImplementedError({', '.join(args)})"
        if base == "Scanner" and args == ["sys.stdin"]:
            self.rule(node, "new Scanner(System.in)", "input()")
            return "sys.stdin"
        own = self.find_own(base)
        if own is not None and own.kind == "record" and own.components:
            self.rule(node, f"new {base}(...)", "pydantic model with keyword arguments")
            names = [own.aliases.get(c, snake_case(c)) for c, _ in own.components]
            pairs = ", ".join(f"{n}={a}" for n, a in zip(names, args, strict=False))
            return f"{self.resolve_type_name(base)}({pairs})"
        callee = self.py_type(type_node) if base not in PRIMITIVE_TYPES else base
        if callee == "Any":
            raise Untranslatable(f"new {base}(...) has no Python twin")
        return f"{callee}({', '.join(args)})"

    # -- method calls -------------------------------------------------------------------

    def expr_method_invocation(self, node: Node) -> str:
        obj = node.child_by_field_name("object")
        name = text(node.child_by_field_name("name"))
        args_nodes = _named(node.child_by_field_name("arguments"))
        obj_text = text(obj) if obj is not None else ""
        special = self._special_call(node, obj, obj_text, name, args_nodes)
        if special is not None:
            return special
        args = [self.expr(a) for a in args_nodes]
        if obj is None:
            return f"{self._own_method(name, len(args))}({', '.join(args)})"
        if obj.type == "this" and self.current is not None and name in self.current.methods:
            return f"self.{self.current.python_method_name(name, len(args))}({', '.join(args)})"
        if obj.type == "super":
            return f"super().{snake_case(name)}({', '.join(args)})"
        own_type = self.app.find_class(obj_text, self.current) if obj.type == "identifier" and obj_text[:1].isupper() and self.scope.lookup(obj_text) is None else None
        if own_type is not None and name in own_type.methods:
            # A static call picks the overload by its number of arguments.
            return f"{self.resolve_type_name(obj_text)}.{own_type.python_method_name(name, len(args))}({', '.join(args)})"
        target = self.expr(obj)
        functional = self._declared_type(obj).rsplit(".", 1)[-1] if obj.type in ("identifier", "field_access") else ""
        if _FUNCTIONAL_METHODS.get(functional) == name:
            self.rule(node, f"{functional}.{name}", "call of the function object")
            return f"{target}({', '.join(args)})"
        if not args and obj.type == "identifier" and name in _SPRING_RECORDS.get(
            (self.scope.java_type(text(obj)) or "").split("<", 1)[0], ()
        ):
            return f"{target}.{snake_case(name)}"
        if not args and obj.type == "identifier":
            declared = self.app.find_class(
                (self.scope.java_type(text(obj)) or "").split("<", 1)[0].rsplit(".", 1)[-1], self.current
            )
            if declared is not None and declared.kind == "record" and name in dict(declared.components):
                return f"{target}.{snake_case(name)}"
        if not args and name in self.app.record_components and name not in _SPRING_METHODS:
            return f"{target}.{snake_case(name)}"
        if not args and name in _SPRING_COMPONENTS:
            return f"{target}.{snake_case(name)}"
        if not args and obj.type == "method_invocation" and name in _SPRING_RECORDS.get(
            _SPRING_RECORD_RESULTS.get(text(obj.child_by_field_name("name")), ""), ()
        ):
            return f"{target}.{snake_case(name)}"
        renamed = _BUILDER_RENAMES.get((self._builder_of(obj), name))
        if renamed is not None:
            self.rule(node, f"1.x {name}(...)", f"{snake_case(renamed)}(...)")
            return f"{target}.{snake_case(renamed)}({', '.join(args)})"
        return f"{target}.{snake_case(name)}({', '.join(args)})"

    def _builder_of(self, node: Node) -> str:
        """``OllamaChatModel`` for a call chain on ``OllamaChatModel.builder()``, else ``""``."""
        cursor: Node | None = node
        while cursor is not None and cursor.type == "method_invocation":
            receiver = cursor.child_by_field_name("object")
            if text(cursor.child_by_field_name("name")) == "builder" and receiver is not None and receiver.type == "identifier":
                return text(receiver)
            cursor = receiver
        return ""

    def _own_method(self, name: str, arity: int | None = None) -> str:
        owner = self.current
        while owner is not None:
            if name in owner.methods:
                python_name = owner.python_method_name(name, arity)
                if owner.methods[name].static:
                    return f"{owner.qualified}.{python_name}"
                return f"self.{python_name}"
            owner = owner.outer
        if self.current is not None and (self.current.superclass or self.current.interfaces):
            return f"self.{snake_case(name)}"
        return snake_case(name)

    def _format_call(self, fmt_node: Node, arg_nodes: list[Node], node: Node) -> str:
        self.rule(node, "String.format / formatted", "% formatting")
        if fmt_node.type == "string_literal":
            fmt = py_string(_java_format_to_percent(java_string_value(text(fmt_node))))
        else:
            fmt = self.expr(fmt_node)
        args = [self.expr(a) for a in arg_nodes]
        if not args:
            return f"{fmt} % ()"
        return f"{fmt} % ({', '.join(args)},)"

    def _special_call(
        self, node: Node, obj: Node | None, obj_text: str, name: str, args_nodes: list[Node]
    ) -> str | None:
        def args() -> list[str]:
            return [self.expr(a) for a in args_nodes]

        if obj_text in ("System.out", "System.err") and name in ("println", "print", "printf"):
            self.rule(node, f"{obj_text}.{name}", "print")
            extra = ", file=sys.stderr" if obj_text == "System.err" else ""
            if extra:
                self.std.add("sys")
            if name == "printf":
                rendered = self._format_call(args_nodes[0], args_nodes[1:], node)
                return f'print({rendered}, end=""{extra})'
            end = ', end=""' if name == "print" else ""
            value = ", ".join(args())
            return f"print({value}{end}{extra})"
        if obj_text == "String" and name == "format":
            return self._format_call(args_nodes[0], args_nodes[1:], node)
        if name == "formatted" and obj is not None:
            return self._format_call(obj, args_nodes, node)
        if obj_text == "String" and name == "join":
            values = args()
            if len(values) == 2:
                return f"{values[0]}.join({values[1]})"
            return f"{values[0]}.join([{', '.join(values[1:])}])"
        if obj_text == "String" and name == "valueOf":
            return f"str({args()[0]})"
        if obj_text in ("List", "Set", "Arrays", "Stream") and name in ("of", "asList"):
            self.rule(node, f"{obj_text}.{name}", "list / set literal")
            values = args()
            if len(values) == 1 and args_nodes[0].type == "identifier" and name == "asList":
                return f"list({values[0]})"
            if obj_text == "Set":
                return "{" + ", ".join(values) + "}" if values else "set()"
            return "[" + ", ".join(values) + "]"
        if obj_text == "Map" and name == "of":
            self.rule(node, "Map.of", "dict literal")
            values = args()
            pairs = [f"{values[i]}: {values[i + 1]}" for i in range(0, len(values) - 1, 2)]
            return "{" + ", ".join(pairs) + "}"
        if obj_text == "Map" and name == "entry":
            return "(" + ", ".join(args()) + ")"
        if obj_text == "Collections" and name in ("emptyList", "emptyMap", "emptySet"):
            return {"emptyList": "[]", "emptyMap": "{}", "emptySet": "set()"}[name]
        if obj_text in ("Collections", "List") and name in ("unmodifiableList", "copyOf"):
            return f"list({args()[0]})"
        if obj_text == "Objects" and name == "requireNonNull":
            return args()[0]
        if obj_text == "Optional" and name in ("ofNullable", "of"):
            return args()[0]
        if obj_text in ("Integer", "Long") and name in ("parseInt", "parseLong", "valueOf"):
            return f"int({args()[0]})"
        if obj_text == "Double" and name in ("parseDouble", "valueOf"):
            return f"float({args()[0]})"
        if obj_text == "Boolean" and name == "parseBoolean":
            return f'({args()[0]}.lower() == "true")'
        if obj_text == "Math" and name in ("max", "min", "abs", "round"):
            return f"{name}({', '.join(args())})"
        if obj_text == "Thread" and name == "sleep":
            self.std.add("time")
            return f"time.sleep({args()[0]} / 1000)"
        enum = self.app.find_class(obj_text, self.current) if obj is not None and obj.type == "identifier" and obj_text[:1].isupper() else None
        if enum is not None and enum.kind == "enum" and name == "values" and not args_nodes:
            return f"list({self.resolve_type_name(obj_text)})"
        if enum is not None and enum.kind == "enum" and name == "valueOf" and len(args_nodes) == 1:
            return f"{self.resolve_type_name(obj_text)}[{self.expr(args_nodes[0])}]"
        if obj_text == "KotlinUntranslated" and name == "statement":
            # The Kotlin front end's marker for a statement it has no Java spelling for.
            raise Untranslatable(java_string_value(text(args_nodes[0])))
        if obj is not None and name == "printStackTrace" and not args_nodes:
            self.std.add("traceback")
            return "traceback.print_exc()"
        if obj_text in ("Paths", "Path") and name in ("get", "of"):
            self.std.add("pathlib.Path")
            return f"Path({', '.join(args())})"
        if obj_text == "System" and name == "getProperty":
            return self._system_property(args_nodes)
        if name == "build" and obj is not None:
            built = self._mcp_client_chain(node)
            if built is not None:
                return built
        if obj_text == "System" and name == "getenv":
            self.std.add("os")
            return f"os.environ.get({args()[0]})"
        if obj_text == "System" and name == "currentTimeMillis":
            self.std.add("time")
            return "int(time.time() * 1000)"
        if obj_text == "System" and name == "exit":
            self.std.add("sys")
            return f"sys.exit({args()[0]})"
        if obj_text == "UUID" and name == "randomUUID":
            self.std.add("uuid")
            return "uuid.uuid4()"
        if obj_text == "Duration" and name.startswith("of"):
            self.std.add("datetime.timedelta")
            unit = {"ofSeconds": "seconds", "ofMillis": "milliseconds", "ofMinutes": "minutes"}
            if name in unit:
                return f"timedelta({unit[name]}={args()[0]})"
        if obj_text.endswith("LoggerFactory") and name == "getLogger":
            self.rule(node, "SLF4J logger", "logging.getLogger(__name__)")
            self.std.add("logging")
            self.uses_logging = True
            return "logging.getLogger(__name__)"
        if obj_text == "Executors":
            self.rule(node, f"Executors.{name}", "ThreadPoolExecutor")
            self.std.add("concurrent.futures.ThreadPoolExecutor")
            values = args()
            if name == "newFixedThreadPool" and values:
                return f"ThreadPoolExecutor(max_workers={values[0]})"
            return "ThreadPoolExecutor()"
        if obj_text == "CompletableFuture" and name in ("supplyAsync", "runAsync"):
            self.rule(node, f"CompletableFuture.{name}", "Executor.submit")
            values = args()
            if len(values) == 2:
                return f"{values[1]}.submit({values[0]})"
            self.std.add("concurrent.futures.ThreadPoolExecutor")
            return f"ThreadPoolExecutor(max_workers=1).submit({values[0]})"
        if obj_text == "CompletableFuture" and name == "allOf":
            self.std.add("concurrent.futures.wait")
            values = args()
            if len(values) == 1:
                return f"wait({values[0]})"
            return f"wait([{', '.join(values)}])"
        if obj is not None and name in _LOG_METHODS and self._is_logger(obj_text):
            self.rule(node, f"logger.{name}", "logging")
            self.uses_logging = True
            values = [self.expr(a) for a in args_nodes[1:]]
            first = args_nodes[0] if args_nodes else None
            if first is not None and first.type == "string_literal":
                message = java_string_value(text(first))
                if values:
                    message = message.replace("%", "%%").replace("{}", "%s")
                rendered = py_string(message)
            else:
                rendered = self.expr(first) if first is not None else '""'
            level = "warning" if name == "warn" else ("debug" if name == "trace" else name)
            return f"{self.expr(obj)}.{level}({', '.join([rendered, *values])})"
        if obj is not None and name in ("collect", "toList", "count", "forEach") and self._is_stream(obj):
            return self._stream(node, obj, name, args_nodes)
        if obj is not None and name in ("findFirst", "findAny", "anyMatch", "allMatch", "noneMatch") and self._is_stream(obj):
            raise Untranslatable(f"stream terminal {name}(): write a loop or next(...)")
        if obj is not None and name in _RANDOM_METHODS and self._declared_type(obj) == "Random":
            values = args()
            method, default = _RANDOM_METHODS[name]
            return f"{self.expr(obj)}.{method}({', '.join(values) if values else default})"
        if obj is not None and name == "equals" and len(args_nodes) == 1:
            return f"{self.expr(obj)} == {self.expr(args_nodes[0])}"
        if obj is not None and name == "equalsIgnoreCase":
            return f"{self.expr(obj)}.lower() == {self.expr(args_nodes[0])}.lower()"
        if obj is not None and name in ("length", "size") and not args_nodes:
            return f"len({self.expr(obj)})"
        if obj is not None and name == "isEmpty" and not args_nodes:
            return f"len({self.expr(obj)}) == 0"
        if obj is not None and name == "isBlank" and not args_nodes:
            return f"not {self.expr(obj)}.strip()"
        if obj is not None and name == "toString" and not args_nodes:
            return f"str({self.expr(obj)})"
        if obj is not None and name == "contains" and len(args_nodes) == 1:
            return f"({self.expr(args_nodes[0])} in {self.expr(obj)})"
        if obj is not None and name == "containsKey" and len(args_nodes) == 1:
            return f"({self.expr(args_nodes[0])} in {self.expr(obj)})"
        if obj is not None and name == "substring":
            values = args()
            return f"{self.expr(obj)}[{':'.join(values) if len(values) == 2 else values[0] + ':'}]"
        if obj is not None and name == "charAt":
            return f"{self.expr(obj)}[{args()[0]}]"
        if obj is not None and name in ("getKey", "getValue") and not args_nodes and (
            self.scope.java_type(obj_text) or ""
        ).replace("Map.", "").startswith("Entry"):
            # Map entries are (key, value) tuples of dict.items().
            return f"{self.expr(obj)}[{0 if name == 'getKey' else 1}]"
        if obj is not None and name in ("getMessage", "getLocalizedMessage") and not args_nodes:
            return f"str({self.expr(obj)})"
        if obj is not None and name == "getClass" and not args_nodes:
            return f"type({self.expr(obj)})"
        if obj is not None and name == "getSimpleName" and not args_nodes:
            return f"{self.expr(obj)}.__name__"
        if obj is not None and name == "join" and not args_nodes:
            if (self.scope.java_type(obj_text) or "").replace(" ", "") == "CompletableFuture<Void>" or (
                obj.type == "method_invocation" and text(obj).startswith("CompletableFuture.allOf")
            ):
                return self.expr(obj)
            return f"{self.expr(obj)}.result()"
        if obj is not None and name in _STRING_METHODS and _STRING_METHODS[name]:
            return f"{self.expr(obj)}.{_STRING_METHODS[name]}({', '.join(args())})"
        if obj is not None and name == "remove" and len(args_nodes) == 1 and self._declared_type(obj) in _MAP_TYPES:
            return f"{self.expr(obj)}.pop({self.expr(args_nodes[0])}, None)"
        if obj is not None and name in _LIST_METHODS:
            return f"{self.expr(obj)}.{_LIST_METHODS[name]}({', '.join(args())})"
        if obj is not None and name == "nextLine" and not args_nodes and (
            self.scope.java_type(obj_text) == "Scanner" or obj_text.lower().endswith("scanner")
        ):
            return "input()"
        if obj is not None and name == "toArray":
            return f"list({self.expr(obj)})"
        if obj is not None and name in ("keySet", "values") and not args_nodes:
            return f"list({self.expr(obj)}.{'keys' if name == 'keySet' else 'values'}())"
        if obj_text == "System" and name == "lineSeparator":
            return '"\\n"'
        if obj_text == "ModelOptionsUtils" and name in ("toJsonString", "toJsonStringPrettyPrinter"):
            self.rule(node, f"ModelOptionsUtils.{name}", "spring_ai_py.model.json.to_json")
            self.use("to_json", "spring_ai_py.model.json")
            indent = ", indent=2" if name.endswith("PrettyPrinter") else ""
            return f"to_json({args()[0]}{indent})"
        if obj is not None and name == "getOrDefault":
            return f"{self.expr(obj)}.get({', '.join(args())})"
        if obj is not None and name == "entity" and len(args_nodes) == 1:
            return f"{self.expr(obj)}.entity({self.expr(args_nodes[0])})"
        if obj is not None and name in ("subscribe", "block", "blockFirst", "blockLast"):
            raise Untranslatable(f"Reactor .{name}(): iterate the stream with for / async for")
        if obj is not None and name in ("append", "insert", "setLength", "reverse", "deleteCharAt") and (
            self.scope.java_type(_root_identifier(obj)) or ""
        ) in _STRING_BUILDERS:
            raise Untranslatable(f"StringBuilder.{name} used as a value: grow a str with += instead")
        if obj is not None and name in ("defaultAdvisors", "advisors") and any(
            _is_memory_advisor(a) for a in args_nodes
        ):
            return self._memory_advisors(node, obj, name, args_nodes)
        return None

    def _system_property(self, args_nodes: list[Node]) -> str:
        """``System.getProperty(key[, default])`` for the keys with a Python equivalent."""
        key = java_string_value(text(args_nodes[0])) if args_nodes and args_nodes[0].type == "string_literal" else None
        values = {
            # Java names macOS "Mac OS X", where platform.system() says "Darwin".
            "os.name": ("platform", '{"Darwin": "Mac OS X"}.get(platform.system(), platform.system())'),
            "user.home": ("os", 'os.path.expanduser("~")'),
            "user.dir": ("os", "os.getcwd()"),
            "user.name": ("getpass", "getpass.getuser()"),
            "java.io.tmpdir": ("tempfile", "tempfile.gettempdir()"),
            "line.separator": ("os", "os.linesep"),
            "file.separator": ("os", "os.sep"),
            "path.separator": ("os", "os.pathsep"),
        }
        if key not in values:
            raise Untranslatable(f"System.getProperty({text(args_nodes[0]) if args_nodes else ''}): no Python equivalent")
        module, expression = values[key]
        self.std.add(module)
        self.rule(args_nodes[0], f"System.getProperty({key!r})", expression)
        return expression

    def _mcp_client_chain(self, node: Node) -> str | None:
        """The MCP Java SDK's client builders, for a stdio server:
        ``ServerParameters.builder(cmd).args(...).env(...).build()`` → ``McpStdioConnection``;
        ``McpClient.sync(new StdioClientTransport(params, mapper)).requestTimeout(d).build()``
        → ``McpSyncClient.from_connection(params, request_timeout=..., initialize=False)``."""
        calls: list[tuple[str, list[Node]]] = []
        cursor = node
        while cursor.type == "method_invocation" and cursor.child_by_field_name("object") is not None:
            calls.append((text(cursor.child_by_field_name("name")), _named(cursor.child_by_field_name("arguments"))))
            cursor = cursor.child_by_field_name("object")
        if cursor.type != "identifier" or cursor.type == "method_invocation":
            return None
        calls.reverse()
        root, (first, first_args), steps = text(cursor), calls[0], calls[1:]
        if root == "ServerParameters" and first == "builder":
            command = self.expr(first_args[0])
            arguments: list[str] = []
            env = None
            for step, step_args in steps[:-1]:
                if step == "args" and len(step_args) == 1 and step_args[0].type != "string_literal":
                    arguments = [f"*{self.expr(step_args[0])}"]
                elif step == "args":
                    arguments = [self.expr(a) for a in step_args]
                elif step == "env":
                    env = self.expr(step_args[0])
                else:
                    raise Untranslatable(f"ServerParameters.Builder.{step}() has no rule")
            self.rule(node, "ServerParameters.builder(...)", "McpStdioConnection")
            connection = self.use("McpStdioConnection", "spring_ai_py.mcp")
            env_part = f", env={env}" if env is not None else ""
            return f"{connection}({command}, [{', '.join(arguments)}]{env_part})"
        if root == "McpClient" and first == "sync":
            transport = first_args[0] if first_args else None
            if transport is None or transport.type != "object_creation_expression" or text(transport.child_by_field_name("type")) != "StdioClientTransport":
                raise Untranslatable("McpClient.sync over a transport other than StdioClientTransport")
            parameters = self.expr(args_nodes_of(transport)[0])
            options = []
            for step, step_args in steps[:-1]:
                if step == "requestTimeout":
                    options.append(f"request_timeout={self.expr(step_args[0])}.total_seconds()")
                else:
                    raise Untranslatable(f"McpClient.SyncSpec.{step}() has no rule")
            self.rule(node, "McpClient.sync(new StdioClientTransport(...))", "McpSyncClient.from_connection")
            client = self.use("McpSyncClient", "spring_ai_py.mcp")
            return f"{client}.from_connection({', '.join([parameters, *options, 'initialize=False'])})"
        return None

    def _memory_advisors(self, node: Node, obj: Node, name: str, args_nodes: list[Node]) -> str:
        """A chat memory advisor added with no conversation id: Spring AI 1.x used
        ``"default"`` when a request named none; 2.0.1 rejects such a request. The 1.x
        behaviour is kept explicitly as a default advisor parameter (a request's own
        ``ChatMemory.CONVERSATION_ID`` still overrides it)."""
        self.rule(
            node,
            f"{name}(...ChatMemoryAdvisor...)",
            "1.x default conversation id: .param(ChatMemory.CONVERSATION_ID, \"default\")",
        )
        memory = self.use("ChatMemory", "spring_ai_py.chat.memory")
        method = snake_case(name)
        values = ", ".join(self.expr(a) for a in args_nodes)
        default = f'(lambda a: a.param({memory}.CONVERSATION_ID, "default"))'
        return f"{self.expr(obj)}.{method}({values}).{method}({default})"

    def _is_boolean(self, node: Node) -> bool:
        """Whether a Java expression is known to be a ``boolean``: a literal, a variable so
        declared, a predicate's ``test(...)``, a comparison or a negation."""
        while node.type == "parenthesized_expression" and _named(node):
            node = _named(node)[0]
        if node.type in ("true", "false") or (node.type == "unary_expression" and text(node).startswith("!")):
            return True
        if node.type in ("identifier", "field_access"):
            return self._declared_type(node) in ("boolean", "Boolean")
        if node.type == "method_invocation":
            obj = node.child_by_field_name("object")
            return (
                obj is not None
                and obj.type in ("identifier", "field_access")
                and text(node.child_by_field_name("name")) == "test"
                and self._declared_type(obj).rsplit(".", 1)[-1] in ("Predicate", "BiPredicate")
            )
        if node.type == "binary_expression":
            return text(node.child_by_field_name("operator")) in ("==", "!=", "<", ">", "<=", ">=", "&&", "||")
        return False

    def _declared_type(self, node: Node) -> str:
        """The Java type a variable or field was declared with (``""`` when unknown)."""
        name = text(node).removeprefix("this.")
        declared = self.scope.java_type(name)
        owner = self.current
        while declared is None and owner is not None:
            declared = owner.fields.get(name)
            owner = owner.outer
        return (declared or "").split("<", 1)[0]

    def _is_logger(self, obj_text: str) -> bool:
        lowered = obj_text.lower().removeprefix("this.")
        return lowered in ("log", "logger", "_logger", "_log")

    # -- Java streams --------------------------------------------------------------------

    def _is_stream(self, node: Node) -> bool:
        cursor = node
        while cursor is not None and cursor.type == "method_invocation":
            name = text(cursor.child_by_field_name("name"))
            obj = cursor.child_by_field_name("object")
            if name == "stream" and not _named(cursor.child_by_field_name("arguments")):
                return True
            if text(obj or cursor) in ("Stream", "Arrays", "IntStream") or (
                obj is not None and text(obj) in ("Stream", "Arrays", "IntStream")
            ):
                return True
            cursor = obj
        return False

    def _stream(self, node: Node, obj: Node, terminal: str, terminal_args: list[Node]) -> str:
        self.rule(node, "Java stream", "comprehension")
        ops: list[tuple[str, list[Node]]] = []
        cursor = obj
        while True:
            name = text(cursor.child_by_field_name("name"))
            inner = cursor.child_by_field_name("object")
            args = _named(cursor.child_by_field_name("arguments"))
            if name == "stream" and not args:
                source = self.expr(inner)
                break
            if inner is not None and text(inner) in ("Arrays", "Stream") and name in ("stream", "of"):
                values = [self.expr(a) for a in args]
                source = values[0] if name == "stream" else "[" + ", ".join(values) + "]"
                break
            if inner is not None and text(inner) == "IntStream" and name in ("range", "rangeClosed"):
                values = [self.expr(a) for a in args]
                if name == "rangeClosed":
                    values[1] = f"{values[1]} + 1"
                source = f"range({', '.join(values)})"
                break
            ops.append((name, args))
            cursor = inner
        ops.reverse()
        current = source
        counter = 0
        for name, args in ops:
            counter += 1
            if name in ("map", "mapToObj", "mapToInt", "mapToDouble", "filter"):
                var, body = self._element_function(args[0], counter)
                if name == "filter":
                    current = f"({var} for {var} in {current} if {body})"
                else:
                    current = f"({body} for {var} in {current})"
            elif name == "flatMap":
                var, body = self._element_function(args[0], counter)
                current = f"(y for {var} in {current} for y in {body.removesuffix('.stream()')})"
            elif name == "sorted" and not args:
                current = f"sorted({current})"
            elif name == "distinct":
                current = f"list(dict.fromkeys({current}))"
            elif name == "limit":
                self.std.add("itertools")
                current = f"itertools.islice({current}, {self.expr(args[0])})"
            elif name == "skip":
                self.std.add("itertools")
                current = f"itertools.islice({current}, {self.expr(args[0])}, None)"
            else:
                raise Untranslatable(f"stream operation {name}()")
        if terminal in ("toList",) or (
            terminal == "collect" and text(terminal_args[0]).endswith(("toList()", "toUnmodifiableList()"))
        ):
            return "[" + current[1:-1] + "]" if current.startswith("(") else f"list({current})"
        if terminal == "collect" and text(terminal_args[0]).endswith(("toSet()",)):
            return "{" + current[1:-1] + "}" if current.startswith("(") else f"set({current})"
        if terminal == "collect" and "joining" in text(terminal_args[0]):
            joining = terminal_args[0]
            joined_args = _named(joining.child_by_field_name("arguments"))
            separator = self.expr(joined_args[0]) if joined_args else '""'
            items = current if current.startswith("(") else f"({current})"
            return f"{separator}.join(str(x) for x in {items})"
        if terminal == "count":
            return f"len(list({current}))"
        if terminal == "forEach":
            var, body = self._element_function(terminal_args[0], counter + 1)
            return f"[{body} for {var} in {current}]"
        raise Untranslatable(f"stream terminal {text(terminal_args[0]) if terminal_args else terminal}")

    def _element_function(self, node: Node, counter: int) -> tuple[str, str]:
        """``p -> expr`` as (variable, expression over it)."""
        if node.type == "lambda_expression":
            params = self._lambda_params(node.child_by_field_name("parameters"))
            body = node.child_by_field_name("body")
            if body.type == "block":
                statements = _named(body)
                if len(statements) == 1 and statements[0].type == "return_statement":
                    body = _named(statements[0])[0]
                else:
                    return "x", f"{self.expr(node)}(x)"
            var = snake_case(params[0])
            saved = self.scope
            self.scope = Scope({params[0]: var}, saved)
            self.comprehension_vars.append(var)
            try:
                return var, self.expr(body)
            finally:
                self.scope = saved
                self.comprehension_vars.pop()
        function = self.expr(node)
        var = f"x{counter}"
        if function.startswith("(lambda x: x."):
            return var, var + function.removeprefix("(lambda x: x").rstrip(")")
        return var, f"{function}({var})"

    # -- statements ---------------------------------------------------------------------

    def emit(self, line: str, depth: int = 0) -> None:
        self.lines.append("    " * depth + line)

    def comment_out(self, node: Node, depth: int, reason: str) -> None:
        reason = " ".join(reason.split())
        self.todo(node, text(node).split("\n", 1)[0][:80], reason)
        self.emit(f"# TODO(migrate): {reason}", depth)
        for java_line in text(node).split("\n"):
            self.emit(f"# {java_line.rstrip()}", depth)
        for declarator in _declared_names(node):
            self.poisoned.add(declarator)

    def block(self, node: Node, depth: int) -> bool:
        """Emit the statements of a block; ``True`` when any was commented out."""
        statements = _named(node) if node.type == "block" else [node]
        start = len(self.lines)
        commented = False
        for statement in statements:
            commented |= self.statement(statement, depth)
        self.ensure_body(start, depth)
        return commented

    def ensure_body(self, start: int, depth: int) -> None:
        """Add ``pass`` when the lines since ``start`` hold no statement."""
        if all(not ln.strip() or ln.strip().startswith("#") for ln in self.lines[start:]):
            self.emit("pass", depth)

    def statement(self, node: Node, depth: int) -> bool:
        saved_lines = self.lines
        saved_pending = self.pending
        saved_poisoned = set(self.poisoned)
        self.lines = []
        self.pending = []
        try:
            handler = getattr(self, "stmt_" + node.type, None)
            if handler is None:
                raise Untranslatable(f"{node.type.replace('_', ' ')} has no rule")
            handler(node, depth)
        except Untranslatable as error:
            self.lines = []
            self.pending = []
            self.poisoned = saved_poisoned
            self.comment_out(node, depth, str(error))
            produced = self.lines
            self.lines = saved_lines + produced
            self.pending = saved_pending
            return True
        produced = self.lines
        hoisted = [ln for definition in self.pending for ln in definition]
        self.lines = saved_lines + ["    " * depth + ln for ln in hoisted] + produced
        self.pending = saved_pending
        return False

    def stmt_line_comment(self, node: Node, depth: int) -> None:
        self.emit("#" + text(node)[2:], depth)

    def stmt_block_comment(self, node: Node, depth: int) -> None:
        return None

    def stmt_block(self, node: Node, depth: int) -> None:
        self.block(node, depth)

    def stmt_local_variable_declaration(self, node: Node, depth: int) -> None:
        java_type = node.child_by_field_name("type")
        for declarator in [c for c in _named(node) if c.type == "variable_declarator"]:
            name = text(declarator.child_by_field_name("name"))
            value = declarator.child_by_field_name("value")
            py_name = snake_case(name)
            rendered = self.expr_typed(value, text(java_type)) if value is not None else "None"
            self.scope.names[name] = py_name
            self.scope.types[name] = text(java_type)
            if text(java_type) == "Logger":
                self.uses_logging = True
            annotation = self.py_type(java_type) if text(java_type) != "var" else "Any"
            if value is not None and value.type == "lambda_expression" and rendered.startswith("(lambda"):
                # A lambda bound to a name is a def (PEP 8; ruff's E731).
                params, body = rendered.removeprefix("(lambda").removesuffix(")").split(":", 1)
                self.rule(node, "lambda bound to a variable", "def")
                self.emit(f"def {py_name}({params.strip()}):", depth)
                self.emit(f"return {body.strip()}", depth + 1)
                continue
            if annotation.startswith(("list[", "dict[", "set[")):
                self.emit(f"{py_name}: {annotation} = {rendered}", depth)
            else:
                self.emit(f"{py_name} = {rendered}", depth)

    def stmt_expression_statement(self, node: Node, depth: int) -> None:
        inner = _named(node)[0]
        if inner.type == "assignment_expression":
            left = self.expr(inner.child_by_field_name("left"))
            operator = text(inner.child_by_field_name("operator"))
            right_node = inner.child_by_field_name("right")
            right = self.expr(right_node)
            self.emit(f"{left} {operator} {right}", depth)
            return
        if inner.type == "update_expression":
            target = self.expr(_named(inner)[0])
            self.emit(f"{target} {'+=' if '++' in text(inner) else '-='} 1", depth)
            return
        if inner.type == "method_invocation":
            name = text(inner.child_by_field_name("name"))
            obj = inner.child_by_field_name("object")
            args = _named(inner.child_by_field_name("arguments"))
            appended = self._string_builder_appends(inner)
            if appended is not None:
                target, parts = appended
                self.emit(f"{target} += {' + '.join(parts)}", depth)
                return
            if name == "put" and obj is not None and len(args) == 2:
                self.emit(f"{self.expr(obj)}[{self.expr(args[0])}] = {self.expr(args[1])}", depth)
                return
            if name == "forEach" and obj is not None and len(args) == 1 and not self._is_stream(obj):
                self._for_each(obj, args[0], depth)
                return
            if name == "forEach" and obj is not None and self._is_stream(obj):
                self._for_each(inner, args[0], depth, stream=True)
                return
            if obj is not None and text(obj) == "Assert" and len(args) == 2:
                self._assert(inner, name, args, depth)
                return
            if name == "closeGracefully" and obj is not None:
                self.emit(f"{self.expr(obj)}.close()", depth)
                return
        self.emit(self.expr(inner), depth)

    def _string_builder_appends(self, node: Node) -> tuple[str, list[str]] | None:
        """``sb.append(a).append(b);`` on a local ``StringBuilder`` → (``sb``, [``str(a)``, ``str(b)``])."""
        parts: list[Node] = []
        cursor = node
        while cursor.type == "method_invocation" and text(cursor.child_by_field_name("name")) == "append":
            arguments = _named(cursor.child_by_field_name("arguments"))
            if len(arguments) != 1:
                return None
            parts.append(arguments[0])
            cursor = cursor.child_by_field_name("object")
            if cursor is None:
                return None
        if not parts or cursor.type != "identifier":
            return None
        if (self.scope.java_type(text(cursor)) or "") not in _STRING_BUILDERS:
            return None
        self.rule(node, "StringBuilder.append", "+= on a str")
        rendered = []
        for part in reversed(parts):
            value = self.expr(part)
            rendered.append(value if part.type in ("string_literal", "character_literal") else f"str({value})")
        return self.expr(cursor), rendered

    def _assert(self, node: Node, name: str, args: list[Node], depth: int) -> None:
        value = self.expr(args[0])
        message = self.expr(args[1])
        conditions = {
            "notNull": f"{value} is None",
            "hasText": f"not {value} or not {value}.strip()",
            "notEmpty": f"not {value}",
            "isTrue": f"not ({value})",
            "state": f"not ({value})",
        }
        if name not in conditions:
            raise Untranslatable(f"Assert.{name}")
        error = "RuntimeError" if name == "state" else "ValueError"
        self.rule(node, f"Assert.{name}", f"if ...: raise {error}")
        self.emit(f"if {conditions[name]}:", depth)
        self.emit(f"raise {error}({message})", depth + 1)

    def _for_each(self, obj: Node, function: Node, depth: int, stream: bool = False) -> None:
        self.rule(obj, "forEach", "for loop")
        if stream:
            source = self._stream(obj, obj.child_by_field_name("object"), "toList", [])
        else:
            source = self.expr(obj)
        if function.type == "lambda_expression":
            params = self._lambda_params(function.child_by_field_name("parameters"))
            body = function.child_by_field_name("body")
            names = [snake_case(p) for p in params]
            target = ", ".join(names)
            if len(names) == 2:
                source = f"{source}.items()"
            self.emit(f"for {target} in {source}:", depth)
            saved = self.scope
            self.scope = Scope(dict(zip(params, names, strict=True)), saved)
            try:
                if body.type == "block":
                    self.block(body, depth + 1)
                else:
                    self.emit(self.expr(body), depth + 1)
            finally:
                self.scope = saved
            return
        self.emit(f"for item in {source}:", depth)
        self.emit(f"{self.expr(function)}(item)", depth + 1)

    def stmt_return_statement(self, node: Node, depth: int) -> None:
        values = _named(node)
        self.emit(f"return {self.expr(values[0])}" if values else "return", depth)

    def stmt_if_statement(self, node: Node, depth: int, keyword: str = "if") -> None:
        condition = self.expr(node.child_by_field_name("condition"))
        if condition.startswith("(") and condition.endswith(")"):
            condition = condition[1:-1]
        self.emit(f"{keyword} {condition}:", depth)
        self.block(node.child_by_field_name("consequence"), depth + 1)
        alternative = node.child_by_field_name("alternative")
        if alternative is None:
            return
        if alternative.type == "if_statement":
            self.stmt_if_statement(alternative, depth, "elif")
            return
        self.emit("else:", depth)
        self.block(alternative, depth + 1)

    def stmt_enhanced_for_statement(self, node: Node, depth: int) -> None:
        name = text(node.child_by_field_name("name"))
        source = self.expr(node.child_by_field_name("value"))
        self.scope.names[name] = snake_case(name)
        declared = node.child_by_field_name("type")
        if declared is not None:
            self.scope.types[name] = text(declared)
        self.emit(f"for {snake_case(name)} in {source}:", depth)
        self.block(node.child_by_field_name("body"), depth + 1)

    def stmt_for_statement(self, node: Node, depth: int) -> None:
        init = node.child_by_field_name("init")
        condition = node.child_by_field_name("condition")
        update = node.child_by_field_name("update")
        if init is None or condition is None or update is None:
            raise Untranslatable("for loop without init, condition or update")
        declarator = [c for c in _named(init) if c.type == "variable_declarator"]
        if not declarator or condition.type != "binary_expression" or update.type != "update_expression":
            raise Untranslatable("for loop that is not a counting loop")
        var = text(declarator[0].child_by_field_name("name"))
        start = self.expr(declarator[0].child_by_field_name("value"))
        operator = text(condition.child_by_field_name("operator"))
        if text(condition.child_by_field_name("left")) != var or "++" not in text(update):
            raise Untranslatable("for loop that is not a counting loop")
        self.scope.names[var] = snake_case(var)
        end = self.expr(condition.child_by_field_name("right"))
        if operator == "<=":
            end = f"{end} + 1"
        elif operator != "<":
            raise Untranslatable("for loop that is not a counting loop")
        self.rule(node, "counting for loop", "for ... in range()")
        self.emit(f"for {snake_case(var)} in range({start}, {end}):", depth)
        self.block(node.child_by_field_name("body"), depth + 1)

    def stmt_while_statement(self, node: Node, depth: int) -> None:
        condition = self.expr(node.child_by_field_name("condition"))
        self.emit(f"while {condition}:", depth)
        self.block(node.child_by_field_name("body"), depth + 1)

    def stmt_do_statement(self, node: Node, depth: int) -> None:
        condition = self.expr(node.child_by_field_name("condition"))
        self.emit("while True:", depth)
        self.block(node.child_by_field_name("body"), depth + 1)
        self.emit(f"if not {condition}:", depth + 1)
        self.emit("break", depth + 2)

    def stmt_break_statement(self, node: Node, depth: int) -> None:
        self.emit("break", depth)

    def stmt_continue_statement(self, node: Node, depth: int) -> None:
        self.emit("continue", depth)

    def stmt_throw_statement(self, node: Node, depth: int) -> None:
        self.emit(f"raise {self.expr(_named(node)[0])}", depth)

    def stmt_try_statement(self, node: Node, depth: int) -> None:
        self.emit("try:", depth)
        body = node.child_by_field_name("body")
        self.block(body, depth + 1)
        for clause in _named(node):
            if clause.type == "catch_clause":
                parameter = next(c for c in _named(clause) if c.type == "catch_formal_parameter")
                name = text(parameter.child_by_field_name("name"))
                self.scope.names[name] = snake_case(name)
                self.emit(f"except Exception as {snake_case(name)}:", depth)
                self.block(clause.child_by_field_name("body"), depth + 1)
            elif clause.type == "finally_clause":
                self.emit("finally:", depth)
                self.block(_named(clause)[0], depth + 1)

    def stmt_try_with_resources_statement(self, node: Node, depth: int) -> None:
        resources = node.child_by_field_name("resources")
        items = []
        for resource in _named(resources):
            name = resource.child_by_field_name("name")
            value = resource.child_by_field_name("value")
            if name is None or value is None:
                raise Untranslatable("try-with-resources on an expression")
            self.scope.names[text(name)] = snake_case(text(name))
            items.append(f"{self.expr(value)} as {snake_case(text(name))}")
        self.emit(f"with {', '.join(items)}:", depth)
        self.block(node.child_by_field_name("body"), depth + 1)

    def stmt_synchronized_statement(self, node: Node, depth: int) -> None:
        self.block(node.child_by_field_name("body") or _named(node)[-1], depth)

    def stmt_local_class_declaration(self, node: Node, depth: int) -> None:
        raise Untranslatable("local class: move it to module level")

    def stmt_record_declaration(self, node: Node, depth: int) -> None:
        self._local_type(node, depth)

    def stmt_enum_declaration(self, node: Node, depth: int) -> None:
        self._local_type(node, depth)

    def stmt_class_declaration(self, node: Node, depth: int) -> None:
        self._local_type(node, depth)

    def _local_type(self, node: Node, depth: int) -> None:
        """A type declared in a method body: a class defined in the function, as Java
        scopes it; a model among them is completed once the function's names exist."""
        java_class = self.app.nodes.get(node.id)
        write_class = getattr(self, "write_class", None)
        if java_class is None or write_class is None:
            raise Untranslatable(f"local {node.type.removesuffix('_declaration')}: move it to module level")
        saved = (self.current_method, self.scope, self.poisoned)
        try:
            write_class(java_class, depth)
        finally:
            self.current_method, self.scope, self.poisoned = saved
        self.rule(node, f"local {java_class.kind} {java_class.name}", "a class defined in the function")
        models = [java_class] if java_class.kind == "record" else []
        models += [n for n in java_class.nested.values() if n.kind == "record"]
        for model in models:
            self.emit(f"{model.qualified}.model_rebuild()", depth)

    def stmt_labeled_statement(self, node: Node, depth: int) -> None:
        raise Untranslatable("labeled statement: restructure the loop")

    def stmt_switch_expression(self, node: Node, depth: int) -> None:
        """A ``switch`` statement (``case x:`` groups ending in ``break``, or ``case x ->``
        rules) → an ``if`` / ``elif`` / ``else`` chain; ``default`` becomes the ``else``."""
        condition = _named(node.child_by_field_name("condition"))[0]
        subject = self.expr(condition)
        branches: list[tuple[list[str], list[Node]]] = []
        labels: list[str] = []
        default = False
        for entry in _named(node.child_by_field_name("body")):
            entry_labels = [c for c in _named(entry) if c.type == "switch_label"]
            statements = [c for c in _named(entry) if c.type != "switch_label"]
            for label in entry_labels:
                values = _named(label)
                if not values:
                    default = True
                for value in values:
                    labels.append(self._case_value(value, condition))
            if not statements:
                continue  # labels that fall through to the next group
            if entry.type == "switch_block_statement_group":
                last = statements[-1]
                if last.type == "break_statement":
                    statements = statements[:-1]
                elif entry.id != _named(node.child_by_field_name("body"))[-1].id and last.type not in (
                    "return_statement",
                    "throw_statement",
                    "continue_statement",
                ):
                    raise Untranslatable("switch case falling through to the next one")
                if any(_breaks_out(s) for s in statements):
                    raise Untranslatable("break inside a switch case")
            branches.append((["default"] if default else labels, statements))
            labels, default = [], False
        self.rule(node, "switch statement", "if / elif / else")
        if not subject.isidentifier():
            self.lambda_count += 1
            temporary = f"_switch_{self.lambda_count}"
            self.emit(f"{temporary} = {subject}", depth)
            subject = temporary
        ordered = [b for b in branches if b[0] != ["default"]] + [b for b in branches if b[0] == ["default"]]
        for index, (values, statements) in enumerate(ordered):
            if values == ["default"]:
                self.emit("else:" if index else "if True:", depth)
            else:
                test = f"{subject} == {values[0]}" if len(values) == 1 else f"{subject} in ({', '.join(values)})"
                self.emit(f"{'if' if index == 0 else 'elif'} {test}:", depth)
            start = len(self.lines)
            for statement in statements:
                self.statement(statement, depth + 1)
            self.ensure_body(start, depth + 1)

    def _case_value(self, value: Node, condition: Node) -> str:
        """A case label; a bare enum constant is qualified by the switched value's enum."""
        if value.type == "identifier" and self.scope.lookup(text(value)) is None:
            declared = (self.scope.java_type(text(condition)) or "").split("<", 1)[0]
            enum = self.app.find_class(declared.rsplit(".", 1)[-1], self.current) if declared else None
            if enum is None or enum.kind != "enum":
                raise Untranslatable(f"case {text(value)}: the enum of the switched value is not known")
            return f"{self.resolve_type_name(enum.name) if enum.outer is None else enum.qualified}.{text(value)}"
        if value.type not in ("string_literal", "character_literal", "decimal_integer_literal", "hex_integer_literal", "field_access", "identifier"):
            raise Untranslatable(f"case {value.type.replace('_', ' ')}")
        return self.expr(value)

    def stmt_yield_statement(self, node: Node, depth: int) -> None:
        raise Untranslatable("yield inside switch")

    def stmt_assert_statement(self, node: Node, depth: int) -> None:
        values = _named(node)
        self.emit(f"assert {self.expr(values[0])}", depth)

    def expr_switch_expression(self, node: Node) -> str:
        raise Untranslatable("switch expression: write a conditional or match")


def field_name(owner: JavaClass, name: str) -> str:
    """The attribute of a Java field: its snake_case name, with a leading underscore when a
    method of the class has the same name (Python keeps one attribute per name)."""
    if name in owner.methods and owner.kind != "record":
        return "_" + snake_case(name)
    return snake_case(name)


def _declared_names(node: Node) -> Iterator[str]:
    if node.type in ("local_variable_declaration", "field_declaration"):
        for declarator in _named(node):
            if declarator.type == "variable_declarator":
                yield text(declarator.child_by_field_name("name"))


#: MCP Java SDK types that only the MCP client builder rule (``_mcp_client_chain``) uses.
_BUILDER_RULE_IMPORTS = {"McpClient", "ServerParameters", "StdioClientTransport", "McpJsonDefaults"}

#: java.util.Random's methods → random.Random's (with the argument when Java gives none).
_RANDOM_METHODS = {
    "nextInt": ("randrange", "2**31"),
    "nextDouble": ("random", ""),
    "nextBoolean": ("choice", "[True, False]"),
}

_MAP_TYPES = {"Map", "HashMap", "LinkedHashMap", "TreeMap", "ConcurrentHashMap", "ConcurrentMap"}

_STRING_BUILDERS = ("StringBuilder", "StringBuffer")


def _breaks_out(node: Node) -> bool:
    """Whether a ``break`` in ``node`` leaves the switch (not a loop or switch inside it)."""
    if node.type == "break_statement":
        return True
    if node.type in ("for_statement", "enhanced_for_statement", "while_statement", "do_statement", "switch_expression", "lambda_expression"):
        return False
    return any(_breaks_out(c) for c in _named(node))


def _root_identifier(node: Node) -> str:
    """The variable a call chain starts from (``sb`` of ``sb.append(a).append(b)``), else ``""``."""
    while node.type == "method_invocation" and node.child_by_field_name("object") is not None:
        node = node.child_by_field_name("object")
    return text(node) if node.type == "identifier" else ""


def args_nodes_of(node: Node) -> list[Node]:
    """The argument expressions of a call or ``new`` expression."""
    arguments = node.child_by_field_name("arguments")
    return _named(arguments) if arguments is not None else []


_MEMORY_ADVISORS = ("MessageChatMemoryAdvisor", "PromptChatMemoryAdvisor", "VectorStoreChatMemoryAdvisor")


def _is_memory_advisor(node: Node) -> bool:
    """``MessageChatMemoryAdvisor.builder(memory)...build()`` or ``new ...ChatMemoryAdvisor(...)``
    written with no conversation id of its own."""
    source = text(node)
    if ".conversationId(" in source:
        return False  # 1.x's own default id: the port keeps that builder method (deprecated)
    return source.startswith(_MEMORY_ADVISORS) or source.startswith(tuple("new " + a for a in _MEMORY_ADVISORS))
