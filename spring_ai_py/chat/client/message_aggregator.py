"""``ChatClientMessageAggregator``: act on a whole stream once it has completed.

:class:`ChatClientStreamAggregation` is the one running aggregate of a
``ChatClientResponse`` stream (chunks aggregated by ``MessageAggregator``, contexts
merged); the aggregator, ``BaseAdvisor``'s stream path, the memory advisors and the
ChatClient span all use it.
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterable, AsyncIterator, Awaitable, Callable, Mapping
from typing import Any

from spring_ai_py.chat.client.records import ChatClientResponse
from spring_ai_py.chat.model.message_aggregator import _Aggregation


class ChatClientStreamAggregation:
    """The running aggregate of a ``ChatClientResponse`` stream.

    :meth:`add` each chunk; :meth:`result` is one response whose chat response
    aggregates the chunks' (texts joined, tool calls collected, last usage) and whose
    context is the chunks' contexts merged over the initial ``context``. Each chunk is
    folded in as it comes: what is kept is the aggregate (the texts, the tool calls,
    the last metadata), never the chunk objects.
    """

    __slots__ = ("_aggregation", "_context")

    def __init__(self, context: Mapping[str, Any] | None = None) -> None:
        self._aggregation = _Aggregation()
        self._context: dict[str, Any] = dict(context) if context else {}

    def add(self, response: ChatClientResponse) -> None:
        if response.chat_response is not None:
            self._aggregation.add(response.chat_response)
        self._context.update(response.context)

    @property
    def context(self) -> dict[str, Any]:
        """The contexts merged so far (a live view)."""
        return self._context

    def result(self) -> ChatClientResponse:
        return ChatClientResponse(self._aggregation.result(), dict(self._context))


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
        """Pass ``responses`` through and, when the stream completes, call ``aggregation_handler`` with
        the aggregated response (never for a failed or abandoned stream)."""
        aggregation = ChatClientStreamAggregation(context)
        source = aiter(responses)
        try:
            async for response in source:
                aggregation.add(response)
                yield response
        finally:
            close = getattr(source, "aclose", None)
            if close is not None:
                await close()
        outcome = aggregation_handler(aggregation.result())
        if inspect.isawaitable(outcome):
            await outcome
