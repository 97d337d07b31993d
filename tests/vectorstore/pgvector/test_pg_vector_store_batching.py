"""PgVectorStore embeds what it adds in the batches its ``batching_strategy`` forms, one
embedding request per batch (Spring's ``PgVectorStore.builder(...).batchingStrategy(...)``,
default TokenCountBatchingStrategy), against the real pgvector server of conftest.py."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from spring_ai_py.document import Document
from spring_ai_py.embedding import (
    BatchingStrategy,
    EmbeddingRequest,
    EmbeddingResponse,
    HashingEmbeddingModel,
)
from spring_ai_py.vectorstore import SearchRequest
from spring_ai_py.vectorstore.pgvector import PgVectorStore


class _CountingModel(HashingEmbeddingModel):
    def __init__(self) -> None:
        super().__init__(dimensions=16)
        self.batches: list[int] = []

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        self.batches.append(len(request.get_instructions()))
        return super().call(request)


class OneByOneStrategy(BatchingStrategy):
    def batch(self, documents: Sequence[Document]) -> list[list[Document]]:
        return [[document] for document in documents]


@pytest.mark.postgres
def test_custom_batching_strategy_is_used(pgvector_dsn: str, pgvector_schema: str) -> None:
    model = _CountingModel()
    store = (
        PgVectorStore.builder(pgvector_dsn, model)
        .schema_name(pgvector_schema)
        .initialize_schema(True)
        .batching_strategy(OneByOneStrategy())
        .build()
    )
    texts = ["apples are red", "the sky is blue", "grass is green"]
    store.add([Document(text) for text in texts])
    assert model.batches == [1, 1, 1]
    for text in texts:
        found = store.similarity_search(SearchRequest.builder().query(text).top_k(1).build())
        assert [d.get_text() for d in found] == [text]


@pytest.mark.postgres
def test_default_batches_by_token_count(pgvector_dsn: str, pgvector_schema: str) -> None:
    model = _CountingModel()
    store = (
        PgVectorStore.builder(pgvector_dsn, model)
        .schema_name(pgvector_schema)
        .initialize_schema(True)
        .build()
    )
    big = " ".join(["word"] * 3000)  # about 3000 tokens: two fit in the 7372-token budget
    store.add([Document(f"{i} {big}") for i in range(3)] + [Document("small")])
    assert model.batches == [2, 2]


def test_builder_rejects_a_null_batching_strategy() -> None:
    builder = PgVectorStore.builder("postgresql://unused", HashingEmbeddingModel())
    with pytest.raises(ValueError, match="BatchingStrategy must not be null"):
        builder.batching_strategy(None)
