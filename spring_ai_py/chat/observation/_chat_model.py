"""The chat-model observation shared by the provider models (OpenAI, Anthropic), and
the credential masking their reprs use.

Spring's ``DefaultChatModelObservationConvention`` names the span ``chat <model>`` and
annotates it with the ``gen_ai.*`` request, response and usage attributes; Spring's
``ChatModelMeterObservationHandler`` records the OpenTelemetry GenAI metrics. Here both
go through OpenTelemetry directly: the span through :mod:`spring_ai_py._observation`,
the metrics ``gen_ai.client.token.usage`` (tokens, by ``gen_ai.token.type``) and
``gen_ai.client.operation.duration`` (seconds) through ``opentelemetry-api``.

Attribute values are OpenTelemetry-native: counts are ints, penalties floats, lists
are lists. Prompt and completion text never go on the span.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from opentelemetry import metrics
from opentelemetry.metrics import Histogram, MeterProvider
from opentelemetry.trace import Span, Tracer, TracerProvider
from opentelemetry.util.types import AttributeValue

from spring_ai_py._observation import (
    INSTRUMENTATION_NAME,
    Relay,
    StreamStep,
    call_step,
    is_noop,
    observe_stream,
    tracer_for,
)
from spring_ai_py._sanitize import mask_url_passwords
from spring_ai_py.chat.model import ChatResponse
from spring_ai_py.chat.prompt import ChatOptions

OPERATION_CHAT = "chat"
OPERATION_EMBEDDING = "embeddings"

_TOKEN_BUCKETS = (
    1,
    4,
    16,
    64,
    256,
    1024,
    4096,
    16384,
    65536,
    262144,
    1048576,
    4194304,
    16777216,
    67108864,
)
_DURATION_BUCKETS = (
    0.01,
    0.02,
    0.04,
    0.08,
    0.16,
    0.32,
    0.64,
    1.28,
    2.56,
    5.12,
    10.24,
    20.48,
    40.96,
    81.92,
)


class ModelInstruments:
    """The tracer and the two GenAI histograms of one model instance."""

    __slots__ = ("duration", "token_usage", "tracer")

    def __init__(
        self, tracer_provider: TracerProvider | None, meter_provider: MeterProvider | None
    ) -> None:
        self.tracer: Tracer = tracer_for(tracer_provider)
        meter = (
            metrics.get_meter(INSTRUMENTATION_NAME)
            if meter_provider is None
            else meter_provider.get_meter(INSTRUMENTATION_NAME)
        )
        self.token_usage: Histogram = meter.create_histogram(
            "gen_ai.client.token.usage",
            unit="{token}",
            description="Measures number of input and output tokens used",
            explicit_bucket_boundaries_advisory=_TOKEN_BUCKETS,
        )
        self.duration: Histogram = meter.create_histogram(
            "gen_ai.client.operation.duration",
            unit="s",
            description="GenAI operation duration",
            explicit_bucket_boundaries_advisory=_DURATION_BUCKETS,
        )


@dataclass
class ResponseSummary:
    """What the span and the metrics need to know about a (streamed) response."""

    id: str = ""
    model: str = ""
    finish_reasons: list[str] = field(default_factory=list)
    input_tokens: int | None = None
    output_tokens: int | None = None
    total_tokens: int | None = None
    cache_read_tokens: int | None = None
    cache_write_tokens: int | None = None

    def add(self, response: ChatResponse) -> None:
        """Fold one response (or stream chunk) into the summary: last non-empty wins."""
        metadata = response.get_metadata()
        if metadata.get_id():
            self.id = metadata.get_id()
        if metadata.get_model():
            self.model = metadata.get_model()
        usage = metadata.get_usage()
        if usage.get_prompt_tokens() or usage.get_completion_tokens():
            self.input_tokens = usage.get_prompt_tokens()
            self.output_tokens = usage.get_completion_tokens()
            self.total_tokens = usage.get_total_tokens()
            self.cache_read_tokens = usage.get_cache_read_input_tokens()
            self.cache_write_tokens = usage.get_cache_write_input_tokens()
        for generation in response.get_results():
            reason = generation.get_metadata().get_finish_reason()
            if reason:
                self.finish_reasons.append(reason)


def request_attributes(
    provider: str, options: ChatOptions, model: str, streaming: bool
) -> dict[str, AttributeValue]:
    """Spring's low- and high-cardinality request key values, as span attributes."""
    attributes: dict[str, AttributeValue] = {
        "gen_ai.operation.name": OPERATION_CHAT,
        "gen_ai.system": provider,
        "gen_ai.provider.name": provider,
        "gen_ai.request.model": model,
    }
    for name, value in (
        ("gen_ai.request.frequency_penalty", options.frequency_penalty),
        ("gen_ai.request.max_tokens", options.get_max_tokens()),
        ("gen_ai.request.presence_penalty", options.presence_penalty),
        ("gen_ai.request.temperature", options.temperature),
        ("gen_ai.request.top_k", options.get_top_k()),
        ("gen_ai.request.top_p", options.top_p),
    ):
        if value is not None:
            attributes[name] = value
    stop = options.get_stop_sequences()
    if stop:
        attributes["gen_ai.request.stop_sequences"] = list(stop)
    if streaming:
        attributes["gen_ai.request.stream"] = True
    tool_names = _tool_names(options)
    if tool_names:
        attributes["spring.ai.model.request.tool.names"] = tool_names
    return attributes


def _tool_names(options: ChatOptions) -> list[str]:
    callbacks = getattr(options, "tool_callbacks", None) or []
    names: list[str] = []
    for callback in callbacks:
        name = callback.get_tool_definition().name
        if name not in names:
            names.append(name)
    return names


def response_attributes(summary: ResponseSummary) -> dict[str, AttributeValue]:
    """The response and usage attributes of the span."""
    attributes: dict[str, AttributeValue] = {}
    if summary.id:
        attributes["gen_ai.response.id"] = summary.id
    if summary.model:
        attributes["gen_ai.response.model"] = summary.model
    if summary.finish_reasons:
        attributes["gen_ai.response.finish_reasons"] = list(summary.finish_reasons)
    for name, value in (
        ("gen_ai.usage.input_tokens", summary.input_tokens),
        ("gen_ai.usage.output_tokens", summary.output_tokens),
        ("gen_ai.usage.total_tokens", summary.total_tokens),
        ("gen_ai.usage.cache_read.input_tokens", summary.cache_read_tokens),
        ("gen_ai.usage.cache_creation.input_tokens", summary.cache_write_tokens),
    ):
        if value is not None:
            attributes[name] = int(value)
    return attributes


class ModelObservation:
    """One model operation: its span, and its metrics recorded when it ends."""

    __slots__ = ("_instruments", "_model", "_provider", "_started", "summary")

    def __init__(self, instruments: ModelInstruments, provider: str, model: str) -> None:
        self._instruments = instruments
        self._provider = provider
        self._model = model
        self._started = time.perf_counter()
        self.summary = ResponseSummary()

    def record_metrics(self, error: BaseException | None) -> None:
        """Record the duration (with ``error.type`` on failure) and the token counts."""
        attributes: dict[str, AttributeValue] = {
            "gen_ai.operation.name": OPERATION_CHAT,
            "gen_ai.system": self._provider,
            "gen_ai.provider.name": self._provider,
            "gen_ai.request.model": self._model,
        }
        if self.summary.model:
            attributes["gen_ai.response.model"] = self.summary.model
        if error is not None:
            attributes["error.type"] = type(error).__qualname__
        self._instruments.duration.record(time.perf_counter() - self._started, attributes)
        if error is not None:
            return
        for token_type, count in (
            ("input", self.summary.input_tokens),
            ("output", self.summary.output_tokens),
        ):
            if count is not None:
                self._instruments.token_usage.record(
                    count, {**attributes, "gen_ai.token.type": token_type}
                )


@contextlib.contextmanager
def model_call(
    instruments: ModelInstruments, provider: str, options: ChatOptions, model: str
) -> Iterator[ModelObservation]:
    """One model call (blocking or awaited inside the block) in a ``chat <model>`` span.

    The block folds the response into ``observation.summary``; the metrics are recorded
    when it ends (with ``error.type`` when it raised, also on cancellation).
    """
    observation = ModelObservation(instruments, provider, model)
    with call_step(
        instruments.tracer,
        f"{OPERATION_CHAT} {model}",
        lambda: request_attributes(provider, options, model, False),
    ) as span:
        try:
            yield observation
        except BaseException as error:
            observation.record_metrics(error)
            raise
        observation.record_metrics(None)
        if span.is_recording():
            span.set_attributes(response_attributes(observation.summary))


def observe_call(
    instruments: ModelInstruments,
    provider: str,
    options: ChatOptions,
    model: str,
    call: Callable[[], ChatResponse],
) -> ChatResponse:
    """Run a blocking model call inside a ``chat <model>`` span and record its metrics."""
    with model_call(instruments, provider, options, model) as observation:
        response = call()
        observation.summary.add(response)
    return response


async def aobserve_call(
    instruments: ModelInstruments,
    provider: str,
    options: ChatOptions,
    model: str,
    call: Callable[[], Awaitable[ChatResponse]],
) -> ChatResponse:
    """:func:`observe_call` for an awaited model call (the SDK's async client)."""
    with model_call(instruments, provider, options, model) as observation:
        response = await call()
        observation.summary.add(response)
    return response


class PreparedStream(NamedTuple):
    """A stream request ready to send: its options, its model and its chunk source.

    ``source(observation)`` must fold every chunk it yields into
    ``observation.summary``.
    """

    options: ChatOptions
    model: str
    source: Callable[[ModelObservation], AsyncIterator[ChatResponse]]


def observe_model_stream(
    instruments: ModelInstruments, provider: str, prepare: Callable[[], PreparedStream]
) -> AsyncIterator[ChatResponse]:
    """Stream inside a ``chat <model>`` span that lives until the stream ends.

    Nothing runs before iteration starts: ``prepare`` (which builds the request) runs
    then. The metrics are recorded when the stream ends, fails or is closed early.
    """
    stream = _ModelStream(instruments, provider, prepare)
    if is_noop(instruments.tracer):
        return stream
    return observe_stream(
        instruments.tracer, stream.begin, on_complete=stream.on_complete, on_end=stream.on_end
    )


class _ModelStream(Relay[ChatResponse, ChatResponse]):
    """One model stream's observation, in one object (thousands of streams can be in
    flight): with a tracer, the steps of its span (:func:`observe_stream`); without
    one, the stream itself, passing the source's items on and recording the metrics
    when it ends, fails, is closed or is dropped unfinished."""

    __slots__ = ("_inner", "_instruments", "_model", "_observation", "_options", "_prepare", "_provider", "_source")

    def __init__(
        self, instruments: ModelInstruments, provider: str, prepare: Callable[[], PreparedStream]
    ) -> None:
        self._instruments = instruments
        self._provider = provider
        self._prepare: Callable[[], PreparedStream] | None = prepare
        self._observation: ModelObservation | None = None
        self._inner: AsyncIterator[ChatResponse] | None = None

    def begin(self) -> StreamStep[ChatResponse]:
        assert self._prepare is not None
        options, model, source = self._prepare()
        self._prepare = None
        self._options, self._model, self._source = options, model, source
        self._observation = ModelObservation(self._instruments, self._provider, model)
        return StreamStep(f"{OPERATION_CHAT} {model}", self._request_attributes, self._open)

    def _request_attributes(self) -> dict[str, AttributeValue]:
        return request_attributes(self._provider, self._options, self._model, True)

    def _open(self) -> AsyncIterator[ChatResponse]:
        assert self._observation is not None
        return self._source(self._observation)

    def on_complete(self, span: Span) -> None:
        assert self._observation is not None
        span.set_attributes(response_attributes(self._observation.summary))

    def on_end(self, error: BaseException | None) -> None:
        observation, self._observation = self._observation, None
        if observation is not None:
            observation.record_metrics(error)

    # -- without a tracer: the stream itself -------------------------------------------

    def _next(self) -> Awaitable[ChatResponse]:
        inner = self._inner
        if inner is None:
            if self._prepare is None:
                raise StopAsyncIteration  # ended, or closed before its first item
            self.begin()
            inner = self._inner = self._open()
        return inner.__anext__()

    def _stopped(self) -> None:
        self.on_end(None)

    def _failed(self, error: BaseException) -> None:
        self.on_end(error)

    async def aclose(self) -> None:
        self._prepare = None
        aclose = getattr(self._inner, "aclose", None)
        try:
            if aclose is not None:
                await aclose()
        except BaseException as error:
            self.on_end(error)
            raise
        self.on_end(None)

    def __del__(self) -> None:
        # Dropped unfinished without aclose(): the source is finalized by its loop, and
        # the metrics are recorded here.
        if self._observation is not None:
            self.on_end(None)


SENSITIVE_HEADER_NAMES = frozenset(
    {"authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key", "cookie"}
)

MASK = "***"


def masked_headers(headers: dict[str, str] | None) -> dict[str, str] | None:
    """``headers`` with credential values replaced by ``***`` (for reprs)."""
    if headers is None:
        return None
    return {
        name: MASK if name.lower() in SENSITIVE_HEADER_NAMES else value
        for name, value in headers.items()
    }


def options_repr(
    options: Any, secret_fields: tuple[str, ...], header_fields: tuple[str, ...]
) -> str:
    """A repr of the set fields of ``options`` that never shows a credential."""
    parts: list[str] = []
    for name, value in options._set_fields().items():
        if name in secret_fields:
            shown: Any = MASK
        elif name in header_fields:
            shown = masked_headers(value)
        elif isinstance(value, str):
            shown = mask_url_passwords(value)  # a base_url's user-info password
        else:
            shown = value
        parts.append(f"{name}={shown!r}")
    return f"{type(options).__name__}({', '.join(parts)})"
