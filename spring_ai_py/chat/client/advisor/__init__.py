"""``org.springframework.ai.chat.client.advisor``: the advisor chain and built-in advisors."""

from spring_ai_py.chat.client.advisor.advisor_utils import AdvisorUtils
from spring_ai_py.chat.client.advisor.chat_model_advisors import (
    ChatModelCallAdvisor,
    ChatModelStreamAdvisor,
)
from spring_ai_py.chat.client.advisor.default_around_advisor_chain import DefaultAroundAdvisorChain

__all__ = [
    "AdvisorUtils",
    "ChatModelCallAdvisor",
    "ChatModelStreamAdvisor",
    "DefaultAroundAdvisorChain",
]
