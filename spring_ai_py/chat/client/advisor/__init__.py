"""``org.springframework.ai.chat.client.advisor``: the advisor chain and built-in advisors."""

from spring_ai_py.chat.client.advisor.advisor_utils import AdvisorUtils
from spring_ai_py.chat.client.advisor.chat_model_advisors import (
    ChatModelCallAdvisor,
    ChatModelStreamAdvisor,
)
from spring_ai_py.chat.client.advisor.default_around_advisor_chain import DefaultAroundAdvisorChain
from spring_ai_py.chat.client.advisor.message_chat_memory_advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.client.advisor.re_reading_advisor import ReReadingAdvisor
from spring_ai_py.chat.client.advisor.safe_guard_advisor import SafeGuardAdvisor
from spring_ai_py.chat.client.advisor.simple_logger_advisor import SimpleLoggerAdvisor
from spring_ai_py.chat.client.advisor.stream_guard_advisor import StreamGuardAdvisor
from spring_ai_py.chat.client.advisor.structured_output_validation_advisor import (
    StructuredOutputValidationAdvisor,
)
from spring_ai_py.chat.client.advisor.tool_calling_advisor import (
    ToolCallAdvisor,
    ToolCallingAdvisor,
)
from spring_ai_py.chat.client.advisor.usage_accumulator import UsageAccumulator

__all__ = [
    "AdvisorUtils",
    "ChatModelCallAdvisor",
    "ChatModelStreamAdvisor",
    "DefaultAroundAdvisorChain",
    "MessageChatMemoryAdvisor",
    "ReReadingAdvisor",
    "SafeGuardAdvisor",
    "SimpleLoggerAdvisor",
    "StreamGuardAdvisor",
    "StructuredOutputValidationAdvisor",
    "ToolCallAdvisor",
    "ToolCallingAdvisor",
    "UsageAccumulator",
]
