"""A vector store base class that reports every operation as a span."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from spring_ai_py import _observation
from spring_ai_py.document.document import Document
from spring_ai_py.vectorstore.filter.filter import Expression
from spring_ai_py.vectorstore.observation.vector_store_observation_context import (
    VectorStoreObservationContext,
)
from spring_ai_py.vectorstore.observation.vector_store_observation_convention import (
    DefaultVectorStoreObservationConvention,
    VectorStoreObservationConvention,
)
from spring_ai_py.vectorstore.search_request import SearchRequest
from spring_ai_py.vectorstore.vector_store import VectorStore

if TYPE_CHECKING:
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.embedding.embedding_model import EmbeddingModel

T = TypeVar("T")

_DEFAULT_CONVENTION = DefaultVectorStoreObservationConvention()
_Operation = VectorStoreObservationContext.Operation


class AbstractObservationVectorStore(VectorStore):
    """Spring's ``AbstractObservationVectorStore``: ``add``, ``delete`` and
    ``similarity_search`` each run in one span (named by the convention, by default
    ``<db.system> <operation>``, e.g. ``simple query``) around :meth:`do_add`,
    :meth:`do_delete` / :meth:`do_delete_by_filter` and :meth:`do_similarity_search`.

    Subclasses pass the embedding model, an optional ``tracer_provider`` (default: the
    global one, a no-op until the application installs the OpenTelemetry SDK) and an
    optional ``custom_observation_convention``, and describe themselves in
    :meth:`create_observation_context_builder` (only called when a span records).
    """

    def __init__(
        self,
        embedding_model: EmbeddingModel,
        tracer_provider: TracerProvider | None = None,
        custom_observation_convention: VectorStoreObservationConvention | None = None,
    ) -> None:
        self._embedding_model = embedding_model
        self._tracer = _observation.tracer_for(tracer_provider)
        self._convention = custom_observation_convention or _DEFAULT_CONVENTION

    def add(self, documents: list[Document]) -> None:
        for document in documents or []:
            if document is not None and not document.is_text():
                raise ValueError(
                    "Only text documents are supported for now. "
                    "One of the documents contains non-text content."
                )
        self._observe(_Operation.ADD, None, lambda _context: self.do_add(documents))

    def delete(self, target: list[str] | Expression | str) -> None:
        self._observe(
            _Operation.DELETE,
            None,
            lambda _context: super(AbstractObservationVectorStore, self).delete(target),
        )

    def similarity_search(self, request: str | SearchRequest) -> list[Document]:
        assert not isinstance(request, str)

        def search(context: VectorStoreObservationContext | None) -> list[Document]:
            documents = super(AbstractObservationVectorStore, self).similarity_search(request)
            if context is not None:
                context.set_query_response(documents)
            return documents

        return self._observe(_Operation.QUERY, request, search)

    @abstractmethod
    def do_add(self, documents: list[Document]) -> None:
        """Embed and store ``documents`` (a known id is replaced)."""

    @abstractmethod
    def create_observation_context_builder(
        self, operation_name: str
    ) -> VectorStoreObservationContext.Builder:
        """A context builder naming this store (``db.system``) and what it knows about
        itself (collection, dimensions, similarity metric...)."""

    def _observe(
        self,
        operation: VectorStoreObservationContext.Operation,
        request: SearchRequest | None,
        action: Callable[[VectorStoreObservationContext | None], T],
    ) -> T:
        if _observation.is_noop(self._tracer):
            return action(None)
        context = (
            self.create_observation_context_builder(operation.value).query_request(request).build()
        )
        span, token = _observation.start_span(
            self._tracer,
            self._convention.get_contextual_name(context),
            lambda: self._convention.attributes(context),
        )
        try:
            result = action(context)
            span.set_attributes(self._convention.get_result_key_values(context))
        except BaseException as error:
            _observation.end_span(span, token, error)
            raise
        _observation.end_span(span, token)
        return result
