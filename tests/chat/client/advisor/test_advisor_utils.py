"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.advisor.AdvisorUtilsTests`:
4 tests ported, 0 skipped (the nested ``OnFinishReason`` class)."""

from __future__ import annotations

from unittest.mock import Mock

from spring_ai_py.chat.client import ChatClientResponse
from spring_ai_py.chat.client.advisor import AdvisorUtils
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata
from spring_ai_py.chat.model import ChatResponse, Generation


def client_response_of(chat_response: ChatResponse | None) -> ChatClientResponse:
    return ChatClientResponse(chat_response, {})


def test_when_chat_response_is_null_then_return_false() -> None:
    assert AdvisorUtils.on_finish_reason()(client_response_of(None)) is False


def test_when_chat_response_results_is_null_then_return_false() -> None:
    chat_response = Mock(spec=ChatResponse)
    chat_response.get_results.return_value = None
    assert AdvisorUtils.on_finish_reason()(client_response_of(chat_response)) is False
    assert AdvisorUtils.on_finish_reason()(client_response_of(ChatResponse([]))) is False


def test_when_chat_is_running_then_return_false() -> None:
    generation = Generation(AssistantMessage("running.."), ChatGenerationMetadata.NULL)
    chat_response = ChatResponse([generation])
    assert AdvisorUtils.on_finish_reason()(client_response_of(chat_response)) is False


def test_when_chat_is_stop_then_return_true() -> None:
    generation = Generation(
        AssistantMessage("finish."), ChatGenerationMetadata.builder().finish_reason("STOP").build()
    )
    chat_response = ChatResponse([generation])
    assert AdvisorUtils.on_finish_reason()(client_response_of(chat_response)) is True
