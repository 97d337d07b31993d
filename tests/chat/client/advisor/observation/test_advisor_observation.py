"""Advisor observation beyond Spring's own tests (those are ported in
``test_advisor_observation_context.py`` and
``test_default_advisor_observation_convention.py``): the contextual-name rules of
PORTING §9, attribute types and argument checks."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.client import ChatClientRequest
from spring_ai_py.chat.client.advisor.observation import (
    AdvisorObservationContext,
    DefaultAdvisorObservationConvention,
)
from spring_ai_py.chat.prompt import Prompt

convention = DefaultAdvisorObservationConvention()


def request() -> ChatClientRequest:
    return ChatClientRequest.builder().prompt(Prompt("Hello")).build()


def context(name: str = "MyName", order: int = 0) -> AdvisorObservationContext:
    return (
        AdvisorObservationContext.builder()
        .chat_client_request(request())
        .advisor_name(name)
        .order(order)
        .build()
    )


def test_convention_has_default_name() -> None:
    assert (
        convention.get_name()
        == DefaultAdvisorObservationConvention.DEFAULT_NAME
        == "spring.ai.advisor"
    )
    assert DefaultAdvisorObservationConvention("custom").get_name() == "custom"


@pytest.mark.parametrize(
    ("advisor_name", "span_name"),
    [
        ("MyName", "my_name"),
        ("ToolCallingAdvisor", "tool_calling"),
        ("Tool Calling Advisor", "tool_calling"),
        ("SimpleLoggerAdvisor", "simple_logger"),
        ("MyAroundAdvisor", "my"),
        ("QuestionAnswerAdvisor", "question_answer"),
        ("call", "call"),
        ("stream", "stream"),
        ("Advisor", "advisor"),
        ("HTTPRetryAdvisor", "http_retry"),
        ("already_snake", "already_snake"),
    ],
)
def test_contextual_name_rules(advisor_name: str, span_name: str) -> None:
    assert convention.get_contextual_name(context(advisor_name)) == span_name


def test_low_cardinality_key_values() -> None:
    assert convention.get_low_cardinality_key_values(context()) == {
        "gen_ai.operation.name": "framework",
        "gen_ai.system": "spring_ai",
        "gen_ai.provider.name": "spring_ai",
        "spring.ai.kind": "advisor",
        "spring.ai.advisor.name": "MyName",
    }


def test_high_cardinality_key_values_hold_the_order_as_int() -> None:
    values = convention.get_high_cardinality_key_values(context(order=678))
    assert values == {"spring.ai.advisor.order": 678}
    assert isinstance(values["spring.ai.advisor.order"], int)


def test_attributes_join_low_and_high_cardinality() -> None:
    attributes = convention.attributes(context(order=5))
    assert attributes["spring.ai.advisor.order"] == 5
    assert attributes["spring.ai.kind"] == "advisor"


def test_convention_rejects_none_context() -> None:
    with pytest.raises(ValueError, match=r"^context cannot be null$"):
        convention.get_contextual_name(None)  # type: ignore[arg-type]


def test_context_with_mandatory_options() -> None:
    observation_context = context("AdvisorName")
    assert observation_context.get_advisor_name() == "AdvisorName"
    assert observation_context.get_chat_client_request() is not None
    assert observation_context.get_order() == 0
    assert observation_context.get_chat_client_response() is None


def test_context_missing_advisor_name() -> None:
    with pytest.raises(ValueError, match=r"advisor_name cannot be null or empty"):
        AdvisorObservationContext.builder().chat_client_request(request()).advisor_name("").build()
    with pytest.raises(ValueError, match=r"advisor_name cannot be null or empty"):
        AdvisorObservationContext(None, request())  # type: ignore[arg-type]


def test_context_with_empty_prompt() -> None:
    observation_context = (
        AdvisorObservationContext.builder()
        .advisor_name("AdvisorName")
        .chat_client_request(ChatClientRequest(Prompt(), {}))
        .build()
    )
    assert observation_context.get_chat_client_request().prompt.get_instructions() == []  # type: ignore[union-attr]


def test_context_response_can_be_set() -> None:
    from spring_ai_py.chat.client import ChatClientResponse

    observation_context = context()
    response = ChatClientResponse(None, {})
    observation_context.set_chat_client_response(response)
    assert observation_context.get_chat_client_response() is response
