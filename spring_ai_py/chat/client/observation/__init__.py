"""``org.springframework.ai.chat.client.observation``: ChatClient span conventions."""

from spring_ai_py.chat.client.observation.convention import (
    ChatClientObservationContext,
    ChatClientObservationConvention,
    DefaultChatClientObservationConvention,
)

__all__ = [
    "ChatClientObservationContext",
    "ChatClientObservationConvention",
    "DefaultChatClientObservationConvention",
]
