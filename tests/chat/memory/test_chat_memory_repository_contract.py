"""The ChatMemoryRepository contract, run on the in-memory, SQLite and PostgreSQL repositories.

Spring's InMemoryChatMemoryRepositoryTests and AbstractJdbcChatMemoryRepositoryIT
behaviours that every repository must share, plus lossless round trips of every message
type (which Spring's JDBC repository does not offer: it drops tool messages).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest

from spring_ai_py.chat.memory import ChatMemoryRepository
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.content import Media

Strip = Callable[[list[Message]], list[Message]]
RepositoryFactory = Callable[[], ChatMemoryRepository]
CONVERSATION_ID_ERROR = "conversation_id cannot be null or empty"


def new_id() -> str:
    return str(uuid.uuid4())


def every_message_type() -> list[Message]:
    return [
        SystemMessage("Be brief.", {"source": "test"}),
        UserMessage(
            "What is in this picture? ünïcødé ✓ 'quotes' \"double\"",
            [
                Media("image/png", b"\x89PNG\x00\x01\xff", id="img-1", name="photo.png"),
                Media("image/jpeg", "https://example.com/cat.jpg"),
            ],
            {"user": "ada", "nested": {"list": [1, 2.5, True, None, "x"], "empty": {}}},
        ),
        AssistantMessage(
            None,
            {"finishReason": "TOOL_CALLS", "index": 0},
            [
                AssistantMessage.ToolCall("call_1", "function", "weather", '{"city": "Paris"}'),
                AssistantMessage.ToolCall("call_2", "function", "time", "{}"),
            ],
        ),
        ToolResponseMessage(
            [
                ToolResponseMessage.ToolResponse("call_1", "weather", '"sunny"'),
                ToolResponseMessage.ToolResponse("call_2", "time", "12:00"),
            ],
            {"tool": "metadata"},
        ),
        AssistantMessage("It is sunny at noon.", {"id": "resp-1"}),
        AssistantMessage("", media=[Media("audio/wav", b"RIFF....WAVE")]),
        UserMessage(""),
    ]


def test_find_conversation_ids(repository: ChatMemoryRepository) -> None:
    first, second = new_id(), new_id()
    repository.save_all(first, [UserMessage("Hello")])
    repository.save_all(second, [AssistantMessage("Hi there")])

    assert {first, second} <= set(repository.find_conversation_ids())

    repository.delete_by_conversation_id(first)
    assert second in repository.find_conversation_ids()
    assert first not in repository.find_conversation_ids()


def test_save_messages_and_find_multiple_messages(
    repository: ChatMemoryRepository, strip_timestamps: Strip
) -> None:
    conversation_id = new_id()
    messages: list[Message] = [AssistantMessage("I, Robot"), UserMessage("Hello")]
    repository.save_all(conversation_id, messages)

    assert strip_timestamps(repository.find_by_conversation_id(conversation_id)) == messages

    repository.delete_by_conversation_id(conversation_id)
    assert repository.find_by_conversation_id(conversation_id) == []


def test_save_messages_and_find_single_message(
    repository: ChatMemoryRepository, strip_timestamps: Strip
) -> None:
    conversation_id = new_id()
    repository.save_all(conversation_id, [UserMessage("Hello")])
    assert strip_timestamps(repository.find_by_conversation_id(conversation_id)) == [
        UserMessage("Hello")
    ]


def test_find_non_existing_conversation(repository: ChatMemoryRepository) -> None:
    assert repository.find_by_conversation_id(new_id()) == []


def test_delete_of_an_unknown_conversation_is_a_no_op(repository: ChatMemoryRepository) -> None:
    repository.delete_by_conversation_id(new_id())


def test_subsequent_save_overwrites_previous_version(
    repository: ChatMemoryRepository, strip_timestamps: Strip
) -> None:
    conversation_id = new_id()
    repository.save_all(
        conversation_id, [UserMessage("Hello"), AssistantMessage("Hi"), UserMessage("Bye")]
    )
    repository.save_all(conversation_id, [AssistantMessage("Hi there")])

    assert strip_timestamps(repository.find_by_conversation_id(conversation_id)) == [
        AssistantMessage("Hi there")
    ]


def test_saving_an_empty_list_empties_the_conversation(repository: ChatMemoryRepository) -> None:
    conversation_id = new_id()
    repository.save_all(conversation_id, [UserMessage("Hello")])
    repository.save_all(conversation_id, [])
    assert repository.find_by_conversation_id(conversation_id) == []


def test_conversations_do_not_leak_into_each_other(
    repository: ChatMemoryRepository, strip_timestamps: Strip
) -> None:
    first, second = new_id(), new_id()
    repository.save_all(first, [UserMessage("first")])
    repository.save_all(second, [UserMessage("second")])
    repository.save_all(first, [UserMessage("first again")])
    repository.delete_by_conversation_id(first)

    assert strip_timestamps(repository.find_by_conversation_id(second)) == [UserMessage("second")]


@pytest.mark.parametrize("conversation_id", [None, "", "  ", 7])
def test_bad_conversation_id_not_allowed(
    repository: ChatMemoryRepository, conversation_id: object
) -> None:
    bad: str = conversation_id  # type: ignore[assignment]
    with pytest.raises(ValueError, match=CONVERSATION_ID_ERROR):
        repository.save_all(bad, [UserMessage("Hello")])
    with pytest.raises(ValueError, match=CONVERSATION_ID_ERROR):
        repository.find_by_conversation_id(bad)
    with pytest.raises(ValueError, match=CONVERSATION_ID_ERROR):
        repository.delete_by_conversation_id(bad)
    with pytest.raises(ValueError, match=CONVERSATION_ID_ERROR):
        repository.update_by_conversation_id(bad, lambda current: current)


@pytest.mark.parametrize("conversation_id", ["a\x00b", "\x00"])
def test_nul_character_in_conversation_id_not_allowed(
    repository: ChatMemoryRepository, conversation_id: str
) -> None:
    """Issue 15: every repository gives the same clear error (PostgreSQL cannot store NUL)."""
    message = "conversation_id cannot contain a NUL character"
    with pytest.raises(ValueError, match=message):
        repository.save_all(conversation_id, [UserMessage("Hello")])
    with pytest.raises(ValueError, match=message):
        repository.find_by_conversation_id(conversation_id)
    with pytest.raises(ValueError, match=message):
        repository.delete_by_conversation_id(conversation_id)
    with pytest.raises(ValueError, match=message):
        repository.update_by_conversation_id(conversation_id, lambda current: current)


def test_null_messages_not_allowed(repository: ChatMemoryRepository) -> None:
    with pytest.raises(ValueError, match=r"^messages cannot be null$"):
        repository.save_all(new_id(), None)  # type: ignore[arg-type]


def test_messages_with_null_elements_not_allowed(
    repository: ChatMemoryRepository, strip_timestamps: Strip
) -> None:
    conversation_id = new_id()
    repository.save_all(conversation_id, [UserMessage("kept")])
    with pytest.raises(ValueError, match=r"^messages cannot contain null elements$"):
        repository.save_all(conversation_id, [UserMessage("lost"), None])  # type: ignore[list-item]
    assert strip_timestamps(repository.find_by_conversation_id(conversation_id)) == [
        UserMessage("kept")
    ]


@pytest.mark.parametrize(
    ("messages", "error"),
    [
        (UserMessage("alone"), "must be a list of Message, got a single Message"),
        ("Hello", "must be a Message or a list of Message, got str"),
        ([UserMessage("ok"), {"role": "user"}], "must contain only Message objects, got dict"),
    ],
)
def test_non_message_lists_not_allowed(
    repository: ChatMemoryRepository, messages: object, error: str
) -> None:
    with pytest.raises(TypeError, match=error):
        repository.save_all(new_id(), messages)  # type: ignore[arg-type]


def test_every_message_type_round_trips(
    repository: ChatMemoryRepository, strip_timestamps: Strip
) -> None:
    conversation_id = new_id()
    messages = every_message_type()
    repository.save_all(conversation_id, messages)

    found = repository.find_by_conversation_id(conversation_id)

    assert strip_timestamps(found) == messages
    assert [type(m) for m in found] == [type(m) for m in messages]
    assert found[2].get_text() is None
    media = found[1].get_media()  # type: ignore[attr-defined]
    assert media[0].data == b"\x89PNG\x00\x01\xff"
    assert isinstance(media[0].data, bytes)
    assert (media[0].id, media[0].name) == ("img-1", "photo.png")


def test_read_back_messages_save_and_read_back_identically(
    repository: ChatMemoryRepository,
) -> None:
    conversation_id = new_id()
    repository.save_all(conversation_id, every_message_type())
    first_read = repository.find_by_conversation_id(conversation_id)

    repository.save_all(conversation_id, first_read)

    assert repository.find_by_conversation_id(conversation_id) == first_read


def test_message_order(repository: ChatMemoryRepository) -> None:
    conversation_id = new_id()
    repository.save_all(
        conversation_id,
        [
            UserMessage("1-First message"),
            AssistantMessage("2-Second message"),
            UserMessage("3-Third message"),
            SystemMessage("4-Fourth message"),
        ],
    )
    assert [m.get_text() for m in repository.find_by_conversation_id(conversation_id)] == [
        "1-First message",
        "2-Second message",
        "3-Third message",
        "4-Fourth message",
    ]


def test_message_order_with_large_batch(repository: ChatMemoryRepository) -> None:
    conversation_id = new_id()
    # Same text and type everywhere but the number: only the stored order can tell them apart.
    repository.save_all(conversation_id, [UserMessage(f"Message {i}") for i in range(50)])
    found = repository.find_by_conversation_id(conversation_id)
    assert [m.get_text() for m in found] == [f"Message {i}" for i in range(50)]


def test_update_appends_atomically_and_returns_what_was_saved(
    repository: ChatMemoryRepository, strip_timestamps: Strip
) -> None:
    conversation_id = new_id()
    repository.save_all(conversation_id, [UserMessage("one")])

    seen: list[list[Message]] = []

    def append(current: list[Message]) -> list[Message]:
        seen.append(strip_timestamps(current))
        return [*current, AssistantMessage("two")]

    saved = repository.update_by_conversation_id(conversation_id, append)

    assert seen == [[UserMessage("one")]]
    assert strip_timestamps(saved) == [UserMessage("one"), AssistantMessage("two")]
    assert strip_timestamps(
        repository.find_by_conversation_id(conversation_id)
    ) == strip_timestamps(saved)


def test_update_of_an_unknown_conversation_starts_empty(
    repository: ChatMemoryRepository, strip_timestamps: Strip
) -> None:
    conversation_id = new_id()
    repository.update_by_conversation_id(
        conversation_id, lambda current: [*current, UserMessage("first")]
    )
    assert strip_timestamps(repository.find_by_conversation_id(conversation_id)) == [
        UserMessage("first")
    ]


def test_a_failing_update_leaves_the_conversation_intact(
    repository: ChatMemoryRepository, strip_timestamps: Strip
) -> None:
    conversation_id = new_id()
    repository.save_all(conversation_id, [UserMessage("kept")])

    def fail(current: list[Message]) -> list[Message]:
        raise KeyError("boom")

    with pytest.raises(KeyError, match="boom"):
        repository.update_by_conversation_id(conversation_id, fail)
    assert strip_timestamps(repository.find_by_conversation_id(conversation_id)) == [
        UserMessage("kept")
    ]


def test_another_instance_sees_the_same_conversations(
    repository_factory: RepositoryFactory, strip_timestamps: Strip
) -> None:
    # Several application instances sharing one store.
    writer, reader = repository_factory(), repository_factory()
    conversation_id = new_id()
    writer.save_all(conversation_id, [UserMessage("shared")])

    assert strip_timestamps(reader.find_by_conversation_id(conversation_id)) == [
        UserMessage("shared")
    ]
    reader.delete_by_conversation_id(conversation_id)
    assert writer.find_by_conversation_id(conversation_id) == []
