"""``org.springframework.ai.embedding``: embedding models, requests and responses."""

from spring_ai_py.embedding.batching import BatchingStrategy, TokenCountBatchingStrategy
from spring_ai_py.embedding.embedding_model import AbstractEmbeddingModel, EmbeddingModel
from spring_ai_py.embedding.hashing import HashingEmbeddingModel
from spring_ai_py.embedding.request import (
    DefaultEmbeddingOptions,
    EmbeddingOptions,
    EmbeddingRequest,
)
from spring_ai_py.embedding.response import (
    Embedding,
    EmbeddingResponse,
    EmbeddingResponseMetadata,
    EmbeddingResultMetadata,
    ModalityType,
    ModalityUtils,
)

__all__ = [
    "AbstractEmbeddingModel",
    "BatchingStrategy",
    "DefaultEmbeddingOptions",
    "Embedding",
    "EmbeddingModel",
    "EmbeddingOptions",
    "EmbeddingRequest",
    "EmbeddingResponse",
    "EmbeddingResponseMetadata",
    "EmbeddingResultMetadata",
    "HashingEmbeddingModel",
    "ModalityType",
    "ModalityUtils",
    "TokenCountBatchingStrategy",
]
