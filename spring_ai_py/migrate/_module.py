"""Java types to Python classes, and the Spring Boot wiring to a ``main()``."""

from __future__ import annotations

import re
from typing import Any

from spring_ai_py.migrate._model import Bean, JavaClass, Method
from spring_ai_py.migrate._names import PRIMITIVE_TYPES, snake_case
from spring_ai_py.migrate._providers import provider_beans
from spring_ai_py.migrate._translator import (
    FileTranslator,
    Node,
    Scope,
    Untranslatable,
    _named,
    field_name,
    java_string_value,
    py_string,
    text,
)

TYPE_DECLARATIONS = (
    "class_declaration",
    "record_declaration",
    "interface_declaration",
    "enum_declaration",
)
COMPONENT_ANNOTATIONS = {
    "Component",
    "Service",
    "Repository",
    "Configuration",
    "RestController",
    "Controller",
    "SpringBootApplication",
}
MAPPINGS = {
    "GetMapping": "GET",
    "PostMapping": "POST",
    "PutMapping": "PUT",
    "DeleteMapping": "DELETE",
    "PatchMapping": "PATCH",
    "RequestMapping": "GET",
}
RUNNER_TYPES = {"CommandLineRunner", "ApplicationRunner"}

#: Beans the application context provides: Java type → expression over ``context``.
CONTEXT_BEANS = {
    "ChatClient.Builder": "context.chat_client_builder()",
    "Builder": "context.chat_client_builder()",
    "ChatModel": "context.chat_model()",
    "StreamingChatModel": "context.chat_model()",
    "OpenAiChatModel": 'context.chat_model("openai")',
    "AnthropicChatModel": 'context.chat_model("anthropic")',
    "EmbeddingModel": "context.embedding_model()",
    "OpenAiEmbeddingModel": "context.embedding_model()",
    "VectorStore": "context.vector_store()",
    "ChatMemory": "context.chat_memory()",
    "ChatMemoryRepository": "context.chat_memory_repository()",
    "ToolCallingManager": "context.tool_calling_manager()",
    "ToolCallbackProvider": "context.mcp_tool_callbacks()",
    "SyncMcpToolCallbackProvider": "context.mcp_tool_callbacks()",
    "List<McpSyncClient>": "context.mcp_sync_clients()",
    "ConfigurableApplicationContext": "context",
    "ApplicationContext": "context",
    "Environment": "context.environment",
    **provider_beans(),
}


def annotations_of(node: Node) -> dict[str, Node | None]:
    """``{"Tool": <arguments node or None>, ...}`` of a declaration's modifiers."""
    found: dict[str, Node | None] = {}
    for child in node.children:
        if child.type != "modifiers":
            continue
        for modifier in child.children:
            if modifier.type == "marker_annotation":
                found[text(modifier.child_by_field_name("name")).rsplit(".", 1)[-1]] = None
            elif modifier.type == "annotation":
                found[text(modifier.child_by_field_name("name")).rsplit(".", 1)[-1]] = (
                    modifier.child_by_field_name("arguments")
                )
    return found


def modifiers_of(node: Node) -> set[str]:
    for child in node.children:
        if child.type == "modifiers":
            return {text(c) for c in child.children if c.type not in ("annotation", "marker_annotation")}
    return set()


def annotation_values(arguments: Node | None) -> dict[str, Node]:
    """Named arguments of an annotation; a single unnamed one is ``value``."""
    if arguments is None:
        return {}
    values: dict[str, Node] = {}
    for child in _named(arguments):
        if child.type == "element_value_pair":
            values[text(child.child_by_field_name("key"))] = child.child_by_field_name("value")
        else:
            values["value"] = child
    return values


def string_value(node: Node | None) -> str | None:
    if node is None:
        return None
    if node.type == "string_literal":
        return java_string_value(text(node))
    if node.type == "element_value_array_initializer":
        items = _named(node)
        return string_value(items[0]) if items else None
    return None


def type_text(node: Node | None) -> str:
    return text(node) if node is not None else "void"


class ModuleWriter(FileTranslator):
    """Writes the classes of one Java file (and, for the application class, ``main``)."""

    # -- classes ------------------------------------------------------------------------

    def write_only(self) -> None:
        """Translate the file's types into :attr:`lines` (``render()`` makes the module)."""
        self.read_imports()
        for node in _named(self.root_node):
            if node.type in TYPE_DECLARATIONS:
                self.write_class(self.app.class_for_node(node), 0)
                self.emit("")

    def write_class(self, java_class: JavaClass, depth: int) -> None:
        saved = self.current
        self.current = java_class
        try:
            self._write_class(java_class, depth)
        finally:
            self.current = saved

    def _bases(self, java_class: JavaClass) -> list[str]:
        bases = []
        for name in [java_class.superclass, *java_class.interfaces]:
            if not name:
                continue
            simple = name.split("<", 1)[0]
            if simple in RUNNER_TYPES:
                continue
            if simple in _FUNCTIONAL_INTERFACES and _FUNCTIONAL_INTERFACES[simple] in java_class.methods:
                self.rule(java_class.node, f"{java_class.name} implements {simple}", f"a callable: __call__ is {_FUNCTIONAL_INTERFACES[simple]}")
                continue
            try:
                bases.append(self.resolve_type_name(simple))
            except Untranslatable:
                self.todo(java_class.node, f"{java_class.name} extends {simple}", f"{simple} has no Python twin; the class no longer extends it")
        return bases

    def _write_class(self, java_class: JavaClass, depth: int) -> None:
        node = java_class.node
        self.rule(node, f"{java_class.kind} {java_class.name}", "Python class")
        bases = self._bases(java_class)
        body = node.child_by_field_name("body")
        if java_class.kind == "record":
            self.use("BaseModel", "pydantic")
            self.use("ConfigDict", "pydantic")
            bases = ["BaseModel", *bases]
        elif java_class.kind == "enum":
            self.use("Enum", "enum")
            bases = ["Enum"]
        java_bean = _is_java_bean(java_class)
        if java_bean:
            self.use("BaseModel", "pydantic")
            self.use("ConfigDict", "pydantic")
            bases = ["BaseModel"]
        header = f"class {java_class.name}({', '.join(bases)}):" if bases else f"class {java_class.name}:"
        self.emit(header, depth)
        start = len(self.lines)
        for nested in java_class.nested.values():
            self.write_class(nested, depth + 1)
            self.emit("", depth)
        if java_class.kind == "record":
            self._record_fields(java_class, depth + 1)
        if java_class.kind == "enum":
            with_arguments = _enum_has_arguments(node)
            for constant in _named(body):
                if constant.type == "enum_constant":
                    constant_name = text(constant.child_by_field_name("name"))
                    arguments = constant.child_by_field_name("arguments")
                    values = [py_string(constant_name)]
                    if arguments is not None:
                        values += [self.expr(a) for a in _named(arguments)]
                    self.emit(f"{constant_name} = {values[0] if not with_arguments else '(' + ', '.join(values) + ')'}", depth + 1)
            if with_arguments:
                # The value stays the constant's name (what Jackson writes); the arguments go to __init__.
                self.rule(node, f"enum {java_class.name} with constructor arguments", "Enum whose __init__ takes the arguments")
                self.emit("", depth + 1)
                self.emit(f"def __new__(cls, constant: str, *arguments: object) -> {java_class.qualified}:", depth + 1)
                self.emit("member = object.__new__(cls)", depth + 2)
                self.emit("member._value_ = constant", depth + 2)
                self.emit("return member", depth + 2)
            if "toString" not in java_class.methods:
                self.rule(node, f"enum {java_class.name} toString()", "__str__ returns the constant's name")
                self.emit("", depth + 1)
                self.emit("def __str__(self) -> str:", depth + 1)
                self.emit("return self.name", depth + 2)
        members = _named(body) if body is not None else []
        if java_class.kind == "enum":
            members = [m for d in members if d.type == "enum_body_declarations" for m in _named(d)]
        self._static_fields(java_class, members, depth + 1)
        if java_bean:
            self._bean_fields(java_class, members, depth + 1)
        elif java_class.kind in ("class", "enum"):
            self._constructor(java_class, members, depth + 1)
        for member in members:
            if member.type == "method_declaration":
                self.write_method(java_class, member, depth + 1)
            elif member.type in ("constructor_declaration", "field_declaration", "compact_constructor_declaration") or member.type in TYPE_DECLARATIONS or member.type in ("line_comment", "block_comment", "enum_constant"):
                continue
            else:
                self.comment_out(member, depth + 1, f"{member.type.replace('_', ' ')} has no rule")
        for interface in [java_class.superclass, *java_class.interfaces]:
            method = _FUNCTIONAL_INTERFACES.get((interface or "").split("<", 1)[0])
            if method is not None and method in java_class.methods:
                self.emit(f"__call__ = {java_class.python_method_name(method, None)}", depth + 1)
                break
        self.ensure_body(start, depth + 1)
        self.emit("", depth)

    def _bean_fields(self, java_class: JavaClass, members: list[Node], depth: int) -> None:
        """A JavaBean (no-argument constructor, a getter and setter per field) is what
        Jackson reads and writes: a mutable pydantic model, the Jackson annotations as
        ``Field`` arguments."""
        self.rule(java_class.node, f"JavaBean {java_class.name}", "mutable pydantic model")
        self.use("Field", "pydantic")
        self.emit("model_config = ConfigDict(populate_by_name=True)", depth)
        for member in members:
            if member.type != "field_declaration" or "static" in modifiers_of(member):
                continue
            notes = annotations_of(member)
            py_type = self.py_type(member.child_by_field_name("type"))
            for declarator in [c for c in _named(member) if c.type == "variable_declarator"]:
                name = text(declarator.child_by_field_name("name"))
                value = declarator.child_by_field_name("value")
                arguments = [f"default={self.expr(value) if value is not None else 'None'}"]
                alias = string_value(annotation_values(notes.get("JsonProperty")).get("value")) if "JsonProperty" in notes else None
                if alias is not None and alias != snake_case(name):
                    arguments.append(f"alias={py_string(alias)}")
                description = string_value(annotation_values(notes.get("JsonPropertyDescription")).get("value")) if "JsonPropertyDescription" in notes else None
                if description is not None:
                    arguments.append(f"description={py_string(description)}")
                annotation = py_type if value is not None else f"{py_type} | None"
                self.emit(f"{field_name(java_class, name)}: {annotation} = Field({', '.join(arguments)})", depth)
        self.emit("", depth)

    def _record_fields(self, java_class: JavaClass, depth: int) -> None:
        self.rule(java_class.node, f"record {java_class.name}", "pydantic model")
        self.emit("model_config = ConfigDict(frozen=True, populate_by_name=True)", depth)
        params = java_class.node.child_by_field_name("parameters")
        for parameter in _named(params):
            if parameter.type != "formal_parameter":
                continue
            name = text(parameter.child_by_field_name("name"))
            py_type = self.py_type(parameter.child_by_field_name("type"))
            alias = java_class.aliases.get(name)
            if alias is not None:
                self.use("Field", "pydantic")
                self.emit(f"{snake_case(name)}: {py_type} = Field(alias={py_string(alias)})", depth)
            else:
                self.emit(f"{snake_case(name)}: {py_type}", depth)

    def _static_fields(self, java_class: JavaClass, members: list[Node], depth: int) -> None:
        for member in members:
            if member.type != "field_declaration" or "static" not in modifiers_of(member):
                continue
            for declarator in [c for c in _named(member) if c.type == "variable_declarator"]:
                name = text(declarator.child_by_field_name("name"))
                value = declarator.child_by_field_name("value")
                if value is None:
                    self.emit(f"{snake_case(name)} = None", depth)
                    continue
                try:
                    rendered = self.expr(value)
                except Untranslatable as error:
                    self.comment_out(member, depth, str(error))
                    continue
                self.emit(f"{snake_case(name)} = {rendered}", depth)

    def _constructor(self, java_class: JavaClass, members: list[Node], depth: int) -> None:
        constructors = [m for m in members if m.type == "constructor_declaration"]
        fields = [
            m for m in members if m.type == "field_declaration" and "static" not in modifiers_of(m)
        ]
        if not constructors and not fields:
            return
        full = max(constructors, key=lambda c: len(_named(c.child_by_field_name("parameters"))), default=None)
        params: list[tuple[str, str, str | None]] = []
        self.scope = Scope()
        if full is not None:
            for parameter in _named(full.child_by_field_name("parameters")):
                name = text(parameter.child_by_field_name("name"))
                params.append((name, self.py_type(parameter.child_by_field_name("type")), None))
            defaults = self._delegation_defaults(constructors, full, len(params))
            params = [(n, t, defaults.get(i)) for i, (n, t, _) in enumerate(params)]
        environment_needed = False
        injected: list[tuple[str, str]] = []
        for field_node in fields:
            notes = annotations_of(field_node)
            if "Autowired" in notes:
                for declarator in [c for c in _named(field_node) if c.type == "variable_declarator"]:
                    injected.append((text(declarator.child_by_field_name("name")), self.py_type(field_node.child_by_field_name("type"))))
            if "Value" in notes:
                environment_needed = True
        signature = ["self"]
        if java_class.kind == "enum" and _enum_has_arguments(java_class.node):
            signature.append("_constant: str")
        if environment_needed:
            signature.append("environment: Environment")
            self.use("Environment", "spring_ai_py.autoconfigure")
        seen_default = False
        for name, py_type, default in params:
            self.scope.names[name] = snake_case(name)
            if default is not None:
                seen_default = True
                signature.append(f"{snake_case(name)}: {py_type} = {default}")
            elif seen_default:
                signature.append(f"{snake_case(name)}: {py_type} = None")
            else:
                signature.append(f"{snake_case(name)}: {py_type}")
        for name, py_type in injected:
            self.scope.names[name] = snake_case(name)
            signature.append(f"{snake_case(name)}: {py_type}")
        self.emit(f"def __init__({', '.join(signature)}) -> None:", depth)
        self.rule(full if full is not None else java_class.node, f"constructor of {java_class.name}", "__init__")
        start = len(self.lines)
        if java_class.superclass and full is None:
            self.emit("super().__init__()", depth + 1)
        for name, _ in injected:
            self.emit(f"self.{field_name(java_class, name)} = {snake_case(name)}", depth + 1)
        for field_node in fields:
            self._field_initializer(field_node, depth + 1)
        if full is not None:
            body = full.child_by_field_name("body")
            for statement in _named(body):
                if statement.type == "explicit_constructor_invocation":
                    self._super_call(statement, depth + 1)
                    continue
                self.statement(statement, depth + 1)
        self.ensure_body(start, depth + 1)
        self.emit("", depth)
        self.scope = Scope()

    def _super_call(self, statement: Node, depth: int) -> None:
        if text(statement).startswith("this"):
            self.comment_out(statement, depth, "delegating constructor call")
            return
        arguments = statement.child_by_field_name("arguments")
        try:
            values = [self.expr(a) for a in _named(arguments)]
        except Untranslatable as error:
            self.comment_out(statement, depth, str(error))
            return
        self.emit(f"super().__init__({', '.join(values)})", depth)

    def _delegation_defaults(self, constructors: list[Node], full: Node, count: int) -> dict[int, str]:
        defaults: dict[int, str] = {}
        for constructor in constructors:
            if constructor is full:
                continue
            body = _named(constructor.child_by_field_name("body"))
            own = len(_named(constructor.child_by_field_name("parameters")))
            if len(body) == 1 and body[0].type == "explicit_constructor_invocation" and text(body[0]).startswith("this"):
                arguments = _named(body[0].child_by_field_name("arguments"))
                self.scope = Scope({text(p.child_by_field_name("name")): snake_case(text(p.child_by_field_name("name"))) for p in _named(constructor.child_by_field_name("parameters"))})
                for index in range(own, min(count, len(arguments))):
                    try:
                        rendered = self.expr(arguments[index])
                    except Untranslatable as error:
                        self.todo(constructor, "constructor overload", str(error))
                        continue
                    prefix = f"{self.current.qualified}." if self.current else ""
                    defaults[index] = rendered.removeprefix(prefix)
                self.rule(constructor, "delegating constructor", "default argument values")
                self.scope = Scope()
            else:
                self.todo(constructor, f"constructor overload with {own} parameters", "one __init__ keeps the longest overload; add keyword defaults by hand")
        return defaults

    def _field_initializer(self, field_node: Node, depth: int) -> None:
        notes = annotations_of(field_node)
        java_type = field_node.child_by_field_name("type")
        for declarator in [c for c in _named(field_node) if c.type == "variable_declarator"]:
            name = text(declarator.child_by_field_name("name"))
            value = declarator.child_by_field_name("value")
            attribute = field_name(self.current, name) if self.current else snake_case(name)
            if "Value" in notes:
                self.emit(f"self.{attribute} = {self.value_property(notes['Value'], type_text(java_type))}", depth)
                continue
            if "Autowired" in notes:
                continue
            if value is None:
                continue
            saved_lines = self.lines
            self.lines = []
            try:
                rendered = self.expr_typed(value, text(java_type))
                hoisted = [ln for definition in self.pending for ln in definition]
                self.pending = []
                self.lines = saved_lines + ["    " * depth + ln for ln in hoisted]
                annotation = self.py_type(java_type)
                if annotation.startswith(("list[", "dict[", "set[")):
                    # An empty collection needs its element types for mypy.
                    self.emit(f"self.{attribute}: {annotation} = {rendered}", depth)
                else:
                    self.emit(f"self.{attribute} = {rendered}", depth)
            except Untranslatable as error:
                self.lines = saved_lines
                self.pending = []
                self.comment_out(field_node, depth, str(error))

    def value_property(self, arguments: Node | None, java_type: str) -> str:
        """``@Value("${key:default}")`` as an ``environment.get_property`` call."""
        placeholder = string_value(annotation_values(arguments).get("value")) or ""
        self.rule(arguments, f"@Value({placeholder})", "environment.get_property")
        inner = placeholder.strip()
        if not (inner.startswith("${") and inner.endswith("}")):
            return py_string(inner)
        key, _, default = inner[2:-1].partition(":")
        call = f"environment.get_property({py_string(key)}"
        call += f", {py_string(default)})" if ":" in inner else ")"
        python_type = PRIMITIVE_TYPES.get(java_type, "str")
        if python_type in ("int", "float"):
            return f"{python_type}({call} or 0)"
        if python_type == "bool":
            return f'(({call} or "").lower() == "true")'
        return f'({call} or "")'

    # -- methods ------------------------------------------------------------------------

    def write_method(self, java_class: JavaClass, node: Node, depth: int) -> None:
        method = java_class.methods.get(text(node.child_by_field_name("name")))
        name = text(node.child_by_field_name("name"))
        if java_class.kind == "record" and name in dict(java_class.components):
            self.todo(node, f"accessor {name}() of record {java_class.name}", "the pydantic field replaces it; move its logic into a validator")
            return
        arity = len(_named(node.child_by_field_name("parameters")))
        variant = java_class.overloads.get(name, {}).get(arity)
        if method is None or variant is None or variant.node.start_byte != node.start_byte:
            self.comment_out(node, depth, f"overload of {name}() with the same number of parameters: merge it by hand")
            return
        method = variant
        if java_class.top.annotations.get("SpringBootApplication", False) is not False and name == "main" and method.static:
            self.rule(node, "SpringApplication.run in main", "with SpringApplication.run(...) as context (see main())")
            return
        self.current_method = None
        self.scope = Scope()
        notes = annotations_of(node)
        for decorator in self._decorators(node, notes):
            self.emit(decorator, depth)
        self.current_method = method
        saved_locals = self.app.local_classes
        self.app.local_classes = {**saved_locals, **self.app.local_types.get(node.id, {})}
        try:
            self._write_method_body(java_class, node, method, name, depth)
        finally:
            self.current_method = None
            self.app.local_classes = saved_locals

    def _write_method_body(self, java_class: JavaClass, node: Node, method: Method, name: str, depth: int) -> None:
        if method.static:
            self.emit("@staticmethod", depth)
        signature = [] if method.static else ["self"]
        rendered_params = [self._parameter(p) for p in _named(node.child_by_field_name("parameters"))]
        defaulted = ["=" in p.rsplit("]", 1)[-1] for p in rendered_params]
        if any(not d and any(defaulted[:i]) for i, d in enumerate(defaulted)):
            signature.append("*")
        signature.extend(rendered_params)
        return_type = self.py_type(node.child_by_field_name("type"))
        body = node.child_by_field_name("body")
        if body is not None and return_type not in ("None", "Any") and _returns_map_lookup(body, java_class):
            return_type += " | None"  # Java's Map.get returns null for a missing key
        flux_chain = self._reactor_chain(node, body) if type_text(node.child_by_field_name("type")).startswith("Flux") else None
        prefix = "async def" if flux_chain is not None else "def"
        python_name = java_class.python_method_name(name, len(method.params))
        self.emit(f"{prefix} {python_name}({', '.join(signature)}) -> {return_type}:", depth)
        if body is None:
            # An interface or abstract method: implementations override it.
            self.emit("..." if return_type == "None" else "raise NotImplementedError", depth + 1)
            self.emit("", depth)
            return
        if flux_chain is not None:
            statements = _named(body)
            for statement in statements[:-1]:
                self.statement(statement, depth + 1)
            self._write_reactor(statements[-1], flux_chain, depth + 1)
            self.emit("", depth)
            return
        before = len(self.app.findings) - sum(1 for f in self.app.findings if f.translated)
        self.block(body, depth + 1)
        after = len(self.app.findings) - sum(1 for f in self.app.findings if f.translated)
        if after > before and return_type != "None":
            self.emit(
                f'raise NotImplementedError("TODO(migrate): {java_class.name}.{name} kept Java statements as comments")',
                depth + 1,
            )
        self.emit("", depth)

    def _parameter(self, parameter: Node) -> str:
        name = text(parameter.child_by_field_name("name")) if parameter.child_by_field_name("name") else text(_named(parameter)[-1])
        java_type = parameter.child_by_field_name("type")
        if parameter.type == "spread_parameter":
            java_type = _named(parameter)[0]
            self.scope.names[name] = snake_case(name)
            return f"*{snake_case(name)}: {self.py_type(java_type)}"
        self.scope.names[name] = snake_case(name)
        self.scope.types[name] = type_text(java_type)
        py_type = self.py_type(java_type)
        notes = annotations_of(parameter)
        for annotation in ("ToolParam", "McpToolParam"):
            if annotation in notes:
                module = "spring_ai_py.tool.annotation" if annotation == "ToolParam" else "spring_ai_py.mcp.annotation"
                self.use(annotation, module)
                self.use("Annotated", "typing")
                self.rule(parameter, f"@{annotation}", f"Annotated[..., {annotation}(...)]")
                return f"{snake_case(name)}: Annotated[{py_type}, {annotation}({self._keyword_args(notes[annotation])})]"
        if "RequestParam" in notes:
            values = annotation_values(notes["RequestParam"])
            alias = string_value(values.get("value") or values.get("name")) or name
            default = values.get("defaultValue")
            self.use("Query", "fastapi")
            self.use("Annotated", "typing")
            self.rule(parameter, "@RequestParam", "fastapi Query")
            rendered = f"{snake_case(name)}: Annotated[{py_type}, Query(alias={py_string(alias)})]"
            if default is not None:
                # Spring converts the text default to the parameter's type.
                value = string_value(default)
                if py_type == "bool" and value is not None and value.lower() in ("true", "false"):
                    rendered += f" = {value.lower() == 'true'}"
                elif py_type in ("int", "float") and value is not None and value.strip().lstrip("-").replace(".", "", 1).isdigit():
                    rendered += f" = {py_type}({value.strip()!r})"
                else:
                    rendered += f" = {self.expr(default)}"
            elif "required" in values and text(values["required"]) == "false":
                rendered = rendered.replace(f"[{py_type},", f"[{py_type} | None,", 1) + " = None"
            return rendered
        if "PathVariable" in notes:
            self.rule(parameter, "@PathVariable", "path parameter")
            return f"{snake_case(name)}: {py_type}"
        if "RequestBody" in notes:
            self.rule(parameter, "@RequestBody", "request body")
            if py_type in ("str", "dict", "list") or py_type.startswith(("dict[", "list[")):
                self.use("Body", "fastapi")
                self.use("Annotated", "typing")
                return f"{snake_case(name)}: Annotated[{py_type}, Body()]"
            return f"{snake_case(name)}: {py_type}"
        return f"{snake_case(name)}: {py_type}"

    def _keyword_args(self, arguments: Node | None) -> str:
        values = annotation_values(arguments)
        rendered = []
        for key, value in values.items():
            rendered.append(f"{snake_case(key)}={self.expr(value) if value.type != 'element_value_array_initializer' else '[' + ', '.join(self.expr(v) for v in _named(value)) + ']'}")
        return ", ".join(rendered)

    def _decorators(self, node: Node, notes: dict[str, Node | None]) -> list[str]:
        decorators = []
        java_name = text(node.child_by_field_name("name")) if node.child_by_field_name("name") is not None else ""
        # The tool keeps the Java method's name (what the model sees) when snake_case changes it.
        keep_name = f"name={py_string(java_name)}" if java_name and snake_case(java_name) != java_name else ""
        if "Tool" in notes:
            self.use("tool", "spring_ai_py.tool.annotation")
            self.rule(node, "@Tool", "@tool")
            arguments = self._keyword_args(notes["Tool"])
            if keep_name and "name" not in annotation_values(notes["Tool"]):
                arguments = ", ".join(a for a in (keep_name, arguments) if a)
            decorators.append(f"@tool({arguments})" if arguments else "@tool")
        if "McpTool" in notes:
            self.use("McpTool", "spring_ai_py.mcp.annotation")
            self.rule(node, "@McpTool", "@McpTool")
            arguments = self._keyword_args(notes["McpTool"])
            if keep_name and "name" not in annotation_values(notes["McpTool"]):
                arguments = ", ".join(a for a in (keep_name, arguments) if a)
            decorators.append(f"@McpTool({arguments})")
        for name in notes:
            if name in ("Override", "Bean", "Tool", "McpTool", "Autowired", "Nullable", "NonNull", "SuppressWarnings", "Deprecated") or name in MAPPINGS:
                continue
            if name == "ConditionalOnMissingBean" and text(notes[name] or node).strip("()").removesuffix(".class").strip() == "McpSyncClient":
                self.rule(node, "@ConditionalOnMissingBean(McpSyncClient.class)", "main() builds it only when no MCP client is configured")
                continue
            self.todo(node, f"@{name}", "annotation has no Python rule; dropped")
        return decorators

    # -- Reactor operators on Flux -> async generators ----------------------------------

    _REACTOR_OPS = ("map", "doOnNext", "filter", "doOnComplete", "doFinally", "doOnError", "publishOn", "subscribeOn", "contextWrite")

    def _reactor_chain(self, node: Node, body: Node | None) -> list[tuple[str, list[Node]]] | None:
        if body is None:
            return None
        statements = _named(body)
        if not statements or statements[-1].type != "return_statement":
            return None
        value = _named(statements[-1])
        if not value or value[0].type != "method_invocation":
            return None
        ops: list[tuple[str, list[Node]]] = []
        cursor = value[0]
        while cursor is not None and cursor.type == "method_invocation" and text(cursor.child_by_field_name("name")) in self._REACTOR_OPS:
            ops.append((text(cursor.child_by_field_name("name")), _named(cursor.child_by_field_name("arguments"))))
            cursor = cursor.child_by_field_name("object")
        if not ops:
            return None
        ops.append(("source", [cursor]))
        ops.reverse()
        return ops

    def _write_reactor(self, statement: Node, ops: list[tuple[str, list[Node]]], depth: int) -> None:
        self.rule(statement, "Reactor operators on Flux", "async generator")
        try:
            source = self.expr(ops[0][1][0])
            lines: list[tuple[int, str]] = []
            body: list[str] = []
            after: list[str] = []
            errors: list[str] = []
            for name, args in ops[1:]:
                if name in ("publishOn", "subscribeOn", "contextWrite"):
                    continue
                function = self.expr(args[0])
                if name == "map":
                    body.append(f"item = {function}(item)")
                elif name == "doOnNext":
                    body.append(f"{function}(item)")
                elif name == "filter":
                    body.append(f"if not {function}(item):")
                    body.append("    continue")
                elif name == "doOnComplete":
                    after.append(f"{function}()")
                elif name == "doFinally":
                    after.append(f"{function}(None)")
                elif name == "doOnError":
                    errors.append(f"{function}(error)")
            hoisted = [ln for definition in self.pending for ln in definition]
            self.pending = []
            for ln in hoisted:
                lines.append((0, ln))
            if errors:
                lines.append((0, "try:"))
                shift = 1
            else:
                shift = 0
            lines.append((shift, f"async for item in {source}:"))
            for ln in body:
                lines.append((shift + 1, ln))
            lines.append((shift + 1, "yield item"))
            if errors:
                lines.append((0, "except Exception as error:"))
                for ln in errors:
                    lines.append((1, ln))
                lines.append((1, "raise"))
            for ln in after:
                lines.append((0, ln))
        except Untranslatable as error:
            self.comment_out(statement, depth, str(error))
            self.emit("raise NotImplementedError(\"TODO(migrate): Reactor chain kept as a comment\")", depth)
            self.emit("yield", depth)
            return
        for indent, ln in lines:
            self.emit(ln, depth + indent)

    # -- module rendering -----------------------------------------------------------------

    def first_party_imports(self) -> dict[str, set[str]]:
        """The modules of the translated package this module imports: module → names."""
        words = _words("\n".join(ln for ln in self.lines if not ln.lstrip().startswith("#")))
        found: dict[str, set[str]] = {}
        for python_name, (module, _) in self.used.items():
            if python_name in words and module.split(".")[0] == self.app.python_package:
                found.setdefault(module, set()).add(python_name)
        return found

    def render(self, imported_last: frozenset[str] = frozenset()) -> str:
        """The module's source. Imports of the modules in ``imported_last`` (which import
        this one too) go after the body, so whichever of the two is imported first has
        defined its classes before the other asks for them."""
        header = ['"""Translated from ' + str(self.path.relative_to(self.app.root)) + ' by spring_ai_py migrate."""', "", "from __future__ import annotations", ""]
        body = "\n".join(self.lines).rstrip() + "\n"
        # Names only in comments (Java kept as TODO) need no import.
        code = "\n".join(ln for ln in self.lines if not ln.lstrip().startswith("#"))
        plain: set[str] = set()
        froms: dict[str, set[str]] = {}
        for entry in self.std:
            module, _, name = entry.rpartition(".")
            if (name if module else entry) not in _words(code):
                continue
            if not module:
                plain.add(entry)
            else:
                froms.setdefault(module, set()).add(name)
        if "Any" in _words(code):
            froms.setdefault("typing", set()).add("Any")
        elif "Any" in froms.get("typing", set()):
            froms["typing"].discard("Any")
        third_plain: set[str] = set()
        third: dict[str, set[str]] = {}
        first: dict[str, set[str]] = {}
        words = _words(code)
        for python_name, (module, _) in self.used.items():
            if python_name not in words:
                continue
            if module == "uvicorn_module":
                third_plain.add("uvicorn")
            elif module in ("typing", "pathlib", "enum", "collections.abc", "datetime", "concurrent.futures"):
                froms.setdefault(module, set()).add(python_name)
            elif module.split(".")[0] == self.app.python_package:
                first.setdefault(module, set()).add(python_name)
            else:
                third.setdefault(module, set()).add(python_name)
        last = {m: first.pop(m) for m in sorted(imported_last) if m in first}
        sections = []
        for plain_names, named in ((plain, froms), (third_plain, third), (set(), first)):
            named = {m: n for m, n in named.items() if n}
            lines = [f"import {m}" for m in sorted(plain_names)]
            lines += [f"from {m} import {', '.join(sorted(n, key=_isort_key))}" for m, n in sorted(named.items())]
            if lines:
                sections.append("\n".join(lines))
        import_lines = ["\n\n".join(sections)] if sections else []
        tail = ""
        if last:
            tail = "\n\n# Imported last: these modules import this one too (a cycle the Java packages allow).\n"
            tail += "\n".join(f"from {m} import {', '.join(sorted(n, key=_isort_key))}  # noqa: E402" for m, n in last.items()) + "\n"
        guard = '\n\nif __name__ == "__main__":'
        if tail and guard in body:
            before, _, after = body.rpartition(guard)
            return "\n".join(header + import_lines + ["", "", ""]) + before + tail + guard + after
        return "\n".join(header + import_lines + ["", "", ""]) + body + tail

    def used_at_import_time(self) -> set[str]:
        """Names the module needs while it is being imported: in class headers, decorators
        and class-level values (not inside functions, not in annotations, which
        ``from __future__ import annotations`` leaves unevaluated)."""
        needed: set[str] = set()
        function_indents: list[int] = []
        for line in self.lines:
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            indent = len(line) - len(line.lstrip())
            while function_indents and indent <= function_indents[-1]:
                function_indents.pop()
            if function_indents:
                continue
            if stripped.startswith(("def ", "async def ")):
                function_indents.append(indent)
                continue
            annotated = re.match(r"[A-Za-z_][A-Za-z0-9_]*\s*:(?!=)(.*)", stripped)
            if annotated is not None and not stripped.startswith(("class ", "else", "try", "finally", "except")):
                value = annotated.group(1).partition("=")[2]
                needed |= _words(value)
                continue
            needed |= _words(stripped)
        return needed


#: java.util.function interfaces: a class implementing one is called through this method.
_FUNCTIONAL_INTERFACES = {"Function": "apply", "BiFunction": "apply", "Supplier": "get", "Consumer": "accept", "BiConsumer": "accept", "Predicate": "test"}


def _is_java_bean(java_class: JavaClass) -> bool:
    """A class with only no-argument constructors whose every instance field has a getter
    and a setter (Jackson's data classes before records)."""
    if java_class.kind != "class" or java_class.superclass or java_class.interfaces:
        return False
    body = java_class.node.child_by_field_name("body")
    members = _named(body) if body is not None else []
    if any(m.type == "constructor_declaration" and _named(m.child_by_field_name("parameters")) for m in members):
        return False
    names = [
        text(d.child_by_field_name("name"))
        for m in members
        if m.type == "field_declaration" and "static" not in modifiers_of(m)
        for d in _named(m)
        if d.type == "variable_declarator"
    ]
    if not names:
        return False
    for name in names:
        capital = name[:1].upper() + name[1:]
        if f"set{capital}" not in java_class.methods or not ({f"get{capital}", f"is{capital}"} & set(java_class.methods)):
            return False
    return True


def _returns_map_lookup(body: Node, java_class: JavaClass) -> bool:
    """Whether a method returns ``field.get(key)`` of a ``Map`` field (which may be null)."""
    stack = list(_named(body))
    while stack:
        node = stack.pop()
        if node.type in ("lambda_expression", "class_body"):
            continue
        if node.type == "return_statement" and _named(node):
            value = _named(node)[0]
            if value.type == "method_invocation" and text(value.child_by_field_name("name")) == "get":
                target = value.child_by_field_name("object")
                declared = java_class.fields.get(text(target).removeprefix("this.")) if target is not None else None
                if declared is not None and declared.split("<", 1)[0] in ("Map", "HashMap", "LinkedHashMap", "TreeMap", "ConcurrentHashMap", "ConcurrentMap"):
                    return True
        stack.extend(_named(node))
    return False


def _enum_has_arguments(node: Node) -> bool:
    """Whether an enum's constants pass constructor arguments (``C("metric")``)."""
    body = node.child_by_field_name("body")
    return body is not None and any(
        c.type == "enum_constant" and c.child_by_field_name("arguments") is not None for c in _named(body)
    )


def _isort_key(name: str) -> tuple[int, str]:
    """isort's order inside ``from x import ...``: CONSTANTS, Classes, functions."""
    if name.isupper() and len(name) > 1:
        return (0, name)
    return (1 if name[:1].isupper() else 2, name)


def _words(body: str) -> set[str]:
    import re

    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", body))


def bean_methods(java_class: JavaClass) -> list[Method]:
    return [m for m in java_class.methods.values() if "Bean" in m.annotations]


def is_component(java_class: JavaClass) -> bool:
    return bool(COMPONENT_ANNOTATIONS & set(java_class.annotations))


def mapping_of(method: Method, prefix: str) -> tuple[str, str] | None:
    for name, verb in MAPPINGS.items():
        if name in method.annotations:
            values = annotation_values(method.annotations[name])
            path = string_value(values.get("value") or values.get("path")) or ""
            if name == "RequestMapping" and "method" in values:
                verb = text(values["method"]).rsplit(".", 1)[-1]
            return verb, "/" + "/".join(p.strip("/") for p in (prefix, path) if p.strip("/"))
    return None


__all__ = ["Any", "Bean", "ModuleWriter", "bean_methods", "is_component", "mapping_of"]
