"""The query augmenter contract."""

from __future__ import annotations

from abc import ABC, abstractmethod

from spring_ai_py.document import Document
from spring_ai_py.rag.query import Query


class QueryAugmenter(ABC):
    """Augments a query with data, typically the retrieved documents, so that the model
    has the context it needs to answer.

    Also callable: ``augmenter(query, documents)`` is ``augmenter.augment(...)``.
    """

    @abstractmethod
    def augment(self, query: Query, documents: list[Document]) -> Query:
        """Return the augmented query."""

    def apply(self, query: Query, documents: list[Document]) -> Query:
        """Same as :meth:`augment` (Java's ``BiFunction.apply``)."""
        return self.augment(query, documents)

    def __call__(self, query: Query, documents: list[Document]) -> Query:
        return self.augment(query, documents)
