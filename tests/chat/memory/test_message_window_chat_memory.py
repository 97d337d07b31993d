"""MessageWindowChatMemory beyond Spring's MessageWindowChatMemoryTests (ported in
``test_message_window_chat_memory_spring.py``): bad inputs, tool turns, other backends."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable

import pytest

from spring_ai_py.chat.memory import (
    ChatMemory,
    ChatMemoryRepository,
    InMemoryChatMemoryRepository,
    MessageWindowChatMemory,
)
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)

CONVERSATION_ID_ERROR = "conversation_id cannot be null or empty"


def new_id() -> str:
    return str(uuid.uuid4())


def window(
    max_messages: int, repository: ChatMemoryRepository | None = None
) -> MessageWindowChatMemory:
    builder = MessageWindowChatMemory.builder().max_messages(max_messages)
    if repository is not None:
        builder.chat_memory_repository(repository)
    return builder.build()


def test_conversation_id_key_is_springs() -> None:
    assert ChatMemory.CONVERSATION_ID == "chat_memory_conversation_id"
    assert MessageWindowChatMemory.CONVERSATION_ID == "chat_memory_conversation_id"


@pytest.mark.parametrize("max_messages", ["20", 2.0, True, None])
def test_max_messages_must_be_an_int(max_messages: object) -> None:
    with pytest.raises(TypeError, match="max_messages must be an int"):
        MessageWindowChatMemory(max_messages=max_messages)  # type: ignore[arg-type]


def test_null_repository_not_allowed() -> None:
    with pytest.raises(ValueError, match=r"^chat_memory_repository cannot be null$"):
        MessageWindowChatMemory.builder().chat_memory_repository(None).build()


def test_repository_must_be_a_chat_memory_repository() -> None:
    with pytest.raises(TypeError, match="must be a ChatMemoryRepository, got dict"):
        MessageWindowChatMemory(chat_memory_repository={})  # type: ignore[arg-type]


def test_defaults_are_an_in_memory_repository_and_twenty_messages() -> None:
    memory = MessageWindowChatMemory.builder().build()
    conversation_id = new_id()
    memory.add(conversation_id, [UserMessage(f"m{i}") for i in range(25)])

    assert [m.get_text() for m in memory.get(conversation_id)] == [f"m{i}" for i in range(5, 25)]
    state = memory.mutate()._values
    assert isinstance(state["chat_memory_repository"], InMemoryChatMemoryRepository)
    assert state["max_messages"] == 20


def test_each_memory_gets_its_own_default_repository() -> None:
    first, second = MessageWindowChatMemory(), MessageWindowChatMemory()
    first.add("c", UserMessage("only in first"))
    assert second.get("c") == []


def test_mutate_keeps_the_repository() -> None:
    repository = InMemoryChatMemoryRepository()
    memory = MessageWindowChatMemory.builder().chat_memory_repository(repository).build()
    copy = memory.mutate().max_messages(2).build()
    copy.add("c", [UserMessage("a"), AssistantMessage("b"), UserMessage("c")])
    assert memory.get("c") == [UserMessage("c")]


@pytest.mark.parametrize("conversation_id", [None, "", "   ", 42])
def test_bad_conversation_id_not_allowed(conversation_id: object) -> None:
    memory = MessageWindowChatMemory.builder().build()
    bad: str = conversation_id  # type: ignore[assignment]
    with pytest.raises(ValueError, match=CONVERSATION_ID_ERROR):
        memory.add(bad, [UserMessage("Hello")])
    with pytest.raises(ValueError, match=CONVERSATION_ID_ERROR):
        memory.add(bad, UserMessage("Hello"))
    with pytest.raises(ValueError, match=CONVERSATION_ID_ERROR):
        memory.get(bad)
    with pytest.raises(ValueError, match=CONVERSATION_ID_ERROR):
        memory.clear(bad)


@pytest.mark.parametrize(
    ("messages", "error"),
    [
        ("Hello", "must be a Message or a list of Message, got str"),
        (42, "must be a Message or a list of Message, got int"),
        ([UserMessage("ok"), "Hello"], "must contain only Message objects, got str"),
    ],
)
def test_non_messages_not_allowed(messages: object, error: str) -> None:
    memory = MessageWindowChatMemory.builder().build()
    conversation_id = new_id()
    with pytest.raises(TypeError, match=error):
        memory.add(conversation_id, messages)  # type: ignore[arg-type]
    assert memory.get(conversation_id) == []


def test_snapping_skips_tool_calls_and_tool_results_of_an_evicted_turn() -> None:
    memory = window(3)
    conversation_id = new_id()
    call = AssistantMessage(
        tool_calls=[AssistantMessage.ToolCall("c1", "function", "weather", "{}")]
    )
    result = ToolResponseMessage([ToolResponseMessage.ToolResponse("c1", "weather", "sunny")])
    memory.add(
        conversation_id,
        [UserMessage("Weather?"), call, result, AssistantMessage("Sunny"), UserMessage("Thanks")],
    )
    assert memory.get(conversation_id) == [UserMessage("Thanks")]


def test_adding_a_stored_system_message_again_keeps_the_others() -> None:
    memory = window(10)
    conversation_id = new_id()
    memory.add(conversation_id, [SystemMessage("S1"), SystemMessage("S2")])
    memory.add(conversation_id, [SystemMessage("S1"), UserMessage("Hi")])

    assert memory.get(conversation_id) == [
        SystemMessage("S1"),
        SystemMessage("S2"),
        SystemMessage("S1"),
        UserMessage("Hi"),
    ]


def test_conversations_are_independent() -> None:
    memory = window(2)
    memory.add("a", [UserMessage("a1"), AssistantMessage("a2"), UserMessage("a3")])
    memory.add("b", UserMessage("b1"))
    memory.clear("a")

    assert memory.get("a") == []
    assert memory.get("b") == [UserMessage("b1")]


def test_a_failed_add_leaves_memory_unchanged() -> None:
    memory = window(10)
    conversation_id = new_id()
    memory.add(conversation_id, UserMessage("kept"))
    with pytest.raises(ValueError, match="messages cannot contain null elements"):
        memory.add(conversation_id, [AssistantMessage("not kept"), None])  # type: ignore[list-item]
    assert memory.get(conversation_id) == [UserMessage("kept")]


def texts(messages: list[Message]) -> list[tuple[MessageType, str | None]]:
    return [(m.get_message_type(), m.get_text()) for m in messages]


def test_window_semantics_on_every_repository(
    repository: ChatMemoryRepository,
    strip_timestamps: Callable[[list[Message]], list[Message]],
) -> None:
    memory = window(3, repository)
    conversation_id = new_id()
    memory.add(conversation_id, [SystemMessage("S"), UserMessage("Q1"), AssistantMessage("A1")])
    memory.add(conversation_id, [UserMessage("Q2"), AssistantMessage("A2")])
    memory.add(conversation_id, SystemMessage("S2"))

    assert strip_timestamps(memory.get(conversation_id)) == [
        UserMessage("Q2"),
        AssistantMessage("A2"),
        SystemMessage("S2"),
    ]
    memory.clear(conversation_id)
    assert memory.get(conversation_id) == []


def test_concurrent_adds_to_one_conversation_lose_nothing() -> None:
    memory = window(1000)
    conversation_id = new_id()
    barrier = threading.Barrier(8)

    def worker(n: int) -> None:
        barrier.wait()
        for i in range(50):
            memory.add(conversation_id, [UserMessage(f"{n}-{i}"), AssistantMessage(f"{n}-{i}")])

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    stored = memory.get(conversation_id)
    assert len(stored) == 8 * 50 * 2
    for user, assistant in zip(stored[::2], stored[1::2], strict=True):
        assert isinstance(user, UserMessage)
        assert isinstance(assistant, AssistantMessage)
        assert user.get_text() == assistant.get_text()
