"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.advisor.observation.AdvisorObservationContextTests`:
4 tests ported, 0 skipped."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.client import ChatClientRequest
from spring_ai_py.chat.client.advisor.observation import AdvisorObservationContext
from spring_ai_py.chat.prompt import Prompt


def test_when_mandatory_options_then_return() -> None:
    observation_context = (
        AdvisorObservationContext.builder()
        .chat_client_request(ChatClientRequest.builder().prompt(Prompt("Hello")).build())
        .advisor_name("AdvisorName")
        .build()
    )
    assert observation_context is not None
    assert observation_context.get_advisor_name() == "AdvisorName"


def test_missing_advisor_name() -> None:
    with pytest.raises(ValueError, match="advisor_name cannot be null or empty"):
        AdvisorObservationContext.builder().chat_client_request(
            ChatClientRequest.builder().prompt(Prompt("Hello")).build()
        ).build()


def test_missing_chat_client_request() -> None:
    with pytest.raises(ValueError, match="chat_client_request cannot be null"):
        AdvisorObservationContext.builder().advisor_name("AdvisorName").build()


def test_when_builder_with_chat_client_request_then_return() -> None:
    observation_context = (
        AdvisorObservationContext.builder()
        .advisor_name("AdvisorName")
        .chat_client_request(ChatClientRequest.builder().prompt(Prompt()).build())
        .build()
    )
    assert observation_context is not None
    assert observation_context.get_chat_client_request() is not None
