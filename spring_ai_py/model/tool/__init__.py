"""``org.springframework.ai.model.tool``: tool-calling options, manager and limits."""

from spring_ai_py.model.tool.structured_output_chat_options import (
    DefaultStructuredOutputChatOptions,
    StructuredOutputChatOptions,
)
from spring_ai_py.model.tool.tool_approval import (
    Approve,
    Edit,
    PauseReason,
    PendingApproval,
    PendingToolCall,
    Reject,
    ToolCallDecision,
    ToolCallStatus,
    ToolLoopPausedException,
)
from spring_ai_py.model.tool.tool_call_limits import (
    ToolCallLimitBehavior,
    ToolCallLimitExceededException,
    ToolCallLimits,
)
from spring_ai_py.model.tool.tool_call_listener import ToolCallListener
from spring_ai_py.model.tool.tool_calling_chat_options import (
    DefaultToolCallingChatOptions,
    ToolCallingChatOptions,
    ToolCallingChatOptionsBuilder,
)
from spring_ai_py.model.tool.tool_calling_manager import (
    DefaultToolCallingManager,
    ToolCallingManager,
)
from spring_ai_py.model.tool.tool_execution_eligibility_checker import (
    ToolExecutionEligibilityChecker,
)
from spring_ai_py.model.tool.tool_execution_result import (
    DefaultToolExecutionResult,
    ToolExecutionResult,
)
from spring_ai_py.model.tool.tool_loop_state import (
    InMemoryToolLoopStateRepository,
    LoopPhase,
    ToolCallRecord,
    ToolLoopResume,
    ToolLoopSnapshot,
    ToolLoopStateRepository,
)

__all__ = [
    "Approve",
    "DefaultStructuredOutputChatOptions",
    "DefaultToolCallingChatOptions",
    "DefaultToolCallingManager",
    "DefaultToolExecutionResult",
    "Edit",
    "InMemoryToolLoopStateRepository",
    "LoopPhase",
    "PauseReason",
    "PendingApproval",
    "PendingToolCall",
    "Reject",
    "StructuredOutputChatOptions",
    "ToolCallLimitBehavior",
    "ToolCallLimitExceededException",
    "ToolCallDecision",
    "ToolCallLimits",
    "ToolCallListener",
    "ToolCallRecord",
    "ToolCallStatus",
    "ToolCallingChatOptions",
    "ToolCallingChatOptionsBuilder",
    "ToolCallingManager",
    "ToolExecutionEligibilityChecker",
    "ToolExecutionResult",
    "ToolLoopPausedException",
    "ToolLoopResume",
    "ToolLoopSnapshot",
    "ToolLoopStateRepository",
]
