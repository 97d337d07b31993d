"""``QuestionAnswerAdvisor``: answers grounded in documents retrieved from a vector store."""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.client.advisor.advisor_utils import with_context_entry_in_metadata
from spring_ai_py.chat.client.advisor.api import BaseAdvisor
from spring_ai_py.chat.client.advisor.api.base_advisor import default_scheduler
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.vectorstore import SearchRequest, VectorStore
from spring_ai_py.vectorstore.filter import Expression, FilterExpressionTextParser

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api import AdvisorChain
    from spring_ai_py.document import Document

_DEFAULT_PROMPT_TEMPLATE = """\
{query}

Context information is below, surrounded by ---------------------

---------------------
{question_answer_context}
---------------------

Given the context and provided history information and not prior knowledge,
reply to the user comment. If the answer is not in the context, inform
the user that you can't answer the question.
"""


class QuestionAnswerAdvisor(BaseAdvisor, Buildable):
    """Retrieves the documents similar to the user's question from a vector store and
    adds them, with grounding instructions, to the user message.

    ``before()`` searches with the configured :class:`SearchRequest` (its ``top_k``,
    threshold and filter) and the user message text as the query; a filter in the
    advisor context under :attr:`FILTER_EXPRESSION` (filter text, or an ``Expression``)
    replaces the configured one for that request. The documents go into the context
    under :attr:`RETRIEVED_DOCUMENTS`, and the user message becomes the prompt template
    rendered with ``query`` (the question) and ``question_answer_context`` (the document
    texts joined with ``"\\n"``); media on the message is kept. ``after()`` copies the
    documents into the chat response metadata under the same key, and the response
    context keeps them too.

    ``inject_when_empty`` (default ``True``, as Spring) decides what happens when the
    search finds nothing: ``True`` still renders the template, whose instructions make
    the model decline to answer; ``False`` leaves the user message untouched, so a
    question unrelated to the store is answered normally.

    ``QuestionAnswerAdvisor.builder(vector_store).search_request(...).prompt_template(...)
    .order(...).scheduler(...).inject_when_empty(...).build()``; the default order is 0.
    """

    RETRIEVED_DOCUMENTS: ClassVar[str] = "qa_retrieved_documents"
    FILTER_EXPRESSION: ClassVar[str] = "qa_filter_expression"
    DEFAULT_PROMPT_TEMPLATE: ClassVar[PromptTemplate] = PromptTemplate(_DEFAULT_PROMPT_TEMPLATE)
    DEFAULT_ORDER: ClassVar[int] = 0

    def __init__(
        self,
        vector_store: VectorStore,
        search_request: SearchRequest | None = None,
        prompt_template: PromptTemplate | None = None,
        scheduler: Executor | None = None,
        order: int = DEFAULT_ORDER,
        inject_when_empty: bool = True,
    ) -> None:
        _assert.not_none(vector_store, "vector_store cannot be null")
        self._vector_store = vector_store
        self._search_request = (
            search_request if search_request is not None else SearchRequest.builder().build()
        )
        self._prompt_template = prompt_template or self.DEFAULT_PROMPT_TEMPLATE
        self._scheduler = scheduler if scheduler is not None else default_scheduler()
        self._order = order
        self._inject_when_empty = inject_when_empty

    @classmethod
    def builder(cls, vector_store: VectorStore) -> QuestionAnswerAdvisor.Builder:
        """A builder for an advisor over ``vector_store``."""
        _assert.not_none(vector_store, "The vector_store must not be null!")
        return QuestionAnswerAdvisor.Builder(cls, {"vector_store": vector_store})

    def mutate(self) -> QuestionAnswerAdvisor.Builder:
        return QuestionAnswerAdvisor.Builder(type(self), self._builder_state())

    def get_order(self) -> int:
        return self._order

    def get_scheduler(self) -> Executor:
        return self._scheduler

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain | None
    ) -> ChatClientRequest:
        documents = self._vector_store.similarity_search(self._request_for(chat_client_request))
        return self._augmented(chat_client_request, documents)

    async def abefore(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain | None
    ) -> ChatClientRequest:
        """:meth:`before` on the async paths: the search is the vector store's
        ``asimilarity_search``, awaited on the loop (native for stores with an async
        driver, such as ``PgVectorStore``)."""
        search_request = self._request_for(chat_client_request)
        documents = await self._vector_store.asimilarity_search(search_request)
        return self._augmented(chat_client_request, documents)

    def _request_for(self, chat_client_request: ChatClientRequest) -> SearchRequest:
        user_text = chat_client_request.prompt.get_user_message().get_text() or ""
        return (
            SearchRequest.from_(self._search_request)
            .query(user_text)
            .filter_expression(self.do_get_filter_expression(chat_client_request.context))
            .build()
        )

    def _augmented(
        self, chat_client_request: ChatClientRequest, documents: list[Document]
    ) -> ChatClientRequest:
        prompt = chat_client_request.prompt
        user_text = prompt.get_user_message().get_text() or ""
        context = dict(chat_client_request.context)
        context[self.RETRIEVED_DOCUMENTS] = documents
        if not documents and not self._inject_when_empty:
            return ChatClientRequest(prompt, context)
        document_context = "\n".join(document.get_text() or "" for document in documents)
        augmented_user_text = self._prompt_template.render(
            {"query": user_text, "question_answer_context": document_context}
        )
        return ChatClientRequest(prompt.augment_user_message(augmented_user_text), context)

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain | None
    ) -> ChatClientResponse:
        return with_context_entry_in_metadata(chat_client_response, self.RETRIEVED_DOCUMENTS)

    def do_get_filter_expression(self, context: Mapping[str, Any]) -> Expression | None:
        """The filter for this request: the one in the context under
        :attr:`FILTER_EXPRESSION` when it is an expression or non-blank text, else the
        configured search request's. Subclasses may override it."""
        from_context = context.get(self.FILTER_EXPRESSION)
        if isinstance(from_context, Expression):
            return from_context
        if from_context is None or not _assert.has_text_value(str(from_context)):
            return self._search_request.get_filter_expression()
        return FilterExpressionTextParser().parse(str(from_context))

    @classmethod
    def _check_builder_value(cls, name: str, value: object) -> None:
        # Spring's setters reject null at once.
        if name == "search_request":
            _assert.not_none(value, "The search_request must not be null!")
        elif name == "prompt_template":
            _assert.not_none(value, "prompt_template cannot be null")

    # --- generated builder (own builder()) ---
    class Builder(_builder.Builder["QuestionAnswerAdvisor"]):
        """The builder of :class:`QuestionAnswerAdvisor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def vector_store(self, vector_store: VectorStore, /) -> Self:
            return self._set("vector_store", (vector_store,))

        def search_request(self, search_request: SearchRequest | None, /) -> Self:
            return self._set("search_request", (search_request,))

        def prompt_template(self, prompt_template: PromptTemplate | None, /) -> Self:
            return self._set("prompt_template", (prompt_template,))

        def scheduler(self, scheduler: Executor | None, /) -> Self:
            return self._set("scheduler", (scheduler,))

        def order(self, order: int, /) -> Self:
            return self._set("order", (order,))

        def inject_when_empty(self, inject_when_empty: bool, /) -> Self:
            return self._set("inject_when_empty", (inject_when_empty,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> QuestionAnswerAdvisor: ...
    # --- end of generated builder ---
