"""``org.springframework.ai.rag.retrieval.search``: document retrievers."""

from spring_ai_py.rag.retrieval.search.document_retriever import DocumentRetriever
from spring_ai_py.rag.retrieval.search.vector_store_document_retriever import (
    VectorStoreDocumentRetriever,
)

__all__ = ["DocumentRetriever", "VectorStoreDocumentRetriever"]
