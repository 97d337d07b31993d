"""The advisor that runs a modular RAG flow around a ChatClient call."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert
from spring_ai_py._bridge import run_blocking
from spring_ai_py._lazy import lazy_singleton
from spring_ai_py.chat.client.advisor.advisor_utils import with_context_entry_in_metadata
from spring_ai_py.chat.client.advisor.api import BaseAdvisor
from spring_ai_py.chat.client.advisor.api.base_advisor import default_scheduler
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse
from spring_ai_py.document import Document
from spring_ai_py.rag._support import CheckedBuildable, CheckedBuilder
from spring_ai_py.rag.generation.augmentation import ContextualQueryAugmenter, QueryAugmenter
from spring_ai_py.rag.postretrieval.document import DocumentPostProcessor
from spring_ai_py.rag.preretrieval.query.expansion import QueryExpander
from spring_ai_py.rag.preretrieval.query.transformation import QueryTransformer
from spring_ai_py.rag.query import Query
from spring_ai_py.rag.retrieval.join import ConcatenationDocumentJoiner, DocumentJoiner
from spring_ai_py.rag.retrieval.search import DocumentRetriever

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api import AdvisorChain

@lazy_singleton
def _shared_task_executor() -> Executor:
    """The pool that retrieves the documents of expanded queries concurrently (Spring's
    default: up to 16 threads named ``ai-advisor-*``), created on first use."""
    return ThreadPoolExecutor(max_workers=16, thread_name_prefix="ai-advisor")


def _as_list(value: Any, kind: type) -> list[Any] | None:
    if value is None:
        return None
    if isinstance(value, kind):
        return [value]
    return list(value)


class RetrievalAugmentationAdvisor(BaseAdvisor, CheckedBuildable):
    """Runs a Retrieval Augmented Generation flow, built from the ``spring_ai_py.rag``
    components (the Modular RAG architecture), before the model call.

    ``before()``: the user message text, the prompt's messages and the advisor context
    make the original :class:`Query`; the query transformers run in order; the query
    expander (if any) turns the result into several queries, whose documents are
    retrieved concurrently on ``task_executor``; the document joiner merges them; the
    document post-processors run in order; the documents go into the context under
    :attr:`DOCUMENT_CONTEXT`; the query augmenter rewrites the original query with the
    documents, and its text replaces the user message. ``after()`` copies the documents
    into the chat response metadata under the same key.

    Only ``document_retriever`` is required. Defaults: no transformers, no expander,
    :class:`ConcatenationDocumentJoiner`, no post-processors,
    :class:`ContextualQueryAugmenter`, a shared thread pool, the shared advisor
    scheduler, order 0.
    """

    DOCUMENT_CONTEXT: ClassVar[str] = "rag_document_context"
    _builder_required: ClassVar[dict[str, str]] = {
        "document_retriever": "document_retriever cannot be null"
    }

    def __init__(
        self,
        document_retriever: DocumentRetriever,
        query_transformers: Sequence[QueryTransformer] | QueryTransformer | None = None,
        query_expander: QueryExpander | None = None,
        document_joiner: DocumentJoiner | None = None,
        document_post_processors: Sequence[DocumentPostProcessor]
        | DocumentPostProcessor
        | None = None,
        query_augmenter: QueryAugmenter | None = None,
        task_executor: Executor | None = None,
        scheduler: Executor | None = None,
        order: int | None = None,
    ) -> None:
        _assert.not_none(document_retriever, "document_retriever cannot be null")
        transformers = _as_list(query_transformers, QueryTransformer) or []
        _assert.no_null_elements(transformers, "query_transformers cannot contain null elements")
        post_processors = _as_list(document_post_processors, DocumentPostProcessor) or []
        _assert.no_null_elements(
            post_processors, "document_post_processors cannot contain null elements"
        )
        self._query_transformers: list[QueryTransformer] = transformers
        self._query_expander = query_expander
        self._document_retriever = document_retriever
        self._document_joiner = document_joiner or ConcatenationDocumentJoiner()
        self._document_post_processors: list[DocumentPostProcessor] = post_processors
        self._query_augmenter = query_augmenter or ContextualQueryAugmenter()
        self._task_executor = task_executor
        self._scheduler = scheduler if scheduler is not None else default_scheduler()
        self._order = order if order is not None else 0

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain | None
    ) -> ChatClientRequest:
        original_query, expanded_queries = self._queries(chat_client_request)
        return self._augmented(
            chat_client_request, original_query, self._retrieve_all(expanded_queries)
        )

    async def abefore(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain | None
    ) -> ChatClientRequest:
        """:meth:`before` on the async paths: the query transformers and expander, and
        then the post-processors and augmenter, run on :meth:`get_scheduler`'s executor
        (they may call a model); the retrievals are the retriever's ``aretrieve``,
        awaited concurrently on the loop, so a vector store with an async driver holds
        no thread."""
        scheduler = _assert.not_none(self.get_scheduler(), "scheduler cannot be null")
        original_query, expanded_queries = await run_blocking(
            scheduler, self._queries, chat_client_request
        )
        results = await asyncio.gather(
            *(self._document_retriever.aretrieve(query) for query in expanded_queries)
        )
        return await run_blocking(
            scheduler,
            self._augmented,
            chat_client_request,
            original_query,
            _by_query(expanded_queries, results),
        )

    def _queries(self, chat_client_request: ChatClientRequest) -> tuple[Query, list[Query]]:
        """The request's query, and the queries to retrieve for (transformed, expanded)."""
        prompt = chat_client_request.prompt
        original_query = (
            Query.builder()
            .text(prompt.get_user_message().get_text() or "")
            .history(prompt.get_instructions())
            .context(dict(chat_client_request.context))
            .build()
        )
        transformed_query = original_query
        for transformer in self._query_transformers:
            transformed_query = transformer.transform(transformed_query)
        expanded_queries = (
            self._query_expander.expand(transformed_query)
            if self._query_expander is not None
            else [transformed_query]
        )
        return original_query, expanded_queries

    def _augmented(
        self,
        chat_client_request: ChatClientRequest,
        original_query: Query,
        documents_for_query: dict[Query, list[list[Document]]],
    ) -> ChatClientRequest:
        """The request augmented with the joined, post-processed documents."""
        context = dict(chat_client_request.context)
        documents = self._document_joiner.join(documents_for_query)
        for post_processor in self._document_post_processors:
            documents = post_processor.process(original_query, documents)
        context[self.DOCUMENT_CONTEXT] = documents
        augmented_query = self._query_augmenter.augment(original_query, documents)
        prompt = chat_client_request.prompt
        return ChatClientRequest(prompt.augment_user_message(augmented_query.text), context)

    def _retrieve_all(self, queries: list[Query]) -> dict[Query, list[list[Document]]]:
        """Retrieve the documents of every query, concurrently when there are several.

        Each retrieval runs in a copy of the caller's ``contextvars`` context, so the
        current span and context-bound settings follow it onto the pool thread. Equal
        queries share one entry, holding one document list per retrieval.
        """
        if len(queries) == 1:
            results = [self._document_retriever.retrieve(queries[0])]
        else:
            executor = self._task_executor or _shared_task_executor()
            futures = [
                executor.submit(
                    contextvars.copy_context().run, self._document_retriever.retrieve, query
                )
                for query in queries
            ]
            results = [future.result() for future in futures]
        return _by_query(queries, results)

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain | None
    ) -> ChatClientResponse:
        return with_context_entry_in_metadata(chat_client_response, self.DOCUMENT_CONTEXT)

    def get_scheduler(self) -> Executor:
        return self._scheduler

    def get_order(self) -> int:
        return self._order

    # --- generated builder (base: CheckedBuilder["RetrievalAugmentationAdvisor"]) ---
    class Builder(CheckedBuilder["RetrievalAugmentationAdvisor"]):
        """The builder of :class:`RetrievalAugmentationAdvisor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def document_retriever(self, document_retriever: DocumentRetriever, /) -> Self:
            return self._set("document_retriever", (document_retriever,))

        def query_transformers(self, query_transformers: Sequence[QueryTransformer] | QueryTransformer | None, /, *more: QueryTransformer) -> Self:
            return self._set("query_transformers", (query_transformers, *more))

        def query_expander(self, query_expander: QueryExpander | None, /) -> Self:
            return self._set("query_expander", (query_expander,))

        def document_joiner(self, document_joiner: DocumentJoiner | None, /) -> Self:
            return self._set("document_joiner", (document_joiner,))

        def document_post_processors(self, document_post_processors: Sequence[DocumentPostProcessor] | DocumentPostProcessor | None, /, *more: DocumentPostProcessor) -> Self:
            return self._set("document_post_processors", (document_post_processors, *more))

        def query_augmenter(self, query_augmenter: QueryAugmenter | None, /) -> Self:
            return self._set("query_augmenter", (query_augmenter,))

        def task_executor(self, task_executor: Executor | None, /) -> Self:
            return self._set("task_executor", (task_executor,))

        def scheduler(self, scheduler: Executor | None, /) -> Self:
            return self._set("scheduler", (scheduler,))

        def order(self, order: int | None, /) -> Self:
            return self._set("order", (order,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> RetrievalAugmentationAdvisor: ...

    @classmethod
    def builder(cls) -> RetrievalAugmentationAdvisor.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> RetrievalAugmentationAdvisor.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


def _by_query(
    queries: list[Query], results: Sequence[list[Document]]
) -> dict[Query, list[list[Document]]]:
    """Each query's retrieved document lists (equal queries share one entry)."""
    documents_for_query: dict[Query, list[list[Document]]] = {}
    for query, documents in zip(queries, results, strict=True):
        documents_for_query.setdefault(query, []).append(documents)
    return documents_for_query
