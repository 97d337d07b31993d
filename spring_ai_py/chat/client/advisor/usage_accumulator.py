"""``UsageAccumulator``: token usage summed across the rounds of a looping advisor."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from spring_ai_py.chat.metadata import Usage
from spring_ai_py.chat.model import ChatResponse
from spring_ai_py.support.usage_calculator import UsageCalculator

if TYPE_CHECKING:
    from spring_ai_py.chat.client.records import ChatClientResponse


_is_empty = UsageCalculator.is_empty
_cumulative_usage = UsageCalculator.get_cumulative_usage
_with_usage = UsageCalculator.with_usage


def _usage_of(chat_response: ChatResponse | None) -> Usage | None:
    return chat_response.get_metadata().get_usage() if chat_response is not None else None


class UsageAccumulator:
    """Sums token usage across the rounds of a looping advisor.

    A tool-calling loop or a validation-retry loop calls the model several times; the
    response it finally returns should report the usage of all those calls, not only
    of the last one. Feed every round's ``ChatResponse`` to :meth:`add_round_response`
    and stamp the total onto the final response with :meth:`apply_accumulated_usage`::

        usage = UsageAccumulator()
        while True:
            response = chain.copy(self).next_call(request)
            usage.add_round_response(response.chat_response)
            if not loop_again:
                break
        return usage.apply_accumulated_usage(response)

    An instance holds the state of one loop and is not thread-safe: create one per
    ``advise_call`` invocation, or one per stream iteration (inside the async
    generator body, so that two iterations of the same stream do not share it).
    The streaming helpers :meth:`apply_previous_accumulated_usage_to_chunk` and
    :meth:`emit_final_usage_correction_if_necessary` keep the usage of a streamed loop
    correct as well.
    """

    __slots__ = ("_accumulated",)

    def __init__(self) -> None:
        self._accumulated: ChatResponse | None = None

    def accumulated_response(self) -> ChatResponse | None:
        """The response carrying the usage summed so far, or ``None`` when there is none.

        In a streamed loop, read before the round in flight is added, this is the total
        of the *previous* rounds.
        """
        return self._accumulated

    def add_round_response(self, round_chat_response: ChatResponse | None) -> ChatResponse | None:
        """Add one round's usage to the total; return the response carrying the new total.

        A ``None`` round leaves the total unchanged; the result is ``None`` while no
        round has reported any usage.
        """
        if round_chat_response is None:
            return self._accumulated
        previous = None if _is_empty(_usage_of(self._accumulated)) else self._accumulated
        cumulative = _cumulative_usage(round_chat_response.get_metadata().get_usage(), previous)
        self._accumulated = (
            None if _is_empty(cumulative) else _with_usage(round_chat_response, cumulative)
        )
        return self._accumulated

    def apply_accumulated_usage(
        self, chat_client_response: ChatClientResponse
    ) -> ChatClientResponse:
        """``chat_client_response`` carrying the total usage.

        Used to finish a call loop, or a streamed loop that ends with a return-direct
        result. The response itself is returned when nothing was accumulated or when
        its usage already equals the total.
        """
        current = chat_client_response.chat_response
        accumulated = self._accumulated
        if current is None or accumulated is None:
            return chat_client_response
        total = accumulated.get_metadata().get_usage()
        if _is_empty(total) or current.get_metadata().get_usage() == total:
            return chat_client_response
        return chat_client_response.mutate().chat_response(_with_usage(current, total)).build()

    @staticmethod
    def apply_previous_accumulated_usage_to_chunk(
        chunk: ChatClientResponse, previous_accumulated_response: ChatResponse | None
    ) -> ChatClientResponse:
        """Add the previous rounds' usage to a streamed chunk that reports its own usage.

        Chunks without usage, and every chunk when there is no previous usage, are
        returned unchanged, so the earlier rounds show only on usage-bearing chunks.
        """
        current = chunk.chat_response
        if current is None or previous_accumulated_response is None:
            return chunk
        current_usage = current.get_metadata().get_usage()
        if _is_empty(current_usage) or _is_empty(_usage_of(previous_accumulated_response)):
            return chunk
        cumulative = _cumulative_usage(current_usage, previous_accumulated_response)
        if current_usage == cumulative:
            return chunk
        return chunk.mutate().chat_response(_with_usage(current, cumulative)).build()

    @staticmethod
    async def emit_final_usage_correction_if_necessary(
        aggregated_response: ChatClientResponse,
        round_chat_response: ChatResponse | None,
        accumulated_chat_response: ChatResponse | None,
    ) -> AsyncIterator[ChatClientResponse]:
        """The trailing usage-only response a streamed loop must still emit, if any.

        An async iterator, as Spring's ``Flux``: when the final round reported no usage
        of its own, the total of the previous rounds was never stamped onto an emitted
        chunk, so it yields one response with no generations (no text is repeated)
        carrying that total. It yields nothing when the final round reported usage or
        nothing was accumulated.
        """
        if accumulated_chat_response is None:
            return
        total = accumulated_chat_response.get_metadata().get_usage()
        if not _is_empty(_usage_of(round_chat_response)) or _is_empty(total):
            return
        usage_only = ChatResponse.builder().from_(accumulated_chat_response).generations([]).build()
        yield aggregated_response.mutate().chat_response(usage_only).build()

    def __repr__(self) -> str:
        return f"UsageAccumulator(usage={_usage_of(self._accumulated)!r})"
