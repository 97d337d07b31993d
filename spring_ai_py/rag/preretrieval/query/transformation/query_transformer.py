"""The query transformer contract."""

from __future__ import annotations

from abc import ABC, abstractmethod

from spring_ai_py.rag.query import Query


class QueryTransformer(ABC):
    """Transforms a query to make it work better for retrieval: fixing poorly formed
    queries, ambiguous terms, complex vocabulary or an unsupported language.

    Also callable: ``transformer(query)`` is ``transformer.transform(query)``.
    """

    @abstractmethod
    def transform(self, query: Query) -> Query:
        """Return the transformed query."""

    def apply(self, query: Query) -> Query:
        """Same as :meth:`transform` (Java's ``Function.apply``)."""
        return self.transform(query)

    def __call__(self, query: Query) -> Query:
        return self.transform(query)
