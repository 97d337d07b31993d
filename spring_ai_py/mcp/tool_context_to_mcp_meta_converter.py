"""``ToolContextToMcpMetaConverter``: which tool-context entries go to the server as ``_meta``."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from spring_ai_py.chat.model import ToolContext

TOOL_CONTEXT_MCP_EXCHANGE_KEY = "exchange"


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
    def of(function: Callable[[ToolContext | None], dict[str, Any]]) -> ToolContextToMcpMetaConverter:
        """A converter from a function (Java's lambda)."""
        return _FunctionConverter(function)


class _DefaultConverter(ToolContextToMcpMetaConverter):
    def convert(self, tool_context: ToolContext | None) -> dict[str, Any]:
        if tool_context is None or not tool_context.get_context():
            return {}
        return {
            key: value
            for key, value in tool_context.get_context().items()
            if key != TOOL_CONTEXT_MCP_EXCHANGE_KEY and value is not None
        }

    def __repr__(self) -> str:
        return "ToolContextToMcpMetaConverter.default_converter()"


class _NoOpConverter(ToolContextToMcpMetaConverter):
    def convert(self, tool_context: ToolContext | None) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        return "ToolContextToMcpMetaConverter.no_op()"


class _FunctionConverter(ToolContextToMcpMetaConverter):
    def __init__(self, function: Callable[[ToolContext | None], dict[str, Any]]) -> None:
        self._function = function

    def convert(self, tool_context: ToolContext | None) -> dict[str, Any]:
        return self._function(tool_context)
