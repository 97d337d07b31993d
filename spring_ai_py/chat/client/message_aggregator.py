"""``ChatClientMessageAggregator``: act on a whole stream once it has completed."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterable, AsyncIterator, Awaitable, Callable, Mapping
from typing import Any

from spring_ai_py.chat.client.records import ChatClientResponse
from spring_ai_py.chat.model import ChatResponse, MessageAggregator


class ChatClientMessageAggregator:
    """Passes a ``ChatClientResponse`` stream through and aggregates it.

    When the stream completes normally, ``aggregation_handler`` receives one response:
    the chunks' chat responses aggregated (texts joined, tool calls collected, last
    usage) with the chunks' contexts merged over ``context``. It may be a coroutine
    function. A stream that fails or is closed early never reaches the handler; closing
    this stream closes the source at once.

    ``responses`` is any async iterable of responses, such as what
    ``stream().chat_client_response()`` returns.
    """

    async def aggregate_chat_client_response(
        self,
        responses: AsyncIterable[ChatClientResponse],
        aggregation_handler: Callable[[ChatClientResponse], Awaitable[Any] | Any],
        context: Mapping[str, Any] | None = None,
    ) -> AsyncIterator[ChatClientResponse]:
        chunks: list[ChatResponse] = []
        merged: dict[str, Any] = dict(context) if context else {}
        source = aiter(responses)
        try:
            async for response in source:
                if response.chat_response is not None:
                    chunks.append(response.chat_response)
                merged.update(response.context)
                yield response
        finally:
            close = getattr(source, "aclose", None)
            if close is not None:
                await close()
        outcome = aggregation_handler(
            ChatClientResponse(MessageAggregator.aggregate_responses(chunks), merged)
        )
        if inspect.isawaitable(outcome):
            await outcome
