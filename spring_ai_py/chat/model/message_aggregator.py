"""Aggregates a stream of partial chat responses into one response."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import (
    ChatGenerationMetadata,
    ChatResponseMetadata,
    DefaultUsage,
    EmptyRateLimit,
    PromptMetadata,
    RateLimit,
)
from spring_ai_py.chat.model.chat_response import ChatResponse, Generation

_NO_RATE_LIMIT: RateLimit = EmptyRateLimit()
_NO_PROMPT_METADATA: PromptMetadata = PromptMetadata.empty()


class _Aggregation:
    """The running state of one aggregated stream."""

    __slots__ = (
        "completion_tokens",
        "generation_metadata",
        "id",
        "message_metadata",
        "model",
        "outside_thoughts",
        "prompt_metadata",
        "prompt_tokens",
        "rate_limit",
        "text",
        "thoughts",
        "tool_calls",
        "total_tokens",
    )

    def __init__(self) -> None:
        # Thousands of streams can be in flight, each with an aggregation or three: the
        # lists that most streams never fill are made on first use, and the empty rate
        # limit and prompt metadata are shared (both are immutable).
        self.text: list[str] = []
        self.thoughts: list[str] | None = None
        self.outside_thoughts: list[str] | None = None
        self.message_metadata: dict[str, Any] = {}
        self.tool_calls: list[AssistantMessage.ToolCall] | None = None
        self.generation_metadata = ChatGenerationMetadata.NULL
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.total_tokens = 0
        self.rate_limit: RateLimit = _NO_RATE_LIMIT
        self.prompt_metadata: PromptMetadata = _NO_PROMPT_METADATA
        self.id = ""
        self.model = ""

    def add(self, response: ChatResponse) -> None:
        result = response.get_result()
        if result is not None:
            if result.get_metadata() is not ChatGenerationMetadata.NULL:
                self.generation_metadata = result.get_metadata()
            output = result.get_output()
            text = output.get_text()
            metadata = output.get_metadata()
            if text is not None:
                self.text.append(text)
                if "isThought" in metadata:
                    if self.thoughts is None or self.outside_thoughts is None:
                        self.thoughts, self.outside_thoughts = [], []
                    is_thought = str(metadata["isThought"]).lower() == "true"
                    (self.thoughts if is_thought else self.outside_thoughts).append(text)
            if metadata:
                self.message_metadata.update(metadata)
            tool_calls = output.get_tool_calls()
            if tool_calls:
                self._add_tool_calls(tool_calls)
        response_metadata = response.get_metadata()
        usage = response_metadata.get_usage()
        if usage.get_prompt_tokens() > 0:
            self.prompt_tokens = usage.get_prompt_tokens()
        if usage.get_completion_tokens() > 0:
            self.completion_tokens = usage.get_completion_tokens()
        if usage.get_total_tokens() > 0:
            self.total_tokens = usage.get_total_tokens()
        if not isinstance(response_metadata.get_rate_limit(), EmptyRateLimit):
            self.rate_limit = response_metadata.get_rate_limit()
        prompt_metadata = response_metadata.get_prompt_metadata()
        if any(True for _ in prompt_metadata):  # the last non-empty one, as Spring keeps it
            self.prompt_metadata = prompt_metadata
        if response_metadata.get_id().strip():
            self.id = response_metadata.get_id()
        if response_metadata.get_model().strip():
            self.model = response_metadata.get_model()
        metadata_tool_calls = response_metadata.get("toolCalls")
        if isinstance(metadata_tool_calls, list):
            self._add_tool_calls(metadata_tool_calls)

    def _add_tool_calls(self, tool_calls: list[AssistantMessage.ToolCall]) -> None:
        if self.tool_calls is None:
            self.tool_calls = []
        self.tool_calls.extend(tool_calls)

    def result(self) -> ChatResponse:
        metadata = ChatResponseMetadata(
            id=self.id,
            model=self.model,
            usage=DefaultUsage(self.prompt_tokens, self.completion_tokens, self.total_tokens),
            rate_limit=self.rate_limit,
            prompt_metadata=self.prompt_metadata,
        )
        message_metadata = dict(self.message_metadata)
        message_metadata.pop(AssistantMessage.MESSAGE_TYPE, None)
        if self.thoughts:
            message_metadata["thoughts"] = "".join(self.thoughts)
            message_metadata["outputWithoutThoughts"] = "".join(self.outside_thoughts or ())
        message = AssistantMessage("".join(self.text), message_metadata, self.tool_calls or [])
        return ChatResponse([Generation(message, self.generation_metadata)], metadata)


class MessageAggregator:
    """Passes a chat-response stream through and aggregates it when it completes.

    The aggregate joins the texts, collects the tool calls, keeps the last non-empty
    id/model/usage/rate limit and generation metadata, and is handed to
    ``on_aggregation_complete`` once, only if the stream completes normally.
    """

    async def aggregate(
        self,
        stream: AsyncIterator[ChatResponse],
        on_aggregation_complete: Callable[[ChatResponse], Any],
    ) -> AsyncIterator[ChatResponse]:
        """Pass ``stream`` through and, when it completes, call ``on_aggregation_complete`` with the
        aggregated response (texts joined, usage and metadata merged)."""
        aggregation = _Aggregation()
        async for response in stream:
            aggregation.add(response)
            yield response
        on_aggregation_complete(aggregation.result())

    @staticmethod
    def aggregate_responses(responses: list[ChatResponse]) -> ChatResponse:
        """Aggregate already-collected chunks (the same rules as :meth:`aggregate`)."""
        aggregation = _Aggregation()
        for response in responses:
            aggregation.add(response)
        return aggregation.result()
