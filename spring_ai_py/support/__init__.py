"""``org.springframework.ai.support``: ``ToolCallbacks``."""

from spring_ai_py.support.tool_callbacks import ToolCallbacks

__all__ = ["ToolCallbacks"]
