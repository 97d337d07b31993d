"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.observation.ChatClientPromptContentObservationHandlerTests`:
5 tests ported, 0 skipped.

Spring's handler is a Micrometer ``ObservationHandler`` that logs the prompt's messages
when the observation stops. The port has no Micrometer handlers; its opt-in equivalent
is ``DefaultChatClientObservationConvention(include_prompt=True)``, which puts the
messages on the span as ``gen_ai.prompt`` (``"<type>: <text>"`` each, in order). These
tests check that contract.
"""

from __future__ import annotations

from spring_ai_py.chat.client import ChatClientRequest
from spring_ai_py.chat.client.observation import (
    ChatClientObservationContext,
    DefaultChatClientObservationConvention,
)
from spring_ai_py.chat.messages import SystemMessage, UserMessage
from spring_ai_py.chat.prompt import Prompt

observation_handler = DefaultChatClientObservationConvention(include_prompt=True)


def context_of(prompt: Prompt) -> ChatClientObservationContext:
    return (
        ChatClientObservationContext.builder()
        .request(ChatClientRequest.builder().prompt(prompt).build())
        .build()
    )


def test_when_not_supported_observation_context_then_return_false() -> None:
    assert not observation_handler.supports_context(object())


def test_when_supported_observation_context_then_return_true() -> None:
    assert observation_handler.supports_context(context_of(Prompt([])))


def test_when_empty_prompt_then_output_nothing() -> None:
    values = observation_handler.get_high_cardinality_key_values(context_of(Prompt([])))
    assert values["gen_ai.prompt"] == []


def test_when_prompt_with_text_then_output_it() -> None:
    values = observation_handler.get_high_cardinality_key_values(
        context_of(Prompt("supercalifragilisticexpialidocious"))
    )
    assert values["gen_ai.prompt"] == ["user: supercalifragilisticexpialidocious"]


def test_when_prompt_with_messages_then_output_it() -> None:
    values = observation_handler.get_high_cardinality_key_values(
        context_of(
            Prompt(
                [
                    SystemMessage("you're a chimney sweep"),
                    UserMessage("supercalifragilisticexpialidocious"),
                ]
            )
        )
    )
    assert values["gen_ai.prompt"] == [
        "system: you're a chimney sweep",
        "user: supercalifragilisticexpialidocious",
    ]
    assert "gen_ai.prompt" not in DefaultChatClientObservationConvention().attributes(
        context_of(Prompt("secret"))
    )
