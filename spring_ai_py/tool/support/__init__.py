"""``org.springframework.ai.tool.support``: tool naming and definition helpers."""

from spring_ai_py.tool.support.tool_support import ToolDefinitions, ToolUtils

__all__ = ["ToolDefinitions", "ToolUtils"]
