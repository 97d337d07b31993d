"""Spring's UserMessageTests, SystemMessageTests, AssistantMessageTests and the
ToolResponseMessage behaviour: construction, builders, copy, mutate, equality."""

from __future__ import annotations

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
from spring_ai_py.chat.prompt import Prompt
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


def test_user_message_with_text() -> None:
    message = UserMessage("Hello, world!")
    assert message.get_text() == "Hello, world!" == message.text
    assert message.get_media() == []
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER}
    assert message.get_message_type() is MessageType.USER


@pytest.mark.parametrize("text", ["", "   \t\n   "])
def test_user_message_keeps_empty_or_blank_text(text: str) -> None:
    assert UserMessage(text).get_text() == text


def test_user_message_builder() -> None:
    message = (
        UserMessage.builder().text("Hello, world!").media(MEDIA).metadata({"key": "value"}).build()
    )
    assert message.get_text() == "Hello, world!"
    assert message.get_media() == [MEDIA]
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER, "key": "value"}
    assert UserMessage.builder().text("x").media([MEDIA, MEDIA]).build().get_media() == [
        MEDIA,
        MEDIA,
    ]


def test_user_message_builder_overwrites_metadata() -> None:
    message = (
        UserMessage.builder()
        .text("t")
        .metadata({"key1": "value1"})
        .metadata({"key2": "value2"})
        .build()
    )
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER, "key2": "value2"}


def test_user_message_media_rejects_none_elements() -> None:
    with pytest.raises(ValueError, match=r"media cannot have null elements"):
        UserMessage("x", [MEDIA, None])  # type: ignore[list-item]


def test_user_message_copy_and_mutate_share_nothing() -> None:
    metadata = {"key": "value"}
    original = UserMessage.builder().text("Hello, world!").media(MEDIA).metadata(metadata).build()
    for copy in (original.copy(), original.mutate().build()):
        assert copy == original
        assert copy is not original
        assert copy.get_metadata() is not original.get_metadata()
        assert copy.get_media() is not original.get_media()
        copy.get_metadata()["other"] = 1
        assert "other" not in original.get_metadata()
    changed = original.mutate().text("Farewell, Aragog!").build()
    assert changed.get_text() == "Farewell, Aragog!"
    assert changed.get_media() == [MEDIA]
    assert changed.get_metadata() == original.get_metadata()
    assert metadata == {"key": "value"}


def test_user_message_mutate_adds_media() -> None:
    original = UserMessage("Original message")
    mutated = original.mutate().media(MEDIA).build()
    assert original.get_media() == []
    assert mutated.get_media() == [MEDIA]


def test_user_message_equality_and_hash() -> None:
    first = UserMessage.builder().text("m").media(MEDIA).metadata({"key": "value"}).build()
    second = UserMessage.builder().text("m").media(MEDIA).metadata({"key": "value"}).build()
    assert first == second
    assert hash(first) == hash(second)
    assert UserMessage("Text 1") != UserMessage("Text 2")
    assert UserMessage("same") != SystemMessage("same")
    assert UserMessage("m") != UserMessage("m", [MEDIA])


def test_user_message_repr() -> None:
    text = repr(UserMessage("Test message"))
    assert "UserMessage" in text and "Test message" in text and "USER" in text


# -- SystemMessage -------------------------------------------------------------------------


def test_system_message() -> None:
    message = SystemMessage.builder().text("Tell me").metadata({"key": "value"}).build()
    assert message.get_text() == "Tell me"
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.SYSTEM, "key": "value"}
    assert SystemMessage("x").get_metadata() == {MESSAGE_TYPE: MessageType.SYSTEM}


def test_system_message_copy_and_mutate() -> None:
    original = SystemMessage.builder().text("Original text").metadata({"key1": "value1"}).build()
    copy = original.copy()
    assert copy == original and copy is not original
    assert copy.get_metadata() is not original.get_metadata()
    mutated = original.mutate().metadata({"key2": "value2"}).build()
    assert mutated.get_text() == "Original text"
    assert mutated.get_metadata() == {MESSAGE_TYPE: MessageType.SYSTEM, "key2": "value2"}
    assert original.mutate().text("Updated").build().get_text() == "Updated"


def test_system_message_equality() -> None:
    assert SystemMessage("m", {"k": "v"}) == SystemMessage("m", {"k": "v"})
    assert hash(SystemMessage("m", {"k": "v"})) == hash(SystemMessage("m", {"k": "v"}))
    assert SystemMessage("Text 1") != SystemMessage("Text 2")


# -- AssistantMessage -----------------------------------------------------------------------


def test_assistant_message_allows_no_text() -> None:
    message = AssistantMessage(None)
    assert message.get_text() is None
    assert message.get_tool_calls() == [] and not message.has_tool_calls()


def test_assistant_message_copy_preserves_content_properties_and_tool_calls() -> None:
    tool_call = AssistantMessage.ToolCall("id", "function", "name", "{}")
    original = (
        AssistantMessage.builder()
        .content("hello")
        .properties({"k": "v"})
        .tool_calls([tool_call])
        .build()
    )
    copy = original.copy()
    assert copy is not original
    assert copy.get_text() == "hello"
    assert copy.get_metadata()["k"] == "v"
    assert copy.get_tool_calls() == [tool_call]
    assert copy.has_tool_calls()
    assert copy == original


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


def test_prompt_copy_preserves_assistant_message_subclass() -> None:
    class Marked(AssistantMessage):
        def __init__(self, content: str | None = None, marker: str = "", **kwargs: object) -> None:
            super().__init__(content, **kwargs)  # type: ignore[arg-type]
            self.marker = marker

        def copy(self) -> Marked:
            return Marked(self.get_text(), self.marker)

    copy = Prompt([Marked("hello", marker="m")]).copy().get_instructions()[0]
    assert isinstance(copy, Marked) and copy.marker == "m"


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
