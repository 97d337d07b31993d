"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.memory.repository.jdbc.AbstractJdbcChatMemoryRepositoryIT`: 9 tests ported, 0 skipped.

Run as Spring's ``JdbcChatMemoryRepositorySqliteIT`` and ``JdbcChatMemoryRepositoryPostgresqlIT``
(the ``sql_backend`` fixture: an SQLite file and a real PostgreSQL schema). Spring's H2,
MariaDB, MySQL, Oracle and SQL Server subclasses are skipped below: the port has no
dialect for them. Two tests differ on purpose (PORTING §7.15): Spring drops tool
calls and tool responses on save, the port stores them losslessly.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import pytest

from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)

TS = JdbcChatMemoryRepository.CONVERSATION_TS


def _id() -> str:
    return str(uuid.uuid4())


def _rows(backend: Any, conversation_id: str) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = backend.execute(
        'SELECT conversation_id, content, type, sequence_id, "timestamp" '
        "FROM SPRING_AI_CHAT_MEMORY WHERE conversation_id = ? ORDER BY sequence_id",
        (conversation_id,),
    )
    return rows


@pytest.mark.parametrize(
    ("content", "message_type"),
    [
        ("Message from assistant", MessageType.ASSISTANT),
        ("Message from user", MessageType.USER),
        ("Message from system", MessageType.SYSTEM),
    ],
)
def test_save_messages_single_message(
    sql_backend: Any, content: str, message_type: MessageType
) -> None:
    repository = sql_backend.repository()
    conversation_id = _id()
    text = f"{content} - {conversation_id}"
    message: Message = {
        MessageType.ASSISTANT: AssistantMessage,
        MessageType.USER: UserMessage,
        MessageType.SYSTEM: SystemMessage,
    }[message_type](text)
    repository.save_all(conversation_id, [message])

    assert conversation_id in repository.find_conversation_ids()
    [row] = _rows(sql_backend, conversation_id)
    assert len(row) == 5
    assert row[0] == conversation_id
    assert row[1] == message.get_text()
    assert row[2] == message_type.name
    assert row[3] is not None
    assert row[4] is not None


def test_save_messages_multiple_messages(sql_backend: Any) -> None:
    repository = sql_backend.repository()
    conversation_id = _id()
    messages: list[Message] = [
        AssistantMessage(f"Message from assistant - {conversation_id}"),
        UserMessage(f"Message from user - {conversation_id}"),
        SystemMessage(f"Message from system - {conversation_id}"),
    ]
    repository.save_all(conversation_id, messages)
    assert conversation_id in repository.find_conversation_ids()

    rows = _rows(sql_backend, conversation_id)
    assert len(rows) == len(messages)
    for message, row in zip(messages, rows, strict=True):
        assert row[0] == conversation_id
        assert row[1] == message.get_text()
        assert row[2] == message.get_message_type().name
        assert row[3] is not None
    assert len(repository.find_by_conversation_id(conversation_id)) == len(messages)

    repository.save_all(conversation_id, [UserMessage("Hello")])
    assert len(repository.find_by_conversation_id(conversation_id)) == 1


def test_find_messages_by_conversation_id(sql_backend: Any) -> None:
    repository = sql_backend.repository()
    conversation_id = _id()
    messages: list[Message] = [
        AssistantMessage(f"Message from assistant 1 - {conversation_id}"),
        AssistantMessage(f"Message from assistant 2 - {conversation_id}"),
        UserMessage(f"Message from user - {conversation_id}"),
        SystemMessage(f"Message from system - {conversation_id}"),
    ]
    repository.save_all(conversation_id, messages)
    results = repository.find_by_conversation_id(conversation_id)
    assert [m.get_text() for m in results] == [m.get_text() for m in messages]
    assert [m.get_message_type() for m in results] == [m.get_message_type() for m in messages]


def test_delete_messages_by_conversation_id(sql_backend: Any) -> None:
    repository = sql_backend.repository()
    conversation_id = _id()
    repository.save_all(
        conversation_id,
        [
            AssistantMessage(f"Message from assistant - {conversation_id}"),
            UserMessage(f"Message from user - {conversation_id}"),
            SystemMessage(f"Message from system - {conversation_id}"),
        ],
    )
    repository.delete_by_conversation_id(conversation_id)
    [(count,)] = sql_backend.execute(
        "SELECT COUNT(*) FROM SPRING_AI_CHAT_MEMORY WHERE conversation_id = ?", (conversation_id,)
    )
    assert count == 0


def test_message_order(sql_backend: Any) -> None:
    repository = sql_backend.repository()
    conversation_id = _id()
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


def test_message_order_with_large_batch(sql_backend: Any) -> None:
    repository = sql_backend.repository()
    conversation_id = _id()
    repository.save_all(conversation_id, [UserMessage(f"Message {i}") for i in range(50)])
    retrieved = repository.find_by_conversation_id(conversation_id)
    assert [m.get_text() for m in retrieved] == [f"Message {i}" for i in range(50)]


def test_tool_response_messages_are_filtered_on_save(sql_backend: Any) -> None:
    """Port contract (PORTING §7.15): the tool response is kept, whole, not filtered out."""
    repository = sql_backend.repository()
    conversation_id = _id()
    tool_response = (
        ToolResponseMessage.builder()
        .responses([ToolResponseMessage.ToolResponse("id1", "myTool", "result")])
        .build()
    )
    repository.save_all(conversation_id, [UserMessage("Hello"), tool_response])

    results = repository.find_by_conversation_id(conversation_id)
    assert len(results) == 2
    assert results[0].get_text() == "Hello"
    assert isinstance(results[1], ToolResponseMessage)
    assert results[1].get_responses() == [
        ToolResponseMessage.ToolResponse("id1", "myTool", "result")
    ]
    assert [row[2] for row in _rows(sql_backend, conversation_id)] == ["USER", "TOOL"]


def test_assistant_messages_with_tool_calls_are_filtered_on_save(sql_backend: Any) -> None:
    """Port contract (PORTING §7.15): the tool-call message is kept with its calls."""
    repository = sql_backend.repository()
    conversation_id = _id()
    tool_call = AssistantMessage.ToolCall("call1", "function", "getWeather", "{}")
    tool_call_assistant = AssistantMessage.builder().tool_calls([tool_call]).build()
    repository.save_all(
        conversation_id,
        [
            UserMessage("What is the weather?"),
            tool_call_assistant,
            AssistantMessage("It is sunny."),
        ],
    )

    results = repository.find_by_conversation_id(conversation_id)
    assert len(results) == 3
    assert [m.get_text() for m in results] == ["What is the weather?", None, "It is sunny."]
    assert isinstance(results[1], AssistantMessage)
    assert results[1].get_tool_calls() == [tool_call]


def test_message_timestamp_is_exposed_as_metadata_and_preserved_across_saves(
    sql_backend: Any,
) -> None:
    """Java's ``Instant`` is an aware UTC ``datetime`` here."""
    repository = sql_backend.repository()
    conversation_id = _id()
    repository.save_all(conversation_id, [UserMessage("first")])

    after_first = repository.find_by_conversation_id(conversation_id)
    assert len(after_first) == 1
    first_timestamp = after_first[0].get_metadata()[TS]
    assert isinstance(first_timestamp, datetime)
    assert first_timestamp.tzinfo is not None

    repository.save_all(conversation_id, [*after_first, AssistantMessage("second")])

    after_second = repository.find_by_conversation_id(conversation_id)
    assert len(after_second) == 2
    assert after_second[0].get_metadata()[TS] == first_timestamp
    assert isinstance(after_second[1].get_metadata()[TS], datetime)


@pytest.mark.skip(
    reason="no H2, MariaDB, MySQL, Oracle or SQL Server dialect in the port: "
    "Spring's JdbcChatMemoryRepository{H2,MariaDb,Mysql,Oracle,SqlServer}IT"
)
def test_other_databases() -> None:
    pass
