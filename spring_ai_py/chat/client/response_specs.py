"""What ``call()`` and ``stream()`` return: ways to read the response."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from typing import TYPE_CHECKING, Any, TypeVar, overload

from spring_ai_py import _assert
from spring_ai_py._bridge import DualStream, forbid_running_loop
from spring_ai_py._observation import LazyStream, StreamStep, call_step, is_noop, observe_stream
from spring_ai_py.chat.client.attributes import ChatClientAttributes
from spring_ai_py.chat.client.events import (
    EVENT_LISTENER,
    ChatEvent,
    EventListener,
    ResponseEvents,
    event_listener_of,
)
from spring_ai_py.chat.client.message_aggregator import ChatClientStreamAggregation
from spring_ai_py.chat.client.observation.convention import (
    ChatClientObservationContext,
    ChatClientObservationConvention,
)
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse, ResponseEntity
from spring_ai_py.chat.client.specs import EntityParamSpec
from spring_ai_py.chat.model import ChatResponse

if TYPE_CHECKING:
    from opentelemetry.trace import Span, Tracer

    from spring_ai_py.chat.client.advisor.api import BaseAdvisorChain
    from spring_ai_py.converter import StructuredOutputConverter

T = TypeVar("T")

_OUTPUT_FORMAT = ChatClientAttributes.OUTPUT_FORMAT.value
_OUTPUT_SCHEMA = ChatClientAttributes.STRUCTURED_OUTPUT_SCHEMA.value
_OUTPUT_NATIVE = ChatClientAttributes.STRUCTURED_OUTPUT_NATIVE.value


def content_of(chat_response: ChatResponse | None) -> str | None:
    """The text of the first generation, or ``None``."""
    if chat_response is None:
        return None
    generation = chat_response.get_result()
    return generation.get_output().get_text() if generation is not None else None


class _Observed:
    """Runs the advisor chain inside the ChatClient span (shared by both specs)."""

    def __init__(
        self,
        request: ChatClientRequest,
        chain: BaseAdvisorChain,
        tracer: Tracer,
        convention: ChatClientObservationConvention,
    ) -> None:
        _assert.not_none(request, "chat_client_request cannot be null")
        _assert.not_none(chain, "advisor_chain cannot be null")
        _assert.not_none(tracer, "tracer cannot be null")
        _assert.not_none(convention, "observation_convention cannot be null")
        self._request = request
        self._chain = chain
        self._chain_used = False
        self._chain_lock = threading.Lock()
        self._tracer = tracer
        self._convention = convention

    def _take_chain(self) -> BaseAdvisorChain:
        """The chain built by ``call()``/``stream()`` first, then fresh equal chains."""
        with self._chain_lock:
            if not self._chain_used:
                self._chain_used = True
                return self._chain
        return self._chain.mutate().build()

    def _observation_context(
        self, request: ChatClientRequest, chain: BaseAdvisorChain, stream: bool
    ) -> ChatClientObservationContext:
        advisors: list[Any] = chain.get_stream_advisors() if stream else chain.get_call_advisors()
        output_format = request.context.get(_OUTPUT_FORMAT)
        return ChatClientObservationContext(
            request, advisors, stream, output_format if isinstance(output_format, str) else None
        )

    def _call_span(
        self, request: ChatClientRequest, chain: BaseAdvisorChain
    ) -> tuple[ChatClientObservationContext, contextlib.AbstractContextManager[Span]]:
        convention = self._convention
        context = self._observation_context(request, chain, False)
        step = call_step(
            self._tracer, convention.get_contextual_name(context), lambda: convention.attributes(context)
        )
        return context, step

    def _annotate(
        self, span: Span, context: ChatClientObservationContext, response: ChatClientResponse
    ) -> None:
        if span.is_recording():
            context.set_response(response)
            span.set_attributes(self._convention.get_response_key_values(context))

    def observed_call(self, request: ChatClientRequest, chain: BaseAdvisorChain) -> ChatClientResponse:
        listener = event_listener_of(request.context)
        if is_noop(self._tracer):
            response = chain.next_call(request)
        else:
            context, step = self._call_span(request, chain)
            with step as span:
                response = chain.next_call(request)
                self._annotate(span, context, response)
        if listener is not None:
            _tell(listener, response)
        return response

    async def aobserved_call(
        self, request: ChatClientRequest, chain: BaseAdvisorChain
    ) -> ChatClientResponse:
        """:meth:`observed_call` on the native async chain (``anext_call``)."""
        listener = event_listener_of(request.context)
        if is_noop(self._tracer):
            response = await chain.anext_call(request)
        else:
            context, step = self._call_span(request, chain)
            with step as span:
                response = await chain.anext_call(request)
                self._annotate(span, context, response)
        if listener is not None:
            _tell(listener, response)
        return response

    def observed_stream(
        self, request: ChatClientRequest
    ) -> AsyncGenerator[ChatClientResponse, None] | LazyStream[ChatClientRequest, ChatClientResponse]:
        if is_noop(self._tracer):
            # No span: no aggregate for its attributes, nothing but the chain (taken
            # when iteration starts) and the request for each stream in flight.
            return LazyStream(self._chain_stream, request)
        convention = self._convention
        aggregation = ChatClientStreamAggregation()
        holder: list[ChatClientObservationContext] = []

        def begin() -> StreamStep[ChatClientResponse]:
            chain = self._take_chain()
            context = self._observation_context(request, chain, True)
            holder.append(context)
            return StreamStep(
                convention.get_contextual_name(context),
                lambda: convention.attributes(context),
                lambda: chain.next_stream(request),
            )

        def on_item(span: Span, item: ChatClientResponse) -> None:
            aggregation.add(item)

        def on_complete(span: Span) -> None:
            context = holder[0]
            context.set_response(aggregation.result())
            span.set_attributes(convention.get_response_key_values(context))

        return observe_stream(self._tracer, begin, on_item, on_complete)

    def _chain_stream(self, request: ChatClientRequest) -> AsyncIterator[ChatClientResponse]:
        return self._take_chain().next_stream(request)


class CallResponseSpec(_Observed):
    """The response of ``call()``: read it as text, ``ChatResponse`` or an entity.

    ``content()``, ``chat_response()`` and ``chat_client_response()`` share one model
    call; ``entity()`` and ``response_entity()`` make their own (they change the prompt).
    Each has an awaitable twin (``acontent()``...) that runs the same chain without
    blocking the event loop.
    """

    def __init__(
        self,
        request: ChatClientRequest,
        chain: BaseAdvisorChain,
        tracer: Tracer,
        convention: ChatClientObservationConvention,
    ) -> None:
        super().__init__(request, chain, tracer, convention)
        self._response: ChatClientResponse | None = None
        self._response_lock = threading.Lock()
        self._aresponse_lock: asyncio.Lock | None = None

    def _blocking_response(self, what: str, instead: str) -> ChatClientResponse:
        forbid_running_loop(what, instead)
        with self._response_lock:
            if self._response is None:
                self._response = self.observed_call(self._request, self._take_chain())
            return self._response

    def chat_client_response(self) -> ChatClientResponse:
        """The ``ChatClientResponse`` (chat response and advisor context) of this spec's one model
        call."""
        return self._blocking_response(
            "call().chat_client_response()", "await ...achat_client_response()"
        )

    def chat_response(self) -> ChatResponse | None:
        """The ``ChatResponse`` of this spec's one model call (``None`` when an advisor answered
        without one)."""
        return self._blocking_response(
            "call().chat_response()", "await ...achat_response()"
        ).chat_response

    def content(self) -> str | None:
        """The text of the first generation (``None`` when there is none)."""
        return content_of(
            self._blocking_response("call().content()", "await ...acontent()").chat_response
        )

    @overload
    def entity(
        self,
        type_or_converter: StructuredOutputConverter[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> T | None: ...

    @overload
    def entity(
        self,
        type_or_converter: type[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> T | None: ...

    def entity(
        self,
        type_or_converter: type[T] | StructuredOutputConverter[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> T | None:
        """The answer converted to ``type_or_converter``: a type (pydantic model,
        dataclass, ``list[X]``, ``dict[str, Any]``...) or a ``StructuredOutputConverter``.

        The converter's format instructions are added to the prompt;
        ``lambda s: s.validate_schema()`` adds a ``StructuredOutputValidationAdvisor``
        and ``lambda s: s.use_provider_structured_output()`` asks for native output.
        ``None`` when the model answered no text (Spring's ``@Nullable T``).
        """
        forbid_running_loop("call().entity()", "await ...aentity()")
        converter, request, chain = self._entity_call(type_or_converter, entity_param_spec)
        return _to_entity(converter, self.observed_call(request, chain).chat_response).entity

    @overload
    def response_entity(
        self,
        type_or_converter: StructuredOutputConverter[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> ResponseEntity[ChatResponse, T]: ...

    @overload
    def response_entity(
        self,
        type_or_converter: type[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> ResponseEntity[ChatResponse, T]: ...

    def response_entity(
        self,
        type_or_converter: type[T] | StructuredOutputConverter[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> ResponseEntity[ChatResponse, T]:
        """Both the ``ChatResponse`` and the converted entity."""
        forbid_running_loop("call().response_entity()", "await ...aresponse_entity()")
        converter, request, chain = self._entity_call(type_or_converter, entity_param_spec)
        return _to_entity(converter, self.observed_call(request, chain).chat_response)

    def _entity_call(
        self,
        type_or_converter: type[T] | StructuredOutputConverter[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None,
    ) -> tuple[StructuredOutputConverter[T], ChatClientRequest, BaseAdvisorChain]:
        """The converter, the request carrying its format instructions, and the chain."""
        _assert.not_none(type_or_converter, "type cannot be null")
        converter = _converter_for(type_or_converter)
        request = ChatClientRequest(self._request.prompt, dict(self._request.context))
        chain = self._take_chain()
        if entity_param_spec is not None:
            spec = EntityParamSpec()
            entity_param_spec(spec)
            if spec.is_enable_native():
                request.context[_OUTPUT_NATIVE] = True
            if spec.is_validated():
                from spring_ai_py.chat.client.advisor.structured_output_validation_advisor import (
                    StructuredOutputValidationAdvisor,
                )

                validator = (
                    StructuredOutputValidationAdvisor.builder()
                    .output_json_schema(converter.get_json_schema())
                    .build()
                )
                chain = chain.mutate().push(validator).build()
        output_format = converter.get_format()
        if output_format and output_format.strip():
            request.context[_OUTPUT_FORMAT] = output_format
        if request.context.get(_OUTPUT_NATIVE) is True:
            request.context[_OUTPUT_SCHEMA] = converter.get_json_schema()
        return converter, request, chain

    # -- the awaitable twins: the same chain, natively async ------------

    async def achat_client_response(self) -> ChatClientResponse:
        """:meth:`chat_client_response`, awaited: the chain runs on the event loop and
        holds no thread while the model answers. Cancelling the awaiting task cancels
        the model request and the tools in flight (memory then stores nothing)."""
        if self._response is None:
            if self._aresponse_lock is None:
                self._aresponse_lock = asyncio.Lock()
            async with self._aresponse_lock:
                if self._response is None:
                    response = await self.aobserved_call(self._request, self._take_chain())
                    with self._response_lock:
                        if self._response is None:
                            self._response = response
        return self._response

    async def achat_response(self) -> ChatResponse | None:
        """The awaitable twin of :meth:`chat_response`."""
        return (await self.achat_client_response()).chat_response

    async def acontent(self) -> str | None:
        """The awaitable twin of :meth:`content`."""
        return content_of(await self.achat_response())

    @overload
    async def aentity(
        self,
        type_or_converter: StructuredOutputConverter[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> T | None: ...

    @overload
    async def aentity(
        self,
        type_or_converter: type[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> T | None: ...

    async def aentity(
        self,
        type_or_converter: type[T] | StructuredOutputConverter[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> T | None:
        """The awaitable twin of :meth:`entity`."""
        return (await self.aresponse_entity(type_or_converter, entity_param_spec)).entity

    @overload
    async def aresponse_entity(
        self,
        type_or_converter: StructuredOutputConverter[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> ResponseEntity[ChatResponse, T]: ...

    @overload
    async def aresponse_entity(
        self,
        type_or_converter: type[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> ResponseEntity[ChatResponse, T]: ...

    async def aresponse_entity(
        self,
        type_or_converter: type[T] | StructuredOutputConverter[T],
        entity_param_spec: Callable[[EntityParamSpec], object] | None = None,
    ) -> ResponseEntity[ChatResponse, T]:
        """The awaitable twin of :meth:`response_entity`."""
        converter, request, chain = self._entity_call(type_or_converter, entity_param_spec)
        return _to_entity(converter, (await self.aobserved_call(request, chain)).chat_response)


def _tell(listener: EventListener, response: ChatClientResponse) -> None:
    """Hand a call's closing events to its listener (its tool events came as they ran)."""
    events = ResponseEvents()
    out: list[ChatEvent] = []
    events.add(response, out)
    events.end(out)
    for event in out:
        listener(event)


def _to_entity(
    converter: StructuredOutputConverter[T], chat_response: ChatResponse | None
) -> ResponseEntity[ChatResponse, T]:
    text = content_of(chat_response)
    entity = converter.convert(text) if text is not None else None
    return ResponseEntity(chat_response, entity)


def _converter_for(
    type_or_converter: type[T] | StructuredOutputConverter[T],
) -> StructuredOutputConverter[T]:
    from spring_ai_py.converter import BeanOutputConverter, StructuredOutputConverter

    if isinstance(type_or_converter, StructuredOutputConverter):
        return type_or_converter
    return BeanOutputConverter(type_or_converter)


class StreamResponseSpec(_Observed):
    """The response of ``stream()``: iterate it with ``async for`` or a plain ``for``.

    Each iteration runs the chain (and the model) once. A plain ``for`` runs it on the
    library's bridge loop, or, when ``local`` (the chat model can read a stream with
    blocking I/O), on a private loop of the consuming thread.
    """

    def __init__(
        self,
        request: ChatClientRequest,
        chain: BaseAdvisorChain,
        tracer: Tracer,
        convention: ChatClientObservationConvention,
        local: bool = False,
    ) -> None:
        super().__init__(request, chain, tracer, convention)
        self._local = local

    def chat_client_response(self) -> DualStream[ChatClientResponse]:
        """The stream of ``ChatClientResponse`` chunks, each with its own context copy."""
        return DualStream(lambda: self.observed_stream(self._request), self._local)

    def chat_response(self) -> DualStream[ChatResponse]:
        """The stream of ``ChatResponse`` chunks."""
        async def responses() -> AsyncIterator[ChatResponse]:
            async with contextlib.aclosing(self.observed_stream(self._request)) as stream:
                async for item in stream:
                    if item.chat_response is not None:
                        yield item.chat_response

        return DualStream(responses, self._local)

    def content(self) -> DualStream[str]:
        """The text of each chunk (empty texts skipped)."""

        async def texts() -> AsyncIterator[str]:
            async with contextlib.aclosing(self.observed_stream(self._request)) as stream:
                async for item in stream:
                    text = content_of(item.chat_response)
                    if text:
                        yield text

        return DualStream(texts, self._local)

    def events(self) -> DualStream[ChatEvent]:
        """The turn as typed events (beyond Spring): ``TextDelta`` and ``ReasoningDelta``
        as chunks arrive, ``ToolCallStarted`` / ``ToolCallFinished`` for each tool call of
        the tool loop, ``ApprovalRequested`` when the turn pauses, then ``Usage`` (when
        reported) and ``Finished``.

        The stream is read by the consumer itself (nothing runs ahead of it, and a chunk
        costs about what a hand-written loop over ``chat_response()`` does), so a tool
        round's events come together when the round ends, before the next model call's
        first chunk. For progress while a tool runs, put a listener under
        ``EVENT_LISTENER`` in the request context: it hears each tool event as it
        happens (from another thread: never on the event loop), and the stream still
        yields them.
        """

        async def events() -> AsyncIterator[ChatEvent]:
            heard: list[ChatEvent] = []
            context = dict(self._request.context)
            live = event_listener_of(context)
            context[EVENT_LISTENER] = heard.append if live is None else _Both(heard.append, live)
            request = ChatClientRequest(self._request.prompt, context)
            extractor = ResponseEvents()
            out: list[ChatEvent] = []
            async with contextlib.aclosing(self.observed_stream(request)) as stream:
                async for item in stream:
                    if heard:
                        # A tool round's calls have all finished when the loop streams on.
                        out.extend(heard)
                        heard.clear()
                    extractor.add(item, out)
                    if out:
                        for event in out:
                            yield event
                        out.clear()
            out.extend(heard)
            extractor.end(out)
            for event in out:
                yield event

        return DualStream(events, self._local)


class _Both:
    """The ``events()`` stream's collector and the user's live listener, in that order."""

    __slots__ = ("_first", "_second")

    def __init__(self, first: EventListener, second: EventListener) -> None:
        self._first = first
        self._second = second

    def __call__(self, event: ChatEvent) -> None:
        self._first(event)
        self._second(event)
