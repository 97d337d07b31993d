"""Port of Spring AI 2.0.1 `org.springframework.ai.embedding.AbstractEmbeddingModelTests`: 6 tests ported, 0 skipped.

``testKnownEmbeddingModelDimensions`` runs over the rows of Spring's
``embedding-model-dimensions.properties``, as in Java.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from spring_ai_py.document import Document, MetadataMode
from spring_ai_py.embedding import (
    AbstractEmbeddingModel,
    Embedding,
    EmbeddingModel,
    EmbeddingOptions,
    EmbeddingRequest,
    EmbeddingResponse,
    TokenCountBatchingStrategy,
)
from spring_ai_py.embedding.batching import BatchingStrategy


class _DummyModel(EmbeddingModel):
    def __init__(self, metadata_mode: MetadataMode | None) -> None:
        self.metadata_mode = metadata_mode
        self.requests: list[EmbeddingRequest] = []

    def get_embedding_content(self, document: Document) -> str | None:
        if self.metadata_mode is not None:
            return document.get_formatted_content(self.metadata_mode)
        return document.get_text()

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        self.requests.append(request)
        return EmbeddingResponse(
            [Embedding([0.1, 0.2, 0.3], i) for i in range(len(request.get_instructions()))]
        )


def test_default_method_implementation() -> None:
    class Dummy(EmbeddingModel):
        def embed(self, text: object, *args: object) -> list[float]:  # type: ignore[override]
            return [0.1, 0.1, 0.1]

        def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
            raise NotImplementedError("Unimplemented method 'call'")

    assert Dummy().dimensions() == 3


# Spring's embedding-model-dimensions.properties; its CSV source skips the first line.
_KNOWN_DIMENSIONS = """\
text-embedding-ada-002=1536
text-similarity-ada-001=1024
text-similarity-babbage-001=2048
text-similarity-curie-001=4096
text-similarity-davinci-001=12288
text-search-ada-doc-001=1024
text-search-ada-query-001=1024
text-search-babbage-doc-001=2048
text-search-babbage-query-001=2048
text-search-curie-doc-001=4096
text-search-curie-query-001=4096
text-search-davinci-doc-001=12288
text-search-davinci-query-001=12288
code-search-ada-code-001=1024
code-search-ada-text-001=1024
code-search-babbage-code-001=2048
code-search-babbage-text-001=2048
sentence-transformers/all-MiniLM-L6-v2=384
text-embedding-004=768
text-multilingual-embedding-002=768
gemini-embedding-001=3072
multimodalembedding@001=768
"""
_ROWS = [tuple(line.split("=")) for line in _KNOWN_DIMENSIONS.splitlines()[1:]]


@pytest.mark.parametrize(("model", "dimension"), _ROWS)
def test_known_embedding_model_dimensions(model: str, dimension: str) -> None:
    class NeverCalled(EmbeddingModel):
        def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
            raise AssertionError("embed must not be called for a known model")

    assert AbstractEmbeddingModel.dimensions_of(NeverCalled(), model, "Hello world!") == int(
        dimension
    )


def test_unknown_model_dimension() -> None:
    model = _DummyModel(None)
    assert AbstractEmbeddingModel.dimensions_of(model, "unknown_model", "Hello world!") == 3
    assert model.requests[0].get_instructions() == ["Hello world!"]


def test_get_embedding_content_default_returns_text() -> None:
    model = _DummyModel(None)
    assert model.get_embedding_content(Document("raw text", {"key": "value"})) == "raw text"


def test_batched_embed_uses_get_embedding_content() -> None:
    model = _DummyModel(MetadataMode.EMBED)
    document = Document("Some content", {"title": "Getting Started"})
    model.embed([document], EmbeddingOptions.builder().build(), TokenCountBatchingStrategy())
    sent = model.requests[0].get_instructions()[0]
    assert "Getting Started" in sent and "Some content" in sent
    content = model.get_embedding_content(document)
    assert content is not None and "Getting Started" in content and "Some content" in content


def test_batched_embed_without_metadata_mode_uses_raw_text() -> None:
    model = _DummyModel(None)
    document = Document("Some content", {"title": "Getting Started"})
    model.embed([document], EmbeddingOptions.builder().build(), TokenCountBatchingStrategy())
    assert model.requests[0].get_instructions() == ["Some content"]
    assert model.get_embedding_content(document) == "Some content"


def test_batched_embed_sends_one_request_per_batch_with_the_options() -> None:
    """Beyond Spring's tests: each batch is one request carrying the given options, and
    the vectors come back in document order."""

    class Pairs(BatchingStrategy):
        def batch(self, documents: Sequence[Document]) -> list[list[Document]]:
            return [list(documents[i : i + 2]) for i in range(0, len(documents), 2)]

    model = _DummyModel(None)
    options = EmbeddingOptions.builder().model("m").build()
    vectors = model.embed([Document(t) for t in "abcde"], options, Pairs())
    assert len(vectors) == 5
    assert [r.get_instructions() for r in model.requests] == [["a", "b"], ["c", "d"], ["e"]]
    assert all(r.get_options() is options for r in model.requests)
