"""The embedding-model observation shared by the provider models (OpenAI, Ollama,
Google GenAI).

Spring's ``DefaultEmbeddingModelObservationConvention`` names the span
``embeddings <model>`` and annotates it with the request's model and dimensions and the
response's model and usage; Spring's ``EmbeddingModelMeterObservationHandler`` records
the GenAI metrics. Here, as for chat models (whose tracer and histograms this shares),
the span goes through :mod:`spring_ai_py._observation` and the metrics through
``opentelemetry-api``: ``gen_ai.client.operation.duration`` (seconds, with
``error.type`` when the request fails or its answer cannot be read) and
``gen_ai.client.token.usage`` (the input tokens, ``gen_ai.token.type=input``).

One flow serves blocking and awaited calls: a generator opens the span, receives the
provider's answer (or the error of sending it) at its only ``yield``, reads the answer
and records it. :meth:`EmbeddingModelObservation.call` drives it around a blocking
request, :meth:`EmbeddingModelObservation.acall` around an awaited one.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Generator
from typing import TYPE_CHECKING, TypeVar

from opentelemetry.util.types import AttributeValue

from spring_ai_py._observation import call_step
from spring_ai_py.chat.observation._chat_model import OPERATION_EMBEDDING, ModelInstruments

if TYPE_CHECKING:
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.embedding.response import EmbeddingResponse

NativeT = TypeVar("NativeT")
"""The SDK's answer to one embedding request."""

_Flow = Generator[None, NativeT, "EmbeddingResponse"]


class EmbeddingModelObservation:
    """The ``embeddings <model>`` span and the GenAI metrics of one model's calls.

    A provider model builds one and runs each request through :meth:`call` or
    :meth:`acall`, saying how to send the request (``send``) and how to turn the SDK's
    answer into an :class:`EmbeddingResponse` (``read``); the span's response model and
    usage, and the metrics, are that response's metadata. With
    ``reports_input_tokens=False`` (an API that counts no input tokens) the usage goes on
    the span as its total only and no token metric is recorded.
    """

    __slots__ = ("_instruments", "_provider", "_reports_input_tokens")

    def __init__(
        self,
        provider: str,
        tracer_provider: TracerProvider | None,
        meter_provider: MeterProvider | None,
        *,
        reports_input_tokens: bool = True,
    ) -> None:
        self._provider = provider
        self._instruments = ModelInstruments(tracer_provider, meter_provider)
        self._reports_input_tokens = reports_input_tokens

    def call(
        self,
        model: str,
        dimensions: int | None,
        send: Callable[[], NativeT],
        read: Callable[[NativeT], EmbeddingResponse],
    ) -> EmbeddingResponse:
        """``read(send())`` inside the span; the metrics recorded when it ends."""
        flow: _Flow[NativeT] = self._flow(model, dimensions, read)
        next(flow)
        try:
            answer = send()
        except BaseException as error:
            flow.throw(error)
            raise  # the flow re-raises ``error``; this line only ends the branch
        return _finish(flow, answer)

    async def acall(
        self,
        model: str,
        dimensions: int | None,
        send: Callable[[], Awaitable[NativeT]],
        read: Callable[[NativeT], EmbeddingResponse],
    ) -> EmbeddingResponse:
        """:meth:`call` with an awaited ``send()`` (cancelling it is a failed call)."""
        flow: _Flow[NativeT] = self._flow(model, dimensions, read)
        next(flow)
        try:
            answer = await send()
        except BaseException as error:
            flow.throw(error)
            raise  # the flow re-raises ``error``; this line only ends the branch
        return _finish(flow, answer)

    def _request_attributes(self, model: str, dimensions: int | None) -> dict[str, AttributeValue]:
        attributes: dict[str, AttributeValue] = {
            "gen_ai.operation.name": OPERATION_EMBEDDING,
            "gen_ai.system": self._provider,
            "gen_ai.provider.name": self._provider,
            "gen_ai.request.model": model,
        }
        if dimensions is not None:
            attributes["gen_ai.request.embedding.dimensions"] = dimensions
        return attributes

    def _flow(
        self, model: str, dimensions: int | None, read: Callable[[NativeT], EmbeddingResponse]
    ) -> _Flow[NativeT]:
        """The one flow of a call: the span around sending (the ``yield``, where the
        answer or the error of sending arrives) and reading, the metrics recorded.

        A failed request, or an answer that cannot be read, records the duration with
        ``error.type`` (also on cancellation) and marks the span.
        """
        instruments = self._instruments
        started = time.perf_counter()
        with call_step(
            instruments.tracer,
            f"{OPERATION_EMBEDDING} {model}",
            lambda: self._request_attributes(model, dimensions),
        ) as span:
            metric_attributes = self._request_attributes(model, dimensions)
            try:
                answer = yield
                response = read(answer)
                metadata = response.get_metadata()
                usage = metadata.get_usage()
                response_model = metadata.get_model()
            except BaseException as error:
                instruments.duration.record(
                    time.perf_counter() - started,
                    {**metric_attributes, "error.type": type(error).__qualname__},
                )
                raise
            metric_attributes["gen_ai.response.model"] = response_model
            instruments.duration.record(time.perf_counter() - started, metric_attributes)
            if self._reports_input_tokens:
                instruments.token_usage.record(
                    usage.get_prompt_tokens(), {**metric_attributes, "gen_ai.token.type": "input"}
                )
            if span.is_recording():
                span_attributes: dict[str, AttributeValue] = {"gen_ai.response.model": response_model}
                if self._reports_input_tokens:
                    span_attributes["gen_ai.usage.input_tokens"] = int(usage.get_prompt_tokens())
                span_attributes["gen_ai.usage.total_tokens"] = int(usage.get_total_tokens())
                span.set_attributes(span_attributes)
            return response


def _finish(flow: _Flow[NativeT], answer: NativeT) -> EmbeddingResponse:
    """Hand ``answer`` to ``flow`` and return the response it ends with."""
    try:
        flow.send(answer)
    except StopIteration as done:
        response: EmbeddingResponse = done.value
        return response
    raise RuntimeError("the embedding observation flow yielded twice")
