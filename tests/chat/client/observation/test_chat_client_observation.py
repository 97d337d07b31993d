"""Spring's DefaultChatClientObservationConventionTests and ChatClientObservationContextTests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor.api import Advisor, CallAdvisor, CallAdvisorChain
from spring_ai_py.chat.client.observation import (
    ChatClientObservationContext,
    DefaultChatClientObservationConvention,
)
from spring_ai_py.chat.messages import AssistantMessage, SystemMessage, UserMessage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt

convention = DefaultChatClientObservationConvention()


def dummy_advisor(name: str) -> CallAdvisor:
    class Dummy(CallAdvisor):
        def get_name(self) -> str:
            return name

        def get_order(self) -> int:
            return 0

        def advise_call(
            self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
        ) -> ChatClientResponse:
            return call_advisor_chain.next_call(chat_client_request)

    return Dummy()


def empty_request() -> ChatClientRequest:
    return ChatClientRequest.builder().prompt(Prompt()).build()


def observation(
    request: ChatClientRequest | None = None, advisors: Sequence[Advisor] = (), stream: bool = True
) -> ChatClientObservationContext:
    return (
        ChatClientObservationContext.builder()
        .request(request or empty_request())
        .advisors(list(advisors))
        .stream(stream)
        .build()
    )


def test_convention_has_name() -> None:
    assert (
        convention.get_name()
        == DefaultChatClientObservationConvention.DEFAULT_NAME
        == "spring.ai.chat.client"
    )


def test_contextual_name() -> None:
    assert convention.get_contextual_name(observation()) == "spring_ai chat_client"


@pytest.mark.parametrize("stream", [True, False])
def test_required_key_values(stream: bool) -> None:
    values = convention.get_low_cardinality_key_values(observation(stream=stream))
    assert values == {
        "gen_ai.operation.name": "framework",
        "gen_ai.system": "spring_ai",
        "gen_ai.provider.name": "spring_ai",
        "spring.ai.kind": "chat_client",
        "spring.ai.chat.client.stream": stream,
    }
    assert type(values["spring.ai.chat.client.stream"]) is bool


def test_optional_key_values() -> None:
    request = (
        ChatClientRequest.builder()
        .prompt(Prompt(""))
        .context("chat_memory_conversation_id", "007")
        .build()
    )
    values = convention.get_high_cardinality_key_values(
        observation(request, [dummy_advisor("advisor1"), dummy_advisor("advisor2")])
    )
    assert values["spring.ai.chat.client.advisors"] == ["advisor1", "advisor2"]
    assert values["spring.ai.chat.client.conversation.id"] == "007"


def test_optional_key_values_are_absent_when_not_set() -> None:
    assert convention.get_high_cardinality_key_values(observation()) == {}


def test_blank_conversation_id_is_left_out() -> None:
    request = (
        ChatClientRequest.builder()
        .prompt(Prompt(""))
        .context("chat_memory_conversation_id", " ")
        .build()
    )
    assert (
        "spring.ai.chat.client.conversation.id"
        not in convention.get_high_cardinality_key_values(observation(request))
    )


def test_no_prompt_or_completion_text_by_default() -> None:
    request = ChatClientRequest(
        Prompt([SystemMessage("secret system"), UserMessage("secret question")]), {}
    )
    context = observation(request)
    context.set_response(
        ChatClientResponse(ChatResponse([Generation(AssistantMessage("secret answer"))]), {})
    )
    everything = {**convention.attributes(context), **convention.get_response_key_values(context)}
    assert not any("secret" in str(value) for value in everything.values())


def test_prompt_and_completion_text_when_opted_in() -> None:
    opted_in = DefaultChatClientObservationConvention(include_prompt=True, include_completion=True)
    request = ChatClientRequest(Prompt([SystemMessage("be brief"), UserMessage("question")]), {})
    context = observation(request)
    assert opted_in.get_high_cardinality_key_values(context)["gen_ai.prompt"] == [
        "system: be brief",
        "user: question",
    ]
    assert opted_in.get_response_key_values(context) == {}
    context.set_response(
        ChatClientResponse(ChatResponse([Generation(AssistantMessage("answer"))]), {})
    )
    assert opted_in.get_response_key_values(context) == {"gen_ai.completion": ["answer"]}


def test_context_with_mandatory_request() -> None:
    request = ChatClientRequest.builder().prompt(Prompt("Test prompt")).build()
    context = ChatClientObservationContext.builder().request(request).build()
    assert context.get_request() is request
    assert context.get_advisors() == []
    assert context.is_stream() is False
    assert context.get_format() is None


def test_context_none_advisors_raises() -> None:
    with pytest.raises(ValueError, match=r"advisors cannot be null"):
        ChatClientObservationContext.builder().request(empty_request()).advisors(None).build()


def test_context_advisors_with_none_elements_raises() -> None:
    with pytest.raises(ValueError, match=r"advisors cannot contain null elements"):
        ChatClientObservationContext.builder().request(empty_request()).advisors(
            [dummy_advisor("a"), None]
        ).build()


def test_context_none_request_raises() -> None:
    """The builder fails with ``RuntimeError`` (Spring's ``Assert.state``), the
    constructor with ``ValueError`` (``Assert.notNull``)."""
    with pytest.raises(RuntimeError, match=r"chat_client_request cannot be null"):
        ChatClientObservationContext.builder().request(None).build()
    with pytest.raises(ValueError, match=r"chat_client_request cannot be null"):
        ChatClientObservationContext(None)  # type: ignore[arg-type]


def test_context_with_advisors() -> None:
    advisors = [dummy_advisor("a"), dummy_advisor("b")]
    context = observation(advisors=advisors)
    assert context.get_advisors() == advisors
    assert observation(advisors=[]).get_advisors() == []


def test_context_builder_reused_gives_different_instances() -> None:
    builder: Any = ChatClientObservationContext.builder().request(empty_request())
    assert builder.build() is not builder.build()


def test_context_response_can_be_set_and_cleared() -> None:
    context = observation()
    response = (
        ChatClientResponse.builder()
        .chat_response(ChatResponse([Generation(AssistantMessage("Test message"))]))
        .build()
    )
    context.set_response(response)
    assert context.get_response() is response
    context.set_response(None)
    assert context.get_response() is None


def test_context_format() -> None:
    context = ChatClientObservationContext.builder().request(empty_request()).format("json").build()
    assert context.get_format() == "json"
