"""The contract every store-specific filter translator implements."""

from __future__ import annotations

from abc import ABC, abstractmethod

from spring_ai_py.vectorstore.filter.filter import Expression


class FilterExpressionConverter(ABC):
    """Translates a portable :class:`Expression` into one vector store's native filter
    language (a SQL/JSON path predicate, a JSON query document, ...)."""

    @abstractmethod
    def convert_expression(self, expression: Expression) -> str:
        """The native filter text for ``expression``."""
