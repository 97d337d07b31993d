"""``@McpTool`` / ``@McpToolParam``: server tools declared the mcp-annotations way.

A migrated application keeps its declarations::

    class WeatherService:
        @McpTool(name="get_weather", description="Current weather of a city")
        def get_weather(self, city: Annotated[str, McpToolParam(description="City")]) -> str:
            ...

    server = McpToolServer("weather", tools=SyncMcpToolProvider([WeatherService()])
                           .get_tool_specifications())

As in Spring's ``SyncMcpToolMethodCallback``: the arguments are converted to the
parameters' types; a parameter typed ``CallToolRequestParams`` (Java's
``CallToolRequest``), ``ServerRequestContext`` (the exchange) or ``McpMeta`` receives
the request, the exchange or the request's ``_meta`` and is left out of the schema; a
returned ``CallToolResult`` is sent as it is, a ``str`` as text, ``None`` (a tool
declared ``-> None``) as ``Done``, anything else as JSON text, or as structured content
with ``generate_output_schema=True``; an ``Exception`` becomes an ``isError`` result
(``mcp.MCPError`` and non-``Exception`` errors propagate).
"""

from __future__ import annotations

import inspect
import json
import logging
import re
import typing
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import UnionType
from typing import Annotated, Any, get_args, get_origin

import mcp_types as types
import pydantic
import pydantic_core
from mcp import MCPError
from mcp.server import ServerRequestContext

from spring_ai_py import _assert
from spring_ai_py._bridge import run_blocking
from spring_ai_py.converter._json_schema import spring_style
from spring_ai_py.mcp.mcp_tool_utils import AsyncToolSpecification, SyncToolSpecification
from spring_ai_py.tool.annotation import ToolParam

_logger = logging.getLogger("spring_ai_py.mcp.annotation")

_SPEC_ATTRIBUTE = "__mcp_tool__"
_SIMPLE_RETURNS = (str, int, float, bool, bytes, complex)


@dataclass(frozen=True)
class McpToolParam(ToolParam):
    """``Annotated[str, McpToolParam(description="City", required=True)]`` (a
    ``ToolParam``, so either spelling works)."""


@dataclass(frozen=True)
class McpAnnotations:
    """Hints for clients (``@McpTool.McpAnnotations``), with the annotation's defaults."""

    title: str = ""
    read_only_hint: bool = False
    destructive_hint: bool = True
    idempotent_hint: bool = False
    open_world_hint: bool = True

    def to_tool_annotations(self) -> types.ToolAnnotations:
        """These hints as the MCP SDK's ``ToolAnnotations``."""
        return types.ToolAnnotations(
            title=self.title or None,
            read_only_hint=self.read_only_hint,
            destructive_hint=self.destructive_hint,
            idempotent_hint=self.idempotent_hint,
            open_world_hint=self.open_world_hint,
        )


class MetaProvider(ABC):
    """Supplies a tool declaration's ``_meta`` (``@McpTool(meta_provider=...)``)."""

    @abstractmethod
    def get_meta(self) -> Mapping[str, Any] | None:
        """The ``_meta`` entries, or ``None`` for none."""


class DefaultMetaProvider(MetaProvider):
    """No ``_meta``."""

    def get_meta(self) -> Mapping[str, Any] | None:
        return None


@dataclass(frozen=True)
class McpMeta:
    """The ``_meta`` of the tool call, for a parameter typed ``McpMeta``."""

    meta: Mapping[str, Any] | None = None

    def get(self, key: str, default: Any = None) -> Any:
        """The ``_meta`` entry under ``key``, else ``default``."""
        return (self.meta or {}).get(key, default)


@dataclass(frozen=True)
class McpToolSpec:
    """What ``@McpTool(...)`` was given, kept on the decorated function."""

    name: str = ""
    description: str = ""
    title: str = ""
    annotations: McpAnnotations = field(default_factory=McpAnnotations)
    generate_output_schema: bool = False
    meta_provider: MetaProvider | type[MetaProvider] | None = None


def McpTool(
    name: str = "",
    description: str = "",
    *,
    title: str = "",
    annotations: McpAnnotations | None = None,
    generate_output_schema: bool = False,
    meta_provider: MetaProvider | type[MetaProvider] | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare a server tool. ``name`` defaults to the function name; ``description``
    to the docstring's first paragraph. The function itself is returned unchanged."""
    spec = McpToolSpec(
        name, description, title, annotations or McpAnnotations(), generate_output_schema, meta_provider
    )

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        target = function.__func__ if isinstance(function, staticmethod | classmethod) else function
        if not callable(target):
            raise TypeError(f"McpTool decorates functions and methods, not {function!r}")
        setattr(target, _SPEC_ATTRIBUTE, spec)
        return function

    return decorate


def _strip(annotation: Any) -> Any:
    if get_origin(annotation) is Annotated:
        return get_args(annotation)[0]
    return annotation


def _param_of(annotation: Any) -> ToolParam | None:
    if get_origin(annotation) is Annotated:
        for extra in get_args(annotation)[1:]:
            if isinstance(extra, ToolParam):
                return extra
    return None


def _is_optional(annotation: Any) -> bool:
    bare = _strip(annotation)
    return bare is Any or type(None) in get_args(bare)


def _injected(annotation: Any) -> str | None:
    """Which framework value a parameter receives (``None``: it is a tool argument)."""
    bare = _strip(annotation)
    is_union = get_origin(bare) in (typing.Union, UnionType)
    members = [a for a in get_args(bare) if a is not type(None)] if is_union else [bare]
    for member in members:
        origin = get_origin(member) or member
        if isinstance(origin, type):
            if issubclass(origin, types.CallToolRequestParams):
                return "request"
            if issubclass(origin, ServerRequestContext):
                return "exchange"
            if issubclass(origin, McpMeta):
                return "meta"
    return None


def _first_paragraph(doc: str | None) -> str:
    if not doc or not doc.strip():
        return ""
    paragraph = inspect.cleandoc(doc).split("\n\n", 1)[0]
    return " ".join(line.strip() for line in paragraph.splitlines() if line.strip())


def _meta_of(provider: MetaProvider | type[MetaProvider] | None) -> dict[str, Any] | None:
    if provider is None:
        return None
    instance = provider() if isinstance(provider, type) else provider
    meta = instance.get_meta()
    return dict(meta) if meta else None


class McpToolMethodCallback:
    """One ``@McpTool`` method as a server tool (Spring's ``SyncMcpToolMethodCallback``
    and ``AsyncMcpToolMethodCallback``): its declaration and its call handler."""

    def __init__(self, function: Callable[..., Any], spec: McpToolSpec) -> None:
        self._function = function
        self._spec = spec
        target = inspect.unwrap(function)
        # An async generator is Java's Flux: its first item is the result.
        self.is_generator = inspect.isasyncgenfunction(target)
        self.is_async = inspect.iscoroutinefunction(target) or self.is_generator
        self.method_name = getattr(target, "__name__", "tool")
        hints = typing.get_type_hints(target, include_extras=True)
        self.return_type = hints.get("return", inspect.Signature.empty)
        if self.is_generator:
            item_types = get_args(_strip(self.return_type))
            self.return_type = item_types[0] if item_types else Any
        self._params: list[tuple[str, str | None]] = []
        fields: dict[str, Any] = {}
        for parameter in inspect.signature(function).parameters.values():
            if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
                continue
            annotation = hints.get(parameter.name, Any)
            injected = _injected(annotation)
            self._params.append((parameter.name, injected))
            if injected is None:
                fields[parameter.name] = self._field(parameter, annotation)
        model_name = re.sub(r"\W", "_", self.method_name) + "_arguments"
        self._input_model: type[pydantic.BaseModel] = pydantic.create_model(
            model_name,
            __config__=pydantic.ConfigDict(arbitrary_types_allowed=True),
            **fields,
        )
        self.tool = self._declaration()

    @classmethod
    def of(cls, method: Callable[..., Any]) -> McpToolMethodCallback:
        """The callback of an ``@McpTool`` function or bound method."""
        spec = getattr(inspect.unwrap(getattr(method, "__func__", method)), _SPEC_ATTRIBUTE, None)
        if not isinstance(spec, McpToolSpec):
            raise ValueError(f"{method!r} is not annotated with @McpTool")
        return cls(method, spec)

    @staticmethod
    def _field(parameter: inspect.Parameter, annotation: Any) -> Any:
        tool_param = _param_of(annotation)
        description = tool_param.description if tool_param is not None and tool_param.description else None
        has_default = parameter.default is not inspect.Parameter.empty
        required = not has_default and not _is_optional(annotation)
        if tool_param is not None and not tool_param.required:
            required = False
        if required:
            return (annotation, pydantic.Field(..., description=description))
        return (annotation, pydantic.Field(parameter.default if has_default else None, description=description))

    def _output_schema(self) -> dict[str, Any] | None:
        return_type = _strip(self.return_type)
        if (
            not self._spec.generate_output_schema
            or return_type in (inspect.Signature.empty, None, type(None), Any)
            or (isinstance(return_type, type) and issubclass(return_type, (types.CallToolResult, *_SIMPLE_RETURNS)))
        ):
            return None
        return spring_style(pydantic.TypeAdapter(return_type).json_schema())

    def _declaration(self) -> types.Tool:
        spec = self._spec
        name = spec.name or self.method_name
        title = spec.title or spec.annotations.title or name
        input_schema = spring_style(self._input_model.model_json_schema())
        return types.Tool(
            name=name,
            title=title,
            description=spec.description or _first_paragraph(inspect.unwrap(self._function).__doc__) or None,
            input_schema=input_schema,
            output_schema=self._output_schema(),
            annotations=spec.annotations.to_tool_annotations(),
            _meta=_meta_of(spec.meta_provider),
        )

    @property
    def structured(self) -> bool:
        """Whether the tool returns structured content."""
        return self.tool.output_schema is not None

    def _arguments(self, exchange: Any, request: types.CallToolRequestParams) -> dict[str, Any]:
        model = self._input_model.model_validate(request.arguments or {})
        values: dict[str, Any] = {}
        for name, injected in self._params:
            if injected == "request":
                values[name] = request
            elif injected == "exchange":
                values[name] = exchange
            elif injected == "meta":
                values[name] = McpMeta(dict(request.meta) if request.meta else None)
            else:
                values[name] = getattr(model, name)
        return values

    def _result(self, value: Any) -> types.CallToolResult:
        if isinstance(value, types.CallToolResult):
            return value
        if self.return_type is None or self.return_type is type(None):
            return _text("Done")
        if self.structured:
            structured = pydantic_core.to_jsonable_python(value)
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=json.dumps(structured))],
                structured_content=structured,
            )
        if value is None:
            return _text("null")
        if isinstance(value, str):
            return _text(value)
        return _text(pydantic_core.to_json(value, serialize_unknown=True).decode("utf-8"))

    def call(self, exchange: Any, request: types.CallToolRequestParams) -> types.CallToolResult:
        """The blocking call handler ``(exchange, request) -> CallToolResult``."""
        _assert.not_none(request, "Request must not be null")
        try:
            return self._result(self._function(**self._arguments(exchange, request)))
        except MCPError:
            raise
        except Exception as error:
            return _error(error)

    async def acall(self, exchange: Any, request: types.CallToolRequestParams) -> types.CallToolResult:
        """The async call handler; a blocking method runs on an executor."""
        _assert.not_none(request, "Request must not be null")
        if not self.is_async:
            return await run_blocking(None, self.call, exchange, request)
        try:
            arguments = self._arguments(exchange, request)
            if self.is_generator:
                return self._result(await _first(self._function(**arguments)))
            return self._result(await self._function(**arguments))
        except MCPError:
            raise
        except Exception as error:
            return _error(error)


async def _first(items: AsyncIterator[Any]) -> Any:
    """The first item of an async generator (``None`` when it yields nothing), which is
    then closed."""
    try:
        return await anext(items, None)
    finally:
        aclose = getattr(items, "aclose", None)
        if aclose is not None:
            await aclose()


def _text(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)])


def _error(error: Exception) -> types.CallToolResult:
    root: BaseException = error
    while root.__cause__ is not None and root.__cause__ is not root:
        root = root.__cause__
    message = str(error)
    if root is not error:
        message = f"{message}\n{root}"
    return types.CallToolResult(content=[types.TextContent(type="text", text=message)], is_error=True)


def _methods(tool_object: Any) -> list[tuple[Callable[..., Any], McpToolSpec]]:
    owner = tool_object if inspect.isclass(tool_object) else type(tool_object)
    found: dict[str, tuple[Callable[..., Any], McpToolSpec]] = {}
    for klass in reversed(owner.__mro__):
        for attribute_name, attribute in vars(klass).items():
            raw = attribute.__func__ if isinstance(attribute, staticmethod | classmethod) else attribute
            spec = getattr(raw, _SPEC_ATTRIBUTE, None)
            if isinstance(spec, McpToolSpec):
                found[attribute_name] = (getattr(tool_object, attribute_name), spec)
    return [found[name] for name in sorted(found)]


class _McpToolProvider:
    def __init__(self, tool_objects: Sequence[Any]) -> None:
        _assert.not_none(tool_objects, "tool_objects cannot be null")
        self._tool_objects = list(tool_objects)

    def _callbacks(self, want_async: bool) -> list[McpToolMethodCallback]:
        callbacks = [
            McpToolMethodCallback(method, spec)
            for tool_object in self._tool_objects
            for method, spec in _methods(tool_object)
        ]
        selected = [c for c in callbacks if c.is_async == want_async]
        if not selected:
            _logger.warning("No tool methods found in the provided tool objects: %s", self._tool_objects)
        return selected


class SyncMcpToolProvider(_McpToolProvider):
    """The blocking ``@McpTool`` methods of the given objects, sorted by method name, as
    ``SyncToolSpecification``s (``async def`` methods are left to
    ``AsyncMcpToolProvider``, as Spring leaves reactive ones)."""

    def get_tool_specifications(self) -> list[SyncToolSpecification]:
        return [SyncToolSpecification(c.tool, c.call) for c in self._callbacks(want_async=False)]


class AsyncMcpToolProvider(_McpToolProvider):
    """The ``async def`` ``@McpTool`` methods of the given objects as
    ``AsyncToolSpecification``s (Java's ``Mono`` methods; an async generator, Java's
    ``Flux``, answers with its first item, as Spring does)."""

    def get_tool_specifications(self) -> list[AsyncToolSpecification]:
        return [AsyncToolSpecification(c.tool, c.acall) for c in self._callbacks(want_async=True)]
