"""``MessageWindowChatMemory``: keep a window of the most recent messages."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.memory._support import message_list, validate_conversation_id
from spring_ai_py.chat.memory._window import (
    ListView,
    WindowedRepository,
    apply_plan,
    plan_window,
)
from spring_ai_py.chat.memory.chat_memory import ChatMemory
from spring_ai_py.chat.memory.chat_memory_repository import ChatMemoryRepository
from spring_ai_py.chat.memory.in_memory_chat_memory_repository import (
    InMemoryChatMemoryRepository,
)
from spring_ai_py.chat.messages import Message


class _Default(enum.Enum):
    REPOSITORY = enum.auto()


DEFAULT_MAX_MESSAGES: Final = 20


class MessageWindowChatMemory(ChatMemory, Buildable):
    """A chat memory that keeps at most ``max_messages`` messages per conversation.

    When a conversation grows past the limit the oldest messages are evicted, with two
    rules for system messages: adding a system message that is not already stored
    replaces all the stored system messages, and system messages are never evicted to
    make room. The kept window always starts at a user message, so an assistant reply
    or a tool result is never kept without the user message of its turn (even if that
    leaves fewer than ``max_messages``).

    Each ``add`` reads, trims and saves the conversation through the repository's
    ``update_by_conversation_id``, which the bundled repositories run atomically; the
    SQL repository instead deletes the evicted rows and inserts the new ones in one
    locked transaction, so a write costs what changed, not the conversation's length.

    ``MessageWindowChatMemory.builder().chat_memory_repository(repo).max_messages(10).build()``;
    the defaults are a new ``InMemoryChatMemoryRepository`` and 20 messages.
    """

    def __init__(
        self,
        chat_memory_repository: ChatMemoryRepository | _Default | None = _Default.REPOSITORY,
        max_messages: int = DEFAULT_MAX_MESSAGES,
    ) -> None:
        if chat_memory_repository is _Default.REPOSITORY:
            chat_memory_repository = InMemoryChatMemoryRepository()
        repository = _assert.not_none(
            chat_memory_repository, "chat_memory_repository cannot be null"
        )
        if not isinstance(repository, ChatMemoryRepository):
            raise TypeError(
                "chat_memory_repository must be a ChatMemoryRepository, "
                f"got {type(repository).__name__}"
            )
        if isinstance(max_messages, bool) or not isinstance(max_messages, int):
            raise TypeError(f"max_messages must be an int, got {type(max_messages).__name__}")
        _assert.is_true(max_messages > 0, "max_messages must be greater than 0")
        self._chat_memory_repository = repository
        self._max_messages = max_messages

    def add(self, conversation_id: str, messages: Message | Sequence[Message]) -> None:
        validate_conversation_id(conversation_id)
        new_messages = message_list(messages)
        repository = self._chat_memory_repository
        if isinstance(repository, WindowedRepository):
            repository.update_window(
                conversation_id,
                lambda view: plan_window(view, new_messages, self._max_messages),
            )
            return
        repository.update_by_conversation_id(
            conversation_id, lambda memory: self._process(memory, new_messages)
        )

    def get(self, conversation_id: str) -> list[Message]:
        validate_conversation_id(conversation_id)
        return self._chat_memory_repository.find_by_conversation_id(conversation_id)

    def clear(self, conversation_id: str) -> None:
        validate_conversation_id(conversation_id)
        self._chat_memory_repository.delete_by_conversation_id(conversation_id)

    def _process(
        self, memory_messages: list[Message], new_messages: list[Message]
    ) -> list[Message]:
        plan = plan_window(ListView(memory_messages), new_messages, self._max_messages)
        return apply_plan(memory_messages, plan)

    def _builder_state(self) -> dict[str, object]:
        return {
            "chat_memory_repository": self._chat_memory_repository,
            "max_messages": self._max_messages,
        }

    def __repr__(self) -> str:
        return (
            f"MessageWindowChatMemory(chat_memory_repository={self._chat_memory_repository!r}, "
            f"max_messages={self._max_messages})"
        )

    # --- generated builder ---
    class Builder(_builder.Builder["MessageWindowChatMemory"]):
        """The builder of :class:`MessageWindowChatMemory`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def chat_memory_repository(self, chat_memory_repository: ChatMemoryRepository | _Default | None, /) -> Self:
            return self._set("chat_memory_repository", (chat_memory_repository,))

        def max_messages(self, max_messages: int, /) -> Self:
            return self._set("max_messages", (max_messages,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> MessageWindowChatMemory: ...

    @classmethod
    def builder(cls) -> MessageWindowChatMemory.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> MessageWindowChatMemory.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
