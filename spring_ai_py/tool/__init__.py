"""``org.springframework.ai.tool``: tools the model can call.

``ToolCallback`` (a tool), ``ToolCallbackProvider`` (a source of tools), the ``tool``
decorator, and ``ToolCallbacks`` (re-exported from ``spring_ai_py.support``).
"""

from spring_ai_py.support import ToolCallbacks
from spring_ai_py.tool.annotation import ToolParam, tool
from spring_ai_py.tool.tool_callback import (
    StaticToolCallbackProvider,
    ToolCallback,
    ToolCallbackProvider,
)

__all__ = [
    "StaticToolCallbackProvider",
    "ToolCallback",
    "ToolCallbackProvider",
    "ToolCallbacks",
    "ToolParam",
    "tool",
]
