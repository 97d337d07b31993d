"""Generate the typed builders of every ``Buildable`` class in spring_ai_py.

A class opts in with a marker line in its body::

    # --- generated builder ---
    # --- end of generated builder ---

optionally naming a hand-written builder class to extend: ``# --- generated builder
(base: CheckedBuilder["Query"]) ---``; `` (own builder())`` after it leaves out
``builder()`` and ``mutate()`` for a class whose ``builder()`` takes arguments. Between the markers this script writes a nested
``Builder`` class with one typed setter per constructor keyword (and per
``_builder_aliases`` entry), plus ``builder()`` and ``mutate()`` returning it, so mypy,
pyright and IDEs see every setter. The nested builder extends the parents' generated
builders, so a subclass's builder is a subclass of its parent's.

It also writes the fields of a provider's properties class from its options dataclass
(the fields declared with ``spring_ai_py.model.option_fields.option``), between
``# --- generated properties (options: <dotted name of the options class>) ---`` and
``# --- end of generated properties ---`` in the properties class's body: one pydantic
field per option (but those declared ``bind=False``), with the option's bounds, and
``OPTIONS`` naming the options class.

``python scripts/gen_builders.py`` rewrites the regions; ``--check`` fails when one is
out of date (tests/test_builder.py runs the check).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "spring_ai_py"
START = re.compile(
    r"^(?P<indent> *)# --- generated builder(?: \(base: (?P<base>[^()]+)\))?(?P<own> \(own builder\(\)\))? ---$"
)
END = "# --- end of generated builder ---"
PROPERTIES_START = re.compile(
    r"^(?P<indent> *)# --- generated properties \(options: (?P<options>[\w.]+)\) ---$"
)
PROPERTIES_END = "# --- end of generated properties ---"
_SEQUENCES = {"list", "Sequence", "tuple"}


def _module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _first_parameter(annotation: str) -> str:
    """The type of a setter's first parameter: a list-typed field's setter also takes
    one element (Java varargs, ``.stop("a", "b")``)."""
    element = _element(annotation)
    if element is None or element in _members(annotation):
        return annotation
    return f"{element} | {annotation}"


def _members(annotation: str) -> list[str]:
    return [ast.unparse(node) for node in _union(annotation)]


def _union(annotation: str) -> list[ast.expr]:
    expression = ast.parse(annotation, mode="eval").body
    members = []
    stack = [expression]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            stack += [node.right, node.left]
        else:
            members.append(node)
    return members


def _element(annotation: str) -> str | None:
    """The element type of a list-typed annotation (``list[str] | None`` → ``str``)."""
    for node in _union(annotation):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id in _SEQUENCES
        ):
            inner = node.slice
            if isinstance(inner, ast.Tuple):
                inner = inner.elts[0]
            return ast.unparse(inner)
    return None


def _hand_written(builder_bases: list[type]) -> set[str]:
    """Names defined by hand-written builders (and the mechanism) the new one extends."""
    names: set[str] = set()
    for base in builder_bases:
        for klass in base.__mro__:
            if not getattr(klass, "_generated_builder", False) and klass is not object:
                names.update(klass.__dict__)
    return names


def _generated_setters(builder_bases: list[type]) -> dict[str, tuple[str, str]]:
    """Setter name → (field, annotation) of the generated builders extended."""
    setters: dict[str, tuple[str, str]] = {}
    for base in builder_bases:
        for klass in reversed(base.__mro__):
            if not getattr(klass, "_generated_builder", False):
                continue
            for name, method in klass.__dict__.items():
                code = getattr(method, "__code__", None)
                if name.startswith("_") or name == "build" or code is None:
                    continue
                field = code.co_consts[1] if len(code.co_consts) > 1 else None
                annotation = next(iter(method.__annotations__.values()))
                setters[name] = (str(field), str(annotation))
    return setters


def render(cls: type, base: str | None, indent: str, own_builder: bool = False) -> str:
    """The generated region's body for ``cls``."""

    # The nearest generated builder of each direct base, named through that base (its
    # name is in scope where the class statement is); C3 orders their ancestors.
    direct: list[tuple[str, type]] = []
    for parent in cls.__bases__:
        builder = parent.__dict__.get("Builder") or getattr(parent, "Builder", None)
        if not getattr(builder, "_generated_builder", False):
            continue
        assert isinstance(builder, type)
        if any(issubclass(other, builder) for _, other in direct):
            continue
        direct = [(n, o) for n, o in direct if not issubclass(builder, o)]
        direct.append((f"{parent.__name__}.Builder", builder))
    base_names = []
    base_classes: list[type] = []
    if base is not None:
        base_names.append(base)
        namespace = vars(sys.modules[cls.__module__])
        base_classes.append(eval(base.split("[")[0], namespace))
    for name, builder in direct:
        base_names.append(name)
        base_classes.append(builder)
    if not base_names:
        base_names.append(f'_builder.Builder["{cls.__qualname__}"]')
    hand_written = _hand_written(base_classes)
    inherited = _generated_setters(base_classes)
    signature = inspect.signature(cls)
    params = {
        name: p
        for name, p in signature.parameters.items()
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    }
    aliases: dict[str, str] = getattr(cls, "_builder_aliases", {})
    setters = [(name, name) for name in params] + sorted(aliases.items())
    i = indent
    lines = [
        f"{i}class Builder({', '.join(base_names)}):",
        f'{i}    """The builder of :class:`{cls.__name__}`: one typed setter per constructor keyword."""',
        "",
        f"{i}    __slots__ = ()",
        f"{i}    _generated_builder = True",
    ]
    for setter, field in setters:
        if setter in hand_written or field not in params:
            continue
        annotation = params[field].annotation
        if inherited.get(setter) == (field, _first_parameter(annotation)):
            continue
        if annotation is inspect.Parameter.empty:
            raise SystemExit(f"{cls.__qualname__}: parameter {field!r} has no annotation")
        element = _element(annotation) if isinstance(annotation, str) else None
        lines.append("")
        if element is not None:
            lines.append(
                f"{i}    def {setter}(self, {field}: {_first_parameter(annotation)}, /, *more: {element}) -> Self:"
            )
            # A constructor that takes a sequence only gets one element as a list.
            only = ", sequence=True" if element not in _members(annotation) else ""
            lines.append(f'{i}        return self._set("{field}", ({field}, *more){only})')
        else:
            lines.append(f"{i}    def {setter}(self, {field}: {annotation}, /) -> Self:")
            lines.append(f'{i}        return self._set("{field}", ({field},))')
    lines += [
        "",
        f"{i}    if TYPE_CHECKING:  # build() is the mechanism's; this only names its type",
        "",
        f"{i}        def build(self) -> {cls.__qualname__}: ...",
    ]
    if own_builder:
        return "\n".join(lines)
    lines += [
        "",
        f"{i}@classmethod",
        f"{i}def builder(cls) -> {cls.__qualname__}.Builder:",
        f'{i}    """An empty builder of this class."""',
        f"{i}    return cls.Builder(cls)",
        "",
        f"{i}def mutate(self) -> {cls.__qualname__}.Builder:",
        f'{i}    """A builder pre-filled with this object\'s values."""',
        f"{i}    return self.Builder(type(self), self._builder_state())",
    ]
    return "\n".join(lines)


def render_properties(dotted: str, indent: str) -> str:
    """The generated properties region's body for the options class named ``dotted``."""
    from spring_ai_py.model.option_fields import option_fields

    module_name, _, class_name = dotted.rpartition(".")
    options_type = getattr(importlib.import_module(module_name), class_name)
    annotations = {f.name: f.type for f in dataclasses.fields(options_type)}
    lines = [f'{indent}OPTIONS: ClassVar[str] = "{dotted}"', ""]
    for name, spec in option_fields(options_type).items():
        if not spec.bind:
            continue
        annotation = spec.bind_as or annotations[name]
        if not isinstance(annotation, str):
            raise SystemExit(f"{dotted}.{name}: write the annotation as text (or give bind_as)")
        bounds = "".join(f", {key}={value!r}" for key, value in spec.bounds().items())
        default = f"Field(default=None{bounds})" if bounds else "None"
        lines.append(f"{indent}{spec.property}: {annotation} = {default}")
    return "\n".join(lines)


def _properties_regions(path: pathlib.Path) -> list[tuple[int, int, str]]:
    """(start line, end line, rendered body) of each generated properties region."""
    lines = path.read_text().splitlines()
    found = []
    for number, line in enumerate(lines):
        match = PROPERTIES_START.match(line)
        if match is None:
            continue
        end_line = match["indent"] + PROPERTIES_END
        end = next(k for k in range(number + 1, len(lines)) if lines[k] == end_line)
        found.append((number, end, render_properties(match["options"], match["indent"])))
    return found


def _regions(path: pathlib.Path) -> list[tuple[int, int, str, str | None, bool, str]]:
    """(start line, end line, indent, base, own builder(), class qualname) of each region."""
    text = path.read_text()
    lines = text.splitlines()
    tree = ast.parse(text)
    owners: list[tuple[int, int, str]] = []  # (line, column, qualname)

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                qual = f"{prefix}{node.name}"
                owners.append((node.lineno, node.col_offset, qual))
                walk(node.body, qual + ".")

    walk(tree.body, "")
    found = []
    for number, line in enumerate(lines):
        match = START.match(line)
        if match is None:
            continue
        end = next(k for k in range(number + 1, len(lines)) if lines[k] == match["indent"] + END)
        # The marker sits in the body of the nearest class above it, one level out.
        column = len(match["indent"]) - 4
        enclosing = [o for o in owners if o[0] <= number + 1 and o[1] == column]
        owner = max(enclosing, key=lambda o: o[0])[2]
        found.append((number, end, match["indent"], match["base"], bool(match["own"]), owner))
    return found


def regenerate(path: pathlib.Path) -> str:
    """The text of ``path`` with its generated regions rewritten."""
    lines = path.read_text().splitlines()
    module = importlib.import_module(_module_name(path))
    bodies: list[tuple[int, int, str]] = list(_properties_regions(path))
    for start, end, indent, base, own, owner in _regions(path):
        cls: object = module
        for part in owner.split("."):
            cls = getattr(cls, part)
        assert isinstance(cls, type)
        bodies.append((start, end, render(cls, base, indent, own)))
    out: list[str] = []
    cursor = 0
    for start, end, body in sorted(bodies):
        out += lines[cursor : start + 1]
        out += body.splitlines()
        cursor = end
    out += lines[cursor:]
    return "\n".join(out) + "\n"


def files() -> list[pathlib.Path]:
    markers = ("# --- generated builder", "# --- generated properties")
    return sorted(
        p for p in PACKAGE.rglob("*.py") if any(marker in p.read_text() for marker in markers)
    )


def stale_files() -> list[pathlib.Path]:
    """The files whose generated builders differ from what the classes say."""
    return [path for path in files() if regenerate(path) != path.read_text()]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        stale = stale_files()
        if stale:
            print("stale generated builders:", *map(str, stale), sep="\n  ")
        return 1 if stale else 0
    changed = False
    for path in files():
        new = regenerate(path)
        if new != path.read_text():
            path.write_text(new)
            changed = True
    if changed:
        # A parent's new builder is seen only after a re-import: run again until stable.
        return subprocess.call([sys.executable, __file__, *argv])
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
