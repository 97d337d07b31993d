"""The document post-processor contract."""

from __future__ import annotations

from abc import ABC, abstractmethod

from spring_ai_py.document import Document
from spring_ai_py.rag.query import Query


class DocumentPostProcessor(ABC):
    """Post-processes retrieved documents for a query: against "lost in the middle",
    context-length limits, noise and redundancy. It may re-rank documents, drop
    irrelevant or redundant ones, or compress their content.

    Also callable: ``processor(query, documents)`` is ``processor.process(...)``.
    """

    @abstractmethod
    def process(self, query: Query, documents: list[Document]) -> list[Document]:
        """Return the processed documents."""

    def apply(self, query: Query, documents: list[Document]) -> list[Document]:
        """Same as :meth:`process` (Java's ``BiFunction.apply``)."""
        return self.process(query, documents)

    def __call__(self, query: Query, documents: list[Document]) -> list[Document]:
        return self.process(query, documents)
