"""``org.springframework.ai.tool.resolution``: resolving tools by name."""

from spring_ai_py.tool.resolution.tool_callback_resolver import (
    DelegatingToolCallbackResolver,
    StaticToolCallbackResolver,
    ToolCallbackResolver,
)

__all__ = ["DelegatingToolCallbackResolver", "StaticToolCallbackResolver", "ToolCallbackResolver"]
