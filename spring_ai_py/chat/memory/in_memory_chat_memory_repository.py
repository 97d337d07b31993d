"""``InMemoryChatMemoryRepository``: conversations kept in a dictionary."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from spring_ai_py import _assert
from spring_ai_py.chat.memory._support import messages_to_save, validate_conversation_id
from spring_ai_py.chat.memory.chat_memory_repository import ChatMemoryRepository
from spring_ai_py.chat.messages import Message


class InMemoryChatMemoryRepository(ChatMemoryRepository):
    """Keeps conversations in process memory; safe to share between threads.

    Every operation, including ``update_by_conversation_id`` with its callback, runs
    under one lock, so concurrent updates of a conversation never lose messages. The
    lists handed in and out are copies; the messages themselves are shared, as in Spring.
    """

    def __init__(self) -> None:
        self._store: dict[str, list[Message]] = {}
        self._lock = threading.RLock()

    def find_conversation_ids(self) -> list[str]:
        with self._lock:
            return list(self._store)

    def find_by_conversation_id(self, conversation_id: str) -> list[Message]:
        validate_conversation_id(conversation_id)
        with self._lock:
            return list(self._store.get(conversation_id, ()))

    def save_all(self, conversation_id: str, messages: Sequence[Message]) -> None:
        validate_conversation_id(conversation_id)
        items = messages_to_save(messages)
        with self._lock:
            self._store[conversation_id] = items

    def delete_by_conversation_id(self, conversation_id: str) -> None:
        validate_conversation_id(conversation_id)
        with self._lock:
            self._store.pop(conversation_id, None)

    def update_by_conversation_id(
        self,
        conversation_id: str,
        update: Callable[[list[Message]], Sequence[Message]],
    ) -> list[Message]:
        validate_conversation_id(conversation_id)
        _assert.not_none(update, "update cannot be null")
        with self._lock:
            items = messages_to_save(update(list(self._store.get(conversation_id, ()))))
            self._store[conversation_id] = items
            return list(items)
