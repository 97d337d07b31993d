"""The document retriever contract."""

from __future__ import annotations

from abc import ABC, abstractmethod

from spring_ai_py.document import Document
from spring_ai_py.rag.query import Query


class DocumentRetriever(ABC):
    """Retrieves the documents relevant to a query from a data source: a search engine,
    a vector store, a database or a knowledge graph.

    Also callable: ``retriever(query)`` is ``retriever.retrieve(query)``.
    """

    @abstractmethod
    def retrieve(self, query: Query) -> list[Document]:
        """Return the documents relevant to ``query``."""

    def apply(self, query: Query) -> list[Document]:
        """Same as :meth:`retrieve` (Java's ``Function.apply``)."""
        return self.retrieve(query)

    def __call__(self, query: Query) -> list[Document]:
        return self.retrieve(query)
