"""``org.springframework.ai.vectorstore.observation``: vector store spans."""

from spring_ai_py.vectorstore.observation.abstract_observation_vector_store import (
    AbstractObservationVectorStore,
)
from spring_ai_py.vectorstore.observation.vector_store_observation_context import (
    VectorStoreObservationContext,
)
from spring_ai_py.vectorstore.observation.vector_store_observation_convention import (
    DefaultVectorStoreObservationConvention,
    VectorStoreObservationConvention,
    VectorStoreObservationDocumentation,
)

__all__ = [
    "AbstractObservationVectorStore",
    "DefaultVectorStoreObservationConvention",
    "VectorStoreObservationContext",
    "VectorStoreObservationConvention",
    "VectorStoreObservationDocumentation",
]
