"""SimpleVectorStore embeds what it adds in token-count batches, one request per
batch, as Spring's AbstractVectorStore does with its default TokenCountBatchingStrategy."""

from __future__ import annotations

from spring_ai_py.document import Document
from spring_ai_py.embedding import EmbeddingRequest, EmbeddingResponse, HashingEmbeddingModel
from spring_ai_py.vectorstore import SimpleVectorStore


class _CountingModel(HashingEmbeddingModel):
    def __init__(self) -> None:
        super().__init__(dimensions=16)
        self.batches: list[int] = []

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        self.batches.append(len(request.get_instructions()))
        return super().call(request)


def test_add_sends_one_request_per_token_batch() -> None:
    model = _CountingModel()
    store = SimpleVectorStore(model)
    big = " ".join(["word"] * 3000)  # about 3000 tokens: two fit in the 7372-token budget
    store.add([Document(f"{i} {big}") for i in range(5)] + [Document("small")])
    assert model.batches == [2, 2, 2]
    assert len(store.similarity_search("small")) > 0


def test_small_documents_go_in_one_request() -> None:
    model = _CountingModel()
    SimpleVectorStore(model).add([Document(f"document {i}") for i in range(50)])
    assert model.batches == [50]
