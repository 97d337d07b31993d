"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.observation.ChatClientObservationContextTests`:
14 tests ported, 0 skipped."""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor.api import Advisor
from spring_ai_py.chat.client.observation import ChatClientObservationContext
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt


class StubAdvisor(Advisor):
    def get_name(self) -> str:
        return "stub"

    def get_order(self) -> int:
        return 0


def empty_request() -> ChatClientRequest:
    return ChatClientRequest.builder().prompt(Prompt()).build()


def test_when_mandatory_request_options_then_return() -> None:
    observation_context = ChatClientObservationContext.builder().request(empty_request()).build()
    assert observation_context is not None


def test_when_null_advisors_then_return() -> None:
    with pytest.raises(ValueError, match="advisors cannot be null"):
        ChatClientObservationContext.builder().request(empty_request()).advisors(None).build()


def test_when_advisors_with_null_elements_then_return() -> None:
    advisors: list[Any] = [StubAdvisor(), None]
    with pytest.raises(ValueError, match="advisors cannot contain null elements"):
        ChatClientObservationContext.builder().request(empty_request()).advisors(advisors).build()


def test_when_null_request_then_throw_exception() -> None:
    """``Assert.state`` in Spring's builder: a ``RuntimeError`` (PORTING §4)."""
    with pytest.raises(RuntimeError, match="chat_client_request cannot be null"):
        ChatClientObservationContext.builder().request(None).build()


def test_when_valid_advisors_list_then_return() -> None:
    advisors = [StubAdvisor(), StubAdvisor()]
    observation_context = (
        ChatClientObservationContext.builder().request(empty_request()).advisors(advisors).build()
    )
    assert observation_context is not None
    assert len(observation_context.get_advisors()) == 2


def test_when_advisors_modified_after_build_then_context_may_be_unaffected() -> None:
    advisors: list[Advisor] = [StubAdvisor()]
    observation_context = (
        ChatClientObservationContext.builder().request(empty_request()).advisors(advisors).build()
    )
    original_size = len(observation_context.get_advisors())
    advisors.append(StubAdvisor())
    assert len(observation_context.get_advisors()) in (original_size, original_size + 1)


def test_when_get_advisors_called_then_returns_valid_collection() -> None:
    observation_context = (
        ChatClientObservationContext.builder()
        .request(empty_request())
        .advisors([StubAdvisor()])
        .build()
    )
    returned_advisors = observation_context.get_advisors()
    assert returned_advisors is not None
    assert len(returned_advisors) == 1


def test_when_request_with_null_prompt_then_throw_exception() -> None:
    with pytest.raises(ValueError):
        ChatClientRequest.builder().prompt(None).build()  # type: ignore[arg-type]


def test_when_empty_advisors_list_then_return() -> None:
    observation_context = (
        ChatClientObservationContext.builder().request(empty_request()).advisors([]).build()
    )
    assert observation_context is not None
    assert observation_context.get_advisors() == []


def test_when_get_request_then_returns_same_instance() -> None:
    request = ChatClientRequest.builder().prompt(Prompt("Test prompt")).build()
    observation_context = ChatClientObservationContext.builder().request(request).build()
    assert observation_context.get_request() == request
    assert observation_context.get_request() is request


def test_when_builder_reused_then_return_different_instances() -> None:
    builder = ChatClientObservationContext.builder().request(empty_request())
    context1 = builder.build()
    context2 = builder.build()
    assert context1 is not context2


def test_when_no_advisors_specified_then_get_advisors_returns_empty_or_null() -> None:
    observation_context = ChatClientObservationContext.builder().request(empty_request()).build()
    assert not observation_context.get_advisors()


def test_when_set_chat_client_response_then_return_the_same_response() -> None:
    observation_context = (
        ChatClientObservationContext.builder()
        .request(ChatClientRequest.builder().prompt(Prompt("Test prompt")).build())
        .build()
    )
    response = (
        ChatClientResponse.builder()
        .chat_response(
            ChatResponse.builder().generations([Generation(AssistantMessage("Test message"))]).build()
        )
        .build()
    )
    observation_context.set_response(response)
    assert observation_context.get_response() is response


def test_when_set_chat_client_response_with_null_chat_response_then_return_null() -> None:
    observation_context = (
        ChatClientObservationContext.builder()
        .request(ChatClientRequest.builder().prompt(Prompt("Test prompt")).build())
        .build()
    )
    observation_context.set_response(None)
    assert observation_context.get_response() is None
