"""ChatClient observation beyond Spring's own tests (ported in the sibling modules
test_chat_client_observation_context.py and test_default_chat_client_observation_convention.py)."""

from __future__ import annotations

from collections.abc import Sequence

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


def test_context_none_request_raises() -> None:
    """The builder fails with ``RuntimeError`` (Spring's ``Assert.state``), the
    constructor with ``ValueError`` (``Assert.notNull``)."""
    with pytest.raises(RuntimeError, match=r"chat_client_request cannot be null"):
        ChatClientObservationContext.builder().request(None).build()
    with pytest.raises(ValueError, match=r"chat_client_request cannot be null"):
        ChatClientObservationContext(None)  # type: ignore[arg-type]


def test_context_format() -> None:
    context = ChatClientObservationContext.builder().request(empty_request()).format("json").build()
    assert context.get_format() == "json"
