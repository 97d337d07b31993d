"""Spring's PromptTests (spring-ai-model and spring-ai-client-chat)."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.prompt import ChatOptions, Prompt, PromptTemplate

TOOL_RESPONSE = (
    ToolResponseMessage.builder()
    .responses([ToolResponseMessage.ToolResponse("toolId", "toolName", "result")])
    .build()
)


def test_text_none_raises() -> None:
    with pytest.raises(ValueError, match=r"messages cannot be null"):
        Prompt(None)
    with pytest.raises(ValueError, match=r"messages cannot be null"):
        Prompt(None, ChatOptions())


def test_empty_text_is_allowed() -> None:
    assert Prompt("").get_user_message().get_text() == ""
    assert Prompt("", ChatOptions()).get_options() == ChatOptions()


def test_no_arguments_is_an_empty_prompt() -> None:
    assert Prompt().get_instructions() == []


def test_none_message_raises() -> None:
    with pytest.raises(ValueError, match=r"messages cannot contain null elements"):
        Prompt([None])  # type: ignore[list-item]
    with pytest.raises(ValueError, match=r"messages cannot contain null elements"):
        Prompt.builder().messages(UserMessage("a"), None).build()  # type: ignore[arg-type]


def test_constructor_forms() -> None:
    user = UserMessage("hi")
    assert Prompt("hi").get_instructions() == [user]
    assert Prompt(user).get_instructions() == [user]
    assert Prompt([user]).get_instructions() == [user]
    assert Prompt(
        contents=[user], options=ChatOptions.builder().model("m")
    ).get_options() == ChatOptions(model="m")


def test_options_of_a_wrong_type_raise() -> None:
    with pytest.raises(TypeError, match=r"expected ChatOptions or a ChatOptions builder"):
        Prompt("hi", UserMessage("not options"))  # type: ignore[arg-type]


def test_builder_requires_messages() -> None:
    with pytest.raises(RuntimeError, match=r"^either messages or content needs to be set$"):
        Prompt.builder().build()
    assert Prompt.builder().content("text").build().get_contents() == "text"


def test_get_user_message() -> None:
    assert (
        Prompt.builder().messages(UserMessage("Hello")).build().get_user_message().get_text()
        == "Hello"
    )
    assert (
        Prompt.builder()
        .messages(UserMessage("Hello"), UserMessage("How are you?"))
        .build()
        .get_user_message()
        .get_text()
        == "How are you?"
    )
    assert (
        Prompt.builder()
        .messages(SystemMessage("You'll be back!"))
        .build()
        .get_user_message()
        .get_text()
        == ""
    )
    assert Prompt.builder().messages([]).build().get_user_message().get_text() == ""


def test_get_system_message() -> None:
    assert (
        Prompt.builder().messages(SystemMessage("Hello")).build().get_system_message().get_text()
        == "Hello"
    )
    assert (
        Prompt.builder()
        .messages(SystemMessage("Hello"), SystemMessage("How are you?"))
        .build()
        .get_system_message()
        .get_text()
        == "Hello"
    )
    assert (
        Prompt.builder()
        .messages(UserMessage("You'll be back!"))
        .build()
        .get_system_message()
        .get_text()
        == ""
    )
    assert Prompt.builder().messages([]).build().get_system_message().get_text() == ""


def test_user_and_system_message_lists() -> None:
    prompt = Prompt(
        [SystemMessage("s1"), UserMessage("u1"), SystemMessage("s2"), UserMessage("u2")]
    )
    assert [m.get_text() for m in prompt.get_user_messages()] == ["u1", "u2"]
    assert [m.get_text() for m in prompt.get_system_messages()] == ["s1", "s2"]
    assert prompt.get_contents() == "s1u1s2u2"


@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        ([UserMessage("Hello")], "How are you?"),
        ([UserMessage("Hello"), UserMessage("How are you?")], "How are you?"),
    ],
)
def test_augment_user_message_replaces_the_last_one(messages: list[Message], expected: str) -> None:
    prompt = Prompt(messages)
    before = prompt.get_user_message().get_text()
    copy = prompt.augment_user_message(lambda m: m.mutate().text("How are you?").build())
    assert copy.get_user_message().get_text() == expected
    assert prompt.get_user_message().get_text() == before
    assert len(copy.get_instructions()) == len(messages)


def test_augment_user_message_when_none_appends_one() -> None:
    prompt = Prompt([SystemMessage("You'll be back!")])
    copy = prompt.augment_user_message(lambda m: m.mutate().text("How are you?").build())
    assert isinstance(copy.get_instructions()[-1], UserMessage)
    assert copy.get_user_message().get_text() == "How are you?"
    assert prompt.get_user_message().get_text() == ""


def test_augment_user_message_with_text_keeps_media_and_metadata() -> None:
    from spring_ai_py.content import Media

    media = Media("image/png", b"x")
    prompt = Prompt([UserMessage("old", [media], {"k": "v"})])
    user = prompt.augment_user_message("new").get_user_message()
    assert (user.get_text(), user.get_media(), user.get_metadata()["k"]) == ("new", [media], "v")


def test_augment_system_message() -> None:
    prompt = Prompt([SystemMessage("Hello"), SystemMessage("How are you?")])
    copy = prompt.augment_system_message(lambda m: m.mutate().text("What about you?").build())
    assert copy.get_system_message().get_text() == "What about you?"
    assert copy.get_system_messages()[1].get_text() == "How are you?"
    assert prompt.get_system_message().get_text() == "Hello"
    assert prompt.augment_system_message("text").get_system_message().get_text() == "text"


def test_augment_system_message_when_none_inserts_first() -> None:
    prompt = Prompt([UserMessage("You'll be back!")])
    copy = prompt.augment_system_message(lambda m: m.mutate().text("How are you?").build())
    assert isinstance(copy.get_instructions()[0], SystemMessage)
    assert copy.get_system_message().get_text() == "How are you?"
    assert prompt.get_system_message().get_text() == ""


def test_augment_system_message_when_not_first() -> None:
    messages: list[Message] = [UserMessage("Hi"), SystemMessage("Hello")]
    prompt = Prompt(messages)
    copy = prompt.augment_system_message(lambda m: m.mutate().text("How are you?").build())
    assert len(copy.get_instructions()) == 2
    assert copy.get_system_message().get_text() == "How are you?"
    assert copy.get_user_message().get_text() == "Hi"
    assert prompt.get_system_message().get_text() == "Hello"


def test_message_order_and_mixed_types() -> None:
    system, user1, user2 = (
        SystemMessage("You are helpful"),
        UserMessage("First question"),
        UserMessage("Second question"),
    )
    assert Prompt.builder().messages(system, user1, user2).build().get_instructions() == [
        system,
        user1,
        user2,
    ]
    prompt = Prompt.builder().messages(user1, system).build()
    assert (prompt.get_user_message().get_text(), prompt.get_system_message().get_text()) == (
        "First question",
        "You are helpful",
    )


def test_prompt_with_options() -> None:
    options = ChatOptions.builder().model("test-model").temperature(0.5).build()
    prompt = Prompt("Test content", options)
    assert prompt.get_options() is options
    assert prompt.get_user_message().get_text() == "Test content"


@pytest.mark.parametrize(
    ("messages", "expected_type", "expected_text"),
    [
        ([UserMessage("Hello")], UserMessage, "Hello"),
        ([TOOL_RESPONSE], ToolResponseMessage, ""),
        (
            [UserMessage("User question"), AssistantMessage("AI response"), TOOL_RESPONSE],
            ToolResponseMessage,
            "",
        ),
        (
            [UserMessage("First question"), UserMessage("Second question")],
            UserMessage,
            "Second question",
        ),
        ([SystemMessage("System"), AssistantMessage("AI")], UserMessage, ""),
        ([], UserMessage, ""),
        (
            [TOOL_RESPONSE, SystemMessage("System"), UserMessage("Latest user message")],
            UserMessage,
            "Latest user message",
        ),
    ],
)
def test_last_user_or_tool_response_message(
    messages: list[Message], expected_type: type, expected_text: str
) -> None:
    message = Prompt(messages).get_last_user_or_tool_response_message()
    assert isinstance(message, expected_type)
    assert message.get_text() == expected_text


def test_copy_and_mutate_copy_messages_but_share_options() -> None:
    template = (
        PromptTemplate.builder()
        .template("Hello, {name}! Your age is {age}.")
        .variables({"name": "Alice", "age": 30})
        .build()
    )
    options = ChatOptions.builder().temperature(0.5).max_tokens(100).build()
    prompt = template.create({"name": "Alice", "age": 30}, options)
    for copy in (prompt.copy(), prompt.mutate().build()):
        assert copy is not prompt
        assert copy == prompt
        assert copy.get_options() is prompt.get_options()
        assert copy.get_instructions() is not prompt.get_instructions()
        assert copy.get_instructions()[0] is not prompt.get_instructions()[0]


def test_equality() -> None:
    assert Prompt("a", ChatOptions(model="m")) == Prompt([UserMessage("a")], ChatOptions(model="m"))
    assert Prompt("a") != Prompt("b")
    assert Prompt("a") != Prompt("a", ChatOptions(model="m"))
