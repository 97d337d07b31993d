"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.observation.ChatClientCompletionObservationHandlerTests`:
5 tests ported, 0 skipped.

Spring's handler is a Micrometer ``ObservationHandler`` that logs the completion when the
observation stops. The port has no Micrometer handlers; its opt-in equivalent is
``DefaultChatClientObservationConvention(include_completion=True)``, which puts the same
texts (non-blank generation texts) on the span as ``gen_ai.completion``. These tests
check that contract.
"""

from __future__ import annotations

from spring_ai_py.chat.client import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.observation import (
    ChatClientObservationContext,
    DefaultChatClientObservationConvention,
)
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt

observation_handler = DefaultChatClientObservationConvention(include_completion=True)


def empty_context() -> ChatClientObservationContext:
    return (
        ChatClientObservationContext.builder()
        .request(ChatClientRequest.builder().prompt(Prompt([])).build())
        .build()
    )


def test_when_not_supported_observation_context_then_return_false() -> None:
    assert not observation_handler.supports_context(object())


def test_when_supported_observation_context_then_return_true() -> None:
    assert observation_handler.supports_context(empty_context())


def test_when_empty_response_then_output_nothing() -> None:
    context = empty_context()
    context.set_response(
        ChatClientResponse.builder()
        .chat_response(ChatResponse.builder().generations([Generation(AssistantMessage(""))]).build())
        .build()
    )
    assert observation_handler.get_response_key_values(context) == {"gen_ai.completion": []}


def test_when_null_response_then_output_nothing() -> None:
    assert not observation_handler.get_response_key_values(empty_context()).get("gen_ai.completion")


def test_when_response_with_text_then_output_it() -> None:
    context = empty_context()
    context.set_response(
        ChatClientResponse.builder()
        .chat_response(
            ChatResponse.builder().generations([Generation(AssistantMessage("Test message"))]).build()
        )
        .build()
    )
    assert observation_handler.get_response_key_values(context) == {
        "gen_ai.completion": ["Test message"]
    }
