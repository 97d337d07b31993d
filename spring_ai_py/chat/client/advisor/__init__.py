"""``org.springframework.ai.chat.client.advisor``: the advisor chain and built-in advisors.

Each name here loads its module on first use: a client imports the advisors it uses
(the model and tool-calling advisors every client has), not every built-in one.
"""

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports

_EXPORTS: dict[str, str] = {
    "ChatModelCallAdvisor": "spring_ai_py.chat.client.advisor.chat_model_advisors",
    "ChatModelStreamAdvisor": "spring_ai_py.chat.client.advisor.chat_model_advisors",
    "StructuredOutputValidationAdvisor": "spring_ai_py.chat.client.advisor.structured_output_validation_advisor",
    "ToolCallAdvisor": "spring_ai_py.chat.client.advisor.tool_calling_advisor",
    "ToolCallingAdvisor": "spring_ai_py.chat.client.advisor.tool_calling_advisor",
    "AdvisorUtils": "spring_ai_py.chat.client.advisor.advisor_utils",
    "DefaultAroundAdvisorChain": "spring_ai_py.chat.client.advisor.default_around_advisor_chain",
    "MessageChatMemoryAdvisor": "spring_ai_py.chat.client.advisor.message_chat_memory_advisor",
    "ReReadingAdvisor": "spring_ai_py.chat.client.advisor.re_reading_advisor",
    "SafeGuardAdvisor": "spring_ai_py.chat.client.advisor.safe_guard_advisor",
    "SimpleLoggerAdvisor": "spring_ai_py.chat.client.advisor.simple_logger_advisor",
    "StreamGuardAdvisor": "spring_ai_py.chat.client.advisor.stream_guard_advisor",
    "UsageAccumulator": "spring_ai_py.chat.client.advisor.usage_accumulator",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = _lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.advisor_utils import AdvisorUtils as AdvisorUtils
    from spring_ai_py.chat.client.advisor.chat_model_advisors import (
        ChatModelCallAdvisor as ChatModelCallAdvisor,
    )
    from spring_ai_py.chat.client.advisor.chat_model_advisors import (
        ChatModelStreamAdvisor as ChatModelStreamAdvisor,
    )
    from spring_ai_py.chat.client.advisor.default_around_advisor_chain import (
        DefaultAroundAdvisorChain as DefaultAroundAdvisorChain,
    )
    from spring_ai_py.chat.client.advisor.message_chat_memory_advisor import (
        MessageChatMemoryAdvisor as MessageChatMemoryAdvisor,
    )
    from spring_ai_py.chat.client.advisor.re_reading_advisor import (
        ReReadingAdvisor as ReReadingAdvisor,
    )
    from spring_ai_py.chat.client.advisor.safe_guard_advisor import (
        SafeGuardAdvisor as SafeGuardAdvisor,
    )
    from spring_ai_py.chat.client.advisor.simple_logger_advisor import (
        SimpleLoggerAdvisor as SimpleLoggerAdvisor,
    )
    from spring_ai_py.chat.client.advisor.stream_guard_advisor import (
        StreamGuardAdvisor as StreamGuardAdvisor,
    )
    from spring_ai_py.chat.client.advisor.structured_output_validation_advisor import (
        StructuredOutputValidationAdvisor as StructuredOutputValidationAdvisor,
    )
    from spring_ai_py.chat.client.advisor.tool_calling_advisor import (
        ToolCallAdvisor as ToolCallAdvisor,
    )
    from spring_ai_py.chat.client.advisor.tool_calling_advisor import (
        ToolCallingAdvisor as ToolCallingAdvisor,
    )
    from spring_ai_py.chat.client.advisor.usage_accumulator import (
        UsageAccumulator as UsageAccumulator,
    )
