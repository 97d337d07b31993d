"""What ``call()`` and ``stream()`` return: ways to read the response."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from spring_ai_py import _assert
from spring_ai_py._bridge import DualStream
from spring_ai_py._observation import StreamStep, end_span, is_noop, observe_stream, start_span
from spring_ai_py.chat.client.attributes import ChatClientAttributes
from spring_ai_py.chat.client.observation.convention import (
    ChatClientObservationContext,
    ChatClientObservationConvention,
)
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse, ResponseEntity
from spring_ai_py.chat.client.specs import EntityParamSpec
from spring_ai_py.chat.model import ChatResponse, MessageAggregator

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

    def observed_call(self, request: ChatClientRequest, chain: BaseAdvisorChain) -> ChatClientResponse:
        if is_noop(self._tracer):
            return chain.next_call(request)
        convention = self._convention
        context = self._observation_context(request, chain, False)
        span, token = start_span(
            self._tracer, convention.get_contextual_name(context), lambda: convention.attributes(context)
        )
        try:
            response = chain.next_call(request)
        except BaseException as error:
            end_span(span, token, error)
            raise
        if token is not None:
            context.set_response(response)
            span.set_attributes(convention.get_response_key_values(context))
        end_span(span, token)
        return response

    def observed_stream(self, request: ChatClientRequest) -> AsyncGenerator[ChatClientResponse, None]:
        convention = self._convention
        chunks: list[ChatResponse] = []
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
            if item.chat_response is not None:
                chunks.append(item.chat_response)

        def on_complete(span: Span) -> None:
            context = holder[0]
            context.set_response(
                ChatClientResponse(MessageAggregator.aggregate_responses(chunks), {})
            )
            span.set_attributes(convention.get_response_key_values(context))

        return observe_stream(self._tracer, begin, on_item, on_complete)


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

    def chat_client_response(self) -> ChatClientResponse:
        with self._response_lock:
            if self._response is None:
                self._response = self.observed_call(self._request, self._take_chain())
            return self._response

    def chat_response(self) -> ChatResponse | None:
        return self.chat_client_response().chat_response

    def content(self) -> str | None:
        """The text of the first generation (``None`` when there is none)."""
        return content_of(self.chat_response())

    def entity(
        self,
        type_or_converter: Any,
        entity_param_spec: Callable[[EntityParamSpec], Any] | None = None,
    ) -> Any:
        """The answer converted to ``type_or_converter``: a type (pydantic model,
        dataclass, ``list[X]``, ``dict[str, Any]``...) or a ``StructuredOutputConverter``.

        The converter's format instructions are added to the prompt;
        ``lambda s: s.validate_schema()`` adds a ``StructuredOutputValidationAdvisor``
        and ``lambda s: s.use_provider_structured_output()`` asks for native output.
        """
        return self.response_entity(type_or_converter, entity_param_spec).entity

    def response_entity(
        self,
        type_or_converter: Any,
        entity_param_spec: Callable[[EntityParamSpec], Any] | None = None,
    ) -> ResponseEntity[ChatResponse, Any]:
        """Both the ``ChatResponse`` and the converted entity."""
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
        chat_response = self.observed_call(request, chain).chat_response
        text = content_of(chat_response)
        entity = converter.convert(text) if text is not None else None
        return ResponseEntity(chat_response, entity)

    async def achat_client_response(self) -> ChatClientResponse:
        return await asyncio.to_thread(self.chat_client_response)

    async def achat_response(self) -> ChatResponse | None:
        return await asyncio.to_thread(self.chat_response)

    async def acontent(self) -> str | None:
        return await asyncio.to_thread(self.content)

    async def aentity(
        self,
        type_or_converter: Any,
        entity_param_spec: Callable[[EntityParamSpec], Any] | None = None,
    ) -> Any:
        return await asyncio.to_thread(self.entity, type_or_converter, entity_param_spec)

    async def aresponse_entity(
        self,
        type_or_converter: Any,
        entity_param_spec: Callable[[EntityParamSpec], Any] | None = None,
    ) -> ResponseEntity[ChatResponse, Any]:
        return await asyncio.to_thread(self.response_entity, type_or_converter, entity_param_spec)


def _converter_for(type_or_converter: Any) -> StructuredOutputConverter[Any]:
    from spring_ai_py.converter import BeanOutputConverter, StructuredOutputConverter

    if isinstance(type_or_converter, StructuredOutputConverter):
        return type_or_converter
    return BeanOutputConverter(type_or_converter)


class StreamResponseSpec(_Observed):
    """The response of ``stream()``: iterate it with ``async for`` or a plain ``for``.

    Each iteration runs the chain (and the model) once.
    """

    def chat_client_response(self) -> DualStream[ChatClientResponse]:
        return DualStream(lambda: self.observed_stream(self._request))

    def chat_response(self) -> DualStream[ChatResponse]:
        async def responses() -> AsyncIterator[ChatResponse]:
            async with contextlib.aclosing(self.observed_stream(self._request)) as stream:
                async for item in stream:
                    if item.chat_response is not None:
                        yield item.chat_response

        return DualStream(responses)

    def content(self) -> DualStream[str]:
        """The text of each chunk (empty texts skipped)."""

        async def texts() -> AsyncIterator[str]:
            async with contextlib.aclosing(self.observed_stream(self._request)) as stream:
                async for item in stream:
                    text = content_of(item.chat_response)
                    if text:
                        yield text

        return DualStream(texts)
