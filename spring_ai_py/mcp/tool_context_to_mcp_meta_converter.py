"""``ToolContextToMcpMetaConverter``: which tool-context entries go to the server as ``_meta``."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from spring_ai_py.chat.model import ToolContext

TOOL_CONTEXT_MCP_EXCHANGE_KEY = "exchange"

MetaFunction = Callable[[ToolContext | None], dict[str, Any]]
"""A converter written as a function: ``lambda tool_context: {...}``."""
_INTERNAL_PREFIX = "spring_ai_py."


def _is_json(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


class ToolContextToMcpMetaConverter(ABC):
    """Turns the ``ToolContext`` of a tool call into the ``_meta`` of the MCP request."""

    @abstractmethod
    def convert(self, tool_context: ToolContext | None) -> dict[str, Any]:
        """The metadata to send with the call (an empty dict sends none)."""

    @staticmethod
    def default_converter() -> ToolContextToMcpMetaConverter:
        """Every entry except the server exchange (``McpToolUtils.TOOL_CONTEXT_MCP_EXCHANGE_KEY``)
        and ``None`` values."""
        return _DefaultConverter()

    @staticmethod
    def no_op() -> ToolContextToMcpMetaConverter:
        """Sends no metadata."""
        return _NoOpConverter()

    @staticmethod
    def of(function: ToolContextToMcpMetaConverter | MetaFunction) -> ToolContextToMcpMetaConverter:
        """A converter from a function (Java's lambda); a converter is returned as is."""
        if isinstance(function, ToolContextToMcpMetaConverter):
            return function
        return _FunctionConverter(function)


class _DefaultConverter(ToolContextToMcpMetaConverter):
    """Spring's default, plus two rules of the port: the tool context here also carries
    the advisor context, so the library's own ``spring_ai_py.*`` entries and values
    that cannot be sent as JSON are left out too (they would fail the request)."""

    def convert(self, tool_context: ToolContext | None) -> dict[str, Any]:
        if tool_context is None or not tool_context.get_context():
            return {}
        return {
            key: value
            for key, value in tool_context.get_context().items()
            if key != TOOL_CONTEXT_MCP_EXCHANGE_KEY
            and value is not None
            and not (isinstance(key, str) and key.startswith(_INTERNAL_PREFIX))
            and _is_json(value)
        }

    def __repr__(self) -> str:
        return "ToolContextToMcpMetaConverter.default_converter()"


class _NoOpConverter(ToolContextToMcpMetaConverter):
    def convert(self, tool_context: ToolContext | None) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        return "ToolContextToMcpMetaConverter.no_op()"


class _FunctionConverter(ToolContextToMcpMetaConverter):
    def __init__(self, function: MetaFunction) -> None:
        self._function = function

    def convert(self, tool_context: ToolContext | None) -> dict[str, Any]:
        return self._function(tool_context)
