"""``org.springframework.ai.tool.definition``: tool definitions."""

from spring_ai_py.tool.definition.tool_definition import DefaultToolDefinition, ToolDefinition

__all__ = ["DefaultToolDefinition", "ToolDefinition"]
