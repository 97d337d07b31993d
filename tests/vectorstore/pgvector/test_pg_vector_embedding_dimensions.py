"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.pgvector.PgVectorEmbeddingDimensionsTests`:
7 tests ported, 0 skipped. No database: without schema initialisation or validation
the store opens no connection; the embedding model is a real one that scripts and
counts ``dimensions()``."""

from __future__ import annotations

from typing import Any

from spring_ai_py.embedding import EmbeddingModel, EmbeddingRequest, EmbeddingResponse
from spring_ai_py.vectorstore.pgvector import PgVectorStore


class ScriptedDimensionsModel(EmbeddingModel):
    def __init__(self, dimensions: int | Exception) -> None:
        self.answer = dimensions
        self.dimension_calls = 0

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        raise AssertionError("no embedding expected")

    def dimensions(self) -> int:
        self.dimension_calls += 1
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def no_connection() -> Any:
    raise AssertionError("no connection expected")


def store(model: EmbeddingModel, **settings: Any) -> PgVectorStore:
    return PgVectorStore(no_connection, model, **settings)


def test_explicitly_set_dimensions() -> None:
    model = ScriptedDimensionsModel(1)
    assert store(model, dimensions=696).embedding_dimensions() == 696
    assert model.dimension_calls == 0


def test_embedding_model_dimensions() -> None:
    model = ScriptedDimensionsModel(969)
    assert store(model).embedding_dimensions() == 969
    assert model.dimension_calls == 1


def test_fall_back_to_default_dimensions() -> None:
    model = ScriptedDimensionsModel(RuntimeError("Embedding model error"))
    assert store(model).embedding_dimensions() == PgVectorStore.OPENAI_EMBEDDING_DIMENSION_SIZE
    assert model.dimension_calls == 1


def test_embedding_model_returns_zero_dimensions() -> None:
    model = ScriptedDimensionsModel(0)
    assert store(model).embedding_dimensions() == PgVectorStore.OPENAI_EMBEDDING_DIMENSION_SIZE
    assert model.dimension_calls == 1


def test_embedding_model_returns_negative_dimensions() -> None:
    model = ScriptedDimensionsModel(-5)
    assert store(model).embedding_dimensions() == PgVectorStore.OPENAI_EMBEDDING_DIMENSION_SIZE
    assert model.dimension_calls == 1


def test_explicit_zero_dimensions_uses_embedding_model() -> None:
    model = ScriptedDimensionsModel(768)
    assert store(model, dimensions=0).embedding_dimensions() == 768
    assert model.dimension_calls == 1


def test_explicit_negative_dimensions_uses_embedding_model() -> None:
    model = ScriptedDimensionsModel(512)
    assert store(model, dimensions=-1).embedding_dimensions() == 512
    assert model.dimension_calls == 1
