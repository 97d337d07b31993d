"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.model.MessageAggregatorTests`: 2 tests ported, 0 skipped.

Plus the port's aggregation rules.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import (
    ChatGenerationMetadata,
    ChatResponseMetadata,
    DefaultUsage,
    EmptyRateLimit,
    RateLimit,
)
from spring_ai_py.chat.model import ChatResponse, Generation, MessageAggregator


def chunk(
    text: str,
    metadata: ChatResponseMetadata | None = None,
    finish: str | None = None,
    **properties: object,
) -> ChatResponse:
    generation_metadata = (
        ChatGenerationMetadata.builder().finish_reason(finish).build()
        if finish
        else ChatGenerationMetadata.NULL
    )
    return ChatResponse(
        [Generation(AssistantMessage(text, properties), generation_metadata)], metadata
    )


def aggregate(chunks: list[ChatResponse]) -> tuple[list[ChatResponse], list[ChatResponse]]:
    completed: list[ChatResponse] = []

    async def source() -> AsyncIterator[ChatResponse]:
        for item in chunks:
            yield item

    async def run() -> list[ChatResponse]:
        return [r async for r in MessageAggregator().aggregate(source(), completed.append)]

    return asyncio.run(run()), completed


def test_chunks_pass_through_and_the_aggregate_is_delivered_once() -> None:
    chunks = [chunk("Hello"), chunk(" world", finish="STOP")]
    passed, completed = aggregate(chunks)
    assert passed == chunks
    assert len(completed) == 1
    result = completed[0].get_result()
    assert result is not None
    assert result.get_output().get_text() == "Hello world"
    assert result.get_metadata().get_finish_reason() == "STOP"


def test_rate_limit_from_streamed_chunk_survives_aggregation() -> None:
    rate_limit = RateLimit(
        requests_limit=100,
        requests_remaining=99,
        requests_reset=1.0,
        tokens_limit=1000,
        tokens_remaining=999,
        tokens_reset=2.0,
    )
    _, completed = aggregate(
        [
            chunk("Hello", ChatResponseMetadata.builder().rate_limit(EmptyRateLimit()).build()),
            chunk(" world", ChatResponseMetadata.builder().rate_limit(rate_limit).build()),
        ]
    )
    aggregated = completed[0].get_metadata().get_rate_limit()
    assert aggregated is rate_limit
    assert (aggregated.get_requests_reset(), aggregated.get_tokens_reset()) == (1.0, 2.0)


def test_rate_limit_stays_empty_when_no_chunk_carries_one() -> None:
    _, completed = aggregate([chunk("Hello"), chunk(" world")])
    assert isinstance(completed[0].get_metadata().get_rate_limit(), EmptyRateLimit)


def test_tool_calls_from_message_and_metadata_are_collected() -> None:
    in_message = AssistantMessage.ToolCall("a", "function", "first", "{}")
    in_metadata = AssistantMessage.ToolCall(
        "tool-id-123", "function", "getCurrentWeather", '{"location": "Seoul"}'
    )
    first = ChatResponse(
        [Generation(AssistantMessage("Thinking about the weather... ", tool_calls=[in_message]))]
    )
    second = ChatResponse(
        [Generation(AssistantMessage(""))],
        ChatResponseMetadata.builder().metadata({"toolCalls": [in_metadata]}).build(),
    )
    _, completed = aggregate([first, second])
    output = completed[0].get_result().get_output()  # type: ignore[union-attr]
    assert output.get_text() == "Thinking about the weather... "
    assert output.get_tool_calls() == [in_message, in_metadata]


def test_usage_id_and_model_keep_the_last_reported_values() -> None:
    _, completed = aggregate(
        [
            chunk("a", ChatResponseMetadata(id="1", model="m", usage=DefaultUsage(10, 0))),
            chunk("b", ChatResponseMetadata(id="2", usage=DefaultUsage(0, 5))),
        ]
    )
    metadata = completed[0].get_metadata()
    assert (metadata.get_id(), metadata.get_model()) == ("2", "m")
    usage = metadata.get_usage()
    # as in Spring, the last positive total wins (the second chunk reports 0 + 5)
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        10,
        5,
        5,
    )


def test_thoughts_are_separated_from_the_answer() -> None:
    _, completed = aggregate([chunk("thinking", isThought=True), chunk("answer", isThought=False)])
    properties = completed[0].get_result().get_output().get_metadata()  # type: ignore[union-attr]
    assert properties["thoughts"] == "thinking"
    assert properties["outputWithoutThoughts"] == "answer"


def test_a_failing_stream_delivers_no_aggregate() -> None:
    completed: list[ChatResponse] = []

    async def source() -> AsyncIterator[ChatResponse]:
        yield chunk("a")
        raise RuntimeError("broken")

    async def run() -> None:
        async for _ in MessageAggregator().aggregate(source(), completed.append):
            pass

    try:
        asyncio.run(run())
    except RuntimeError as error:
        assert str(error) == "broken"
    assert completed == []


def test_aggregate_responses_of_collected_chunks() -> None:
    result = MessageAggregator.aggregate_responses(
        [chunk("a"), chunk("b"), chunk("c", finish="STOP")]
    )
    assert result.get_result().get_output().get_text() == "abc"  # type: ignore[union-attr]
    assert MessageAggregator.aggregate_responses([]).get_result().get_output().get_text() == ""  # type: ignore[union-attr]


def test_prompt_metadata_of_a_streamed_chunk_survives_aggregation() -> None:
    """As Spring's MessageAggregator: the last non-empty prompt metadata is kept."""
    from spring_ai_py.chat.metadata import (
        ChatResponseMetadata,
        PromptFilterMetadata,
        PromptMetadata,
    )

    flagged = PromptMetadata.of(PromptFilterMetadata.from_(0, {"hate": "safe"}))
    with_metadata = ChatResponse(
        [Generation(AssistantMessage("Hi"))],
        ChatResponseMetadata.builder().prompt_metadata(flagged).build(),
    )
    _, aggregates = aggregate([with_metadata, ChatResponse([Generation(AssistantMessage(" there"))])])
    kept = list(aggregates[0].get_metadata().get_prompt_metadata())
    assert [(f.get_prompt_index(), f.get_content_filter_metadata()) for f in kept] == [(0, {"hate": "safe"})]
