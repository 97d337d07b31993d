"""``org.springframework.ai.vectorstore``: vector stores, search requests and the
in-memory ``SimpleVectorStore``."""

from spring_ai_py.vectorstore.filter_expression_evaluator import (
    SimpleVectorStoreFilterExpressionEvaluator,
)
from spring_ai_py.vectorstore.search_request import SearchRequest
from spring_ai_py.vectorstore.simple_vector_store import (
    EmbeddingMath,
    SimpleVectorStore,
    SimpleVectorStoreContent,
)
from spring_ai_py.vectorstore.vector_store import VectorStore, VectorStoreRetriever

__all__ = [
    "EmbeddingMath",
    "SearchRequest",
    "SimpleVectorStore",
    "SimpleVectorStoreContent",
    "SimpleVectorStoreFilterExpressionEvaluator",
    "VectorStore",
    "VectorStoreRetriever",
]
