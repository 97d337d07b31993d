"""``org.springframework.ai.tool.execution``: result conversion and tool errors."""

from spring_ai_py.tool.execution.tool_execution import (
    DefaultToolCallResultConverter,
    DefaultToolExecutionExceptionProcessor,
    ToolCallResultConverter,
    ToolExecutionException,
    ToolExecutionExceptionProcessor,
)

__all__ = [
    "DefaultToolCallResultConverter",
    "DefaultToolExecutionExceptionProcessor",
    "ToolCallResultConverter",
    "ToolExecutionException",
    "ToolExecutionExceptionProcessor",
]
