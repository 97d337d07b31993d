"""The vector store contract: add documents, delete them, search them by similarity."""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from spring_ai_py import _assert
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
        if isinstance(target, str):
            expression = SearchRequest.builder().filter_expression(target).build()
            filter_expression = expression.get_filter_expression()
            _assert.not_none(filter_expression, "Filter expression must not be null")
            assert filter_expression is not None
            self.do_delete_by_filter(filter_expression)
        elif isinstance(target, Expression):
            self.do_delete_by_filter(target)
        else:
            _assert.not_none(target, "Document id list must not be null")
            self.do_delete(list(target))

    @abstractmethod
    def do_delete(self, id_list: list[str]) -> None:
        """Delete the documents with these ids (unknown ids are ignored)."""

    @abstractmethod
    def do_delete_by_filter(self, filter_expression: Expression) -> None:
        """Delete every document whose metadata matches ``filter_expression``."""
