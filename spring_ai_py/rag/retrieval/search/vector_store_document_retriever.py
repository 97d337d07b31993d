"""Retrieves documents from a vector store by similarity to the query."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _assert
from spring_ai_py.document import Document
from spring_ai_py.rag._support import CheckedBuildable, CheckedBuilder
from spring_ai_py.rag.query import Query
from spring_ai_py.rag.retrieval.search.document_retriever import DocumentRetriever
from spring_ai_py.vectorstore import SearchRequest, VectorStore
from spring_ai_py.vectorstore.filter import Expression, FilterExpressionTextParser

FilterExpressionLike = Expression | str | Callable[[], Expression | None]
"""A filter: an expression, its text form, or a function returning one (called for
every retrieval, so it can depend on the current user or tenant)."""


class VectorStoreDocumentRetriever(DocumentRetriever, CheckedBuildable):
    """Retrieves the documents of a vector store most similar to the query, with an
    optional similarity threshold, ``top_k`` and metadata filter.

    ``VectorStoreDocumentRetriever.builder().vector_store(store).similarity_threshold(0.73)
    .top_k(5).filter_expression(expression).build()``. A filter in the query's context
    under :attr:`FILTER_EXPRESSION` (an ``Expression`` or filter text) takes precedence
    over the configured one for that query. Defaults: threshold 0.0 (accept all),
    ``top_k`` 4, no filter.
    """

    FILTER_EXPRESSION: ClassVar[str] = "vector_store_filter_expression"
    _builder_required: ClassVar[dict[str, str]] = {"vector_store": "vector_store cannot be null"}

    def __init__(
        self,
        vector_store: VectorStore,
        similarity_threshold: float | None = None,
        top_k: int | None = None,
        filter_expression: FilterExpressionLike | None = None,
    ) -> None:
        _assert.not_none(vector_store, "vector_store cannot be null")
        _assert.is_true(
            similarity_threshold is None or similarity_threshold >= 0.0,
            "similarity_threshold must be equal to or greater than 0.0",
        )
        _assert.is_true(top_k is None or top_k > 0, "top_k must be greater than 0")
        self._vector_store = vector_store
        self._similarity_threshold = (
            similarity_threshold
            if similarity_threshold is not None
            else SearchRequest.SIMILARITY_THRESHOLD_ACCEPT_ALL
        )
        self._top_k = top_k if top_k is not None else SearchRequest.DEFAULT_TOP_K
        if isinstance(filter_expression, str):
            filter_expression = FilterExpressionTextParser().parse(filter_expression)
        self._filter_expression = filter_expression

    def retrieve(self, query: Query) -> list[Document]:
        return self._vector_store.similarity_search(self._search_request(query))

    async def aretrieve(self, query: Query) -> list[Document]:
        """:meth:`retrieve` through the store's ``asimilarity_search`` (native for
        stores with an async driver, such as ``PgVectorStore``)."""
        return await self._vector_store.asimilarity_search(self._search_request(query))

    def _search_request(self, query: Query) -> SearchRequest:
        _assert.not_none(query, "query cannot be null")
        return (
            SearchRequest.builder()
            .query(query.text)
            .filter_expression(self._request_filter_expression(query))
            .similarity_threshold(self._similarity_threshold)
            .top_k(self._top_k)
            .build()
        )

    def _request_filter_expression(self, query: Query) -> Expression | None:
        from_context = query.context.get(self.FILTER_EXPRESSION)
        if isinstance(from_context, Expression):
            return from_context
        if from_context is not None and _assert.has_text_value(str(from_context)):
            return FilterExpressionTextParser().parse(str(from_context))
        if callable(self._filter_expression):
            return self._filter_expression()
        return self._filter_expression

    # --- generated builder (base: CheckedBuilder["VectorStoreDocumentRetriever"]) ---
    class Builder(CheckedBuilder["VectorStoreDocumentRetriever"]):
        """The builder of :class:`VectorStoreDocumentRetriever`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def vector_store(self, vector_store: VectorStore, /) -> Self:
            return self._set("vector_store", (vector_store,))

        def similarity_threshold(self, similarity_threshold: float | None, /) -> Self:
            return self._set("similarity_threshold", (similarity_threshold,))

        def top_k(self, top_k: int | None, /) -> Self:
            return self._set("top_k", (top_k,))

        def filter_expression(self, filter_expression: FilterExpressionLike | None, /) -> Self:
            return self._set("filter_expression", (filter_expression,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> VectorStoreDocumentRetriever: ...

    @classmethod
    def builder(cls) -> VectorStoreDocumentRetriever.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> VectorStoreDocumentRetriever.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
