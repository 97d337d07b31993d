"""``org.springframework.ai.observation.conventions``: the attribute names and values
Spring AI's observations share."""

from spring_ai_py.observation.conventions.vector_store import (
    SpringAiKind,
    VectorStoreObservationAttributes,
    VectorStoreProvider,
    VectorStoreSimilarityMetric,
)

__all__ = [
    "SpringAiKind",
    "VectorStoreObservationAttributes",
    "VectorStoreProvider",
    "VectorStoreSimilarityMetric",
]
