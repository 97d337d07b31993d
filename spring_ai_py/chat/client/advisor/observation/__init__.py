"""``org.springframework.ai.chat.client.advisor.observation``: advisor span conventions."""

from spring_ai_py.chat.client.advisor.observation.convention import (
    AdvisorObservationContext,
    AdvisorObservationConvention,
    DefaultAdvisorObservationConvention,
)

__all__ = [
    "AdvisorObservationContext",
    "AdvisorObservationConvention",
    "DefaultAdvisorObservationConvention",
]
