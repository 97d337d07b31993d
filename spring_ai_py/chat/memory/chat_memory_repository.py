"""``ChatMemoryRepository``: where chat memories are stored."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from spring_ai_py.chat.messages import Message


class ChatMemoryRepository(ABC):
    """Stores and retrieves the messages of chat conversations.

    ``save_all`` replaces a whole conversation. ``update_by_conversation_id`` is this
    port's addition for read-modify-write updates (what ``MessageWindowChatMemory.add``
    does): the default reads and then saves, while repositories that can do better
    (the in-memory and SQL repositories) run both steps atomically, so concurrent writers
    of one conversation, even in other processes, never lose each other's messages.
    """

    @abstractmethod
    def find_conversation_ids(self) -> list[str]:
        """Return the ids of all stored conversations."""

    @abstractmethod
    def find_by_conversation_id(self, conversation_id: str) -> list[Message]:
        """Return the messages of a conversation in order (empty when it is unknown)."""

    @abstractmethod
    def save_all(self, conversation_id: str, messages: Sequence[Message]) -> None:
        """Replace all the messages of a conversation with ``messages``."""

    @abstractmethod
    def delete_by_conversation_id(self, conversation_id: str) -> None:
        """Delete every message of a conversation."""

    def update_by_conversation_id(
        self,
        conversation_id: str,
        update: Callable[[list[Message]], Sequence[Message]],
    ) -> list[Message]:
        """Replace a conversation with ``update(current_messages)`` and return what was saved.

        This default reads with ``find_by_conversation_id`` and writes with ``save_all``,
        so it is only as atomic as those two calls; repositories override it to hold a
        lock (or a database transaction) across the read and the write.
        """
        updated = list(update(self.find_by_conversation_id(conversation_id)))
        self.save_all(conversation_id, updated)
        return updated
