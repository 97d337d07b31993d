"""``org.springframework.ai.chat.messages``: the messages of a conversation."""

from spring_ai_py.chat.messages.message_utils import MessageUtils
from spring_ai_py.chat.messages.messages import (
    AbstractMessage,
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)

__all__ = [
    "AbstractMessage",
    "AssistantMessage",
    "Message",
    "MessageType",
    "MessageUtils",
    "SystemMessage",
    "ToolResponseMessage",
    "UserMessage",
]
