"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.messages.UserMessageTests`: 21 tests ported, 0 skipped.

Spring's ``Resource`` is a path here (``pathlib.Path``), read as UTF-8.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spring_ai_py.chat.messages import AbstractMessage, MessageType, UserMessage
from spring_ai_py.content import Media

MESSAGE_TYPE = AbstractMessage.MESSAGE_TYPE


def _media(path: Path) -> Media:
    return Media("text/plain", path)


def test_user_message_with_null_text() -> None:
    with pytest.raises(ValueError, match="Content must not be null for SYSTEM or USER messages"):
        UserMessage(None)


def test_user_message_with_text_content() -> None:
    message = UserMessage("Hello, world!")
    assert message.get_text() == "Hello, world!"
    assert message.get_media() == []
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER}


def test_user_message_with_null_resource() -> None:
    """Python has one ``None``: a null resource is the null text of the test above, so
    the port checks the resource path of ``MessageUtils.read_resource`` instead."""
    from spring_ai_py.chat.messages import MessageUtils

    with pytest.raises(ValueError, match="resource cannot be null"):
        MessageUtils.read_resource(None)


def test_user_message_with_resource(prompt_user: Path) -> None:
    message = UserMessage(prompt_user)
    assert message.get_text() == "Hello, world!"
    assert message.get_media() == []
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER}


def test_user_message_from_builder_with_text(prompt_user: Path) -> None:
    message = (
        UserMessage.builder()
        .text("Hello, world!")
        .media(_media(prompt_user))
        .metadata({"key": "value"})
        .build()
    )
    assert message.get_text() == "Hello, world!"
    assert len(message.get_media()) == 1
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER, "key": "value"}


def test_user_message_from_builder_with_resource(prompt_user: Path) -> None:
    message = UserMessage.builder().text(prompt_user).build()
    assert message.get_text() == "Hello, world!"
    assert message.get_media() == []
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER}


def test_user_message_copy(prompt_user: Path) -> None:
    metadata1 = {"key": "value"}
    message1 = (
        UserMessage.builder()
        .text("Hello, world!")
        .media(_media(prompt_user))
        .metadata(metadata1)
        .build()
    )
    message2 = message1.copy()
    assert message2.get_text() == "Hello, world!"
    assert len(message2.get_media()) == 1
    assert message2.get_media() is not message1.get_media()
    assert len(message2.get_metadata()) == 2
    assert message2.get_metadata() is not metadata1
    assert message2.get_metadata() is not message1.get_metadata()


def test_user_message_mutate(prompt_user: Path) -> None:
    metadata1 = {"key": "value"}
    message1 = (
        UserMessage.builder()
        .text("Hello, world!")
        .media(_media(prompt_user))
        .metadata(metadata1)
        .build()
    )
    message2 = message1.mutate().build()
    assert message2.get_text() == "Hello, world!"
    assert len(message2.get_media()) == 1
    assert len(message2.get_metadata()) == 2
    assert message2.get_metadata() is not message1.get_metadata()

    message3 = message2.mutate().text("Farewell, Aragog!").build()
    assert message3.get_text() == "Farewell, Aragog!"
    assert len(message3.get_media()) == 1
    assert len(message3.get_metadata()) == 2
    assert message3.get_metadata() is not message2.get_metadata()


def test_user_message_with_empty_text() -> None:
    message = UserMessage("")
    assert message.get_text() == ""
    assert message.get_media() == []
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER}


def test_user_message_with_whitespace_text() -> None:
    text = "   \t\n   "
    message = UserMessage(text)
    assert message.get_text() == text
    assert message.get_media() == []
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER}


def test_user_message_builder_with_null_text() -> None:
    with pytest.raises(ValueError, match="Content must not be null for SYSTEM or USER messages"):
        UserMessage.builder().text(None).build()


def test_user_message_builder_with_empty_media_list() -> None:
    message = UserMessage.builder().text("No media attached").build()
    assert message.get_text() == "No media attached"
    assert message.get_media() == []
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER}


def test_user_message_builder_with_empty_metadata() -> None:
    message = UserMessage.builder().text("Test message").metadata({}).build()
    assert message.get_text() == "Test message"
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER}


def test_user_message_builder_overwrite_metadata() -> None:
    message = (
        UserMessage.builder()
        .text("Test message")
        .metadata({"key1": "value1"})
        .metadata({"key2": "value2"})
        .build()
    )
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER, "key2": "value2"}


def test_user_message_copy_with_no_media() -> None:
    original = UserMessage.builder().text("Simple message").metadata({"key": "value"}).build()
    copy = original.copy()
    assert copy is not original
    assert copy.get_text() == "Simple message"
    assert copy.get_media() == []
    assert copy.get_metadata() is not original.get_metadata()
    assert copy.get_metadata() == original.get_metadata()


def test_user_message_mutate_add_media(prompt_user: Path) -> None:
    original = UserMessage.builder().text("Original message").build()
    new_media = _media(prompt_user)
    mutated = original.mutate().media(new_media).build()
    assert original.get_media() == []
    assert mutated.get_media() == [new_media]
    assert mutated.get_text() == "Original message"


def test_user_message_mutate_chaining(prompt_user: Path) -> None:
    original = UserMessage.builder().text("Original").build()
    media = _media(prompt_user)
    result = original.mutate().text("Updated").media(media).metadata({"key": "value"}).build()
    assert result.get_text() == "Updated"
    assert result.get_media() == [media]
    assert result.get_metadata() == {MESSAGE_TYPE: MessageType.USER, "key": "value"}


def test_user_message_equals_and_hash_code(prompt_user: Path) -> None:
    media = _media(prompt_user)
    message1 = (
        UserMessage.builder().text("Test message").media(media).metadata({"key": "value"}).build()
    )
    message2 = (
        UserMessage.builder().text("Test message").media(media).metadata({"key": "value"}).build()
    )
    assert message1 == message2
    assert hash(message1) == hash(message2)


def test_user_message_not_equals_with_different_text() -> None:
    assert UserMessage("Text 1") != UserMessage("Text 2")


def test_user_message_to_string() -> None:
    text = repr(UserMessage("Test message"))
    assert "UserMessage" in text
    assert "Test message" in text
    assert "USER" in text


def test_user_message_to_string_with_media(prompt_user: Path) -> None:
    message = UserMessage.builder().text("Test with media").media(_media(prompt_user)).build()
    text = repr(message)
    assert "UserMessage" in text
    assert "Test with media" in text
    assert "media" in text
