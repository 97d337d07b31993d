"""Rewrites a query with a language model for a better search."""

from __future__ import annotations

import logging
from typing import ClassVar

from spring_ai_py import _assert
from spring_ai_py.chat.client import ChatClientBuilder
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.rag._support import CheckedBuildable, ask_for_query_text
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
