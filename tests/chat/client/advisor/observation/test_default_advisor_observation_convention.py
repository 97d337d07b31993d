"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.advisor.observation.DefaultAdvisorObservationConventionTests`:
5 tests ported, 0 skipped.

Key values are OpenTelemetry span attributes here (PORTING §6): the order is an ``int``,
not Micrometer's string ``"678"``.
"""

from __future__ import annotations

from spring_ai_py.chat.client import ChatClientRequest
from spring_ai_py.chat.client.advisor.observation import (
    AdvisorObservationContext,
    DefaultAdvisorObservationConvention,
)
from spring_ai_py.chat.prompt import Prompt

observation_convention = DefaultAdvisorObservationConvention()


def my_name_context(order: int = 0) -> AdvisorObservationContext:
    return (
        AdvisorObservationContext.builder()
        .chat_client_request(ChatClientRequest.builder().prompt(Prompt("Hello")).build())
        .advisor_name("MyName")
        .order(order)
        .build()
    )


def test_should_have_name() -> None:
    assert observation_convention.get_name() == DefaultAdvisorObservationConvention.DEFAULT_NAME


def test_contextual_name() -> None:
    assert observation_convention.get_contextual_name(my_name_context()) == "my_name"


def test_supports_advisor_observation_context() -> None:
    assert observation_convention.supports_context(my_name_context())
    assert not observation_convention.supports_context(object())


def test_should_have_low_cardinality_key_values_when_defined() -> None:
    values = observation_convention.get_low_cardinality_key_values(my_name_context())
    assert values.items() >= {
        ("gen_ai.operation.name", "framework"),
        ("gen_ai.system", "spring_ai"),
        ("spring.ai.advisor.name", "MyName"),
        ("spring.ai.kind", "advisor"),
    }


def test_should_have_key_values_when_defined_and_response() -> None:
    values = observation_convention.get_high_cardinality_key_values(my_name_context(order=678))
    assert values["spring.ai.advisor.order"] == 678
