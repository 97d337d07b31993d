"""A Spring Boot project folder in, a Python package out."""

from __future__ import annotations

import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from spring_ai_py.migrate._kotlin import kotlin_to_java
from spring_ai_py.migrate._model import Bean, Finding, JavaClass, Method
from spring_ai_py.migrate._module import (
    CONTEXT_BEANS,
    RUNNER_TYPES,
    TYPE_DECLARATIONS,
    ModuleWriter,
    annotation_values,
    annotations_of,
    bean_methods,
    is_component,
    mapping_of,
    modifiers_of,
    string_value,
    type_text,
)
from spring_ai_py.migrate._names import module_name, snake_case
from spring_ai_py.migrate._providers import provider_extras
from spring_ai_py.migrate._translator import Application, Node, Untranslatable, _named, parse, text

_CONFIG_SUFFIXES = (".properties", ".yml", ".yaml")


@dataclass
class MigrationReport:
    """What ``migrate`` wrote and every construct it met (see ``MIGRATION.md``)."""

    source: Path
    output: Path
    package: str
    modules: list[Path] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def untranslated(self) -> list[Finding]:
        """The constructs a person has to finish (``TODO(migrate)`` in the code)."""
        return [f for f in self.findings if not f.translated]


class _Wiring:
    """Resolves bean dependencies by type into Python statements over ``context``."""

    def __init__(self, writer: ModuleWriter, app: Application) -> None:
        self.writer = writer
        self.app = app
        self.lines: list[str] = []
        self.values: dict[str, str] = {}

    def _assign(self, key: str, expression: str) -> str:
        if key in self.values:
            return self.values[key]
        name = snake_case(key.split(".")[-1].replace("<", "_").replace(">", "").replace(",", "_"))
        name = re.sub(r"[^a-z0-9_]", "_", name)
        while name in self.values.values():
            name += "_"
        self.lines.append(f"{name} = {expression}")
        self.values[key] = name
        return name

    def provide(self, java_type: str, notes: dict[str, Node | None]) -> str:
        if "Value" in notes:
            return self.writer.value_property(notes["Value"], java_type).replace(
                "environment.", "context.environment."
            )
        simple = java_type.split("<", 1)[0]
        for bean in self.app.beans:
            if bean.type_name == java_type or bean.type_name.split("<", 1)[0] == simple:
                return self.bean(bean)
        if java_type in _WITH_APPLICATION_MCP_CLIENTS:
            self._add_application_mcp_clients()
        if java_type in CONTEXT_BEANS:
            return CONTEXT_BEANS[java_type]
        if simple in CONTEXT_BEANS and "<" not in java_type:
            return CONTEXT_BEANS[simple]
        own = self.app.classes.get(simple)
        if own is not None:
            return self.instance(own)
        raise Untranslatable(f"no bean of type {java_type} in the context")

    def _add_application_mcp_clients(self) -> None:
        """Spring injects the application's own ``McpSyncClient`` beans into every
        ``List<McpSyncClient>`` and the MCP tool callbacks, after the configured ones."""
        for bean in self.app.beans:
            if bean.type_name != "McpSyncClient" or f"added:{bean.method.name}" in self.values:
                continue
            client = self.bean(bean)
            self.values[f"added:{bean.method.name}"] = client
            if "ConditionalOnMissingBean" in bean.method.annotations:
                self.lines.append(f"if {client} is not None:")
                self.lines.append(f"    context.add_mcp_sync_client({client})")
            else:
                self.lines.append(f"context.add_mcp_sync_client({client})")

    def instance(self, java_class: JavaClass) -> str:
        key = java_class.name
        if key in self.values:
            return self.values[key]
        self.writer.resolve_type_name(java_class.top.name)
        arguments = []
        if _needs_environment(java_class):
            arguments.append("context.environment")
        constructors = [m for m in _named(java_class.node.child_by_field_name("body")) if m.type == "constructor_declaration"]
        if constructors:
            longest = max(constructors, key=lambda c: len(_named(c.child_by_field_name("parameters"))))
            for parameter in _named(longest.child_by_field_name("parameters")):
                arguments.append(self.provide(type_text(parameter.child_by_field_name("type")), annotations_of(parameter)))
        for member in _named(java_class.node.child_by_field_name("body")):
            if member.type == "field_declaration" and "Autowired" in annotations_of(member):
                arguments.append(self.provide(type_text(member.child_by_field_name("type")), {}))
        return self._assign(key, f"{java_class.qualified}({', '.join(arguments)})")

    def bean(self, bean: Bean) -> str:
        key = f"{bean.owner.name}.{bean.method.name}"
        if key in self.values:
            return self.values[key]
        owner = self.instance(bean.owner)
        arguments = [
            self.provide(type_text(p.child_by_field_name("type")), annotations_of(p))
            for p in _named(bean.method.node.child_by_field_name("parameters"))
        ]
        call = f"{owner}.{snake_case(bean.method.name)}({', '.join(arguments)})"
        condition = bean.method.annotations.get("ConditionalOnMissingBean") if "ConditionalOnMissingBean" in bean.method.annotations else None
        if condition is not None:
            missing = text(condition).strip("()").removesuffix(".class").strip()
            if missing in _AUTOCONFIGURED_LISTS:
                # Boot skips the bean when auto-configuration made one of that type.
                call = f"({call} if not {_AUTOCONFIGURED_LISTS[missing]} else None)"
        return self._assign(key, call)


#: Bean types whose tools Spring's ``toolCallbackResolver`` resolves by name.
_TOOL_BEAN_TYPES = {"ToolCallback", "FunctionToolCallback", "MethodToolCallback", "ToolCallbackProvider", "MethodToolCallbackProvider", "StaticToolCallbackProvider"}

#: Context beans that hold the application's own ``McpSyncClient`` beans too.
_WITH_APPLICATION_MCP_CLIENTS = {"List<McpSyncClient>", "ToolCallbackProvider", "SyncMcpToolCallbackProvider"}

#: Beans that auto-configuration makes from the configuration (``@ConditionalOnMissingBean``).
_AUTOCONFIGURED_LISTS = {"McpSyncClient": "context.mcp_sync_clients()"}


def _needs_environment(java_class: JavaClass) -> bool:
    return any(
        member.type == "field_declaration" and "Value" in annotations_of(member)
        for member in _named(java_class.node.child_by_field_name("body"))
    )


class Migration:
    """One run of the translator over a project folder."""

    def __init__(self, source: Path, output: Path) -> None:
        self.source = source
        self.output = output
        self.package = snake_case(re.sub(r"[^A-Za-z0-9]+", "_", source.resolve().name)).strip("_") or "app"
        if self.package[0].isdigit():
            self.package = "app_" + self.package
        if self.package in sys.stdlib_module_names or self.package in ("spring_ai_py", "pydantic", "fastapi"):
            self.package += "_app"  # a package named "types" or "enum" would hide the library's
        self.java_root = source / "src" / "main" / "java"
        self.resources = source / "src" / "main" / "resources"
        self.trees: dict[Path, Node] = {}
        self.app = Application(source, "")
        self.app.python_package = self.package
        self.uses_logging = False

    # -- reading --------------------------------------------------------------------------

    def java_files(self) -> list[Path]:
        if not self.java_root.is_dir():
            return []
        return sorted(p for p in self.java_root.rglob("*.java") if p.is_file())

    def kotlin_files(self) -> list[Path]:
        roots = [self.source / "src" / "main" / "kotlin", self.java_root]
        return sorted(p for root in roots if root.is_dir() for p in root.rglob("*.kt") if p.is_file())

    def _parse(self, path: Path, declared: set[str]) -> Node:
        if path.suffix != ".kt":
            return parse(path.read_bytes())
        spelled = kotlin_to_java(path.read_bytes(), declared)
        self.app.kotlin_lines[path] = spelled.lines
        relative = str(path.relative_to(self.source))
        self.app.findings.append(Finding(relative, 1, "Kotlin source", "spelled as Java by the Kotlin front end, then translated by the Java rules"))
        for line, construct, rule, todo in spelled.findings:
            self.app.findings.append(Finding(relative, line, construct, rule, todo))
        return parse(spelled.java.encode("utf-8"))

    def read(self) -> None:
        files = self.java_files() + self.kotlin_files()
        declared = {m.group(1) for p in self.kotlin_files() for m in re.finditer(r"\bclass\s+([A-Za-z_]\w*)", p.read_text(encoding="utf-8"))}
        packages = []
        for path in files:
            tree = self._parse(path, declared)
            self.trees[path] = tree
            package = next((text(n).removeprefix("package").strip().rstrip(";").strip() for n in _named(tree) if n.type == "package_declaration"), "")
            packages.append(package)
        common = _common_package(packages)
        self.app.package = common
        for path, package in zip(files, packages, strict=True):
            relative = package[len(common) :].strip(".")
            sub = [snake_case(p) for p in relative.split(".") if p]
            types = [n for n in _named(self.trees[path]) if n.type in TYPE_DECLARATIONS]
            if not types:
                continue
            # Every type of a file goes to one module, named after the file's first type (a
            # Kotlin file after the file itself: its name need not be a type's).
            stem = path.stem if path.suffix == ".kt" else text(types[0].child_by_field_name("name"))
            module = ".".join([self.package, *sub, module_name(stem)])
            for node in types:
                self._collect(node, path, module, None)

    def _collect(self, node: Node, path: Path, module: str, outer: JavaClass | None, local: bool = False) -> JavaClass:
        kind = node.type.removesuffix("_declaration")
        name = text(node.child_by_field_name("name"))
        java_class = JavaClass(name, kind, path, module, node, outer, annotations_of(node))
        superclass = node.child_by_field_name("superclass")
        if superclass is not None:
            java_class.superclass = text(_named(superclass)[0])
        interfaces = node.child_by_field_name("interfaces")
        for child in node.children:
            if child.type in ("super_interfaces", "extends_interfaces"):
                interfaces = child
        if interfaces is not None:
            for type_list in _named(interfaces):
                java_class.interfaces.extend(text(t) for t in _named(type_list))
        if kind == "record":
            for parameter in _named(node.child_by_field_name("parameters")):
                if parameter.type == "formal_parameter":
                    component = text(parameter.child_by_field_name("name"))
                    java_class.components.append((component, type_text(parameter.child_by_field_name("type"))))
                    alias = string_value(annotation_values(annotations_of(parameter).get("JsonProperty")).get("value"))
                    if alias is None and snake_case(component) != component:
                        alias = component
                    if alias is not None and alias != snake_case(component):
                        java_class.aliases[component] = alias
                    self.app.record_components.add(component)
        body = node.child_by_field_name("body")
        members = _named(body) if body is not None else []
        if kind == "enum":
            for member in members:
                if member.type == "enum_constant":
                    java_class.fields[text(member.child_by_field_name("name"))] = name
                    java_class.static_fields.add(text(member.child_by_field_name("name")))
            members = [m for d in members if d.type == "enum_body_declarations" for m in _named(d)]
        for member in members:
            if member.type == "field_declaration":
                for declarator in [c for c in _named(member) if c.type == "variable_declarator"]:
                    field_name = text(declarator.child_by_field_name("name"))
                    java_class.fields[field_name] = type_text(member.child_by_field_name("type"))
                    if "static" in modifiers_of(member) or kind == "interface":
                        java_class.static_fields.add(field_name)
            elif member.type == "method_declaration":
                method_name = text(member.child_by_field_name("name"))
                params = [
                    (text(p.child_by_field_name("name")) if p.child_by_field_name("name") else "", type_text(p.child_by_field_name("type")))
                    for p in _named(member.child_by_field_name("parameters"))
                ]
                method = Method(method_name, "static" in modifiers_of(member), params, type_text(member.child_by_field_name("type")), annotations_of(member), member)
                variants = java_class.overloads.setdefault(method_name, {})
                if len(params) in variants:
                    continue
                variants[len(params)] = method
                java_class.methods.setdefault(method_name, method)
                body_node = member.child_by_field_name("body")
                for declaration in _local_declarations(body_node) if body_node is not None else []:
                    # A type declared in a method body is visible there only.
                    local_type = self._collect(declaration, path, module, None, local=True)
                    self.app.local_types.setdefault(member.id, {})[local_type.name] = local_type
            elif member.type in TYPE_DECLARATIONS:
                nested = self._collect(member, path, module, java_class, local)
                java_class.nested[nested.name] = nested
        if outer is None and not local:
            self.app.classes[name] = java_class
        for method in bean_methods(java_class) if not local else []:
            self.app.beans.append(Bean(java_class, method))
        self.app.nodes[node.id] = java_class
        return java_class

    # -- writing --------------------------------------------------------------------------

    def application_class(self) -> JavaClass | None:
        for java_class in self.app.classes.values():
            if "SpringBootApplication" in java_class.annotations:
                return java_class
        return None

    def properties(self) -> dict[str, str]:
        found: dict[str, str] = {}
        if not self.resources.is_dir():
            return found
        for path in sorted(self.resources.glob("application*.properties")):
            for line in path.read_text(encoding="utf-8").splitlines():
                key, sep, value = line.partition("=")
                if sep and not key.strip().startswith("#"):
                    found[key.strip()] = value.strip()
        for path in sorted(self.resources.glob("application*.y*ml")):
            stack: list[tuple[int, str]] = []
            for line in path.read_text(encoding="utf-8").splitlines():
                if not line.strip() or line.strip().startswith(("#", "-")) or ":" not in line:
                    continue
                indent = len(line) - len(line.lstrip())
                key, _, value = line.strip().partition(":")
                while stack and stack[-1][0] >= indent:
                    stack.pop()
                stack.append((indent, key.strip()))
                if value.strip():
                    found[".".join(k for _, k in stack)] = value.strip().strip("\"'")
        return found

    def write(self) -> MigrationReport:
        self.read()
        package_dir = self.output / self.package
        package_dir.mkdir(parents=True, exist_ok=True)
        report = MigrationReport(self.source, self.output, self.package)
        app_class = self.application_class()
        main_module: str | None = None
        written_packages: set[Path] = {package_dir}
        rendered: list[tuple[ModuleWriter, str, str, Path]] = []
        for path, tree in self.trees.items():
            writer = ModuleWriter(self.app, path, tree)
            top = [self.app.class_for_node(n) for n in _named(tree) if n.type in TYPE_DECLARATIONS]
            if not top:
                continue
            writer.write_only()
            self.uses_logging |= writer.uses_logging
            module = top[0].module
            if app_class is not None and app_class in top:
                main_module = module
                source_text = self.main_source(writer, app_class)
            elif app_class is None and any("main" in c.methods and c.methods["main"].static for c in top):
                main_module = main_module or module
                source_text = self.plain_main_source(writer, next(c for c in top if "main" in c.methods))
            else:
                source_text = writer.render()
            target = self.output / Path(*module.split(".")).with_suffix(".py")
            rendered.append((writer, module, source_text, target))
        last = _imported_last({module: writer for writer, module, _, _ in rendered})
        for writer, module, source_text, target in rendered:
            if module in last:
                writer.rule(writer.root_node, "import cycle between translated modules", "the cyclic imports come after the module body")
                source_text = writer.render(frozenset(last[module]))
            target.parent.mkdir(parents=True, exist_ok=True)
            written_packages.add(target.parent)
            target.write_text(source_text, encoding="utf-8")
            report.modules.append(target)
        for directory in written_packages:
            cursor = directory
            while cursor != self.output and cursor.is_relative_to(package_dir):
                init = cursor / "__init__.py"
                if not init.exists():
                    init.write_text(f'"""{cursor.name} (translated by spring_ai_py migrate)."""\n', encoding="utf-8")
                cursor = cursor.parent
        if main_module is not None:
            (package_dir / "__main__.py").write_text(
                f'"""Runs the application: python -m {self.package}."""\n\nimport sys\n\nfrom {main_module} import main\n\nmain(sys.argv[1:])\n',
                encoding="utf-8",
            )
        self.copy_resources(package_dir)
        self.write_pyproject(main_module)
        report.findings = list(self.app.findings)
        self.write_report(report)
        return report

    def main_source(self, writer: ModuleWriter, app_class: JavaClass) -> str:
        """The application module with ``main()``: Boot's wiring spelled out."""
        depth = len(app_class.module.split(".")) - 1
        writer.use("Path", "pathlib")
        writer.use("SpringApplication", "spring_ai_py.autoconfigure")
        writer.emit(f'RESOURCES = Path(__file__).resolve().parents[{depth - 1}] / "resources"')
        writer.emit('"""The copied ``src/main/resources``: configuration, prompts, MCP server lists."""')
        writer.emit("")
        controllers = [c for c in self.app.classes.values() if "RestController" in c.annotations or "Controller" in c.annotations]
        if controllers:
            self._create_app(writer, controllers)
        writer.emit("")
        writer.emit("def main(args: list[str] | None = None) -> None:")
        served = ", serve the web app" if controllers else ""
        writer.emit(f'"""As Boot\'s ``SpringApplication.run``: build the context, run the runners{served}."""', 1)
        if self.uses_logging:
            writer.std.add("logging")
            writer.emit("logging.basicConfig(level=logging.INFO)", 1)
        run_arguments = "config_dir=RESOURCES"
        if any(value.startswith("classpath:") for value in self.properties().values()):
            # config_dir is the copied resources folder, where classpath: locations resolve.
            self.app.findings.append(
                Finding("src/main/resources", 1, "classpath: locations", "resolved against the copied resources (config_dir)")
            )
        writer.emit(f"with SpringApplication.run({run_arguments}) as context:", 1)
        wiring = _Wiring(writer, self.app)
        body: list[str] = []
        self._tool_beans(writer, wiring, body)
        for bean in self.app.beans:
            if bean.type_name in RUNNER_TYPES:
                try:
                    runner = wiring.bean(bean)
                except Untranslatable as error:
                    body.append(f"# TODO(migrate): {error}")
                    writer.todo(bean.method.node, f"@Bean {bean.method.name}", str(error))
                    continue
                writer.rule(bean.method.node, f"CommandLineRunner bean {bean.method.name}", "called from main()")
                body.append(f"{runner}(args or [])")
        server = self._mcp_server(writer, wiring, body)
        if controllers:
            writer.use("uvicorn", "uvicorn_module")
            body.append('port = int(context.environment.get_property("server.port", "8080") or "8080")')
            body.append('uvicorn.run(create_app(context), host="127.0.0.1", port=port)')
        elif server is None and not body:
            for java_class in self.app.classes.values():
                if is_component(java_class) and java_class is not app_class:
                    try:
                        body.append(f"# the context builds {wiring.instance(java_class)} as Boot does")
                    except Untranslatable as error:
                        writer.todo(java_class.node, java_class.name, str(error))
        for line in wiring.lines + body:
            writer.emit(line, 2)
        if not wiring.lines and not body:
            writer.emit("pass", 2)
        writer.emit("")
        writer.emit("")
        writer.emit('if __name__ == "__main__":')
        writer.emit("main()", 1)
        return writer.render()

    def _tool_beans(self, writer: ModuleWriter, wiring: _Wiring, body: list[str]) -> None:
        """An app that names tools (``toolNames("x")``) finds them among its ``ToolCallback``
        and ``ToolCallbackProvider`` beans, as Spring's ``toolCallbackResolver`` does."""
        sources = "\n".join(text(tree) for tree in self.trees.values())
        if "toolNames(" not in sources and "defaultToolNames(" not in sources:
            return
        for bean in self.app.beans:
            if bean.type_name in _TOOL_BEAN_TYPES or bean.type_name.startswith("List<ToolCallback"):
                try:
                    value = wiring.bean(bean)
                except Untranslatable as error:
                    writer.todo(bean.method.node, f"@Bean {bean.method.name}", str(error))
                    continue
                writer.rule(bean.method.node, f"{bean.type_name} bean {bean.method.name}", "context.add_tool_callbacks: resolvable by tool name")
                star = "*" if bean.type_name.startswith("List<") else ""
                # Before any bean asks for a ChatClient.Builder (which builds the tool calling manager).
                wiring.lines.append(f"context.add_tool_callbacks({star}{value})")

    def _mcp_server(self, writer: ModuleWriter, wiring: _Wiring, body: list[str]) -> str | None:
        if not self.is_mcp_server():
            return None
        properties = self.properties()
        tools: list[str] = []
        for bean in self.app.beans:
            if bean.type_name in ("ToolCallbackProvider", "MethodToolCallbackProvider"):
                tools.append(f"*{wiring.bean(bean)}.get_tool_callbacks()")
            elif bean.type_name.startswith("List<ToolCallback"):
                tools.append(f"*{wiring.bean(bean)}")
        annotated = [c for c in self.app.classes.values() if any("McpTool" in m.annotations for m in c.methods.values())]
        if annotated:
            writer.use("SyncMcpToolProvider", "spring_ai_py.mcp.annotation")
            instances = ", ".join(wiring.instance(c) for c in annotated)
            tools.append(f"*SyncMcpToolProvider([{instances}]).get_tool_specifications()")
        writer.use("McpToolServer", "spring_ai_py.mcp")
        name = properties.get("spring.ai.mcp.server.name", self.package)
        body.append(f'server = McpToolServer("{name}", tools=[{", ".join(tools)}])')
        writer.rule(self.app.classes[next(iter(self.app.classes))].node, "MCP server starter", "McpToolServer")
        if self.mcp_over_stdio():
            body.append("server.run_stdio()")
        else:
            writer.use("uvicorn", "uvicorn_module")
            body.append('port = int(context.environment.get_property("server.port", "8080") or "8080")')
            # spring.ai.mcp.server.protocol: STREAMABLE (2.0.1's default) or SSE (1.x's).
            body.append('protocol = (context.environment.get_property("spring.ai.mcp.server.protocol", "STREAMABLE") or "").upper()')
            body.append('app = server.sse_app() if protocol == "SSE" else server.streamable_http_app()')
            body.append('uvicorn.run(app, host="127.0.0.1", port=port)')
        return "server"

    def _create_app(self, writer: ModuleWriter, controllers: list[JavaClass]) -> None:
        writer.use("FastAPI", "fastapi")
        writer.use("ApplicationContext", "spring_ai_py.autoconfigure")
        writer.use("route", "spring_ai_py.migrate.web")
        writer.emit("def create_app(context: ApplicationContext) -> FastAPI:")
        writer.emit('"""The web layer: each controller method becomes a route."""', 1)
        wiring = _Wiring(writer, self.app)
        routes = []
        for controller in controllers:
            prefix = ""
            if "RequestMapping" in controller.annotations:
                prefix = string_value(annotation_values(controller.annotations["RequestMapping"]).get("value") or annotation_values(controller.annotations["RequestMapping"]).get("path")) or ""
            try:
                instance = wiring.instance(controller)
            except Untranslatable as error:
                writer.todo(controller.node, controller.name, str(error))
                routes.append(f"# TODO(migrate): {error}")
                continue
            for method in controller.methods.values():
                mapping = mapping_of(method, prefix)
                if mapping is None:
                    continue
                verb, path = mapping
                writer.rule(method.node, f"@{verb.title()}Mapping {path}", "FastAPI route")
                routes.append(f'app.add_api_route("{path}", route({instance}.{snake_case(method.name)}), methods=["{verb}"], response_model=None)')
        writer.emit("app = FastAPI()", 1)
        for line in wiring.lines + routes:
            writer.emit(line, 1)
        writer.emit("return app", 1)
        writer.emit("")

    def plain_main_source(self, writer: ModuleWriter, java_class: JavaClass) -> str:
        """A module whose class has a plain ``static void main``: call it."""
        writer.emit("")
        writer.emit("def main(args: list[str] | None = None) -> None:")
        writer.emit(f"{java_class.name}.main(args or [])", 1)
        writer.emit("")
        writer.emit("")
        writer.emit('if __name__ == "__main__":')
        writer.emit("main()", 1)
        return writer.render()

    def copy_resources(self, package_dir: Path) -> None:
        target = package_dir / "resources"
        if self.resources.is_dir():
            shutil.copytree(self.resources, target, dirs_exist_ok=True)
        else:
            target.mkdir(exist_ok=True)
        for path in sorted(target.rglob("*")):
            if path.is_file():
                self.app.findings.append(Finding(str(self.resources.relative_to(self.source) / path.relative_to(target)), 1, "resource", f"copied as is to {self.package}/resources"))

    def extras(self) -> list[str]:
        extras = set()
        resource_files = [p for p in self.resources.rglob("*")] if self.resources.is_dir() else []
        if any(p.suffix in (".yml", ".yaml") for p in resource_files):
            extras.add("config")
        properties = self.properties()
        sources = "\n".join(p.read_text(encoding="utf-8") for p in self.trees)
        if any(k.startswith("spring.ai.mcp") for k in properties) or "modelcontextprotocol" in sources or "McpTool" in sources:
            extras.add("mcp")
        if any("postgresql" in v for v in properties.values()):
            extras.add("postgres")
        extras |= provider_extras(self.build_text(), sources)
        return sorted(extras)

    def write_pyproject(self, main_module: str | None) -> None:
        extras = self.extras()
        requirement = f"spring_ai_py[{','.join(extras)}]" if extras else "spring_ai_py"
        dependencies = [requirement]
        if any("RestController" in c.annotations or "Controller" in c.annotations for c in self.app.classes.values()) or self.serves_mcp_over_http():
            dependencies += ["fastapi>=0.110", "uvicorn>=0.30"]
        lines = [
            "[build-system]",
            'requires = ["setuptools>=77"]',
            'build-backend = "setuptools.build_meta"',
            "",
            "[project]",
            f'name = "{self.package.replace("_", "-")}"',
            'version = "0.1.0"',
            f'description = "{self.source.resolve().name}, translated from Java by spring_ai_py migrate"',
            'requires-python = ">=3.11"',
            "dependencies = [" + ", ".join(f'"{d}"' for d in dependencies) + "]",
            "",
        ]
        if main_module is not None:
            lines += ["[project.scripts]", f'{self.package.replace("_", "-")} = "{main_module}:main"', ""]
        lines += [
            "[tool.setuptools.packages.find]",
            f'include = ["{self.package}*"]',
            "",
            "[tool.setuptools.package-data]",
            f'{self.package} = ["resources/**/*"]',
            "",
            "[tool.ruff]",
            "line-length = 120",
            "",
            "[tool.ruff.lint]",
            'select = ["E4", "E7", "E9", "F"]',
            "# a variable whose only use was kept as a TODO(migrate) comment is unused",
            'ignore = ["F841"]',
            "",
            "[tool.mypy]",
            "ignore_missing_imports = true",
            "",
        ]
        (self.output / "pyproject.toml").write_text("\n".join(lines), encoding="utf-8")

    def serves_mcp_over_http(self) -> bool:
        return self.is_mcp_server() and not self.mcp_over_stdio()

    def mcp_over_stdio(self) -> bool:
        """Boot's plain MCP server starter serves stdio; the WebMVC / WebFlux ones HTTP."""
        if self.properties().get("spring.ai.mcp.server.stdio", "false") == "true":
            return True
        return "spring-ai-starter-mcp-server-web" not in self.build_text() and "mcp-server-webmvc" not in self.build_text()

    def build_text(self) -> str:
        return "".join(p.read_text(encoding="utf-8") for p in (self.source / "pom.xml", self.source / "build.gradle", self.source / "build.gradle.kts") if p.exists())

    def is_mcp_server(self) -> bool:
        return "mcp-server" in self.build_text()

    def write_report(self, report: MigrationReport) -> None:
        translated = [f for f in report.findings if f.translated]
        todo = report.untranslated
        lines = [
            f"# Migration of {self.source.resolve().name}",
            "",
            f"`spring_ai_py migrate` translated {len(self.trees)} source files into the package `{self.package}`.",
            f"{len(translated)} constructs were translated by a rule, {len(todo)} were not.",
            "Each construct that was not is kept in the code as a `# TODO(migrate):` comment",
            "holding the Java text.",
            "",
            "Run it: `pip install -e .` then `python -m " + self.package + "`.",
            "",
            "## Not translated: what to do",
            "",
            "| where | what | what to do |",
            "|---|---|---|",
        ]
        for finding in todo:
            lines.append(f"| {finding.file}:{finding.line} | {_cell(finding.construct)} | {_cell(finding.todo)} |")
        if not todo:
            lines.append("| - | nothing | - |")
        lines += ["", "## Translated by a rule", "", "| where | what | rule |", "|---|---|---|"]
        for finding in translated:
            lines.append(f"| {finding.file}:{finding.line} | {_cell(finding.construct)} | {_cell(finding.rule)} |")
        (self.output / "MIGRATION.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _local_declarations(block: Node) -> list[Node]:
    """The type declarations among a method body's statements (not inside lambdas or
    other types)."""
    found = []
    for child in _named(block):
        if child.type in TYPE_DECLARATIONS:
            found.append(child)
        elif child.type in ("block", "if_statement", "for_statement", "enhanced_for_statement", "while_statement", "try_statement"):
            found.extend(_local_declarations(child))
    return found


def _imported_last(writers: dict[str, ModuleWriter]) -> dict[str, set[str]]:
    """For each module in an import cycle, the modules it imports after its body: those of
    the same cycle whose names it does not need while being imported."""
    graph = {module: set(writer.first_party_imports()) & set(writers) for module, writer in writers.items()}

    def reaches(start: str, goal: str) -> bool:
        seen: set[str] = set()
        todo = [start]
        while todo:
            current = todo.pop()
            if current == goal:
                return True
            if current not in seen:
                seen.add(current)
                todo.extend(graph.get(current, ()))
        return False

    last: dict[str, set[str]] = {}
    for module, writer in writers.items():
        needed = writer.used_at_import_time()
        imports = writer.first_party_imports()
        for target in graph[module]:
            if target != module and reaches(target, module) and not (imports[target] & needed):
                last.setdefault(module, set()).add(target)
    return last


def _cell(value: str) -> str:
    return value.replace("|", "\\|").replace("\n", " ")


def _common_package(packages: list[str]) -> str:
    parts = [p.split(".") for p in packages if p]
    if not parts:
        return ""
    common = parts[0]
    for other in parts[1:]:
        while other[: len(common)] != common:
            common = common[:-1]
    return ".".join(common)


def migrate(source: str | Path, output: str | Path) -> MigrationReport:
    """Translate the Spring Boot project in ``source`` into a Python package in ``output``.

    ``source`` is a Maven or Gradle project folder (``src/main/java``,
    ``src/main/resources``); ``output`` receives the package, its ``resources`` (copied
    as they are), a ``pyproject.toml`` and ``MIGRATION.md``.
    """
    source_path = Path(source)
    if not source_path.is_dir():
        raise ValueError(f"source must be a project folder: {source_path}")
    output_path = Path(output)
    if output_path.resolve() == source_path.resolve() or source_path.resolve() in output_path.resolve().parents:
        raise ValueError("output must be outside the source folder")
    return Migration(source_path, output_path).write()


__all__ = ["MigrationReport", "RUNNER_TYPES", "annotation_values", "mapping_of", "is_component", "migrate"]
