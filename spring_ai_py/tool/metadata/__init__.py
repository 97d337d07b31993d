"""``org.springframework.ai.tool.metadata``: tool metadata."""

from spring_ai_py.tool.metadata.tool_metadata import DefaultToolMetadata, ToolMetadata

__all__ = ["DefaultToolMetadata", "ToolMetadata"]
