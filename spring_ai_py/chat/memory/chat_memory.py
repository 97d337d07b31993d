"""``ChatMemory``: the contract for the memory of chat conversations."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from spring_ai_py.chat.messages import Message


class ChatMemory(ABC):
    """Stores and manages the messages of chat conversations, one list per conversation id.

    Implementations decide what is kept (for example the last N messages); the
    repository behind them decides where it is kept.
    """

    CONVERSATION_ID: ClassVar[str] = "chat_memory_conversation_id"
    """The advisor-context key under which the conversation id travels."""

    @abstractmethod
    def add(self, conversation_id: str, messages: Message | Sequence[Message]) -> None:
        """Save one message, or a list of messages, in the given conversation."""

    @abstractmethod
    def get(self, conversation_id: str) -> list[Message]:
        """Return the messages of the given conversation, oldest first."""

    @abstractmethod
    def clear(self, conversation_id: str) -> None:
        """Forget every message of the given conversation."""
