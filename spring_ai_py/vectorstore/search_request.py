"""What to search a vector store for: query, how many, how similar, which metadata."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.vectorstore.filter.filter import Expression
from spring_ai_py.vectorstore.filter.filter_expression_text_parser import (
    FilterExpressionTextParser,
)

_PARSER = FilterExpressionTextParser()


def _check_query(query: str | None) -> str:
    _assert.not_none(query, "Query can not be null.")
    assert query is not None
    return query


def _check_top_k(top_k: int) -> int:
    _assert.is_true(top_k >= 0, "top_k should be positive.")
    return top_k


def _check_threshold(threshold: float) -> float:
    _assert.is_true(0 <= threshold <= 1, "Similarity threshold must be in [0,1] range.")
    return float(threshold)


def _to_expression(filter_expression: Expression | str | None) -> Expression | None:
    if isinstance(filter_expression, str):
        return _PARSER.parse(filter_expression)
    return filter_expression


class _SearchRequestBuilder(_builder.Builder["SearchRequest"]):
    """Builder whose setters validate immediately, as Spring's do."""

    __slots__ = ()

    def similarity_threshold_all(self) -> Self:
        """Accept every similarity (threshold 0.0)."""
        self._values["similarity_threshold"] = SearchRequest.SIMILARITY_THRESHOLD_ACCEPT_ALL
        return self

    def filter_expression(self, expression: Expression | str | None, /) -> Self:
        """Set the filter as an expression or as filter text (parsed now), or clear it
        with ``None``."""
        self._values["filter_expression"] = _to_expression(expression)
        return self


@dataclass(frozen=True, init=False)
class SearchRequest(Buildable):
    """A similarity search: the query text, the number of results (``top_k``), the lowest
    similarity to accept, and an optional metadata filter.

    Defaults: empty query, ``top_k`` 4, threshold 0.0 ("accept all"), no filter. The
    filter is an :class:`~spring_ai_py.vectorstore.filter.Expression` or its text form
    (``"country == 'NL' && year >= 2020"``), parsed on the way in. Build with
    ``SearchRequest.builder()``, copy and change with ``SearchRequest.from_(other)``;
    the builder checks every value as it is set (``ValueError`` with Spring's message).
    """

    SIMILARITY_THRESHOLD_ACCEPT_ALL: ClassVar[float] = 0.0
    DEFAULT_TOP_K: ClassVar[int] = 4

    query: str
    top_k: int
    similarity_threshold: float
    filter_expression: Expression | None

    def __init__(
        self,
        query: str = "",
        top_k: int = DEFAULT_TOP_K,
        similarity_threshold: float = SIMILARITY_THRESHOLD_ACCEPT_ALL,
        filter_expression: Expression | str | None = None,
    ) -> None:
        object.__setattr__(self, "query", _check_query(query))
        object.__setattr__(self, "top_k", _check_top_k(top_k))
        object.__setattr__(self, "similarity_threshold", _check_threshold(similarity_threshold))
        object.__setattr__(self, "filter_expression", _to_expression(filter_expression))

    @classmethod
    def _check_builder_value(cls, name: str, value: object) -> None:
        # Spring's setters validate at once.
        if name == "query":
            _check_query(value)  # type: ignore[arg-type]
        elif name == "top_k":
            _check_top_k(value)  # type: ignore[arg-type]
        elif name == "similarity_threshold":
            _check_threshold(value)  # type: ignore[arg-type]

    @staticmethod
    def from_(original_search_request: SearchRequest) -> SearchRequest.Builder:
        """A builder holding every value of ``original_search_request``."""
        return original_search_request.mutate()

    def get_query(self) -> str:
        return self.query

    def get_top_k(self) -> int:
        return self.top_k

    def get_similarity_threshold(self) -> float:
        return self.similarity_threshold

    def get_filter_expression(self) -> Expression | None:
        return self.filter_expression

    def has_filter_expression(self) -> bool:
        return self.filter_expression is not None

    # --- generated builder (base: _SearchRequestBuilder) ---
    class Builder(_SearchRequestBuilder):
        """The builder of :class:`SearchRequest`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def query(self, query: str, /) -> Self:
            return self._set("query", (query,))

        def top_k(self, top_k: int, /) -> Self:
            return self._set("top_k", (top_k,))

        def similarity_threshold(self, similarity_threshold: float, /) -> Self:
            return self._set("similarity_threshold", (similarity_threshold,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> SearchRequest: ...

    @classmethod
    def builder(cls) -> SearchRequest.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> SearchRequest.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
