"""GoogleGenAiTextEmbeddingModel against GeminiTestServer, and the port of Spring AI 2.0.1
`org.springframework.ai.google.genai.text.GoogleGenAiTextEmbeddingRetryTests` (2 tests
ported, 0 skipped).

Spring retries with its ``RetryTemplate`` around a mocked ``Models``; the port's retries
are the SDK's (``max_retries`` of the connection details), counted as the requests the
fake server received.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from google.genai import errors

from spring_ai_py.document import Document
from spring_ai_py.embedding import DefaultEmbeddingOptions, EmbeddingRequest
from spring_ai_py.google.genai import (
    GoogleGenAiEmbeddingConnectionDetails,
    GoogleGenAiTextEmbeddingModel,
    GoogleGenAiTextEmbeddingModelName,
    GoogleGenAiTextEmbeddingOptions,
)
from spring_ai_py.test import GeminiTestServer, SpanRecorder

TaskType = GoogleGenAiTextEmbeddingOptions.TaskType
KEY = "AIza-embed-secret"


@pytest.fixture
def server() -> Iterator[GeminiTestServer]:
    with GeminiTestServer() as running:
        yield running


def _model(
    server: GeminiTestServer,
    options: GoogleGenAiTextEmbeddingOptions | None = None,
    **connection: object,
) -> GoogleGenAiTextEmbeddingModel:
    details = GoogleGenAiEmbeddingConnectionDetails(
        api_key=KEY, base_url=server.base_url, **connection  # type: ignore[arg-type]
    )
    return GoogleGenAiTextEmbeddingModel(details, options)


def test_embeds_texts_with_the_defaults(server: GeminiTestServer) -> None:
    with _model(server) as model:
        response = model.call(EmbeddingRequest(["the cat", "a dog"], None))
    assert [len(result.get_output()) for result in response.get_results()] == [16, 16]
    assert response.get_metadata().get_model() == "gemini-embedding-001"
    request = server.requests[-1]
    assert request.path == "/v1/models/gemini-embedding-001:batchEmbedContents"
    assert request.header("x-goog-api-key") == KEY
    first = request.body["requests"][0]
    assert first["taskType"] == "RETRIEVAL_DOCUMENT"
    assert first["content"]["parts"] == [{"text": "the cat"}]


def test_options_are_sent_and_request_options_override(server: GeminiTestServer) -> None:
    defaults = GoogleGenAiTextEmbeddingOptions(
        model="text-embedding-004", task_type=TaskType.RETRIEVAL_DOCUMENT, title="Manual", dimensions=8
    )
    with _model(server, defaults) as model:
        model.call(EmbeddingRequest(["a"], None))
        sent = server.requests[-1].body["requests"][0]
        assert (sent["taskType"], sent["title"], sent["outputDimensionality"]) == (
            "RETRIEVAL_DOCUMENT",
            "Manual",
            8,
        )
        # The default title stays, as in Spring: with another task type it is refused.
        with pytest.raises(ValueError, match="Title is only valid"):
            model.call(
                EmbeddingRequest(["a"], GoogleGenAiTextEmbeddingOptions(task_type=TaskType.RETRIEVAL_QUERY))
            )
        model.call(
            EmbeddingRequest(
                ["a"], GoogleGenAiTextEmbeddingOptions(
                    title="Other", task_type=TaskType.RETRIEVAL_DOCUMENT, dimensions=4
                )
            )
        )
        assert server.requests[-1].path.endswith("/gemini-embedding-001:batchEmbedContents")
        sent = server.requests[-1].body["requests"][0]
        assert sent["title"] == "Other" and sent["outputDimensionality"] == 4
        # auto_truncate is Vertex AI's: the SDK refuses it for the Developer API.
        with pytest.raises(ValueError, match="auto_truncate parameter is only supported"):
            model.call(EmbeddingRequest(["a"], GoogleGenAiTextEmbeddingOptions(auto_truncate=True)))
        # Portable options override model and dimensions only.
        model.call(EmbeddingRequest(["a"], DefaultEmbeddingOptions(dimensions=2)))
        sent = server.requests[-1].body["requests"][0]
        assert sent["outputDimensionality"] == 2 and sent["taskType"] == "RETRIEVAL_DOCUMENT"
        assert server.requests[-1].path.endswith("/text-embedding-004:batchEmbedContents")


def test_empty_texts_keep_their_index_with_an_empty_vector(server: GeminiTestServer) -> None:
    with _model(server) as model:
        response = model.call(EmbeddingRequest(["one", "", "three"], None))
    assert [result.get_index() for result in response.get_results()] == [0, 1, 2]
    assert response.get_results()[1].get_output() == []
    assert len(server.requests[-1].body["requests"]) == 2


def test_bad_requests_are_refused_before_sending(server: GeminiTestServer) -> None:
    with _model(server) as model:
        with pytest.raises(ValueError, match="instructions list is empty"):
            model.call(EmbeddingRequest([], None))
        with pytest.raises(ValueError, match="all texts are null or empty"):
            model.call(EmbeddingRequest(["", " "], None))
    assert server.requests == []
    with pytest.raises(ValueError, match="Title is only valid with task_type=RETRIEVAL_DOCUMENT"):
        GoogleGenAiTextEmbeddingOptions(title="t", task_type=TaskType.RETRIEVAL_QUERY)
    with pytest.raises(ValueError, match="task_type must be one of"):
        GoogleGenAiTextEmbeddingOptions(task_type="SEARCH")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="dimensions must be positive"):
        GoogleGenAiTextEmbeddingOptions(dimensions=0)
    with pytest.raises(ValueError, match="GoogleGenAiEmbeddingConnectionDetails must not be null"):
        GoogleGenAiTextEmbeddingModel(None)  # type: ignore[arg-type]


def test_documents_awaited_calls_dimensions_and_spans(server: GeminiTestServer) -> None:
    recorder = SpanRecorder()
    details = GoogleGenAiEmbeddingConnectionDetails(api_key=KEY, base_url=server.base_url)
    model = GoogleGenAiTextEmbeddingModel(
        details, GoogleGenAiTextEmbeddingOptions(dimensions=4), tracer_provider=recorder.tracer_provider
    )
    assert len(model.embed(Document("Hello", {"source": "doc"}))) == 4
    assert "source: doc" in server.requests[-1].body["requests"][0]["content"]["parts"][0]["text"]
    response = asyncio.run(model.acall(EmbeddingRequest(["async"], None)))
    assert len(response.get_results()[0].get_output()) == 4
    assert model.dimensions() == GoogleGenAiTextEmbeddingModelName.GEMINI_EMBEDDING_001.get_dimensions()
    spans = [span for span in recorder.spans if span.name == "embeddings gemini-embedding-001"]
    assert len(spans) == 2
    assert dict(spans[0].attributes or {})["gen_ai.provider.name"] == "google_genai"
    model.close()


def test_errors_are_the_sdks_with_the_key_masked(server: GeminiTestServer) -> None:
    server.enqueue_error(400, f"API key not valid: {KEY}", endpoint="embedding")
    with _model(server) as model, pytest.raises(errors.ClientError) as raised:
        model.call(EmbeddingRequest(["x"], None))
    assert KEY not in str(raised.value)
    assert KEY not in repr(model)


def test_connection_details_choose_the_mode() -> None:
    vertex = GoogleGenAiEmbeddingConnectionDetails(project_id="p")
    assert (vertex.vertex_ai, vertex.get_location()) == (True, "us-central1")
    assert vertex.get_genai_client().vertexai is True
    developer = GoogleGenAiEmbeddingConnectionDetails(api_key="k", project_id="p")
    assert not developer.vertex_ai
    assert developer.get_model_endpoint_name("m") == "m"


# -- GoogleGenAiTextEmbeddingRetryTests ------------------------------------------------------


def test_vertex_ai_embedding_transient_error(server: GeminiTestServer) -> None:
    server.enqueue_error(503, "Transient Error 1", endpoint="embedding")
    server.enqueue_error(503, "Transient Error 2", endpoint="embedding")
    server.enqueue_embeddings([9.9, 8.8])
    with _model(server, GoogleGenAiTextEmbeddingOptions(), max_retries=2) as model:
        result = model.call(
            EmbeddingRequest(["text1", "text2"], GoogleGenAiTextEmbeddingOptions(model="model"))
        )
    assert len(result.get_results()) == 1
    assert result.get_results()[0].get_output() == pytest.approx([9.9, 8.8])
    assert len(server.requests) == 3


def test_vertex_ai_embedding_non_transient_error(server: GeminiTestServer) -> None:
    server.enqueue_error(400, "Non Transient Error", endpoint="embedding")
    with _model(server, max_retries=2) as model, pytest.raises(errors.ClientError):
        model.call(EmbeddingRequest(["text1", "text2"], GoogleGenAiTextEmbeddingOptions(model="model")))
    assert len(server.requests) == 1


def test_no_connection_is_left_open_after_close() -> None:
    import subprocess
    import sys

    script = """
import asyncio, gc
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.embedding import EmbeddingRequest
from spring_ai_py.google.genai import *
from spring_ai_py.test import GeminiTestServer
with GeminiTestServer() as server:
    details = GoogleGenAiEmbeddingConnectionDetails(api_key="k", base_url=server.base_url)
    embeddings = GoogleGenAiTextEmbeddingModel(details)
    asyncio.run(embeddings.acall(EmbeddingRequest(["a"], None)))
    embeddings.embed("b")
    embeddings.close()
    chat = GoogleGenAiChatModel(options=GoogleGenAiChatOptions(api_key="k", base_url=server.base_url))
    for text in ("x", "y", "z"):
        server.enqueue_text(text)
    chat.call(Prompt("hi"))
    async def both():
        await chat.acall(Prompt("hi"))
        async for _ in chat.stream(Prompt("hi")):
            pass
    asyncio.run(both())
    chat.close()
    gc.collect()
print("closed")
"""
    result = subprocess.run(
        [sys.executable, "-X", "dev", "-W", "error::ResourceWarning", "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "ResourceWarning" not in result.stderr, result.stderr
    assert result.stdout.strip() == "closed"
