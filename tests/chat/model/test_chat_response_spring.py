"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.model.ChatResponseTests`: 8 tests ported, 0 skipped.

Sibling of ``test_chat_response.py`` (the port's own tests). Error messages spell
identifiers the Python way (``finish_reasons``, PORTING §9).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata, ChatResponseMetadata
from spring_ai_py.chat.model import ChatResponse, Generation, MessageAggregator

ToolCall = AssistantMessage.ToolCall


def _finished(reason: str) -> ChatResponse:
    return (
        ChatResponse.builder()
        .generations(
            [
                Generation(
                    AssistantMessage("Result"),
                    ChatGenerationMetadata.builder().finish_reason(reason).build(),
                )
            ]
        )
        .build()
    )


def _tool_call_message(name: str) -> AssistantMessage:
    return (
        AssistantMessage.builder()
        .content("")
        .properties({})
        .tool_calls([ToolCall(name, "function", name, "{}")])
        .build()
    )


def test_when_tool_calls_are_present_then_return_true() -> None:
    response = ChatResponse.builder().generations([Generation(_tool_call_message("toolA"))]).build()
    assert response.has_tool_calls()


def test_when_no_tool_calls_are_present_then_return_false() -> None:
    response = ChatResponse.builder().generations([Generation(AssistantMessage("Result"))]).build()
    assert not response.has_tool_calls()


def test_when_finish_reason_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^finish_reasons cannot be null$"):
        _finished("completed").has_finish_reasons(None)  # type: ignore[arg-type]


def test_when_finish_reason_is_present() -> None:
    assert _finished("completed").has_finish_reasons({"completed"})


def test_when_finish_reason_is_not_present() -> None:
    assert not _finished("failed").has_finish_reasons({"completed"})


def test_message_aggregator_should_correctly_aggregate_tool_calls_from_stream() -> None:
    weather = ToolCall("tool-id-123", "function", "getCurrentWeather", '{"location": "Seoul"}')
    chunk1 = ChatResponse([Generation(AssistantMessage("Thinking about the weather... "))])
    chunk2 = ChatResponse(
        [Generation(AssistantMessage(""))],
        ChatResponseMetadata.builder().metadata({"toolCalls": [weather]}).build(),
    )
    aggregated: list[ChatResponse] = []

    async def source() -> AsyncIterator[ChatResponse]:
        yield chunk1
        yield chunk2

    async def run() -> None:
        async for _ in MessageAggregator().aggregate(source(), aggregated.append):
            pass

    asyncio.run(run())
    [final] = aggregated
    result = final.get_result()
    assert result is not None
    message = result.get_output()
    assert message.get_text() == "Thinking about the weather... "
    assert message.has_tool_calls()
    [call] = message.get_tool_calls()
    assert call.id == "tool-id-123"
    assert call.name == "getCurrentWeather"
    assert call.arguments == '{"location": "Seoul"}'


def test_when_empty_generations_list_then_return_false() -> None:
    assert not ChatResponse.builder().generations([]).build().has_tool_calls()


def test_when_multiple_generations_with_tool_calls_then_return_true() -> None:
    response = (
        ChatResponse.builder()
        .generations(
            [
                Generation(AssistantMessage("First response")),
                Generation(_tool_call_message("toolB")),
            ]
        )
        .build()
    )
    assert response.has_tool_calls()
