"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.prompt.PromptTests`: 28 tests ported, 1 skipped.

Sibling of ``test_prompt.py`` (the port's own prompt tests). Python has one ``None``:
``Prompt(None)`` is Java's null list, and Java's null ``String`` content is given
through ``Prompt.builder().content(None)``. Plus the bad inputs of issue 15.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.prompt import ChatOptions, Prompt


def _tool_response() -> ToolResponseMessage:
    return (
        ToolResponseMessage.builder()
        .responses([ToolResponseMessage.ToolResponse("toolId", "toolName", "result")])
        .build()
    )


def _to(text: str) -> Callable[[Any], Any]:
    return lambda message: message.mutate().text(text).build()


def test_when_content_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="Content must not be null for SYSTEM or USER messages"):
        Prompt.builder().content(None).build()
    with pytest.raises(ValueError, match="Content must not be null for SYSTEM or USER messages"):
        Prompt.builder().content(None).chat_options(ChatOptions.builder().build()).build()


def test_when_content_is_empty_then_return() -> None:
    assert Prompt("") is not None
    assert Prompt("", ChatOptions.builder().build()) is not None


def test_when_message_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="messages cannot contain null elements"):
        Prompt([None])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="messages cannot contain null elements"):
        Prompt([None], ChatOptions.builder().build())  # type: ignore[list-item]


def test_when_message_list_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="messages cannot be null"):
        Prompt(None)
    with pytest.raises(ValueError, match="messages cannot be null"):
        Prompt(None, ChatOptions.builder().build())


@pytest.mark.skip(
    reason="Java-only: a null varargs array has no Python twin (Prompt(None) is "
    "when_message_list_is_null_then_throw)"
)
def test_when_message_array_is_null_then_throw() -> None:
    pass


def test_get_user_message_when_single() -> None:
    prompt = Prompt.builder().messages(UserMessage("Hello")).build()
    assert prompt.get_user_message().get_text() == "Hello"


def test_get_user_message_when_multiple() -> None:
    prompt = Prompt.builder().messages(UserMessage("Hello"), UserMessage("How are you?")).build()
    assert prompt.get_user_message().get_text() == "How are you?"


def test_get_user_message_when_none() -> None:
    prompt = Prompt.builder().messages(SystemMessage("You'll be back!")).build()
    assert prompt.get_user_message().get_text() == ""
    prompt = Prompt.builder().messages([]).build()
    assert prompt.get_user_message().get_text() == ""


def test_augment_user_message_when_single() -> None:
    prompt = Prompt.builder().messages(UserMessage("Hello")).build()
    copy = prompt.augment_user_message(_to("How are you?"))
    assert copy.get_user_message().get_text() == "How are you?"
    assert prompt.get_user_message().get_text() == "Hello"


def test_augment_user_message_when_multiple() -> None:
    prompt = Prompt.builder().messages(UserMessage("Hello"), UserMessage("How are you?")).build()
    copy = prompt.augment_user_message(_to("What about you?"))
    assert copy.get_user_message().get_text() == "What about you?"
    assert prompt.get_user_message().get_text() == "How are you?"


def test_augment_user_message_when_none() -> None:
    prompt = Prompt.builder().messages(SystemMessage("You'll be back!")).build()
    copy = prompt.augment_user_message(_to("How are you?"))
    assert isinstance(copy.get_instructions()[-1], UserMessage)
    assert copy.get_user_message().get_text() == "How are you?"
    assert prompt.get_user_message().get_text() == ""


def test_get_system_message_when_single() -> None:
    prompt = Prompt.builder().messages(SystemMessage("Hello")).build()
    assert prompt.get_system_message().get_text() == "Hello"


def test_get_system_message_when_multiple() -> None:
    prompt = (
        Prompt.builder().messages(SystemMessage("Hello"), SystemMessage("How are you?")).build()
    )
    assert prompt.get_system_message().get_text() == "Hello"


def test_get_system_message_when_none() -> None:
    prompt = Prompt.builder().messages(UserMessage("You'll be back!")).build()
    assert prompt.get_system_message().get_text() == ""
    prompt = Prompt.builder().messages([]).build()
    assert prompt.get_system_message().get_text() == ""


def test_augment_system_message_when_single() -> None:
    prompt = Prompt.builder().messages(SystemMessage("Hello")).build()
    copy = prompt.augment_system_message(_to("How are you?"))
    assert copy.get_system_message().get_text() == "How are you?"
    assert prompt.get_system_message().get_text() == "Hello"


def test_augment_system_message_when_multiple() -> None:
    prompt = (
        Prompt.builder().messages(SystemMessage("Hello"), SystemMessage("How are you?")).build()
    )
    copy = prompt.augment_system_message(_to("What about you?"))
    assert copy.get_system_message().get_text() == "What about you?"
    assert prompt.get_system_message().get_text() == "Hello"


def test_augment_system_message_when_none() -> None:
    prompt = Prompt.builder().messages(UserMessage("You'll be back!")).build()
    copy = prompt.augment_system_message(_to("How are you?"))
    assert isinstance(copy.get_instructions()[0], SystemMessage)
    assert copy.get_system_message().get_text() == "How are you?"
    assert prompt.get_system_message().get_text() == ""


def test_augment_system_message_when_not_first() -> None:
    messages: list[Message] = [UserMessage("Hi"), SystemMessage("Hello")]
    prompt = Prompt.builder().messages(messages).build()
    assert prompt.get_user_message().get_text() == "Hi"
    assert prompt.get_system_message().get_text() == "Hello"
    copy = prompt.augment_system_message(_to("How are you?"))
    assert len(copy.get_instructions()) == len(messages)
    assert copy.get_system_message().get_text() == "How are you?"
    assert prompt.get_user_message().get_text() == "Hi"
    assert prompt.get_system_message().get_text() == "Hello"


def test_should_preserve_message_order() -> None:
    system = SystemMessage("You are helpful")
    user1 = UserMessage("First question")
    user2 = UserMessage("Second question")
    prompt = Prompt.builder().messages(system, user1, user2).build()
    assert prompt.get_instructions() == [system, user1, user2]


def test_should_handle_empty_message_list() -> None:
    prompt = Prompt.builder().messages([]).build()
    assert prompt.get_instructions() == []
    assert prompt.get_user_message().get_text() == ""
    assert prompt.get_system_message().get_text() == ""


def test_should_create_prompt_with_options() -> None:
    options = ChatOptions.builder().model("test-model").temperature(0.5).build()
    prompt = Prompt("Test content", options)
    assert prompt.get_options() == options
    assert prompt.get_user_message().get_text() == "Test content"


def test_should_handle_mixed_message_types() -> None:
    prompt = (
        Prompt.builder()
        .messages(UserMessage("User message"), SystemMessage("System message"))
        .build()
    )
    assert len(prompt.get_instructions()) == 2
    assert prompt.get_user_message().get_text() == "User message"
    assert prompt.get_system_message().get_text() == "System message"


def test_get_last_user_or_tool_response_message_when_only_user_message() -> None:
    prompt = Prompt.builder().messages(UserMessage("Hello")).build()
    last = prompt.get_last_user_or_tool_response_message()
    assert isinstance(last, UserMessage)
    assert last.get_text() == "Hello"


def test_get_last_user_or_tool_response_message_when_only_tool_response() -> None:
    prompt = Prompt.builder().messages(_tool_response()).build()
    assert isinstance(prompt.get_last_user_or_tool_response_message(), ToolResponseMessage)


def test_get_last_user_or_tool_response_message_when_both_present() -> None:
    prompt = (
        Prompt.builder()
        .messages(UserMessage("User question"), AssistantMessage("AI response"), _tool_response())
        .build()
    )
    assert isinstance(prompt.get_last_user_or_tool_response_message(), ToolResponseMessage)


def test_get_last_user_or_tool_response_message_when_multiple_user_messages() -> None:
    prompt = (
        Prompt.builder()
        .messages(UserMessage("First question"), UserMessage("Second question"))
        .build()
    )
    last = prompt.get_last_user_or_tool_response_message()
    assert isinstance(last, UserMessage)
    assert last.get_text() == "Second question"


def test_get_last_user_or_tool_response_message_when_only_system_and_assistant() -> None:
    prompt = Prompt.builder().messages(SystemMessage("System"), AssistantMessage("AI")).build()
    last = prompt.get_last_user_or_tool_response_message()
    assert isinstance(last, UserMessage)
    assert last.get_text() == ""


def test_get_last_user_or_tool_response_message_when_empty() -> None:
    last = Prompt.builder().messages([]).build().get_last_user_or_tool_response_message()
    assert isinstance(last, UserMessage)
    assert last.get_text() == ""


def test_get_last_user_or_tool_response_message_with_mixed_ordering() -> None:
    prompt = (
        Prompt.builder()
        .messages(_tool_response(), SystemMessage("System"), UserMessage("Latest user message"))
        .build()
    )
    last = prompt.get_last_user_or_tool_response_message()
    assert isinstance(last, UserMessage)
    assert last.get_text() == "Latest user message"


@pytest.mark.parametrize(
    ("contents", "message"),
    [
        (42, "contents must be a str, a Message or a list of Messages, got int"),
        (["hi", 1], "messages must contain only Message objects, got str at index 0"),
        ([UserMessage("hi"), 1], "messages must contain only Message objects, got int at index 1"),
    ],
)
def test_bad_contents_raise_a_type_error_naming_the_argument(
    contents: object, message: str
) -> None:
    """Issue 15: bad input is a clear ``TypeError``, not a failure deep inside a provider."""
    with pytest.raises(TypeError, match=message):
        Prompt(contents)  # type: ignore[arg-type]


def test_user_message_of_a_non_string_raises_a_type_error_naming_text() -> None:
    """Issue 15: ``UserMessage(42)`` used to be sent as ``"content": 42``."""
    with pytest.raises(TypeError, match="text must be a str or a path"):
        UserMessage(42)  # type: ignore[arg-type]
