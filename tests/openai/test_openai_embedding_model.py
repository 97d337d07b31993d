"""OpenAiEmbeddingModel over the official openai SDK against the loopback OpenAiTestServer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import openai
import pytest

from spring_ai_py.document import Document, MetadataMode
from spring_ai_py.embedding import EmbeddingOptions, EmbeddingRequest
from spring_ai_py.openai import OpenAiEmbeddingModel, OpenAiEmbeddingOptions
from spring_ai_py.test.openai_server import OpenAiTestServer

API_KEY = "sk-embed-SECRET-42"


@pytest.fixture
def server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer(embedding_dimensions=8) as running:
        yield running


@pytest.fixture
def model(server: OpenAiTestServer) -> OpenAiEmbeddingModel:
    return OpenAiEmbeddingModel(
        options=OpenAiEmbeddingOptions(api_key=API_KEY, base_url=server.base_url, max_retries=0)
    )


def test_call_returns_one_embedding_per_input_with_usage(
    server: OpenAiTestServer, model: OpenAiEmbeddingModel
) -> None:
    server.enqueue_embeddings(
        [[0.1, 0.2], [0.3, 0.4]], model="text-embedding-3-small", prompt_tokens=6
    )

    response = model.call(EmbeddingRequest(["a", "b"]))

    first, second = (e.get_output() for e in response.get_results())
    assert first == pytest.approx([0.1, 0.2])
    assert second == pytest.approx([0.3, 0.4])
    assert [e.get_index() for e in response.get_results()] == [0, 1]
    assert response.get_metadata().get_model() == "text-embedding-3-small"
    usage = response.get_metadata().get_usage()
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        6,
        0,
        6,
    )
    body = server.requests[0].body
    assert body["model"] == OpenAiEmbeddingOptions.DEFAULT_EMBEDDING_MODEL
    assert body["input"] == ["a", "b"]


def test_request_options_override_defaults(server: OpenAiTestServer) -> None:
    model = OpenAiEmbeddingModel(
        options=OpenAiEmbeddingOptions(
            model="text-embedding-3-small", user="u", api_key=API_KEY, base_url=server.base_url
        )
    )
    response = model.call(
        EmbeddingRequest(["hello"], EmbeddingOptions.builder().dimensions(4).build())
    )
    body = server.requests[0].body
    assert (body["model"], body["dimensions"], body["user"]) == ("text-embedding-3-small", 4, "u")
    assert len(response.get_result().get_output()) == 4
    model.call(
        EmbeddingRequest(["hello"], OpenAiEmbeddingOptions(model="other", encoding_format="float"))
    )
    assert server.requests[1].body["model"] == "other"
    assert server.requests[1].body["encoding_format"] == "float"


def test_embed_text_batch_and_document(
    server: OpenAiTestServer, model: OpenAiEmbeddingModel
) -> None:
    assert len(model.embed("hello")) == 8
    assert len(model.embed(["a", "b", "c"])) == 3
    document = Document("body text", {"title": "T"})
    model.embed(document)
    assert server.requests[-1].body["input"] == [document.get_formatted_content(MetadataMode.EMBED)]


def test_dimensions_are_measured_with_one_embed_call_as_in_spring(
    server: OpenAiTestServer, model: OpenAiEmbeddingModel
) -> None:
    # Spring 2.0.1's OpenAiEmbeddingModel inherits AbstractEmbeddingModel.dimensions():
    # one probe embedding, whatever the model's name, then the cached length.
    assert model.dimensions() == 8
    assert model.dimensions() == 8
    assert [r.body["input"] for r in server.requests] == [["Hello World"]]


def test_errors_are_the_sdks_own(server: OpenAiTestServer, model: OpenAiEmbeddingModel) -> None:
    server.enqueue_error(401, "Incorrect API key provided", endpoint="embeddings")
    with pytest.raises(openai.AuthenticationError) as caught:
        model.embed("hello")
    assert API_KEY not in str(caught.value)


def test_span_and_repr(server: OpenAiTestServer, otel: Any) -> None:
    model = OpenAiEmbeddingModel(
        options=OpenAiEmbeddingOptions(api_key=API_KEY, base_url=server.base_url, dimensions=8),
        tracer_provider=otel.provider,
    )
    model.embed("hello world")
    attributes = dict(
        otel.span(f"embeddings {OpenAiEmbeddingOptions.DEFAULT_EMBEDDING_MODEL}").attributes
    )
    assert attributes["gen_ai.operation.name"] == "embeddings"
    assert attributes["gen_ai.request.embedding.dimensions"] == 8
    assert attributes["gen_ai.usage.input_tokens"] == 2
    assert API_KEY not in repr(model)
    assert API_KEY not in repr(model.get_options())


def test_bad_options_are_rejected() -> None:
    with pytest.raises(ValueError, match="dimensions must be positive"):
        OpenAiEmbeddingOptions(dimensions=0)
    with pytest.raises(ValueError, match="EmbeddingRequest must not be null"):
        OpenAiEmbeddingModel().call(None)  # type: ignore[arg-type]
