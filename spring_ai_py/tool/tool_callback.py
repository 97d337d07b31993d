"""``ToolCallback`` and ``ToolCallbackProvider``: tools the model can call."""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING

from spring_ai_py import _assert
from spring_ai_py._bridge import run_blocking
from spring_ai_py.tool.metadata import ToolMetadata

if TYPE_CHECKING:
    from spring_ai_py.chat.model import ToolContext
    from spring_ai_py.tool.definition import ToolDefinition

_logger = logging.getLogger("spring_ai_py.tool.ToolCallback")
_DEFAULT_METADATA = ToolMetadata()


class ToolCallback(ABC):
    """A tool whose execution the model can trigger.

    Implement :meth:`get_tool_definition` (what the model sees) and
    :meth:`call` (the input is the model's JSON arguments, the result is the text sent
    back). :meth:`acall` is the awaitable form used on the stream path; by default it
    runs :meth:`call` on an executor, and tools backed by ``async def`` functions await
    natively.
    """

    @abstractmethod
    def get_tool_definition(self) -> ToolDefinition:
        """Name, description and input schema, used by the model to call the tool."""

    def get_tool_metadata(self) -> ToolMetadata:
        """How to handle the tool (``return_direct``...); the default metadata by default."""
        return _DEFAULT_METADATA

    @abstractmethod
    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        """Run the tool with the model's JSON ``tool_input`` and return the result text.

        Implementations that do not use ``tool_context`` may ignore it.
        """

    async def acall(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        """Run the tool from async code (by default :meth:`call` on an executor)."""
        return await run_blocking(None, self.call, tool_input, tool_context)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(tool_definition={self.get_tool_definition()!r})"


class ToolCallbackProvider(ABC):
    """Provides tool callbacks for tools defined in some source (objects, a server...)."""

    @abstractmethod
    def get_tool_callbacks(self) -> list[ToolCallback]:
        """The tool callbacks."""

    @staticmethod
    def from_(*tool_callbacks: ToolCallback | Sequence[ToolCallback]) -> ToolCallbackProvider:
        """A static provider of the given callbacks (varargs or one list)."""
        return StaticToolCallbackProvider(*tool_callbacks)


class StaticToolCallbackProvider(ToolCallbackProvider):
    """A provider of a fixed list of tool callbacks, set when it is created."""

    def __init__(self, *tool_callbacks: ToolCallback | Sequence[ToolCallback]) -> None:
        items: list[object] = []
        for entry in tool_callbacks:
            item: object = entry
            if isinstance(item, list | tuple):
                items.extend(item)
            else:
                items.append(item)
        _assert.no_null_elements(items, "tool_callbacks cannot contain null elements")
        for item in items:
            if not isinstance(item, ToolCallback):
                raise TypeError(f"{item!r} is not a ToolCallback")
        self._tool_callbacks: list[ToolCallback] = [i for i in items if isinstance(i, ToolCallback)]

    def get_tool_callbacks(self) -> list[ToolCallback]:
        return list(self._tool_callbacks)

    def __repr__(self) -> str:
        names = [c.get_tool_definition().name for c in self._tool_callbacks]
        return f"StaticToolCallbackProvider(tools={names!r})"
