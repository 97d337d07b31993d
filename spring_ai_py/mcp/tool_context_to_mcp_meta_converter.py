"""``ToolContextToMcpMetaConverter``: which tool-context entries go to the server as ``_meta``."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any

from spring_ai_py import _assert
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
    def default_converter(advisor_context_keys: Iterable[str] = ()) -> ToolContextToMcpMetaConverter:
        """Every entry of the request's tool context except the server exchange
        (``McpToolUtils.TOOL_CONTEXT_MCP_EXCHANGE_KEY``) and ``None`` values, as Spring
        sends. The advisor context the port's tool loop adds to the tool context (the
        chat-memory conversation id...) stays on the client unless its keys are named in
        ``advisor_context_keys``."""
        _assert.not_none(advisor_context_keys, "advisor_context_keys cannot be null")
        if isinstance(advisor_context_keys, str):
            raise TypeError(
                f"advisor_context_keys must be a collection of keys, not the str {advisor_context_keys!r}"
            )
        keys = tuple(advisor_context_keys)
        _assert.no_null_elements(keys, "advisor_context_keys cannot contain null elements")
        return _DefaultConverter(frozenset(keys))

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
    """Spring's default over the request's tool context (plus the named advisor-context
    entries), and one rule of the port: the library's own ``spring_ai_py.*`` entries and
    values that cannot be sent as JSON are left out (they would fail the request)."""

    def __init__(self, advisor_context_keys: frozenset[str]) -> None:
        self._advisor_context_keys = advisor_context_keys

    def convert(self, tool_context: ToolContext | None) -> dict[str, Any]:
        if tool_context is None or not tool_context.get_context():
            return {}
        entries = tool_context.get_request_context()
        for key in self._advisor_context_keys:
            if key not in entries and key in tool_context.get_context():
                entries[key] = tool_context.get_context()[key]
        return {
            key: value
            for key, value in entries.items()
            if key != TOOL_CONTEXT_MCP_EXCHANGE_KEY
            and value is not None
            and not (isinstance(key, str) and key.startswith(_INTERNAL_PREFIX))
            and _is_json(value)
        }

    def __repr__(self) -> str:
        if not self._advisor_context_keys:
            return "ToolContextToMcpMetaConverter.default_converter()"
        keys = sorted(self._advisor_context_keys)
        return f"ToolContextToMcpMetaConverter.default_converter(advisor_context_keys={keys!r})"


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
