"""``BaseAdvisor``: write ``before()`` and ``after()`` once, run on every path."""

from __future__ import annotations

import contextlib
from abc import abstractmethod
from collections.abc import AsyncIterator, Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, ClassVar

from spring_ai_py import _assert
from spring_ai_py._bridge import run_blocking
from spring_ai_py._lazy import lazy_singleton
from spring_ai_py.chat.client.advisor.api.advisor import CallAdvisor, MemoryAdvisor, StreamAdvisor
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.memory.chat_memory import ChatMemory

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api.chain import (
        AdvisorChain,
        CallAdvisorChain,
        StreamAdvisorChain,
    )

@lazy_singleton
def default_scheduler() -> Executor:
    """The shared executor for blocking advisor work (``before``/``after`` on the stream
    and async call paths), created on first use."""
    return ThreadPoolExecutor(thread_name_prefix="spring-ai-py-advisor")


class BaseAdvisor(CallAdvisor, StreamAdvisor):
    """An advisor defined by ``before(request)`` and ``after(response)``.

    On the call path: ``before`` → rest of the chain → ``after``. On the stream path,
    ``before`` runs once when iteration starts and ``after`` runs on each chunk that
    carries a finish reason; if the stream ends without one, ``after`` still runs once on
    the aggregated response for its side effects (its result is not emitted). Both run on
    :meth:`get_scheduler`'s executor, never on the event loop (through :meth:`abefore`
    and :meth:`aafter`, which an advisor with natively async work overrides). Errors
    propagate with their original type. The default name is the class name.
    """

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        _assert.not_none(call_advisor_chain, "call_advisor_chain cannot be null")
        request = self._checked_request(self.before(chat_client_request, call_advisor_chain))
        response = self._response_for_after(call_advisor_chain.next_call(request), request)
        return self._checked_response(self.after(response, call_advisor_chain))

    async def aadvise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        """``before`` and ``after`` on :meth:`get_scheduler`'s executor, the rest of the
        chain awaited on the loop. A cancelled call never reaches ``after``."""
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        _assert.not_none(call_advisor_chain, "call_advisor_chain cannot be null")
        request = self._checked_request(
            await self.abefore(chat_client_request, call_advisor_chain)
        )
        response = self._response_for_after(await call_advisor_chain.anext_call(request), request)
        return self._checked_response(await self.aafter(response, call_advisor_chain))

    async def abefore(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        """``before`` on the async call and stream paths: by default it runs on
        :meth:`get_scheduler`'s executor. An advisor whose work is naturally async (a
        vector store search) overrides this to await it on the loop instead."""
        scheduler = _assert.not_none(self.get_scheduler(), "scheduler cannot be null")
        return await run_blocking(scheduler, self.before, chat_client_request, advisor_chain)

    async def aafter(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        """``after`` on the async call and stream paths: by default it runs on
        :meth:`get_scheduler`'s executor; override it like :meth:`abefore`."""
        scheduler = _assert.not_none(self.get_scheduler(), "scheduler cannot be null")
        return await run_blocking(scheduler, self.after, chat_client_response, advisor_chain)

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        _assert.not_none(stream_advisor_chain, "stream_advisor_chain cannot be null")
        _assert.not_none(self.get_scheduler(), "scheduler cannot be null")
        return self._stream(chat_client_request, stream_advisor_chain)

    async def _stream(
        self, chat_client_request: ChatClientRequest, chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        from spring_ai_py.chat.client.advisor.advisor_utils import AdvisorUtils
        from spring_ai_py.chat.client.message_aggregator import ChatClientStreamAggregation

        request = self._checked_request(await self.abefore(chat_client_request, chain))
        finished = False
        aggregation = ChatClientStreamAggregation(request.context)
        # aclosing: stopping early closes the rest of the chain now, not when collected.
        async with contextlib.aclosing(chain.next_stream(request)) as stream:  # type: ignore[type-var]
            async for response in stream:
                if AdvisorUtils.has_finish_reason(response):
                    finished = True
                    response = self._checked_response(await self.aafter(response, chain))
                elif not finished:
                    aggregation.add(response)
                yield response
        if not finished:
            await self.aafter(aggregation.result(), chain)

    def _response_for_after(
        self, response: ChatClientResponse, request: ChatClientRequest
    ) -> ChatClientResponse:
        """What ``after`` receives for the rest of the chain's ``response`` to ``request``
        (hook: the memory advisor carries what ``before`` left to store)."""
        return response

    def _checked_request(self, request: ChatClientRequest | None) -> ChatClientRequest:
        if request is None:
            raise RuntimeError(f"Advisor {self.get_name()} returned None from before()")
        return request

    def _checked_response(self, response: ChatClientResponse | None) -> ChatClientResponse:
        if response is None:
            raise RuntimeError(f"Advisor {self.get_name()} returned None from after()")
        return response

    def get_name(self) -> str:
        return type(self).__name__

    @abstractmethod
    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        """Process the request before the rest of the chain runs; return the request to use."""

    @abstractmethod
    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        """Process the response after the rest of the chain ran; return the response to use."""

    def get_scheduler(self) -> Executor:
        """The executor that runs ``before``/``after`` on the stream path."""
        return default_scheduler()


_NO_CONVERSATION_ID = (
    "conversation_id cannot be null or empty: give each request one with "
    ".advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, \"...\")) "
    "(Spring AI 2.0.1 has no default conversation id)"
)


class BaseChatMemoryAdvisor(BaseAdvisor, MemoryAdvisor):
    """Base of the chat-memory advisors: reads the conversation id from the context and
    runs the stream path of every memory advisor.

    On the call path (blocking and async) ``before`` → rest of the chain → ``after``
    stores the turn; on the stream path ``after`` runs once on the aggregated reply when
    the stream completes. A call that fails or is cancelled, and a stream that fails or
    is not consumed to its end, never reach ``after``: nothing is stored.
    """

    DEFAULT_CONVERSATION_ID_KEY: ClassVar[str] = ChatMemory.CONVERSATION_ID

    def get_conversation_id(self, context: Mapping[str, Any], default_conversation_id: str | None = None) -> str:
        """The conversation id from ``context`` (``ChatMemory.CONVERSATION_ID``), else the default.

        Raises ``ValueError`` when neither is a non-empty value (2.0.1 has no default id).
        """
        _assert.not_none(context, "context cannot be null")
        if None in context:
            raise ValueError("context cannot contain null keys")
        value = context.get(self.DEFAULT_CONVERSATION_ID_KEY)
        conversation_id = str(value) if value is not None else default_conversation_id
        return _assert.has_text(conversation_id, _NO_CONVERSATION_ID)

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        _assert.not_none(stream_advisor_chain, "stream_advisor_chain cannot be null")
        return self._stream_and_store(chat_client_request, stream_advisor_chain)

    async def _stream_and_store(
        self, chat_client_request: ChatClientRequest, chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        from spring_ai_py.chat.client.message_aggregator import ChatClientStreamAggregation

        _assert.not_none(self.get_scheduler(), "scheduler cannot be null")
        request = self._checked_request(await self.abefore(chat_client_request, chain))
        # The aggregation in this frame (what ChatClientMessageAggregator does, without
        # its generator and handler for each stream in flight), made at the first chunk:
        # not kept by the streams still waiting for a connection or the first byte.
        aggregation: ChatClientStreamAggregation | None = None
        response: ChatClientResponse | None = None
        # aclosing: stopping early closes the rest of the chain now, not when collected.
        async with contextlib.aclosing(chain.next_stream(request)) as stream:  # type: ignore[type-var]
            async for response in stream:
                if aggregation is None:
                    aggregation = ChatClientStreamAggregation(request.context)
                aggregation.add(response)
                yield self._for_caller(response)
        if aggregation is None:
            aggregation = ChatClientStreamAggregation(request.context)
        # Reached only when the stream completed: a failed or abandoned stream stores
        # nothing. While the turn is written (behind the other streams' writes, when
        # thousands end together) this frame keeps the turn only: not the finished
        # stream, its last chunk, the running aggregate or the requests.
        turn = self._response_for_after(aggregation.result(), request)
        del stream, response, aggregation, request, chat_client_request
        await self.aafter(turn, chain)

    # -- what before() leaves for after() to store ------------------------------------

    @property
    def _pending_key(self) -> str:
        """The context key under which ``before`` leaves the message(s) ``after`` stores
        with the reply (private to this advisor instance)."""
        return f"spring_ai_py.chat.memory.pending_message.{id(self)}"

    def _response_for_after(
        self, response: ChatClientResponse, request: ChatClientRequest
    ) -> ChatClientResponse:
        """``response`` carrying what ``before()`` left to store, even when an inner
        advisor answered with a context of its own."""
        key = self._pending_key
        if key not in request.context:
            return response
        context = dict(response.context)
        context[key] = request.context[key]
        return ChatClientResponse(response.chat_response, context)

    def _for_caller(self, response: ChatClientResponse) -> ChatClientResponse:
        """A streamed chunk as it leaves this advisor: without the pending messages."""
        key = self._pending_key
        if key not in response.context:
            return response
        return ChatClientResponse(
            response.chat_response, {k: v for k, v in response.context.items() if k != key}
        )
