"""``@McpTool`` / ``@McpToolParam``: server tools declared the mcp-annotations way.

A migrated application keeps its declarations::

    class WeatherService:
        @McpTool(name="get_weather", description="Current weather of a city")
        def get_weather(self, city: Annotated[str, McpToolParam(description="City")]) -> str:
            ...

    server = McpToolServer("weather", tools=SyncMcpToolProvider([WeatherService()])
                           .get_tool_specifications())

An ``@McpTool`` method is also a regular tool (``spring_ai_py.tool``), so the same
method can be handed to a ``ChatClient`` directly.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import mcp_types as types

from spring_ai_py import _assert
from spring_ai_py.mcp.mcp_tool_utils import (
    AsyncToolSpecification,
    McpToolUtils,
    SyncToolSpecification,
)
from spring_ai_py.support import ToolCallbacks
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.annotation import ToolParam, tool
from spring_ai_py.tool.annotation.tool_annotation import ToolFunction


@dataclass(frozen=True)
class McpToolParam(ToolParam):
    """``Annotated[str, McpToolParam(description="City", required=True)]``."""


@dataclass(frozen=True)
class McpAnnotations:
    """Hints for clients (``McpTool.McpAnnotations``), with the annotation's defaults."""

    title: str = ""
    read_only_hint: bool = False
    destructive_hint: bool = True
    idempotent_hint: bool = False
    open_world_hint: bool = True

    def to_tool_annotations(self) -> types.ToolAnnotations:
        return types.ToolAnnotations(
            title=self.title or None,
            read_only_hint=self.read_only_hint,
            destructive_hint=self.destructive_hint,
            idempotent_hint=self.idempotent_hint,
            open_world_hint=self.open_world_hint,
        )


@dataclass(frozen=True)
class McpToolSpec:
    """What ``@McpTool(...)`` was given, kept on the decorated function."""

    title: str = ""
    annotations: McpAnnotations | None = None
    generate_output_schema: bool = False


def McpTool(
    name: str = "",
    description: str = "",
    *,
    title: str = "",
    annotations: McpAnnotations | None = None,
    generate_output_schema: bool = False,
) -> Callable[[Callable[..., Any]], ToolFunction]:
    """Declare a server tool; ``name`` defaults to the function name, ``description``
    to the docstring (else the name), as for ``@tool``."""

    def decorate(function: Callable[..., Any]) -> ToolFunction:
        decorated = tool(name=name or None, description=description or None)(function)
        decorated.mcp_tool_spec = McpToolSpec(title, annotations, generate_output_schema)  # type: ignore[attr-defined]
        return decorated

    return decorate


def _mcp_specs(tool_object: Any) -> dict[str, McpToolSpec]:
    owner = tool_object if inspect.isclass(tool_object) else type(tool_object)
    specs: dict[str, McpToolSpec] = {}
    for klass in reversed(owner.__mro__):
        for attribute in vars(klass).values():
            function = attribute.__func__ if isinstance(attribute, staticmethod | classmethod) else attribute
            spec = getattr(function, "mcp_tool_spec", None)
            if isinstance(function, ToolFunction) and isinstance(spec, McpToolSpec):
                specs[function.get_tool_definition().name] = spec
    return specs


def _decorate_tool(declared: types.Tool, spec: McpToolSpec | None) -> types.Tool:
    if spec is None:
        return declared
    update: dict[str, Any] = {}
    if spec.title:
        update["title"] = spec.title
    if spec.annotations is not None:
        update["annotations"] = spec.annotations.to_tool_annotations()
    return declared.model_copy(update=update) if update else declared


class _McpToolProvider:
    def __init__(self, tool_objects: Sequence[Any]) -> None:
        _assert.not_none(tool_objects, "tool_objects cannot be null")
        self._tool_objects = list(tool_objects)

    def _callbacks(self) -> list[tuple[ToolCallback, McpToolSpec | None]]:
        found: list[tuple[ToolCallback, McpToolSpec | None]] = []
        for tool_object in self._tool_objects:
            specs = _mcp_specs(tool_object)
            for callback in ToolCallbacks.from_(tool_object):
                name = callback.get_tool_definition().name
                if name in specs or isinstance(tool_object, ToolFunction):
                    spec = specs.get(name) or getattr(tool_object, "mcp_tool_spec", None)
                    found.append((callback, spec))
        return found


class SyncMcpToolProvider(_McpToolProvider):
    """The ``@McpTool`` methods of the given objects as ``SyncToolSpecification``s."""

    def get_tool_specifications(self) -> list[SyncToolSpecification]:
        result: list[SyncToolSpecification] = []
        for callback, spec in self._callbacks():
            served = McpToolUtils.to_sync_tool_specification(callback)
            result.append(SyncToolSpecification(_decorate_tool(served.tool, spec), served.call_handler))
        return result


class AsyncMcpToolProvider(_McpToolProvider):
    """The ``@McpTool`` methods of the given objects as ``AsyncToolSpecification``s."""

    def get_tool_specifications(self) -> list[AsyncToolSpecification]:
        result: list[AsyncToolSpecification] = []
        for callback, spec in self._callbacks():
            served = McpToolUtils.to_async_tool_specification(callback)
            result.append(AsyncToolSpecification(_decorate_tool(served.tool, spec), served.call_handler))
        return result
