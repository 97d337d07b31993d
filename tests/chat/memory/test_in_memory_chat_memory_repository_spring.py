"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.memory.InMemoryChatMemoryRepositoryTests`: 9 tests ported, 0 skipped.

Sibling of ``test_in_memory_chat_memory_repository.py`` (the port's own tests). Error
messages spell the argument the Python way (``conversation_id``, PORTING §9).
"""

from __future__ import annotations

import uuid

import pytest

from spring_ai_py.chat.memory import InMemoryChatMemoryRepository
from spring_ai_py.chat.messages import AssistantMessage, Message, UserMessage


@pytest.fixture
def repository() -> InMemoryChatMemoryRepository:
    return InMemoryChatMemoryRepository()


def _id() -> str:
    return str(uuid.uuid4())


def test_find_conversation_ids(repository: InMemoryChatMemoryRepository) -> None:
    id1, id2 = _id(), _id()
    repository.save_all(id1, [UserMessage("Hello")])
    repository.save_all(id2, [AssistantMessage("Hi there")])
    assert sorted(repository.find_conversation_ids()) == sorted([id1, id2])
    repository.delete_by_conversation_id(id1)
    assert repository.find_conversation_ids() == [id2]


def test_save_messages_and_find_multiple_messages_in_conversation(
    repository: InMemoryChatMemoryRepository,
) -> None:
    conversation_id = _id()
    messages: list[Message] = [AssistantMessage("I, Robot"), UserMessage("Hello")]
    repository.save_all(conversation_id, messages)
    found = repository.find_by_conversation_id(conversation_id)
    assert all(message in found for message in messages)
    repository.delete_by_conversation_id(conversation_id)
    assert repository.find_by_conversation_id(conversation_id) == []


def test_save_messages_and_find_single_message_in_conversation(
    repository: InMemoryChatMemoryRepository,
) -> None:
    conversation_id = _id()
    message = UserMessage("Hello")
    repository.save_all(conversation_id, [message])
    assert message in repository.find_by_conversation_id(conversation_id)
    repository.delete_by_conversation_id(conversation_id)
    assert repository.find_by_conversation_id(conversation_id) == []


def test_find_non_existing_conversation(repository: InMemoryChatMemoryRepository) -> None:
    assert repository.find_by_conversation_id(_id()) == []


def test_subsequent_save_overwrites_previous_version(
    repository: InMemoryChatMemoryRepository,
) -> None:
    conversation_id = _id()
    second: list[Message] = [AssistantMessage("Hi there")]
    repository.save_all(conversation_id, [UserMessage("Hello")])
    repository.save_all(conversation_id, second)
    assert repository.find_by_conversation_id(conversation_id) == second


def _rejects(repository: InMemoryChatMemoryRepository, conversation_id: str | None) -> None:
    with pytest.raises(ValueError, match="conversation_id cannot be null or empty"):
        repository.save_all(conversation_id, [UserMessage("Hello")])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="conversation_id cannot be null or empty"):
        repository.find_by_conversation_id(conversation_id)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="conversation_id cannot be null or empty"):
        repository.delete_by_conversation_id(conversation_id)  # type: ignore[arg-type]


def test_null_conversation_id_not_allowed(repository: InMemoryChatMemoryRepository) -> None:
    _rejects(repository, None)


def test_empty_conversation_id_not_allowed(repository: InMemoryChatMemoryRepository) -> None:
    _rejects(repository, "")


def test_null_messages_not_allowed(repository: InMemoryChatMemoryRepository) -> None:
    with pytest.raises(ValueError, match="messages cannot be null"):
        repository.save_all(_id(), None)  # type: ignore[arg-type]


def test_messages_with_null_elements_not_allowed(repository: InMemoryChatMemoryRepository) -> None:
    with pytest.raises(ValueError, match="messages cannot contain null elements"):
        repository.save_all(_id(), [None])  # type: ignore[list-item]
