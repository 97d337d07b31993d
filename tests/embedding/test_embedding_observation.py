"""The ``embeddings <model>`` span and the GenAI metrics of the three provider embedding
models (OpenAI, Ollama, Google GenAI), blocking and awaited, against the loopback test
servers with the OpenTelemetry SDK's in-memory span exporter and metric reader."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader

from spring_ai_py.embedding import AbstractEmbeddingModel, EmbeddingRequest
from spring_ai_py.test import GeminiTestServer, OllamaTestServer, SpanRecorder
from spring_ai_py.test.openai_server import OpenAiTestServer

DURATION_BUCKETS = (
    0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92
)  # fmt: skip
TOKEN_BUCKETS = (
    1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864
)  # fmt: skip


@dataclass
class Provider:
    """One provider under test: its model (on a running server) and how to script it."""

    name: str
    """``gen_ai.provider.name``."""
    request_model: str
    response_model: str
    input_tokens: int | None
    """What the server reports; ``None``: the API counts no input tokens."""
    error_type: str
    """The SDK's error for a server error (500)."""
    model: AbstractEmbeddingModel
    server: OpenAiTestServer | OllamaTestServer | GeminiTestServer
    answer: Callable[[], None]
    """Script the next answer: one 2-dimensional vector with the usage above."""
    error_endpoint: Any
    """The ``endpoint`` of the server's ``enqueue_error`` for embeddings."""

    def fail(self) -> None:
        """Script the next answer: a server error (500)."""
        self.server.enqueue_error(500, "boom", endpoint=self.error_endpoint)


@contextlib.contextmanager
def _openai(tracing: SpanRecorder, meters: MeterProvider) -> Iterator[Provider]:
    from spring_ai_py.openai import OpenAiEmbeddingModel, OpenAiEmbeddingOptions

    with OpenAiTestServer() as server:
        options = OpenAiEmbeddingOptions(
            api_key="sk-test", base_url=server.base_url, max_retries=0,
            model="text-embedding-3-small", dimensions=2,
        )  # fmt: skip
        model = OpenAiEmbeddingModel(
            options, tracer_provider=tracing.tracer_provider, meter_provider=meters
        )
        yield Provider(
            name="openai",
            request_model="text-embedding-3-small",
            response_model="text-embedding-3-small-0613",
            input_tokens=7,
            error_type="InternalServerError",
            model=model,
            server=server,
            answer=lambda: server.enqueue_embeddings(
                [[0.6, 0.8]], model="text-embedding-3-small-0613", prompt_tokens=7
            ),
            error_endpoint="embeddings",
        )
        model.close()


@contextlib.contextmanager
def _ollama(tracing: SpanRecorder, meters: MeterProvider) -> Iterator[Provider]:
    from spring_ai_py.ollama import OllamaApi, OllamaEmbeddingModel, OllamaEmbeddingOptions

    with OllamaTestServer() as server:
        model = OllamaEmbeddingModel(
            OllamaEmbeddingOptions(model="nomic-embed-text", dimensions=2),
            OllamaApi(base_url=server.base_url),
            tracer_provider=tracing.tracer_provider,
            meter_provider=meters,
        )
        yield Provider(
            name="ollama",
            request_model="nomic-embed-text",
            response_model="nomic-embed-text:latest",
            input_tokens=7,
            error_type="ResponseError",
            model=model,
            server=server,
            answer=lambda: server.enqueue_embeddings(
                [[0.6, 0.8]], model="nomic-embed-text:latest", prompt_eval_count=7
            ),
            error_endpoint="embed",
        )
        model.close()


@contextlib.contextmanager
def _google(tracing: SpanRecorder, meters: MeterProvider) -> Iterator[Provider]:
    from spring_ai_py.google.genai import (
        GoogleGenAiEmbeddingConnectionDetails,
        GoogleGenAiTextEmbeddingModel,
        GoogleGenAiTextEmbeddingOptions,
    )

    with GeminiTestServer() as server:
        model = GoogleGenAiTextEmbeddingModel(
            GoogleGenAiEmbeddingConnectionDetails(api_key="AIza-test", base_url=server.base_url),
            GoogleGenAiTextEmbeddingOptions(dimensions=2),
            tracer_provider=tracing.tracer_provider,
            meter_provider=meters,
        )
        # The Gemini Developer API counts no tokens of an embedding: no token metric.
        yield Provider(
            name="google_genai",
            request_model="gemini-embedding-001",
            response_model="gemini-embedding-001",
            input_tokens=None,
            error_type="ServerError",
            model=model,
            server=server,
            answer=lambda: server.enqueue_embeddings([0.6, 0.8]),
            error_endpoint="embedding",
        )
        model.close()


@dataclass
class Observed:
    provider: Provider
    spans: SpanRecorder
    reader: InMemoryMetricReader

    def points(self) -> dict[str, list[Any]]:
        """The recorded data points, by metric name."""
        data = self.reader.get_metrics_data()
        points: dict[str, list[Any]] = {}
        if data is None:
            return points
        for resource in data.resource_metrics:
            for scope in resource.scope_metrics:
                for metric in scope.metrics:
                    points.setdefault(metric.name, []).extend(metric.data.data_points)
        return points

    def embed(self, awaited: bool) -> Any:
        request = EmbeddingRequest(["hello world"], None)
        if awaited:
            return asyncio.run(self.provider.model.acall(request))
        return self.provider.model.call(request)


@pytest.fixture(params=[_openai, _ollama, _google], ids=["openai", "ollama", "google"])
def observed(request: pytest.FixtureRequest) -> Iterator[Observed]:
    spans = SpanRecorder()
    reader = InMemoryMetricReader()
    meters = MeterProvider(metric_readers=[reader])
    with request.param(spans, meters) as provider:
        yield Observed(provider, spans, reader)
    meters.shutdown()
    spans.tracer_provider.shutdown()


def _request_attributes(provider: Provider) -> dict[str, Any]:
    return {
        "gen_ai.operation.name": "embeddings",
        "gen_ai.system": provider.name,
        "gen_ai.provider.name": provider.name,
        "gen_ai.request.model": provider.request_model,
        "gen_ai.request.embedding.dimensions": 2,
    }


@pytest.mark.parametrize("awaited", [False, True], ids=["call", "acall"])
def test_a_call_is_one_span_with_its_usage_and_metrics(observed: Observed, awaited: bool) -> None:
    provider = observed.provider
    provider.answer()

    response = observed.embed(awaited)

    assert response.get_result().get_output() == pytest.approx([0.6, 0.8])
    (span,) = observed.spans.spans
    assert span.name == f"embeddings {provider.request_model}"
    assert span.status.status_code.name == "UNSET"
    expected_span = {**_request_attributes(provider), "gen_ai.response.model": provider.response_model}
    if provider.input_tokens is not None:
        expected_span["gen_ai.usage.input_tokens"] = provider.input_tokens
    expected_span["gen_ai.usage.total_tokens"] = provider.input_tokens or 0
    assert dict(span.attributes or {}) == expected_span

    points = observed.points()
    metric_attributes = {**_request_attributes(provider), "gen_ai.response.model": provider.response_model}
    (duration,) = points["gen_ai.client.operation.duration"]
    assert duration.count == 1
    assert dict(duration.attributes) == metric_attributes
    assert tuple(duration.explicit_bounds) == DURATION_BUCKETS
    if provider.input_tokens is None:
        assert "gen_ai.client.token.usage" not in points
    else:
        (tokens,) = points["gen_ai.client.token.usage"]
        assert (tokens.count, tokens.sum) == (1, provider.input_tokens)
        assert dict(tokens.attributes) == {**metric_attributes, "gen_ai.token.type": "input"}
        assert tuple(tokens.explicit_bounds) == TOKEN_BUCKETS


@pytest.mark.parametrize("awaited", [False, True], ids=["call", "acall"])
def test_a_failed_call_marks_the_span_and_the_duration(observed: Observed, awaited: bool) -> None:
    provider = observed.provider
    provider.fail()

    with pytest.raises(Exception) as raised:
        observed.embed(awaited)

    assert type(raised.value).__qualname__ == provider.error_type
    assert len(provider.server.requests) == 1  # one attempt: no retry
    (span,) = observed.spans.spans
    assert span.name == f"embeddings {provider.request_model}"
    assert span.status.status_code.name == "ERROR"
    assert [event.name for event in span.events] == ["exception"]
    assert dict(span.events[0].attributes or {})["exception.type"].endswith(provider.error_type)
    assert dict(span.attributes or {}) == _request_attributes(provider)

    points = observed.points()
    (duration,) = points["gen_ai.client.operation.duration"]
    assert duration.count == 1
    assert dict(duration.attributes) == {
        **_request_attributes(provider), "error.type": provider.error_type
    }  # fmt: skip
    assert "gen_ai.client.token.usage" not in points


def test_a_cancelled_acall_records_the_cancellation(observed: Observed) -> None:
    provider = observed.provider
    provider.answer()

    async def cancelled() -> None:
        task = asyncio.ensure_future(provider.model.acall(EmbeddingRequest(["hello"], None)))
        await asyncio.sleep(0)  # the request starts, inside its span
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(cancelled())

    (span,) = observed.spans.spans
    assert span.status.status_code.name == "ERROR"
    (duration,) = observed.points()["gen_ai.client.operation.duration"]
    assert duration.attributes["error.type"] == "CancelledError"


@pytest.mark.parametrize("awaited", [False, True], ids=["call", "acall"])
def test_an_answer_that_cannot_be_read_records_the_duration_with_its_error(awaited: bool) -> None:
    spans = SpanRecorder()
    reader = InMemoryMetricReader()
    meters = MeterProvider(metric_readers=[reader])
    with _openai(spans, meters) as provider:
        observed = Observed(provider, spans, reader)
        assert isinstance(provider.server, OpenAiTestServer)
        # A 200 answer without its usage: the SDK hands it over, reading it fails.
        provider.server.enqueue_raw(
            200,
            '{"object": "list", "model": "text-embedding-3-small-0613",'
            ' "data": [{"object": "embedding", "index": 0, "embedding": [0.6, 0.8]}]}',
            endpoint="embeddings",
        )

        with pytest.raises(AttributeError):
            observed.embed(awaited)

        (span,) = spans.spans
        assert span.status.status_code.name == "ERROR"
        assert [event.name for event in span.events] == ["exception"]
        points = observed.points()
        (duration,) = points["gen_ai.client.operation.duration"]
        assert duration.count == 1
        assert dict(duration.attributes) == {
            **_request_attributes(provider), "error.type": "AttributeError"
        }  # fmt: skip
        assert "gen_ai.client.token.usage" not in points
    meters.shutdown()
    spans.tracer_provider.shutdown()
