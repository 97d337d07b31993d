"""Augments the query with the content of the retrieved documents."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.document import Document
from spring_ai_py.rag.generation.augmentation.query_augmenter import QueryAugmenter
from spring_ai_py.rag.query import Query
from spring_ai_py.rag.util import PromptAssert

_logger = logging.getLogger(__name__)

_DEFAULT_PROMPT_TEMPLATE = """\
Context information is below.

---------------------
{context}
---------------------

Given the context information and no prior knowledge, answer the query.

Follow these rules:

1. If the answer is not in the context, just say that you don't know.
2. Avoid statements like "Based on the context..." or "The provided information...".

Query: {query}

Answer:
"""

_DEFAULT_EMPTY_CONTEXT_PROMPT_TEMPLATE = """\
The user query is outside your knowledge base.
Politely inform the user that you can't answer it.
"""


def _join_texts(documents: list[Document]) -> str:
    return "\n".join(document.get_text() or "" for document in documents)


class ContextualQueryAugmenter(QueryAugmenter, Buildable):
    """Puts the content of the documents and the query into a prompt template.

    With documents, the result is a new query whose text is the prompt template
    rendered with ``context`` (the documents formatted by ``document_formatter``, by
    default their texts joined with ``"\\n"``) and ``query``. Without documents and
    ``allow_empty_context`` false (the default), the result is the empty-context
    template, which tells the model to say it cannot answer; with
    ``allow_empty_context`` true the query is returned unchanged. The prompt template
    needs the placeholders ``query`` and ``context``.
    """

    DEFAULT_PROMPT_TEMPLATE: ClassVar[PromptTemplate] = PromptTemplate(_DEFAULT_PROMPT_TEMPLATE)
    DEFAULT_EMPTY_CONTEXT_PROMPT_TEMPLATE: ClassVar[PromptTemplate] = PromptTemplate(
        _DEFAULT_EMPTY_CONTEXT_PROMPT_TEMPLATE
    )
    DEFAULT_ALLOW_EMPTY_CONTEXT: ClassVar[bool] = False

    def __init__(
        self,
        prompt_template: PromptTemplate | None = None,
        empty_context_prompt_template: PromptTemplate | None = None,
        allow_empty_context: bool | None = None,
        document_formatter: Callable[[list[Document]], str] | None = None,
    ) -> None:
        self._prompt_template = prompt_template or self.DEFAULT_PROMPT_TEMPLATE
        self._empty_context_prompt_template = (
            empty_context_prompt_template or self.DEFAULT_EMPTY_CONTEXT_PROMPT_TEMPLATE
        )
        self._allow_empty_context = (
            allow_empty_context
            if allow_empty_context is not None
            else self.DEFAULT_ALLOW_EMPTY_CONTEXT
        )
        self._document_formatter = document_formatter or _join_texts
        PromptAssert.template_has_required_placeholders(self._prompt_template, "query", "context")

    def augment(self, query: Query, documents: list[Document]) -> Query:
        _assert.not_none(query, "query cannot be null")
        _assert.not_none(documents, "documents cannot be null")
        _logger.debug("Augmenting query with contextual data")
        if not documents:
            return self._augment_when_empty_context(query)
        context = self._document_formatter(documents)
        return Query(self._prompt_template.render({"query": query.text, "context": context}))

    def _augment_when_empty_context(self, query: Query) -> Query:
        if self._allow_empty_context:
            _logger.debug("Empty context is allowed. Returning the original query.")
            return query
        _logger.debug("Empty context is not allowed. Returning a specific query for empty context.")
        return Query(self._empty_context_prompt_template.render())

    # --- generated builder ---
    class Builder(_builder.Builder["ContextualQueryAugmenter"]):
        """The builder of :class:`ContextualQueryAugmenter`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def prompt_template(self, prompt_template: PromptTemplate | None, /) -> Self:
            return self._set("prompt_template", (prompt_template,))

        def empty_context_prompt_template(self, empty_context_prompt_template: PromptTemplate | None, /) -> Self:
            return self._set("empty_context_prompt_template", (empty_context_prompt_template,))

        def allow_empty_context(self, allow_empty_context: bool | None, /) -> Self:
            return self._set("allow_empty_context", (allow_empty_context,))

        def document_formatter(self, document_formatter: Callable[[list[Document]], str] | None, /) -> Self:
            return self._set("document_formatter", (document_formatter,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ContextualQueryAugmenter: ...

    @classmethod
    def builder(cls) -> ContextualQueryAugmenter.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ContextualQueryAugmenter.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
