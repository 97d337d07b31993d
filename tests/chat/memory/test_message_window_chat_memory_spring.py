"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.memory.MessageWindowChatMemoryTests`: 21 tests ported, 0 skipped.

Sibling of ``test_message_window_chat_memory.py`` (the port's own tests, other
backends). Error messages spell identifiers the Python way (``conversation_id``,
``max_messages``, PORTING §9).
"""

from __future__ import annotations

import uuid

import pytest

from spring_ai_py.chat.memory import MessageWindowChatMemory
from spring_ai_py.chat.messages import AssistantMessage, Message, SystemMessage, UserMessage


@pytest.fixture
def chat_memory() -> MessageWindowChatMemory:
    return MessageWindowChatMemory.builder().build()


def _id() -> str:
    return str(uuid.uuid4())


def _window(limit: int) -> MessageWindowChatMemory:
    return MessageWindowChatMemory.builder().max_messages(limit).build()


def test_zero_max_messages_not_allowed() -> None:
    with pytest.raises(ValueError, match=r"^max_messages must be greater than 0$"):
        MessageWindowChatMemory.builder().max_messages(0).build()


def test_negative_max_messages_not_allowed() -> None:
    with pytest.raises(ValueError, match=r"^max_messages must be greater than 0$"):
        MessageWindowChatMemory.builder().max_messages(-1).build()


def test_handle_multiple_messages_in_conversation(chat_memory: MessageWindowChatMemory) -> None:
    conversation_id = _id()
    messages: list[Message] = [AssistantMessage("I, Robot"), UserMessage("Hello")]
    chat_memory.add(conversation_id, messages)
    stored = chat_memory.get(conversation_id)
    assert all(message in stored for message in messages)
    chat_memory.clear(conversation_id)
    assert chat_memory.get(conversation_id) == []


def test_handle_single_message_in_conversation(chat_memory: MessageWindowChatMemory) -> None:
    conversation_id = _id()
    message = UserMessage("Hello")
    chat_memory.add(conversation_id, message)
    assert message in chat_memory.get(conversation_id)
    chat_memory.clear(conversation_id)
    assert chat_memory.get(conversation_id) == []


def _rejects(chat_memory: MessageWindowChatMemory, conversation_id: str | None) -> None:
    message = "conversation_id cannot be null or empty"
    with pytest.raises(ValueError, match=message):
        chat_memory.add(conversation_id, [UserMessage("Hello")])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        chat_memory.add(conversation_id, UserMessage("Hello"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        chat_memory.get(conversation_id)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        chat_memory.clear(conversation_id)  # type: ignore[arg-type]


def test_null_conversation_id_not_allowed(chat_memory: MessageWindowChatMemory) -> None:
    _rejects(chat_memory, None)


def test_empty_conversation_id_not_allowed(chat_memory: MessageWindowChatMemory) -> None:
    _rejects(chat_memory, "")


def test_null_messages_not_allowed(chat_memory: MessageWindowChatMemory) -> None:
    with pytest.raises(ValueError, match="messages cannot be null"):
        chat_memory.add(_id(), None)  # type: ignore[arg-type]


def test_null_message_not_allowed(chat_memory: MessageWindowChatMemory) -> None:
    """Python has one ``None``: Java's null ``Message`` and null list are the same call, so
    the port's wording is the list's (``messages cannot be null``)."""
    with pytest.raises(ValueError, match="cannot be null"):
        chat_memory.add(_id(), None)  # type: ignore[arg-type]


def test_messages_with_null_elements_not_allowed(chat_memory: MessageWindowChatMemory) -> None:
    with pytest.raises(ValueError, match="messages cannot contain null elements"):
        chat_memory.add(_id(), [None])  # type: ignore[list-item]


def test_custom_max_messages() -> None:
    memory = _window(2)
    conversation_id = _id()
    memory.add(
        conversation_id,
        [
            UserMessage("Message 1"),
            AssistantMessage("Response 1"),
            UserMessage("Message 2"),
            AssistantMessage("Response 2"),
            UserMessage("Message 3"),
        ],
    )
    assert memory.get(conversation_id) == [UserMessage("Message 3")]


def test_no_eviction_when_messages_within_limit() -> None:
    memory = _window(3)
    conversation_id = _id()
    memory.add(conversation_id, [UserMessage("Hello"), AssistantMessage("Hi there")])
    memory.add(conversation_id, [UserMessage("How are you?")])
    assert memory.get(conversation_id) == [
        UserMessage("Hello"),
        AssistantMessage("Hi there"),
        UserMessage("How are you?"),
    ]


def test_eviction_when_messages_exceed_limit() -> None:
    memory = _window(2)
    conversation_id = _id()
    memory.add(conversation_id, [UserMessage("Message 1"), AssistantMessage("Response 1")])
    memory.add(conversation_id, [UserMessage("Message 2"), AssistantMessage("Response 2")])
    assert memory.get(conversation_id) == [UserMessage("Message 2"), AssistantMessage("Response 2")]


def test_system_message_is_preserved_during_eviction() -> None:
    memory = _window(3)
    conversation_id = _id()
    memory.add(
        conversation_id,
        [
            SystemMessage("System instruction"),
            UserMessage("Message 1"),
            AssistantMessage("Response 1"),
        ],
    )
    memory.add(conversation_id, [UserMessage("Message 2"), AssistantMessage("Response 2")])
    assert memory.get(conversation_id) == [
        SystemMessage("System instruction"),
        UserMessage("Message 2"),
        AssistantMessage("Response 2"),
    ]


def test_multiple_system_messages_are_preserved_during_eviction() -> None:
    memory = _window(3)
    conversation_id = _id()
    memory.add(
        conversation_id,
        [
            SystemMessage("System instruction 1"),
            SystemMessage("System instruction 2"),
            UserMessage("Message 1"),
            AssistantMessage("Response 1"),
        ],
    )
    memory.add(conversation_id, [UserMessage("Message 2"), AssistantMessage("Response 2")])
    assert memory.get(conversation_id) == [
        SystemMessage("System instruction 1"),
        SystemMessage("System instruction 2"),
    ]


def test_empty_message_list(chat_memory: MessageWindowChatMemory) -> None:
    assert chat_memory.get(_id()) == []


def test_turn_boundary_snapping_prevents_orphaned_assistant_message() -> None:
    memory = _window(3)
    conversation_id = _id()
    memory.add(
        conversation_id,
        [
            UserMessage("Question 1"),
            AssistantMessage("Answer 1"),
            UserMessage("Question 2"),
            AssistantMessage("Answer 2"),
            UserMessage("Question 3"),
            AssistantMessage("Answer 3"),
        ],
    )
    assert memory.get(conversation_id) == [UserMessage("Question 3"), AssistantMessage("Answer 3")]


def test_turn_boundary_snapping_evicts_all_messages_within_the_same_turn() -> None:
    memory = _window(4)
    conversation_id = _id()
    memory.add(
        conversation_id,
        [
            UserMessage("Question 1"),
            AssistantMessage("Step 1"),
            AssistantMessage("Step 2"),
            AssistantMessage("Final answer"),
            UserMessage("Question 2"),
            AssistantMessage("Answer 2"),
        ],
    )
    assert memory.get(conversation_id) == [UserMessage("Question 2"), AssistantMessage("Answer 2")]


def test_no_snap_when_raw_cut_already_lands_on_user_message() -> None:
    memory = _window(4)
    conversation_id = _id()
    memory.add(
        conversation_id,
        [
            UserMessage("Message 1"),
            AssistantMessage("Response 1"),
            UserMessage("Message 2"),
            AssistantMessage("Response 2"),
            UserMessage("Message 3"),
            AssistantMessage("Response 3"),
        ],
    )
    assert memory.get(conversation_id) == [
        UserMessage("Message 2"),
        AssistantMessage("Response 2"),
        UserMessage("Message 3"),
        AssistantMessage("Response 3"),
    ]


def test_no_exception_when_system_messages_exceed_max_messages() -> None:
    memory = _window(2)
    conversation_id = _id()
    memory.add(conversation_id, [SystemMessage("S1"), SystemMessage("S2")])
    memory.add(
        conversation_id, [UserMessage("Hello"), AssistantMessage("Hi"), UserMessage("Again")]
    )
    assert memory.get(conversation_id) == [SystemMessage("S1"), SystemMessage("S2")]


def test_old_system_messages_are_removed_when_new_one_added() -> None:
    memory = _window(2)
    conversation_id = _id()
    memory.add(
        conversation_id,
        [SystemMessage("System instruction 1"), SystemMessage("System instruction 2")],
    )
    memory.add(conversation_id, [SystemMessage("System instruction 3")])
    assert memory.get(conversation_id) == [SystemMessage("System instruction 3")]


def test_mixed_messages_with_limit_equal_to_system_message_count() -> None:
    memory = _window(2)
    conversation_id = _id()
    memory.add(
        conversation_id,
        [SystemMessage("System instruction 1"), SystemMessage("System instruction 2")],
    )
    memory.add(conversation_id, [UserMessage("Message 1"), AssistantMessage("Response 1")])
    assert memory.get(conversation_id) == [
        SystemMessage("System instruction 1"),
        SystemMessage("System instruction 2"),
    ]
