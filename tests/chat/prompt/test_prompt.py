"""Prompt beyond spring-ai-model's PromptTests (ported in ``test_prompt_spring.py``): the
constructor forms, options, copies, equality and the client-chat PromptTests behaviours."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.messages import (
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


def test_user_and_system_message_lists() -> None:
    prompt = Prompt(
        [SystemMessage("s1"), UserMessage("u1"), SystemMessage("s2"), UserMessage("u2")]
    )
    assert [m.get_text() for m in prompt.get_user_messages()] == ["u1", "u2"]
    assert [m.get_text() for m in prompt.get_system_messages()] == ["s1", "s2"]
    assert prompt.get_contents() == "s1u1s2u2"


def test_augment_user_message_with_text_keeps_media_and_metadata() -> None:
    from spring_ai_py.content import Media

    media = Media("image/png", b"x")
    prompt = Prompt([UserMessage("old", [media], {"k": "v"})])
    user = prompt.augment_user_message("new").get_user_message()
    assert (user.get_text(), user.get_media(), user.get_metadata()["k"]) == ("new", [media], "v")


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
