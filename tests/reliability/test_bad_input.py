"""Bad input to the options and the ChatClient-free entry points: a clear error naming the
argument or field (PORTING §4), never an AttributeError deep inside or a request that
fails at call time."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.model import ChatModel
from spring_ai_py.chat.prompt import ChatOptions
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions

OPTION_TYPES = [OpenAiChatOptions, AnthropicChatOptions]


@pytest.mark.parametrize("options_type", OPTION_TYPES, ids=lambda t: t.__name__)
@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("timeout", "fast", "timeout must be a number of seconds or a timedelta, got str: 'fast'"),
        ("max_retries", "3", "max_retries must be an integer, got str: '3'"),
        ("max_retries", 2.5, "max_retries must be an integer, got float: 2.5"),
        ("temperature", "hot", "temperature must be a float, got str: 'hot'"),
        ("top_p", [0.5], r"top_p must be a float, got list: \[0.5\]"),
        ("max_tokens", "100", "max_tokens must be an integer, got str: '100'"),
        ("max_tokens", True, "max_tokens must be an integer, got bool: True"),
        ("top_k", 1.5, "top_k must be an integer, got float: 1.5"),
        ("model", 4, "model must be a string, got int: 4"),
        ("stop_sequences", "END", "stop_sequences must be a list, got str: 'END'"),
        ("base_url", 8080, "base_url must be a string, got int: 8080"),
        ("custom_headers", ["x"], r"custom_headers must be a dict, got list: \['x'\]"),
        ("tool_choice", 1, "tool_choice must be a string or a dict, got int: 1"),
    ],
)
def test_a_provider_option_of_the_wrong_type_names_its_field(
    options_type: type[Any], field: str, value: object, message: str
) -> None:
    with pytest.raises(TypeError, match=f"^{message}$"):
        options_type(**{field: value})


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("temperature", "hot", "temperature must be a float, got str: 'hot'"),
        ("frequency_penalty", "0", "frequency_penalty must be a float, got str: '0'"),
        ("presence_penalty", False, "presence_penalty must be a float, got bool: False"),
        ("max_tokens", 1.0, "max_tokens must be an integer, got float: 1.0"),
        ("model", b"gpt", "model must be a string, got bytes: b'gpt'"),
        ("stop_sequences", 3, "stop_sequences must be a list, got int: 3"),
    ],
)
def test_a_portable_option_of_the_wrong_type_names_its_field(
    field: str, value: object, message: str
) -> None:
    with pytest.raises(TypeError, match=f"^{message}$"):
        ChatOptions(**{field: value})


def test_the_builder_checks_the_types_too() -> None:
    with pytest.raises(TypeError, match="temperature must be a float, got str"):
        OpenAiChatOptions.builder().temperature("hot").build()
    with pytest.raises(TypeError, match="max_retries must be an integer, got str"):
        AnthropicChatOptions.builder().max_retries("3").build()


@pytest.mark.parametrize("options_type", OPTION_TYPES, ids=lambda t: t.__name__)
def test_values_of_the_right_type_are_kept(options_type: type[Any]) -> None:
    options = options_type(
        timeout=timedelta(seconds=2),
        max_retries=0,
        temperature=1,
        top_p=0.5,
        max_tokens=10,
        stop_sequences=("END",),
        custom_headers={"x": "y"},
    )

    assert options.timeout == 2.0
    assert options.temperature == 1
    assert options.stop_sequences == ("END",)


@pytest.mark.parametrize(
    ("model_type", "options_type"),
    [(OpenAiChatModel, OpenAiChatOptions), (AnthropicChatModel, AnthropicChatOptions)],
    ids=["openai", "anthropic"],
)
def test_a_provider_model_names_its_wrong_arguments(
    model_type: type[ChatModel], options_type: type[Any]
) -> None:
    with pytest.raises(
        TypeError, match=f"options must be {options_type.__name__} or ChatOptions, got dict"
    ):
        model_type({"model": "x"})  # type: ignore[call-arg]
    model = model_type(options_type(base_url="http://127.0.0.1:9", api_key="k"))  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="call\\(\\) takes a Prompt, a str or messages, not int"):
        model.call(42)  # type: ignore[arg-type]

    async def consume(prompt: Any) -> None:
        async for _ in model.stream(prompt):
            pass

    for wrong in (42, ["hi"]):
        with pytest.raises(
            TypeError,
            match=f"stream\\(\\) takes a Prompt, a str or messages, not {type(wrong).__name__}",
        ):
            asyncio.run(consume(wrong))


def test_the_memory_advisor_names_a_wrong_chat_memory() -> None:
    with pytest.raises(TypeError, match="chat_memory must be a ChatMemory, got str"):
        MessageChatMemoryAdvisor("memory")  # type: ignore[arg-type]
    with pytest.raises(
        TypeError,
        match=r"chat_memory must be a ChatMemory, got the class MessageChatMemoryAdvisor \(pass",
    ):
        MessageChatMemoryAdvisor.builder(MessageChatMemoryAdvisor).build()  # type: ignore[arg-type]


def test_the_embedding_options_and_model_name_wrong_types() -> None:
    from spring_ai_py.openai import OpenAiEmbeddingModel, OpenAiEmbeddingOptions

    with pytest.raises(TypeError, match=r"^max_retries must be an integer, got str: '3'$"):
        OpenAiEmbeddingOptions(max_retries="3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^dimensions must be an integer, got str: '8'$"):
        OpenAiEmbeddingOptions(dimensions="8")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^timeout must be a number of seconds or a timedelta"):
        OpenAiEmbeddingOptions(timeout="fast")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="options must be an OpenAiEmbeddingOptions, got dict"):
        OpenAiEmbeddingModel({"model": "x"})  # type: ignore[arg-type]


def test_the_vector_store_memory_advisor_and_the_models_name_wrong_collaborators() -> None:
    from spring_ai_py.chat.client.advisor.vectorstore import VectorStoreChatMemoryAdvisor

    with pytest.raises(TypeError, match="vector_store must be a VectorStore, got str"):
        VectorStoreChatMemoryAdvisor.builder("store").build()  # type: ignore[arg-type]
    for model_type in (OpenAiChatModel, AnthropicChatModel):
        with pytest.raises(
            TypeError, match="tool_calling_manager must be a ToolCallingManager, got str"
        ):
            model_type(tool_calling_manager="manager")  # type: ignore[arg-type]
