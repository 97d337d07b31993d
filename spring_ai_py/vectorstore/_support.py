"""What the vector store implementations share when they add documents."""

from __future__ import annotations

from spring_ai_py import _assert
from spring_ai_py.document.document import Document
from spring_ai_py.embedding.batching import BatchingStrategy, TokenCountBatchingStrategy
from spring_ai_py.embedding.embedding_model import EmbeddingModel
from spring_ai_py.embedding.request import EmbeddingOptions


def check_text_documents(documents: list[Document]) -> None:
    """Reject a missing or empty list, ``None`` elements and non-text documents, as
    Spring's vector stores do before adding."""
    _assert.not_none(documents, "Documents list cannot be null")
    if len(documents) == 0:
        raise ValueError("Documents list cannot be empty")
    _assert.no_null_elements(documents, "Documents list cannot contain null elements")
    for document in documents:
        if not document.is_text():
            raise ValueError(
                "Only text documents are supported for now. "
                "One of the documents contains non-text content."
            )


def batching_strategy_or_default(batching_strategy: BatchingStrategy | None) -> BatchingStrategy:
    """``batching_strategy``, or Spring's default for vector stores, a new
    :class:`TokenCountBatchingStrategy`."""
    return batching_strategy if batching_strategy is not None else TokenCountBatchingStrategy()


def embed_documents(
    embedding_model: EmbeddingModel,
    documents: list[Document],
    batching_strategy: BatchingStrategy,
) -> list[list[float]]:
    """One embedding per document, of its embedding content, in document order.

    As Spring's ``AbstractVectorStore`` does, the documents go to the model in the
    batches that ``batching_strategy`` forms, one request per batch.
    """
    return embedding_model.embed(documents, EmbeddingOptions.builder().build(), batching_strategy)


async def aembed_documents(
    embedding_model: EmbeddingModel,
    documents: list[Document],
    batching_strategy: BatchingStrategy,
) -> list[list[float]]:
    """:func:`embed_documents` awaited, through the model's ``aembed``."""
    return await embedding_model.aembed(
        documents, EmbeddingOptions.builder().build(), batching_strategy
    )
