"""``org.springframework.ai.tool.execution``: result conversion and tool errors."""

from spring_ai_py.tool.execution.tool_execution import (
    DefaultToolCallResultConverter,
    DefaultToolExecutionExceptionProcessor,
    ToolCallResultConverter,
    ToolExecutionException,
    ToolExecutionExceptionProcessor,
)
from spring_ai_py.tool.execution.tool_failure import (
    EnvironmentToolError,
    Retry,
    ToolFailureClass,
    ToolFailureClassifier,
    TransientToolError,
    classify_tool_failure,
)

__all__ = [
    "DefaultToolCallResultConverter",
    "EnvironmentToolError",
    "Retry",
    "DefaultToolExecutionExceptionProcessor",
    "ToolCallResultConverter",
    "ToolExecutionException",
    "ToolExecutionExceptionProcessor",
    "ToolFailureClass",
    "ToolFailureClassifier",
    "TransientToolError",
    "classify_tool_failure",
]
