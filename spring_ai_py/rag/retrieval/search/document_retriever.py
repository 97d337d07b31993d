"""The document retriever contract."""

from __future__ import annotations

from abc import ABC, abstractmethod

from spring_ai_py._bridge import run_blocking
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

    async def aretrieve(self, query: Query) -> list[Document]:
        """The awaitable twin of :meth:`retrieve`: by default ``retrieve`` runs off the
        event loop (on the loop's default executor); retrievers over an async source
        override it."""
        return await run_blocking(None, self.retrieve, query)

    def apply(self, query: Query) -> list[Document]:
        """Same as :meth:`retrieve` (Java's ``Function.apply``)."""
        return self.retrieve(query)

    def __call__(self, query: Query) -> list[Document]:
        return self.retrieve(query)
