"""``org.springframework.ai.chat.client.advisor.api``: the advisor and chain interfaces."""

from spring_ai_py.chat.client.advisor.api.advisor import (
    Advisor,
    CallAdvisor,
    MemoryAdvisor,
    StreamAdvisor,
    TerminalAdvisor,
    ToolAdvisor,
)
from spring_ai_py.chat.client.advisor.api.base_advisor import BaseAdvisor, BaseChatMemoryAdvisor
from spring_ai_py.chat.client.advisor.api.chain import (
    AdvisorChain,
    BaseAdvisorChain,
    CallAdvisorChain,
    StreamAdvisorChain,
)

__all__ = [
    "Advisor",
    "AdvisorChain",
    "BaseAdvisor",
    "BaseAdvisorChain",
    "BaseChatMemoryAdvisor",
    "CallAdvisor",
    "CallAdvisorChain",
    "MemoryAdvisor",
    "StreamAdvisor",
    "StreamAdvisorChain",
    "TerminalAdvisor",
    "ToolAdvisor",
]
