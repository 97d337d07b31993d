"""``ToolCallbacks``: tool callbacks from objects with ``tool``-decorated methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spring_ai_py.tool.tool_callback import ToolCallback


class ToolCallbacks:
    """``ToolCallbacks.from_(obj, ...)``: the tools declared by the given objects."""

    @staticmethod
    def from_(*sources: Any) -> list[ToolCallback]:
        """The tool callbacks of the ``tool``-decorated methods of ``sources``.

        A source may be an object, a class (its static and class methods), a module, or
        a decorated function (itself a tool). Raises ``ValueError`` for a source without
        tools and for duplicate tool names.
        """
        from spring_ai_py.tool.method import MethodToolCallbackProvider

        provider = MethodToolCallbackProvider.builder().tool_objects(*sources).build()
        return provider.get_tool_callbacks()
