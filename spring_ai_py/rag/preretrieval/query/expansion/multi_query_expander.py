"""Expands a query into several variants with a language model."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _assert
from spring_ai_py.chat.client import ChatClientBuilder
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.rag._support import CheckedBuildable, CheckedBuilder, ask
from spring_ai_py.rag.preretrieval.query.expansion.query_expander import QueryExpander
from spring_ai_py.rag.query import Query
from spring_ai_py.rag.util import PromptAssert

_logger = logging.getLogger(__name__)

_DEFAULT_PROMPT_TEMPLATE = """\
You are an expert at information retrieval and search optimization.
Your task is to generate {number} different versions of the given query.

Each variant must cover different perspectives or aspects of the topic,
while maintaining the core intent of the original query. The goal is to
expand the search space and improve the chances of finding relevant information.

Do not explain your choices or add any other text.
Provide the query variants separated by newlines.

Original query: {query}

Query variants:
"""


class MultiQueryExpander(QueryExpander, CheckedBuildable):
    """Asks a language model for ``number_of_queries`` (default 3) variants of a query,
    each covering a different perspective while keeping the intent, to widen what
    retrieval finds.

    The model's answer is split into lines (trailing empty lines dropped). Unless it
    holds exactly ``number_of_queries`` lines, the original query alone is returned.
    Blank variants are skipped; each variant keeps the original's history and context.
    With ``include_original`` (the default) the original query comes first. The prompt
    template needs the placeholders ``number`` and ``query``.
    """

    DEFAULT_PROMPT_TEMPLATE: ClassVar[PromptTemplate] = PromptTemplate(_DEFAULT_PROMPT_TEMPLATE)
    DEFAULT_INCLUDE_ORIGINAL: ClassVar[bool] = True
    DEFAULT_NUMBER_OF_QUERIES: ClassVar[int] = 3
    _builder_required: ClassVar[dict[str, str]] = {
        "chat_client_builder": "chat_client_builder cannot be null"
    }

    def __init__(
        self,
        chat_client_builder: ChatClientBuilder,
        prompt_template: PromptTemplate | None = None,
        include_original: bool | None = None,
        number_of_queries: int | None = None,
    ) -> None:
        _assert.not_none(chat_client_builder, "chat_client_builder cannot be null")
        self._chat_client = chat_client_builder.build()
        self._prompt_template = prompt_template or self.DEFAULT_PROMPT_TEMPLATE
        self._include_original = (
            include_original if include_original is not None else self.DEFAULT_INCLUDE_ORIGINAL
        )
        self._number_of_queries = (
            number_of_queries if number_of_queries is not None else self.DEFAULT_NUMBER_OF_QUERIES
        )
        PromptAssert.template_has_required_placeholders(self._prompt_template, "number", "query")

    def expand(self, query: Query) -> list[Query]:
        _assert.not_none(query, "query cannot be null")
        _logger.debug("Generating %d query variants", self._number_of_queries)
        response = ask(
            self._chat_client,
            self._prompt_template.get_template(),
            {"number": self._number_of_queries, "query": query.text},
        )
        if response is None:
            _logger.warning("Query expansion result is null. Returning the input query unchanged.")
            return [query]
        variants = response.split("\n")
        while variants and variants[-1] == "":
            variants.pop()
        if not variants or len(variants) != self._number_of_queries:
            _logger.warning(
                "Query expansion result does not contain the requested %d variants. "
                "Returning the input query unchanged.",
                self._number_of_queries,
            )
            return [query]
        queries = [
            query.mutate().text(text).build() for text in variants if _assert.has_text_value(text)
        ]
        if self._include_original:
            _logger.debug("Including the original query in the result")
            queries.insert(0, query)
        return queries

    # --- generated builder (base: CheckedBuilder["MultiQueryExpander"]) ---
    class Builder(CheckedBuilder["MultiQueryExpander"]):
        """The builder of :class:`MultiQueryExpander`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def chat_client_builder(self, chat_client_builder: ChatClientBuilder, /) -> Self:
            return self._set("chat_client_builder", (chat_client_builder,))

        def prompt_template(self, prompt_template: PromptTemplate | None, /) -> Self:
            return self._set("prompt_template", (prompt_template,))

        def include_original(self, include_original: bool | None, /) -> Self:
            return self._set("include_original", (include_original,))

        def number_of_queries(self, number_of_queries: int | None, /) -> Self:
            return self._set("number_of_queries", (number_of_queries,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> MultiQueryExpander: ...

    @classmethod
    def builder(cls) -> MultiQueryExpander.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> MultiQueryExpander.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
