"""Rewrites a query with a language model for a better search."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _assert
from spring_ai_py.chat.client import ChatClientBuilder
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.rag._support import CheckedBuildable, CheckedBuilder, ask_for_query_text
from spring_ai_py.rag.preretrieval.query.transformation.query_transformer import QueryTransformer
from spring_ai_py.rag.query import Query
from spring_ai_py.rag.util import PromptAssert

_logger = logging.getLogger(__name__)

_DEFAULT_PROMPT_TEMPLATE = """\
Given a user query, rewrite it to provide better results when querying a {target}.
Remove any irrelevant information, and ensure the query is concise and specific.

Original query:
{query}

Rewritten query:
"""


class RewriteQueryTransformer(QueryTransformer, CheckedBuildable):
    """Asks a language model to rewrite a query for the target search system (a vector
    store by default): irrelevant parts removed, concise and specific. Useful when user
    queries are verbose or ambiguous.

    The prompt template needs the placeholders ``target`` and ``query``. When the model
    answers with nothing, the query is returned unchanged.
    """

    DEFAULT_PROMPT_TEMPLATE: ClassVar[PromptTemplate] = PromptTemplate(_DEFAULT_PROMPT_TEMPLATE)
    DEFAULT_TARGET: ClassVar[str] = "vector store"
    _builder_required: ClassVar[dict[str, str]] = {
        "chat_client_builder": "chat_client_builder cannot be null"
    }

    def __init__(
        self,
        chat_client_builder: ChatClientBuilder,
        prompt_template: PromptTemplate | None = None,
        target_search_system: str | None = None,
    ) -> None:
        _assert.not_none(chat_client_builder, "chat_client_builder cannot be null")
        self._chat_client = chat_client_builder.build()
        self._prompt_template = prompt_template or self.DEFAULT_PROMPT_TEMPLATE
        self._target_search_system = target_search_system or self.DEFAULT_TARGET
        PromptAssert.template_has_required_placeholders(self._prompt_template, "target", "query")

    def transform(self, query: Query) -> Query:
        _assert.not_none(query, "query cannot be null")
        _logger.debug("Rewriting query to optimize for querying a %s.", self._target_search_system)
        return ask_for_query_text(
            self._chat_client,
            self._prompt_template,
            {"target": self._target_search_system, "query": query.text},
            query,
            "Query rewrite",
            _logger,
        )

    # --- generated builder (base: CheckedBuilder["RewriteQueryTransformer"]) ---
    class Builder(CheckedBuilder["RewriteQueryTransformer"]):
        """The builder of :class:`RewriteQueryTransformer`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def chat_client_builder(self, chat_client_builder: ChatClientBuilder, /) -> Self:
            return self._set("chat_client_builder", (chat_client_builder,))

        def prompt_template(self, prompt_template: PromptTemplate | None, /) -> Self:
            return self._set("prompt_template", (prompt_template,))

        def target_search_system(self, target_search_system: str | None, /) -> Self:
            return self._set("target_search_system", (target_search_system,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> RewriteQueryTransformer: ...

    @classmethod
    def builder(cls) -> RewriteQueryTransformer.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> RewriteQueryTransformer.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
