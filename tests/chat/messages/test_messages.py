"""Messages beyond Spring's UserMessageTests, SystemMessageTests, AssistantMessageTests and
MessageUtilsTests (ported in their own modules): message types, ToolResponseMessage, the
content interfaces and bad input."""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.chat.messages import (
    AbstractMessage,
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.content import Media

MESSAGE_TYPE = AbstractMessage.MESSAGE_TYPE
MEDIA = Media("text/plain", b"Hello, world!")


def test_message_type_values() -> None:
    assert [t.get_value() for t in MessageType] == ["user", "assistant", "system", "tool"]
    assert MessageType.from_value("tool") is MessageType.TOOL
    with pytest.raises(ValueError, match=r"^Invalid MessageType value: robot$"):
        MessageType.from_value("robot")


# -- UserMessage ------------------------------------------------------------------------


@pytest.mark.parametrize("cls", [UserMessage, SystemMessage])
def test_user_and_system_messages_need_text(cls: type[AbstractMessage]) -> None:
    with pytest.raises(ValueError, match=r"Content must not be null for SYSTEM or USER messages"):
        cls(None)  # type: ignore[arg-type,call-arg]
    with pytest.raises(ValueError, match=r"Content must not be null for SYSTEM or USER messages"):
        cls.builder().build()


def test_user_message_media_rejects_none_elements() -> None:
    with pytest.raises(ValueError, match=r"media cannot have null elements"):
        UserMessage("x", [MEDIA, None])  # type: ignore[list-item]


# -- SystemMessage -------------------------------------------------------------------------


# -- AssistantMessage -----------------------------------------------------------------------


def test_assistant_message_allows_no_text() -> None:
    message = AssistantMessage(None)
    assert message.get_text() is None
    assert message.get_tool_calls() == [] and not message.has_tool_calls()


def test_assistant_message_builder_accepts_java_setter_names() -> None:
    message = AssistantMessage.builder().text("hi").metadata({"a": 1}).media(MEDIA).build()
    assert message.get_text() == "hi"
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.ASSISTANT, "a": 1}
    assert message.get_media() == [MEDIA]
    assert message.mutate().content("bye").build().get_text() == "bye"


def test_tool_call_is_a_record() -> None:
    call = AssistantMessage.ToolCall(
        id="1", type="function", name="weather", arguments='{"city":"Paris"}'
    )
    assert (call.id, call.type, call.name, call.arguments) == (
        "1",
        "function",
        "weather",
        '{"city":"Paris"}',
    )
    assert call == AssistantMessage.ToolCall("1", "function", "weather", '{"city":"Paris"}')


def test_assistant_equality_considers_tool_calls() -> None:
    call = AssistantMessage.ToolCall("1", "function", "f", "{}")
    assert AssistantMessage("x", tool_calls=[call]) != AssistantMessage("x")
    assert AssistantMessage("x", tool_calls=[call]) == AssistantMessage("x", tool_calls=[call])


# -- ToolResponseMessage --------------------------------------------------------------------


def test_tool_response_message() -> None:
    response = ToolResponseMessage.ToolResponse("toolId", "toolName", "result")
    message = ToolResponseMessage.builder().responses([response]).build()
    assert message.get_responses() == [response]
    assert message.get_text() == ""
    assert message.get_message_type() is MessageType.TOOL
    assert (response.id, response.name, response.response_data) == ("toolId", "toolName", "result")
    copy = message.copy()
    assert copy == message and copy.get_responses() is not message.get_responses()
    assert message != ToolResponseMessage(
        [ToolResponseMessage.ToolResponse("x", "toolName", "result")]
    )


def test_messages_are_messages() -> None:
    messages: list[Message] = [
        UserMessage("u"),
        SystemMessage("s"),
        AssistantMessage("a"),
        ToolResponseMessage(),
    ]
    assert [m.get_message_type() for m in messages] == [
        MessageType.USER,
        MessageType.SYSTEM,
        MessageType.ASSISTANT,
        MessageType.TOOL,
    ]


def test_messages_are_content_and_media_content() -> None:
    from spring_ai_py.content import Content, MediaContent

    assert isinstance(SystemMessage("s"), Content)
    assert not isinstance(SystemMessage("s"), MediaContent)
    assert isinstance(UserMessage("u"), MediaContent)
    assert isinstance(AssistantMessage("a"), MediaContent)
    assert isinstance(ToolResponseMessage([]), Content)


@pytest.mark.parametrize(
    ("build", "error"),
    [
        (lambda: UserMessage(42), "text must be a str or a path \\(os.PathLike\\), got int"),
        (lambda: SystemMessage(b"bytes"), "text must be a str or a path \\(os.PathLike\\), got bytes"),
        (lambda: AssistantMessage(3.5), "content must be a str, got float"),
        (lambda: UserMessage("hi", media="image.png"), "media must be a Media or a list of Media, got str"),
        (lambda: UserMessage("hi", metadata=["k"]), "metadata must be a mapping, got list"),
    ],
)
def test_bad_arguments_raise_a_type_error_naming_them(build: Any, error: str) -> None:
    """Issue 15: ``UserMessage(42)`` used to be sent to the provider as ``"content": 42``."""
    with pytest.raises(TypeError, match=error):
        build()


def test_a_text_str_is_never_read_as_a_path(tmp_path: Any) -> None:
    path = tmp_path / "prompt.txt"
    path.write_text("from the file", encoding="utf-8")
    assert UserMessage(str(path)).get_text() == str(path)
    assert UserMessage(path).get_text() == "from the file"


def test_an_unreadable_path_raises_a_runtime_error() -> None:
    from pathlib import Path

    with pytest.raises(RuntimeError, match="Failed to read resource"):
        UserMessage(Path("/nonexistent/prompt.txt"))


@pytest.mark.parametrize(
    ("builder", "setter", "error"),
    [
        (UserMessage.builder, "metadata", "Metadata must not be null"),
        (UserMessage.builder, "media", "media cannot be null"),
        (SystemMessage.builder, "metadata", "Metadata must not be null"),
        (ToolResponseMessage.builder, "metadata", "Metadata must not be null"),
    ],
)
def test_builder_setters_reject_none_at_once(builder: Any, setter: str, error: str) -> None:
    """Spring's message constructors assert these; the port's setters check at once."""
    with pytest.raises(ValueError, match=error):
        getattr(builder(), setter)(None)
