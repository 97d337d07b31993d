"""SimpleVectorStore embeds what it adds in the batches its ``batching_strategy`` forms,
one request per batch: by default Spring's TokenCountBatchingStrategy (the default of
``AbstractVectorStoreBuilder``), or the strategy given to the constructor or builder."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from spring_ai_py.document import Document
from spring_ai_py.embedding import (
    BatchingStrategy,
    EmbeddingRequest,
    EmbeddingResponse,
    HashingEmbeddingModel,
    TokenCountBatchingStrategy,
)
from spring_ai_py.vectorstore import SimpleVectorStore


class _CountingModel(HashingEmbeddingModel):
    def __init__(self) -> None:
        super().__init__(dimensions=16)
        self.batches: list[int] = []

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        self.batches.append(len(request.get_instructions()))
        return super().call(request)


class PairsStrategy(BatchingStrategy):
    """Two documents per batch, whatever their size; records what it was asked to batch."""

    def __init__(self) -> None:
        self.seen: list[list[str]] = []

    def batch(self, documents: Sequence[Document]) -> list[list[Document]]:
        self.seen.append([d.get_text() or "" for d in documents])
        items = list(documents)
        return [items[i : i + 2] for i in range(0, len(items), 2)]


BIG = " ".join(["word"] * 3000)  # about 3000 tokens: two fit in the 7372-token budget


def test_add_sends_one_request_per_token_batch() -> None:
    model = _CountingModel()
    store = SimpleVectorStore(model)
    store.add([Document(f"{i} {BIG}") for i in range(5)] + [Document("small")])
    assert model.batches == [2, 2, 2]
    assert len(store.similarity_search("small")) > 0


def test_small_documents_go_in_one_request() -> None:
    model = _CountingModel()
    SimpleVectorStore(model).add([Document(f"document {i}") for i in range(50)])
    assert model.batches == [50]


def test_builder_default_batches_by_token_count() -> None:
    model = _CountingModel()
    store = SimpleVectorStore.builder(model).build()
    store.add([Document(f"{i} {BIG}") for i in range(3)])
    assert model.batches == [2, 1]


@pytest.mark.parametrize("how", ["builder", "constructor"])
def test_custom_batching_strategy_is_used(how: str) -> None:
    model = _CountingModel()
    strategy = PairsStrategy()
    store = (
        SimpleVectorStore.builder(model).batching_strategy(strategy).build()
        if how == "builder"
        else SimpleVectorStore(model, batching_strategy=strategy)
    )
    texts = ["apples are red", "the sky is blue", "grass is green", "snow is white", "coal"]
    store.add([Document(text) for text in texts])
    assert strategy.seen == [texts]
    assert model.batches == [2, 2, 1]
    # every document kept its own embedding: each is the best match for its own text
    for text in texts:
        assert store.similarity_search(text)[0].get_text() == text


def test_token_count_strategy_with_a_smaller_budget() -> None:
    model = _CountingModel()
    store = (
        SimpleVectorStore.builder(model)
        .batching_strategy(TokenCountBatchingStrategy(max_input_token_count=1000))
        .build()
    )
    chunk = " ".join(["word"] * 400)  # 400 tokens; the budget is 900 (10 % reserve)
    store.add([Document(chunk) for _ in range(5)])
    assert model.batches == [2, 2, 1]


def test_builder_rejects_a_null_batching_strategy() -> None:
    with pytest.raises(ValueError, match="BatchingStrategy must not be null"):
        SimpleVectorStore.builder(_CountingModel()).batching_strategy(None)  # type: ignore[arg-type]
