"""Translates a query into the language of the embedding model."""

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
Given a user query, translate it to {targetLanguage}.
If the query is already in {targetLanguage}, return it unchanged.
If you don't know the language of the query, return it unchanged.
Do not add explanations nor any other text.

Original query: {query}

Translated query:
"""


class TranslationQueryTransformer(QueryTransformer, CheckedBuildable):
    """Asks a language model to translate a query into the target language, the one
    the documents were embedded in. A query already in that language, or in a language
    the model does not know, comes back unchanged.

    ``target_language`` is required. The prompt template needs the placeholders
    ``targetLanguage`` and ``query``. When the model answers with nothing, the query is
    returned unchanged.
    """

    DEFAULT_PROMPT_TEMPLATE: ClassVar[PromptTemplate] = PromptTemplate(_DEFAULT_PROMPT_TEMPLATE)
    _builder_required: ClassVar[dict[str, str]] = {
        "chat_client_builder": "chat_client_builder cannot be null",
        "target_language": "target_language cannot be null or empty",
    }

    def __init__(
        self,
        chat_client_builder: ChatClientBuilder,
        prompt_template: PromptTemplate | None = None,
        target_language: str | None = None,
    ) -> None:
        _assert.not_none(chat_client_builder, "chat_client_builder cannot be null")
        _assert.has_text(target_language, "target_language cannot be null or empty")
        assert target_language is not None
        self._chat_client = chat_client_builder.build()
        self._prompt_template = prompt_template or self.DEFAULT_PROMPT_TEMPLATE
        self._target_language = target_language
        PromptAssert.template_has_required_placeholders(
            self._prompt_template, "targetLanguage", "query"
        )

    def transform(self, query: Query) -> Query:
        _assert.not_none(query, "query cannot be null")
        _logger.debug("Translating query to target language: %s", self._target_language)
        return ask_for_query_text(
            self._chat_client,
            self._prompt_template,
            {"targetLanguage": self._target_language, "query": query.text},
            query,
            "Query translation",
            _logger,
        )

    # --- generated builder (base: CheckedBuilder["TranslationQueryTransformer"]) ---
    class Builder(CheckedBuilder["TranslationQueryTransformer"]):
        """The builder of :class:`TranslationQueryTransformer`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def chat_client_builder(self, chat_client_builder: ChatClientBuilder, /) -> Self:
            return self._set("chat_client_builder", (chat_client_builder,))

        def prompt_template(self, prompt_template: PromptTemplate | None, /) -> Self:
            return self._set("prompt_template", (prompt_template,))

        def target_language(self, target_language: str | None, /) -> Self:
            return self._set("target_language", (target_language,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> TranslationQueryTransformer: ...

    @classmethod
    def builder(cls) -> TranslationQueryTransformer.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> TranslationQueryTransformer.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
