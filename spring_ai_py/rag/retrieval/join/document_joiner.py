"""The document joiner contract."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping

from spring_ai_py.document import Document
from spring_ai_py.rag.query import Query

DocumentsForQuery = Mapping[Query, list[list[Document]]]
"""For each query, the document lists retrieved for it (one list per data source)."""


class DocumentJoiner(ABC):
    """Combines the documents retrieved for several queries and from several data
    sources into one list; it may also drop duplicates or re-rank.

    Also callable: ``joiner(documents_for_query)`` is ``joiner.join(...)``.
    """

    @abstractmethod
    def join(self, documents_for_query: DocumentsForQuery) -> list[Document]:
        """Return the joined documents."""

    def apply(self, documents_for_query: DocumentsForQuery) -> list[Document]:
        """Same as :meth:`join` (Java's ``Function.apply``)."""
        return self.join(documents_for_query)

    def __call__(self, documents_for_query: DocumentsForQuery) -> list[Document]:
        return self.join(documents_for_query)
