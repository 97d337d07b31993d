"""A Python function seen as a tool: its input schema and how to call it.

Spring derives a method tool's schema from the Java signature (``JsonSchemaGenerator``)
and converts the model's JSON arguments with Jackson. Here the type hints drive a
pydantic model that does both: it produces the JSON schema (in Spring's conventions)
and validates the arguments, so a bad argument becomes a clear error naming the tool
and the problem instead of a stack trace deep inside the function.
"""

from __future__ import annotations

import inspect
import json
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Union, get_args, get_origin

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.converter._json_schema import spring_style

if TYPE_CHECKING:
    from pydantic import BaseModel

_NONE_TYPE = type(None)


def _is_optional(annotation: Any) -> bool:
    origin = get_origin(annotation)
    if origin is Annotated:
        return _is_optional(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return _NONE_TYPE in get_args(annotation)
    return annotation is None or annotation is _NONE_TYPE or annotation is Any


def _is_tool_context(annotation: Any) -> bool:
    origin = get_origin(annotation)
    if origin is Annotated:
        return _is_tool_context(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        members = [a for a in get_args(annotation) if a is not _NONE_TYPE]
        return len(members) == 1 and _is_tool_context(members[0])
    return isinstance(annotation, type) and issubclass(annotation, ToolContext)


def _tool_param_of(annotation: Any) -> Any:
    from spring_ai_py.tool.annotation.tool_annotation import ToolParam

    if get_origin(annotation) is Annotated:
        for extra in get_args(annotation)[1:]:
            if isinstance(extra, ToolParam):
                return extra
    return None


def first_paragraph(doc: str | None) -> str | None:
    """The first paragraph of a docstring, its lines joined with spaces."""
    if not doc or not doc.strip():
        return None
    cleaned = inspect.cleandoc(doc)
    paragraph = cleaned.split("\n\n", 1)[0]
    return " ".join(line.strip() for line in paragraph.splitlines() if line.strip()) or None


_GOOGLE_HEADER = re.compile(r"^(Args|Arguments|Parameters|Params)\s*:\s*$")
_GOOGLE_ENTRY = re.compile(r"^(\*{0,2}\w+)\s*(\([^)]*\))?\s*:\s*(.*)$")
_SPHINX_ENTRY = re.compile(r"^:param\s+(?:[^:]*\s)?(\w+)\s*:\s*(.*)$")
_NUMPY_ENTRY = re.compile(r"^(\w+)\s*(?::.*)?$")


def docstring_param_descriptions(doc: str | None) -> dict[str, str]:
    """Parameter descriptions from a Google, Sphinx or NumPy style docstring."""
    if not doc:
        return {}
    lines = inspect.cleandoc(doc).splitlines()
    found: dict[str, str] = {}
    current: str | None = None
    section = ""
    for index, raw in enumerate(lines):
        line = raw.strip()
        indent = len(raw) - len(raw.lstrip())
        sphinx = _SPHINX_ENTRY.match(line)
        if sphinx:
            current, section = sphinx.group(1), "sphinx"
            found[current] = sphinx.group(2).strip()
            continue
        if _GOOGLE_HEADER.match(line):
            section, current = "google", None
            continue
        if (
            line == "Parameters"
            and index + 1 < len(lines)
            and set(lines[index + 1].strip()) == {"-"}
        ):
            section, current = "numpy", None
            continue
        if section == "numpy" and set(line) == {"-"}:
            continue
        if not line:
            if section == "google":
                section, current = "", None
            continue
        if section == "google":
            entry = _GOOGLE_ENTRY.match(line)
            if entry and indent <= _base_indent(lines, index):
                current = entry.group(1).lstrip("*")
                found[current] = entry.group(3).strip()
                continue
        elif section == "numpy" and indent == 0:
            entry = _NUMPY_ENTRY.match(line)
            if entry:
                current = entry.group(1)
                found[current] = ""
                continue
            section, current = "", None
            continue
        elif section == "sphinx" and line.startswith(":"):
            current = None
            continue
        if current is not None and section:
            found[current] = f"{found[current]} {line}".strip()
    return {name: text for name, text in found.items() if text}


def _base_indent(lines: list[str], index: int) -> int:
    """The indentation of the first entry of the Google section containing ``index``."""
    for back in range(index, -1, -1):
        if _GOOGLE_HEADER.match(lines[back].strip()):
            following = lines[back + 1] if back + 1 < len(lines) else ""
            return len(following) - len(following.lstrip())
    return 0


@dataclass(frozen=True, slots=True)
class _Parameter:
    """A call parameter: a schema field, or (``field`` is ``None``) the tool context."""

    name: str
    field: str | None
    kind: inspect._ParameterKind


class ToolSignature:
    """The schema and argument binding of one function used as a tool."""

    __slots__ = (
        "_input_model",
        "_params",
        "function",
        "is_async",
        "return_type",
        "skip_first",
    )

    def __init__(self, function: Callable[..., Any], skip_first: bool = False) -> None:
        self.function = function
        self.skip_first = skip_first
        target = inspect.unwrap(function)
        self.is_async = inspect.iscoroutinefunction(target)
        try:
            hints = typing.get_type_hints(target, include_extras=True)
        except Exception as error:
            raise TypeError(
                f"Cannot resolve the type hints of tool function {getattr(target, '__qualname__', target)!r}: "
                f"{error}"
            ) from error
        self.return_type = hints.get("return", inspect.Signature.empty)
        signature = inspect.signature(target)
        parameters = list(signature.parameters.values())
        if skip_first and parameters:
            parameters = parameters[1:]
        descriptions = docstring_param_descriptions(target.__doc__)
        fields: dict[str, Any] = {}
        self._params: list[_Parameter] = []
        field_count = 0
        for parameter in parameters:
            if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
                continue
            annotation = hints.get(parameter.name, Any)
            if _is_tool_context(annotation):
                self._params.append(_Parameter(parameter.name, None, parameter.kind))
                continue
            field_name = f"p{field_count}"
            field_count += 1
            self._params.append(_Parameter(parameter.name, field_name, parameter.kind))
            fields[field_name] = self._field(
                parameter, annotation, descriptions.get(parameter.name)
            )
        model_name = re.sub(r"\W", "_", getattr(target, "__name__", "tool")) + "_input"
        import pydantic  # imported when the first tool is defined, not with the package

        self._input_model: type[BaseModel] = pydantic.create_model(
            model_name,
            __config__=pydantic.ConfigDict(populate_by_name=False, arbitrary_types_allowed=True),
            **fields,
        )

    @staticmethod
    def _field(parameter: inspect.Parameter, annotation: Any, doc_description: str | None) -> Any:
        from pydantic import Field

        tool_param = _tool_param_of(annotation)
        description = doc_description
        if tool_param is not None and tool_param.description:
            description = tool_param.description
        has_default = parameter.default is not inspect.Parameter.empty
        required = not has_default and not _is_optional(annotation)
        if tool_param is not None and not tool_param.required:
            required = False
        if required:
            info = Field(..., alias=parameter.name, description=description)
        else:
            info = Field(
                parameter.default if has_default else None,
                alias=parameter.name,
                description=description,
            )
        return (annotation, info)

    @property
    def input_model(self) -> type[BaseModel]:
        return self._input_model

    def accepts_tool_context(self) -> bool:
        """Whether a parameter receives the ``ToolContext``."""
        return any(p.field is None for p in self._params)

    def input_schema(self) -> str:
        """The JSON schema of the arguments, in Spring's conventions."""
        schema = spring_style(self._input_model.model_json_schema(by_alias=True))
        return json.dumps(schema)

    def bind(
        self, tool_name: str, tool_input: str, tool_context: ToolContext | None
    ) -> tuple[list[Any], dict[str, Any]]:
        """Parse and validate the model's JSON arguments into call arguments.

        Raises ``ValueError`` naming the tool and the problem when the arguments are not
        a JSON object or do not match the schema.
        """
        try:
            data = json.loads(tool_input) if tool_input and tool_input.strip() else {}
        except json.JSONDecodeError as error:
            raise ValueError(
                f"Invalid arguments for tool '{tool_name}': not valid JSON ({error})"
            ) from error
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise ValueError(
                f"Invalid arguments for tool '{tool_name}': expected a JSON object, got {type(data).__name__}"
            )
        import pydantic

        try:
            model = self._input_model.model_validate(data)
        except pydantic.ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'arguments'}: {e['msg']}"
                for e in error.errors()
            )
            raise ValueError(f"Invalid arguments for tool '{tool_name}': {problems}") from error
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for parameter in self._params:
            value = tool_context if parameter.field is None else getattr(model, parameter.field)
            if parameter.kind is inspect.Parameter.POSITIONAL_ONLY:
                args.append(value)
            else:
                kwargs[parameter.name] = value
        return args, kwargs


def check_tool_signature(function: Callable[..., Any], tool_name: str, skip_first: bool) -> None:
    """Reject, when a tool is declared, a signature the model could never call.

    Every parameter (after ``self``/``cls`` when ``skip_first``) must be a named,
    annotated parameter whose type has a JSON schema; ``*args``, ``**kwargs`` and
    unannotated parameters have none. Type hints that name classes defined later in
    the module cannot be resolved yet: their types are checked when the definition is
    first derived.

    Raises ``TypeError`` naming the tool and the parameter.
    """
    target = inspect.unwrap(function)
    try:
        parameters = list(inspect.signature(target).parameters.values())
    except (TypeError, ValueError):
        return
    if skip_first and parameters:
        parameters = parameters[1:]
    for parameter in parameters:
        if parameter.kind is parameter.VAR_POSITIONAL:
            raise TypeError(
                f"Tool '{tool_name}': parameter '*{parameter.name}' is not supported; "
                "a tool takes named parameters the model fills from a JSON object"
            )
        if parameter.kind is parameter.VAR_KEYWORD:
            raise TypeError(
                f"Tool '{tool_name}': parameter '**{parameter.name}' is not supported; "
                "a tool takes named parameters the model fills from a JSON object"
            )
        if parameter.annotation is inspect.Parameter.empty:
            raise TypeError(
                f"Tool '{tool_name}': parameter '{parameter.name}' has no type annotation; "
                f"annotate it (for example '{parameter.name}: str') so the input schema "
                "tells the model what to send"
            )
    try:
        hints = typing.get_type_hints(target, include_extras=True)
    except NameError:
        return
    from pydantic import PydanticInvalidForJsonSchema, PydanticSchemaGenerationError, TypeAdapter

    for parameter in parameters:
        annotation = hints.get(parameter.name, Any)
        if _is_tool_context(annotation):
            continue
        try:
            TypeAdapter(annotation).json_schema()
        except (PydanticSchemaGenerationError, PydanticInvalidForJsonSchema) as error:
            raise TypeError(
                f"Tool '{tool_name}': parameter '{parameter.name}' has the unsupported type "
                f"{_type_name(annotation)}; use a type with a JSON schema (str, int, float, "
                "bool, a list or dict of those, an Enum, a dataclass or a pydantic model)"
            ) from error


def _type_name(annotation: Any) -> str:
    if isinstance(annotation, type):
        return annotation.__qualname__
    return repr(annotation)
