"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.messages.SystemMessageTests`: 19 tests ported, 0 skipped.

Spring's ``Resource`` is a path here (``pathlib.Path``), read as UTF-8.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spring_ai_py.chat.messages import AbstractMessage, MessageType, SystemMessage

MESSAGE_TYPE = AbstractMessage.MESSAGE_TYPE
TEXT = "Tell me, did you sail across the sun?"


def test_system_message_with_null_text() -> None:
    with pytest.raises(ValueError):
        SystemMessage(None)


def test_system_message_with_text_content() -> None:
    message = SystemMessage(TEXT)
    assert message.get_text() == TEXT
    assert message.get_metadata()[MESSAGE_TYPE] is MessageType.SYSTEM


def test_system_message_with_null_resource() -> None:
    """Python has one ``None``: ``SystemMessage(None)`` is rejected whatever it stood for."""
    with pytest.raises(ValueError, match="Content must not be null"):
        SystemMessage.builder().text(None).build()


def test_system_message_with_resource(prompt_system: Path) -> None:
    message = SystemMessage(prompt_system)
    assert message.get_text() == TEXT
    assert message.get_metadata()[MESSAGE_TYPE] is MessageType.SYSTEM


def test_system_message_from_builder_with_text() -> None:
    message = SystemMessage.builder().text(TEXT).metadata({"key": "value"}).build()
    assert message.get_text() == TEXT
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.SYSTEM, "key": "value"}


def test_system_message_from_builder_with_resource(prompt_system: Path) -> None:
    message = SystemMessage.builder().text(prompt_system).metadata({"key": "value"}).build()
    assert message.get_text() == TEXT
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.SYSTEM, "key": "value"}


def test_system_message_copy() -> None:
    metadata1 = {"key": "value"}
    message1 = SystemMessage.builder().text(TEXT).metadata(metadata1).build()
    message2 = message1.copy()
    assert message2.get_text() == TEXT
    assert len(message2.get_metadata()) == 2
    assert message2.get_metadata() is not metadata1


def test_system_message_mutate() -> None:
    message1 = SystemMessage.builder().text(TEXT).metadata({"key": "value"}).build()
    message2 = message1.mutate().build()
    assert message2.get_text() == TEXT
    assert len(message2.get_metadata()) == 2
    message3 = message2.mutate().text("Farewell, Aragog!").build()
    assert message3.get_text() == "Farewell, Aragog!"
    assert len(message3.get_metadata()) == 2
    assert message3.get_metadata() is not message2.get_metadata()


def test_system_message_with_empty_text() -> None:
    message = SystemMessage("")
    assert message.get_text() == ""
    assert message.get_metadata()[MESSAGE_TYPE] is MessageType.SYSTEM


def test_system_message_with_whitespace_text() -> None:
    text = "   \t\n   "
    message = SystemMessage(text)
    assert message.get_text() == text
    assert message.get_metadata()[MESSAGE_TYPE] is MessageType.SYSTEM


def test_system_message_builder_with_null_text() -> None:
    with pytest.raises(ValueError):
        SystemMessage.builder().text(None).build()


def test_system_message_builder_with_null_resource() -> None:
    """A path that cannot be read is the port's bad resource (Java's null has no twin)."""
    with pytest.raises(RuntimeError, match="Failed to read resource"):
        SystemMessage.builder().text(Path("/nonexistent/prompt-system.txt")).build()


def test_system_message_builder_with_empty_metadata() -> None:
    message = SystemMessage.builder().text("Test message").metadata({}).build()
    assert message.get_text() == "Test message"
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.SYSTEM}


def test_system_message_builder_overwrite_metadata() -> None:
    message = (
        SystemMessage.builder()
        .text("Test message")
        .metadata({"key1": "value1"})
        .metadata({"key2": "value2"})
        .build()
    )
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.SYSTEM, "key2": "value2"}


def test_system_message_copy_preserves_immutability() -> None:
    original = SystemMessage.builder().text("Original text").metadata({"key": "value"}).build()
    copy = original.copy()
    assert copy is not original
    assert copy.get_metadata() is not original.get_metadata()
    assert copy.get_text() == original.get_text()
    assert copy.get_metadata() == original.get_metadata()


def test_system_message_mutate_with_new_metadata() -> None:
    original = SystemMessage.builder().text("Original text").metadata({"key1": "value1"}).build()
    mutated = original.mutate().metadata({"key2": "value2"}).build()
    assert mutated.get_text() == "Original text"
    assert mutated.get_metadata() == {MESSAGE_TYPE: MessageType.SYSTEM, "key2": "value2"}


def test_system_message_mutate_chaining() -> None:
    original = SystemMessage.builder().text("Original").metadata({"key1": "value1"}).build()
    result = original.mutate().text("Updated").metadata({"key2": "value2"}).build()
    assert result.get_text() == "Updated"
    assert result.get_metadata() == {MESSAGE_TYPE: MessageType.SYSTEM, "key2": "value2"}


def test_system_message_equals_and_hash_code() -> None:
    message1 = SystemMessage.builder().text("Test message").metadata({"key": "value"}).build()
    message2 = SystemMessage.builder().text("Test message").metadata({"key": "value"}).build()
    assert message1 == message2
    assert hash(message1) == hash(message2)


def test_system_message_not_equals_with_different_text() -> None:
    assert SystemMessage("Text 1") != SystemMessage("Text 2")
