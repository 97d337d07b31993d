"""Port of Spring AI 2.0.1 `org.springframework.ai.ollama.OllamaEmbeddingModelTests`: 8 tests ported, 0 skipped.

The mocked ``OllamaApi`` becomes the loopback ``OllamaTestServer`` with scripted
vectors; the captured request is the one the server recorded. Where the port differs
on purpose the test checks the port's contract and says so: without an ``OllamaApi``
the model talks to the default local server (Spring's builder requires one).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spring_ai_py.embedding import EmbeddingOptions, EmbeddingRequest, EmbeddingResultMetadata
from spring_ai_py.ollama import OllamaApi, OllamaEmbeddingModel, OllamaEmbeddingOptions
from spring_ai_py.test import OllamaTestServer

_built: list[OllamaEmbeddingModel] = []


@pytest.fixture
def server() -> Iterator[OllamaTestServer]:
    with OllamaTestServer() as running:
        try:
            yield running
        finally:
            # The Ollama SDK's client does not close its connections when collected: a
            # model left open leaks them into a later test's garbage collection.
            while _built:
                _built.pop().close()


def _model(server: OllamaTestServer, model: str) -> OllamaEmbeddingModel:
    built = OllamaEmbeddingModel(
        OllamaEmbeddingOptions.builder().model(model).build(), OllamaApi(base_url=server.base_url)
    )
    _built.append(built)
    return built


def test_options(server: OllamaTestServer) -> None:
    server.enqueue_embeddings([[1, 2, 3], [4, 5, 6]], model="RESPONSE_MODEL_NAME", prompt_eval_count=0)
    server.enqueue_embeddings([[7, 8, 9], [10, 11, 12]], model="RESPONSE_MODEL_NAME2")
    embedding_model = _model(server, "DEFAULT_MODEL")

    response = embedding_model.call(
        EmbeddingRequest(["Input1", "Input2", "Input3"], EmbeddingOptions.builder().build())
    )
    results = response.get_results()
    assert len(results) == 2
    assert (results[0].get_index(), results[0].get_output()) == (0, [1.0, 2.0, 3.0])
    assert results[0].get_metadata() == EmbeddingResultMetadata.EMPTY
    assert (results[1].get_index(), results[1].get_output()) == (1, [4.0, 5.0, 6.0])
    assert response.get_metadata().get_model() == "RESPONSE_MODEL_NAME"
    sent = server.requests[-1].body
    assert "keep_alive" not in sent
    assert "truncate" not in sent
    assert sent["input"] == ["Input1", "Input2", "Input3"]
    assert sent["options"] == {}
    assert sent["model"] == "DEFAULT_MODEL"

    runtime = OllamaEmbeddingOptions.builder().model("RUNTIME_MODEL").build()
    response = embedding_model.call(EmbeddingRequest(["Input4", "Input5", "Input6"], runtime))
    results = response.get_results()
    assert [r.get_output() for r in results] == [[7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]
    assert response.get_metadata().get_model() == "RESPONSE_MODEL_NAME2"
    assert server.requests[-1].body["input"] == ["Input4", "Input5", "Input6"]
    assert server.requests[-1].body["model"] == "RUNTIME_MODEL"


def test_single_input_embedding(server: OllamaTestServer) -> None:
    server.enqueue_embeddings([[0.1, 0.2, 0.3]], prompt_eval_count=1)
    response = _model(server, "TEST_MODEL").call(
        EmbeddingRequest(["Single input text"], EmbeddingOptions.builder().build())
    )
    assert len(response.get_results()) == 1
    assert response.get_results()[0].get_index() == 0
    assert response.get_results()[0].get_output() == pytest.approx([0.1, 0.2, 0.3])
    assert response.get_metadata().get_model() == "TEST_MODEL"
    assert response.get_metadata().get_usage().get_prompt_tokens() == 1
    assert server.requests[-1].body["input"] == ["Single input text"]


def test_embedding_with_null_options(server: OllamaTestServer) -> None:
    server.enqueue_embeddings([[0.5]])
    response = _model(server, "NULL_OPTIONS_MODEL").call(EmbeddingRequest(["Null options test"], None))
    assert len(response.get_results()) == 1
    assert response.get_metadata().get_model() == "NULL_OPTIONS_MODEL"
    assert server.requests[-1].body["options"] == {}


def test_embedding_with_multiple_large_inputs(server: OllamaTestServer) -> None:
    inputs = [
        "This is a very long text input that might be used for document embedding scenarios",
        "Another substantial piece of text content that could represent a paragraph or section",
        "A third lengthy input to test batch processing capabilities of the embedding model",
    ]
    server.enqueue_embeddings(
        [[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8], [0.9, 1.0, 1.1, 1.2]], prompt_eval_count=3
    )
    response = _model(server, "BATCH_MODEL").call(EmbeddingRequest(inputs, EmbeddingOptions.builder().build()))
    assert [len(r.get_output()) for r in response.get_results()] == [4, 4, 4]
    assert server.requests[-1].body["input"] == inputs


def test_embedding_with_custom_keep_alive_formats(server: OllamaTestServer) -> None:
    embedding_model = _model(server, "KEEPALIVE_MODEL")
    for keep_alive in ("300s", "2h"):
        server.enqueue_embeddings([[1.0]])
        options = OllamaEmbeddingOptions.builder().model("KEEPALIVE_MODEL").keep_alive(keep_alive).build()
        embedding_model.call(EmbeddingRequest([f"Keep alive {keep_alive}"], options))
        assert server.requests[-1].body["keep_alive"] == keep_alive


def test_embedding_response_metadata(server: OllamaTestServer) -> None:
    server.enqueue_embeddings([[0.1, 0.2]], prompt_eval_count=25)
    response = _model(server, "METADATA_MODEL").call(
        EmbeddingRequest(["Metadata test"], EmbeddingOptions.builder().build())
    )
    assert response.get_metadata().get_model() == "METADATA_MODEL"
    assert len(response.get_results()) == 1
    assert response.get_results()[0].get_metadata() == EmbeddingResultMetadata.EMPTY


def test_embedding_with_zero_length_vectors(server: OllamaTestServer) -> None:
    server.enqueue_embeddings([[]])
    response = _model(server, "ZERO_MODEL").call(
        EmbeddingRequest(["Zero length test"], EmbeddingOptions.builder().build())
    )
    assert len(response.get_results()) == 1
    assert response.get_results()[0].get_output() == []


def test_builder_validation(server: OllamaTestServer) -> None:
    # Port: without an OllamaApi the model uses the local default server.
    model = OllamaEmbeddingModel.builder().build()
    assert model.get_options().get_model() is None
    assert OllamaEmbeddingModel.builder().ollama_api(OllamaApi(base_url=server.base_url)).build() is not None
    with pytest.raises(TypeError, match="ollama_api"):
        OllamaEmbeddingModel(ollama_api="http://localhost:11434")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="At least one text is required"):
        model.call(EmbeddingRequest([], None))
