"""Resolving tool callbacks by name."""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from spring_ai_py import _assert
from spring_ai_py.tool.tool_callback import ToolCallback

_logger = logging.getLogger("spring_ai_py.tool.resolution")


class ToolCallbackResolver(ABC):
    """Finds the tool callback for a tool name."""

    @abstractmethod
    def resolve(self, tool_name: str) -> ToolCallback | None:
        """The callback named ``tool_name``, or ``None``."""


class StaticToolCallbackResolver(ToolCallbackResolver):
    """Resolves from a fixed registry of callbacks (the last one wins on equal names)."""

    def __init__(self, tool_callbacks: Sequence[ToolCallback]) -> None:
        _assert.not_none(tool_callbacks, "tool_callbacks cannot be null")
        _assert.no_null_elements(tool_callbacks, "tool_callbacks cannot contain null elements")
        self._tool_callbacks = {c.get_tool_definition().name: c for c in tool_callbacks}

    def resolve(self, tool_name: str) -> ToolCallback | None:
        _assert.has_text(tool_name, "tool_name cannot be null or empty")
        _logger.debug("ToolCallback resolution attempt from static registry")
        return self._tool_callbacks.get(tool_name)


class DelegatingToolCallbackResolver(ToolCallbackResolver):
    """Asks each resolver in turn and returns the first callback found."""

    def __init__(self, tool_callback_resolvers: Sequence[ToolCallbackResolver]) -> None:
        _assert.not_none(tool_callback_resolvers, "tool_callback_resolvers cannot be null")
        _assert.no_null_elements(
            tool_callback_resolvers, "tool_callback_resolvers cannot contain null elements"
        )
        self._resolvers = list(tool_callback_resolvers)

    def resolve(self, tool_name: str) -> ToolCallback | None:
        _assert.has_text(tool_name, "tool_name cannot be null or empty")
        for resolver in self._resolvers:
            callback = resolver.resolve(tool_name)
            if callback is not None:
                return callback
        return None


class _FunctionToolCallbackResolver(ToolCallbackResolver):
    """A resolver backed by a function of the tool name (Spring's lambda resolvers)."""

    __slots__ = ("_function",)

    def __init__(self, function: Callable[[str], ToolCallback | None]) -> None:
        self._function = function

    def resolve(self, tool_name: str) -> ToolCallback | None:
        _assert.has_text(tool_name, "tool_name cannot be null or empty")
        return self._function(tool_name)

    def __repr__(self) -> str:
        return f"ToolCallbackResolver({self._function!r})"


def as_tool_callback_resolver(
    resolver: ToolCallbackResolver | Callable[[str], ToolCallback | None] | None,
) -> ToolCallbackResolver | None:
    """``resolver`` as a ``ToolCallbackResolver``: a function of the tool name is wrapped,
    as a Java lambda implements the functional interface; ``None`` stays ``None``."""
    if resolver is None or isinstance(resolver, ToolCallbackResolver):
        return resolver
    if callable(resolver):
        return _FunctionToolCallbackResolver(resolver)
    raise TypeError(f"{resolver!r} is not a ToolCallbackResolver")
