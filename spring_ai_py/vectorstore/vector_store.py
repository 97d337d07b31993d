"""The vector store contract: add documents, delete them, search them by similarity."""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from spring_ai_py import _assert
from spring_ai_py._bridge import run_blocking
from spring_ai_py.document.document import Document
from spring_ai_py.document.etl import DocumentWriter
from spring_ai_py.vectorstore.filter.filter import Expression
from spring_ai_py.vectorstore.search_request import SearchRequest


class VectorStoreRetriever(ABC):
    """Read-only access to a vector store: similarity search, and nothing that writes.

    Spring's functional interface: implementing ``similarity_search(request)`` for a
    :class:`SearchRequest` is enough; calls with a plain query string arrive as the
    default request for that text (``SearchRequest.builder().query(text).build()``).
    Hand out a retriever where code should search but never add or delete.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("similarity_search")
        if own is not None and not getattr(own, "_accepts_text", False):
            cls.similarity_search = _accepting_text(own)  # type: ignore[method-assign,assignment]

    @abstractmethod
    def similarity_search(self, request: str | SearchRequest) -> list[Document]:
        """The documents most similar to the query, best first, filtered and capped as
        the request says; each carries its similarity as its score."""

    async def asimilarity_search(self, request: str | SearchRequest) -> list[Document]:
        """The awaitable twin of :meth:`similarity_search`: by default it runs off the
        event loop (on the loop's default executor); stores with an async driver search
        natively."""
        return await run_blocking(None, self.similarity_search, request)


def _search_request(request: str | SearchRequest) -> SearchRequest:
    if isinstance(request, str):
        return SearchRequest.builder().query(request).build()
    return _assert.not_none(request, "request must not be null")


def _delete_target(target: list[str] | Expression | str) -> list[str] | Expression:
    """What ``delete(target)`` deletes: a list of ids, or a filter expression (filter
    text is parsed)."""
    if isinstance(target, str):
        expression = SearchRequest.builder().filter_expression(target).build()
        filter_expression = expression.get_filter_expression()
        return _assert.not_none(filter_expression, "Filter expression must not be null")
    if isinstance(target, Expression):
        return target
    _assert.not_none(target, "Document id list must not be null")
    return list(target)


def _accepting_text(
    method: Callable[[Any, SearchRequest], list[Document]],
) -> Callable[[Any, str | SearchRequest], list[Document]]:
    @functools.wraps(method)
    def similarity_search(self: Any, request: str | SearchRequest) -> list[Document]:
        if isinstance(request, str):
            request = SearchRequest.builder().query(request).build()
        return method(self, request)

    similarity_search._accepts_text = True  # type: ignore[attr-defined]
    return similarity_search


class VectorStore(DocumentWriter, VectorStoreRetriever):
    """A database of documents and their embeddings.

    Implementations provide :meth:`add`, :meth:`do_delete` (by ids),
    :meth:`do_delete_by_filter` and :meth:`do_similarity_search`; :meth:`delete`
    dispatches on its argument: a list of ids, a filter expression, or filter text. As a
    :class:`DocumentWriter`, ``write(documents)`` adds them.
    """

    def get_name(self) -> str:
        """The store's name (its class name unless overridden)."""
        return type(self).__name__

    def get_native_client(self) -> object | None:
        """The store's native client (a database connection source, an SDK client), or
        ``None`` when it has none (Spring's empty ``Optional``)."""
        return None

    def similarity_search(self, request: str | SearchRequest) -> list[Document]:
        """The documents most similar to the query, best first, filtered and capped as
        the request says; each carries its similarity as its score. Implementations
        provide :meth:`do_similarity_search`."""
        _assert.not_none(request, "request must not be null")
        assert not isinstance(request, str)
        return self.do_similarity_search(request)

    @abstractmethod
    def do_similarity_search(self, request: SearchRequest) -> list[Document]:
        """Run the search described by ``request``."""

    @abstractmethod
    def add(self, documents: list[Document]) -> None:
        """Embed and store ``documents``; a document whose id is already stored replaces it."""

    def accept(self, documents: list[Document]) -> None:
        self.add(documents)

    def delete(self, target: list[str] | Expression | str) -> None:
        """Delete by a list of ids, or every document matching a filter (an expression or
        filter text such as ``"author == 'john'"``)."""
        resolved = _delete_target(target)
        if isinstance(resolved, Expression):
            self.do_delete_by_filter(resolved)
        else:
            self.do_delete(resolved)

    async def aadd(self, documents: list[Document]) -> None:
        """The awaitable twin of :meth:`add`.

        The default runs ``add`` off the event loop (on the loop's default executor), so
        async code never blocks on the embedding model or the database; stores with an
        async driver (``PgVectorStore``) add natively.
        """
        await run_blocking(None, self.add, documents)

    async def adelete(self, target: list[str] | Expression | str) -> None:
        """The awaitable twin of :meth:`delete` (same targets); by default ``delete``
        runs off the event loop."""
        await run_blocking(None, self.delete, target)

    async def asimilarity_search(self, request: str | SearchRequest) -> list[Document]:
        """The awaitable twin of :meth:`similarity_search` (a plain query text is the
        default request for it); by default ``similarity_search`` runs off the event
        loop."""
        return await run_blocking(None, self.similarity_search, _search_request(request))

    @abstractmethod
    def do_delete(self, id_list: list[str]) -> None:
        """Delete the documents with these ids (unknown ids are ignored)."""

    @abstractmethod
    def do_delete_by_filter(self, filter_expression: Expression) -> None:
        """Delete every document whose metadata matches ``filter_expression``."""
