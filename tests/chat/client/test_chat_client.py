"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.ChatClientTests`:
27 tests ported, 0 skipped.

The module ends with port-only tests of the pinned ChatClient details of PORTING §9:
one model call per CallResponseSpec, re-usable specs, awaitable twins."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    UserMessage,
)
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.content import Media
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.tool.function import FunctionToolCallback

MESSAGE_TYPE = "messageType"


def model(n: int = 10, options: ChatOptions | None = None) -> ScriptedChatModel:
    return ScriptedChatModel(*(["response"] * n), options=options)


def tool_model() -> ScriptedChatModel:
    """A model whose default options are ``ToolCallingChatOptions`` (Spring's mock)."""
    return model(options=ToolCallingChatOptions.builder().build())


def echo(value: str) -> str:
    return value


def fn(name: str, description: str | None = None) -> FunctionToolCallback:
    """Spring's ``FunctionToolCallback.builder(name, mockFunction)`` of these tests."""
    return FunctionToolCallback.builder(name, echo).description(description or name).input_type(str).build()


def tool_names(m: ScriptedChatModel) -> list[str]:
    options = m.last_prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    return sorted(cb.get_tool_definition().name for cb in options.get_tool_callbacks() or [])


def join_stream(spec: Any) -> str:
    return "".join(spec.stream().content())


def instructions(m: ScriptedChatModel) -> list[Message]:
    return m.last_prompt.get_instructions()


def assert_system(message: Message, text: str, metadata: dict[str, Any] | None = None) -> None:
    assert message.get_message_type() is MessageType.SYSTEM
    assert message.get_text() == text
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.SYSTEM, **(metadata or {})}


def assert_user(message: Message, text: str, metadata: dict[str, Any] | None = None) -> None:
    assert message.get_message_type() is MessageType.USER
    assert message.get_text() == text
    assert message.get_metadata() == {MESSAGE_TYPE: MessageType.USER, **(metadata or {})}


# -- builder defaults -----------------------------------------------------------------


def test_default_system_text() -> None:
    m = model()
    chat_client = ChatClient.builder(m).default_system("Default system text").build()

    assert chat_client.prompt("What's Spring AI?").call().content() == "response"
    assert_system(instructions(m)[0], "Default system text")

    assert join_stream(chat_client.prompt("What's Spring AI?")) == "response"
    assert_system(instructions(m)[0], "Default system text")

    # the request's system text overrides the default
    assert (
        chat_client.prompt("What's Spring AI?")
        .system("Override default system text")
        .call()
        .content()
        == "response"
    )
    assert_system(instructions(m)[0], "Override default system text")

    assert (
        join_stream(chat_client.prompt("What's Spring AI?").system("Override default system text"))
        == "response"
    )
    assert_system(instructions(m)[0], "Override default system text")


def test_default_system_text_lambda() -> None:
    m = model()
    chat_client = (
        ChatClient.builder(m)
        .default_system(
            lambda s: (
                s.text("Default system text {param1}, {param2}")
                .param("param1", "value1")
                .param("param2", "value2")
                .metadata("metadata1", "svalue1")
                .metadata("metadata2", "svalue2")
            )
        )
        .build()
    )
    default_metadata = {"metadata1": "svalue1", "metadata2": "svalue2"}

    assert chat_client.prompt("What's Spring AI?").call().content() == "response"
    assert_system(instructions(m)[0], "Default system text value1, value2", default_metadata)

    assert join_stream(chat_client.prompt("What's Spring AI?")) == "response"
    assert_system(instructions(m)[0], "Default system text value1, value2", default_metadata)

    # override a single default parameter
    chat_client.prompt("What's Spring AI?").system(
        lambda s: s.param("param1", "value1New")
    ).call().content()
    assert_system(instructions(m)[0], "Default system text value1New, value2", default_metadata)

    # override default metadata
    chat_client.prompt("What's Spring AI?").system(
        lambda s: s.metadata("metadata1", "svalue1New")
    ).call().content()
    assert_system(
        instructions(m)[0],
        "Default system text value1, value2",
        {"metadata1": "svalue1New", "metadata2": "svalue2"},
    )

    join_stream(
        chat_client.prompt("What's Spring AI?").system(lambda s: s.param("param1", "value1New"))
    )
    assert_system(instructions(m)[0], "Default system text value1New, value2", default_metadata)

    # override the default text
    chat_client.prompt("What's Spring AI?").system(
        lambda s: s.text("Override default system text {param3}").param("param3", "value3")
    ).call().content()
    assert_system(instructions(m)[0], "Override default system text value3", default_metadata)

    join_stream(
        chat_client.prompt("What's Spring AI?").system(
            lambda s: (
                s.text("Override default system text {param3}")
                .param("param3", "value3")
                .metadata("metadata3", "svalue3")
            )
        )
    )
    assert_system(
        instructions(m)[0],
        "Override default system text value3",
        {**default_metadata, "metadata3": "svalue3"},
    )


def _client_with_defaults(m: ScriptedChatModel) -> ChatClient:
    return (
        ChatClient.builder(m)
        .default_system(
            lambda s: (
                s.text("Default system text {param1}, {param2}")
                .param("param1", "value1")
                .param("param2", "value2")
                .metadata("smetadata1", "svalue1")
                .metadata("smetadata2", "svalue2")
            )
        )
        .default_tools(fn("fun1"), fn("fun2"), fn("fun3", "fun3description"))
        .default_user(
            lambda u: (
                u.text("Default user text {uparam1}, {uparam2}")
                .param("uparam1", "value1")
                .param("uparam2", "value2")
                .media("image/jpeg", b"bikes")
                .metadata("umetadata1", "udata1")
                .metadata("umetadata2", "udata2")
            )
        )
        .build()
    )


def _assert_user_with_media(message: Message, text: str, metadata: dict[str, Any]) -> None:
    assert isinstance(message, UserMessage)
    assert_user(message, text, metadata)
    assert [media.get_mime_type() for media in message.get_media()] == ["image/jpeg"]


def test_mutate_defaults() -> None:
    m = tool_model()
    chat_client = _client_with_defaults(m)
    system_metadata = {"smetadata1": "svalue1", "smetadata2": "svalue2"}
    user_metadata = {"umetadata1": "udata1", "umetadata2": "udata2"}

    assert chat_client.prompt().call().content() == "response"
    assert_system(instructions(m)[0], "Default system text value1, value2", system_metadata)
    _assert_user_with_media(instructions(m)[1], "Default user text value1, value2", user_metadata)
    assert tool_names(m) == ["fun1", "fun2", "fun3"]

    assert join_stream(chat_client.prompt()) == "response"
    assert_system(instructions(m)[0], "Default system text value1, value2", system_metadata)
    _assert_user_with_media(instructions(m)[1], "Default user text value1, value2", user_metadata)
    assert tool_names(m) == ["fun1", "fun2", "fun3"]

    mutated = (
        chat_client.mutate()
        .default_system("Mutated default system text {param1}, {param2}")
        .default_tools(fn("fun4"))
        .default_user("Mutated default user text {uparam1}, {uparam2}")
        .build()
    )
    runs: list[Callable[[], str | None]] = [
        lambda: mutated.prompt().call().content(),
        lambda: join_stream(mutated.prompt()),
    ]
    for run in runs:
        assert run() == "response"
        assert_system(
            instructions(m)[0], "Mutated default system text value1, value2", system_metadata
        )
        _assert_user_with_media(
            instructions(m)[1], "Mutated default user text value1, value2", user_metadata
        )
        assert tool_names(m) == ["fun1", "fun2", "fun3", "fun4"]

    # the original client is unchanged
    chat_client.prompt().call().content()
    assert_system(instructions(m)[0], "Default system text value1, value2", system_metadata)


def test_mutate_prompt() -> None:
    m = tool_model()
    chat_client = _client_with_defaults(m)

    def build() -> ChatClient:
        return (
            chat_client.prompt()
            .system("New default system text {param1}, {param2}")
            .user(
                lambda u: (
                    u.param("uparam1", "userValue1")
                    .param("uparam2", "userValue2")
                    .metadata("umetadata2", "userData2")
                )
            )
            .tools(fn("fun5"))
            .mutate()
            .build()
        )

    runs: list[Callable[[], str | None]] = [
        lambda: build().prompt().call().content(),
        lambda: join_stream(build().prompt()),
    ]
    for run in runs:
        assert run() == "response"
        assert_system(
            instructions(m)[0],
            "New default system text value1, value2",
            {"smetadata1": "svalue1", "smetadata2": "svalue2"},
        )
        _assert_user_with_media(
            instructions(m)[1],
            "Default user text userValue1, userValue2",
            {"umetadata1": "udata1", "umetadata2": "userData2"},
        )
        assert tool_names(m) == ["fun1", "fun2", "fun3", "fun5"]


def test_default_user_text() -> None:
    m = model()
    chat_client = ChatClient.builder(m).default_user("Default user text").build()
    assert chat_client.prompt().call().content() == "response"
    assert_user(instructions(m)[0], "Default user text")
    assert chat_client.prompt().user("Override default user text").call().content() == "response"
    assert_user(instructions(m)[0], "Override default user text")


def test_simple_user_prompt_as_string() -> None:
    m = model()
    assert ChatClient.builder(m).build().prompt("User prompt").call().content() == "response"
    assert_user(instructions(m)[0], "User prompt")


def test_simple_user_prompt() -> None:
    m = model()
    assert ChatClient.builder(m).build().prompt().user("User prompt").call().content() == "response"
    assert_user(instructions(m)[0], "User prompt")


def test_simple_user_prompt_object() -> None:
    m = model()
    media = Media("image/jpeg", b"bikes")
    message = (
        UserMessage.builder()
        .text("User prompt")
        .media([media])
        .metadata({"umetadata1": "udata1"})
        .build()
    )
    assert ChatClient.builder(m).build().prompt(Prompt(message)).call().content() == "response"
    assert len(instructions(m)) == 1
    sent = instructions(m)[0]
    assert isinstance(sent, UserMessage)
    assert_user(sent, "User prompt", {"umetadata1": "udata1"})
    assert sent.get_media() == [media]


def test_simple_system_prompt() -> None:
    m = model()
    response = (
        ChatClient.builder(m)
        .build()
        .prompt("What's Spring AI?")
        .system("System prompt")
        .call()
        .content()
    )
    assert response == "response"
    assert len(instructions(m)) == 2
    assert_system(instructions(m)[0], "System prompt")


def test_complex_call() -> None:
    m = tool_model()
    chat_client = ChatClient.builder(m).default_system("System text").default_tools(fn("function1")).build()
    url = "https://docs.spring.io/spring-ai/reference/_images/multimodal.test.png"
    response = (
        chat_client.prompt()
        .user(
            lambda u: (
                u.text("User text {music}")
                .param("music", "Rock")
                .media("image/png", url)
                .metadata({"umetadata1": "udata1"})
            )
        )
        .call()
        .content()
    )
    assert response == "response"
    assert len(instructions(m)) == 2
    assert_system(instructions(m)[0], "System text")
    user = instructions(m)[1]
    assert isinstance(user, UserMessage)
    assert_user(user, "User text Rock", {"umetadata1": "udata1"})
    assert [(x.get_mime_type(), x.get_data()) for x in user.get_media()] == [("image/png", url)]
    assert tool_names(m) == ["function1"]


# -- constructors -------------------------------------------------------------------


def test_when_create_and_chat_model_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^chat_model cannot be null$"):
        ChatClient.create(None)  # type: ignore[arg-type]


def test_when_create_and_observation_registry_is_null_then_throw() -> None:
    """PORTING §6 differs on purpose: ``tracer_provider=None`` means the global
    OpenTelemetry provider, so the client is created and calls."""
    m = model()
    assert ChatClient.create(m, None, None, None).prompt("q").call().content() == "response"


def test_when_builder_and_chat_model_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^chat_model cannot be null$"):
        ChatClient.builder(None)  # type: ignore[arg-type]


def test_when_builder_and_observation_registry_is_null_then_throw() -> None:
    """PORTING §6 differs on purpose: ``None`` is the global tracer provider."""
    m = model()
    assert ChatClient.builder(m, None, None, None).build().prompt("q").call().content() == "response"


# -- prompts: user messages --------------------------------------------------------------


def test_when_prompt_with_string_content() -> None:
    m = model()
    assert ChatClient.builder(m).build().prompt("my question").call().content() == "response"
    assert len(instructions(m)) == 1
    assert_user(instructions(m)[0], "my question")


def test_when_prompt_with_messages() -> None:
    m = model()
    ChatClient.builder(m).build().prompt(
        Prompt([SystemMessage("instructions"), UserMessage.builder().text("my question").build()])
    ).call().content()
    assert len(instructions(m)) == 2
    assert_user(instructions(m)[1], "my question")


def _user_text_is_last(spec: Any, m: ScriptedChatModel, expected_size: int) -> None:
    assert spec.user("another question").call().content() == "response"
    assert len(instructions(m)) == expected_size
    assert_user(instructions(m)[expected_size - 1], "another question")


def test_when_prompt_with_string_content_and_user_text() -> None:
    m = model()
    _user_text_is_last(ChatClient.builder(m).build().prompt("my question"), m, 2)


def test_when_prompt_with_history_and_user_text() -> None:
    m = model()
    prompt = Prompt([UserMessage("my question"), AssistantMessage("your answer")])
    _user_text_is_last(ChatClient.builder(m).build().prompt(prompt), m, 3)


def test_when_prompt_with_user_message_and_user_text() -> None:
    m = model()
    _user_text_is_last(ChatClient.builder(m).build().prompt(Prompt(UserMessage("my question"))), m, 2)


def test_when_messages_with_history_and_user_text() -> None:
    m = model()
    messages: list[Message] = [UserMessage("my question"), AssistantMessage("your answer")]
    _user_text_is_last(ChatClient.builder(m).build().prompt().messages(messages), m, 3)


def test_when_messages_with_user_message_and_user_text() -> None:
    m = model()
    messages: list[Message] = [UserMessage("my question")]
    _user_text_is_last(ChatClient.builder(m).build().prompt().messages(messages), m, 2)


# -- prompts: system messages -----------------------------------------------------------


def test_when_prompt_with_messages_and_system_text() -> None:
    m = model()
    prompt = Prompt([UserMessage("my question"), AssistantMessage("your answer")])
    ChatClient.builder(m).build().prompt(prompt).system("instructions").user(
        "another question"
    ).call().content()
    assert len(instructions(m)) == 4
    assert_system(instructions(m)[0], "instructions")


def test_when_prompt_with_system_message_and_no_system_text() -> None:
    m = model()
    prompt = Prompt([SystemMessage("instructions"), UserMessage("my question")])
    ChatClient.builder(m).build().prompt(prompt).user("another question").call().content()
    assert len(instructions(m)) == 3
    assert_system(instructions(m)[0], "instructions")


def test_when_prompt_with_system_message_and_system_text() -> None:
    m = model()
    prompt = Prompt([SystemMessage("instructions"), UserMessage("my question")])
    ChatClient.builder(m).build().prompt(prompt).system("other instructions").user(
        "another question"
    ).call().content()
    assert len(instructions(m)) == 4
    assert_system(instructions(m)[0], "other instructions")


def test_when_messages_and_system_text() -> None:
    m = model()
    messages: list[Message] = [UserMessage("my question"), AssistantMessage("your answer")]
    ChatClient.builder(m).build().prompt().messages(messages).system("instructions").user(
        "another question"
    ).call().content()
    assert len(instructions(m)) == 4
    assert_system(instructions(m)[0], "instructions")


def test_when_messages_with_system_message_and_no_system_text() -> None:
    m = model()
    messages: list[Message] = [SystemMessage("instructions"), UserMessage("my question")]
    ChatClient.builder(m).build().prompt().messages(messages).user(
        "another question"
    ).call().content()
    assert len(instructions(m)) == 3
    assert_system(instructions(m)[0], "instructions")


def test_when_messages_with_system_message_and_system_text() -> None:
    m = model()
    messages: list[Message] = [SystemMessage("instructions"), UserMessage("my question")]
    ChatClient.builder(m).build().prompt().messages(messages).system("other instructions").user(
        "another question"
    ).call().content()
    assert len(instructions(m)) == 4
    assert_system(instructions(m)[0], "other instructions")


# -- Port-only: PORTING §9, one CallResponseSpec, one model call ------------------------------------


def test_one_call_response_spec_makes_one_model_call() -> None:
    m = ScriptedChatModel("only answer")
    spec = ChatClient.builder(m).build().prompt("q").call()
    content = spec.content()
    chat_response = spec.chat_response()
    chat_client_response = spec.chat_client_response()
    assert content == "only answer"
    assert chat_client_response.chat_response is chat_response
    assert spec.content() == "only answer"
    assert len(m.prompts) == 1


def test_awaitable_twins_share_the_same_model_call() -> None:
    m = ScriptedChatModel("only answer")
    spec = ChatClient.builder(m).build().prompt("q").call()

    async def run() -> tuple[Any, ...]:
        return (
            await spec.acontent(),
            await spec.achat_response(),
            await spec.achat_client_response(),
        )

    content, chat_response, chat_client_response = asyncio.run(run())
    assert content == "only answer"
    assert chat_client_response.chat_response is chat_response
    assert spec.content() == "only answer"
    assert len(m.prompts) == 1


def test_awaitable_twins_do_not_block_the_event_loop() -> None:
    import threading

    release = threading.Event()

    class Blocking(ScriptedChatModel):
        def call(self, prompt: Prompt) -> Any:
            assert release.wait(5), "the event loop was blocked"
            return super().call(prompt)

    m = Blocking("answer")
    spec = ChatClient.builder(m).build().prompt("q").call()

    async def run() -> str | None:
        pending = asyncio.ensure_future(spec.acontent())
        await asyncio.sleep(0.01)  # the loop keeps running while the model blocks
        release.set()
        return await pending

    assert asyncio.run(run()) == "answer"


def test_entity_makes_its_own_call() -> None:
    m = ScriptedChatModel("plain", '{"a": 1}')
    spec = ChatClient.builder(m).build().prompt("q").call()
    assert spec.content() == "plain"
    assert spec.entity(dict[str, int]) == {"a": 1}
    assert len(m.prompts) == 2
    assert m.prompts[1].get_user_message().get_text() != "q"  # format instructions added


def test_a_spec_can_be_called_then_streamed() -> None:
    m = ScriptedChatModel("first", "second answer")
    spec = ChatClient.builder(m).build().prompt("q")
    assert spec.call().content() == "first"
    assert "".join(spec.stream().content()) == "second answer"
    assert [p.get_user_message().get_text() for p in m.prompts] == ["q", "q"]


def test_a_stream_response_spec_runs_the_model_once_per_iteration() -> None:
    m = ScriptedChatModel("one", "two")
    content = ChatClient.builder(m).build().prompt("q").stream().content()
    assert "".join(content) == "one"
    assert "".join(content) == "two"
    assert len(m.prompts) == 2


def test_options_builder_or_options_are_accepted() -> None:
    m = ScriptedChatModel("a", "b")
    ChatClient.builder(m).default_options(ChatOptions.builder().temperature(0.3)).build().prompt(
        "q"
    ).call().content()
    assert m.last_prompt.get_options().get_temperature() == 0.3  # type: ignore[union-attr]
    ChatClient.builder(m).default_options(ChatOptions(temperature=0.4)).build().prompt(
        "q"
    ).call().content()
    assert m.last_prompt.get_options().get_temperature() == 0.4  # type: ignore[union-attr]
