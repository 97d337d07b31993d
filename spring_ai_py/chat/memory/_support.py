"""Argument checks shared by the chat memories and their repositories."""

from __future__ import annotations

from collections.abc import Sequence

from spring_ai_py import _assert
from spring_ai_py.chat.messages import AbstractMessage, Message

STORAGE_TIMESTAMP_KEY = "JdbcChatMemoryRepository_message_timestamp"
"""The metadata key under which a repository adds a message's creation time on read
(the SQL repository's ``CONVERSATION_TS``); a stored message equals the message that
was stored once it is dropped."""


def without_storage_metadata(message: Message) -> Message:
    """``message`` as it was stored: without the creation time a repository adds on read
    (so a read-back message equals the one that was added)."""
    if not isinstance(message, AbstractMessage) or STORAGE_TIMESTAMP_KEY not in message.get_metadata():
        return message
    copy = message.copy()
    copy.get_metadata().pop(STORAGE_TIMESTAMP_KEY)
    return copy


def validate_conversation_id(conversation_id: str | None) -> str:
    """Return ``conversation_id``; raise ``ValueError`` when it is ``None``, empty or blank.

    A NUL character is rejected too, on every repository alike: PostgreSQL cannot store
    one in text, and SQLite and the in-memory store would otherwise accept what
    PostgreSQL refuses.
    """
    checked = _assert.has_text(conversation_id, "conversation_id cannot be null or empty")
    if "\x00" in checked:
        raise ValueError("conversation_id cannot contain a NUL character")
    return checked


def message_list(messages: Message | Sequence[Message] | None) -> list[Message]:
    """Normalise one message or a sequence of messages into a new list, validating it.

    ``None`` and ``None`` elements raise ``ValueError`` with Spring's wording; anything that
    is neither a ``Message`` nor a sequence of them raises ``TypeError``.
    """
    _assert.not_none(messages, "messages cannot be null")
    if isinstance(messages, Message):
        return [messages]
    if isinstance(messages, (str, bytes)) or not isinstance(messages, Sequence):
        raise TypeError(
            f"messages must be a Message or a list of Message, got {type(messages).__name__}"
        )
    items = list(messages)
    _assert.no_null_elements(items, "messages cannot contain null elements")
    for item in items:
        if not isinstance(item, Message):
            raise TypeError(
                f"messages must contain only Message objects, got {type(item).__name__}"
            )
    return items


def messages_to_save(messages: Sequence[Message]) -> list[Message]:
    """Validate the ``messages`` argument of ``save_all`` (a list, never a lone message)."""
    if isinstance(messages, Message):
        raise TypeError("messages must be a list of Message, got a single Message")
    return message_list(messages)
