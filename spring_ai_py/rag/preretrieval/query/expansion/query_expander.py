"""The query expander contract."""

from __future__ import annotations

from abc import ABC, abstractmethod

from spring_ai_py.rag.query import Query


class QueryExpander(ABC):
    """Expands a query into several: alternative formulations of a poorly formed query,
    or simpler sub-queries of a complex one.

    Also callable: ``expander(query)`` is ``expander.expand(query)``.
    """

    @abstractmethod
    def expand(self, query: Query) -> list[Query]:
        """Return the expanded queries."""

    def apply(self, query: Query) -> list[Query]:
        """Same as :meth:`expand` (Java's ``Function.apply``)."""
        return self.expand(query)

    def __call__(self, query: Query) -> list[Query]:
        return self.expand(query)
