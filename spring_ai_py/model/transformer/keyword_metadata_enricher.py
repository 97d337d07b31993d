"""Asking a chat model for each document's keywords."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.model import ChatModel
from spring_ai_py.chat.model.chat_model import _checked_chat_model
from spring_ai_py.chat.prompt.prompt_template import PromptTemplate
from spring_ai_py.document.document import Document
from spring_ai_py.document.etl import DocumentTransformer

_logger = logging.getLogger("spring_ai_py.model.transformer.KeywordMetadataEnricher")


class _KeywordMetadataEnricherBuilder(_builder.Builder["KeywordMetadataEnricher"]):
    """``builder(chat_model).keyword_count(5)`` or ``.keywords_template(t)``; a
    template wins over a count."""

    __slots__ = ()

    def keyword_count(self, keyword_count: int) -> Self:
        _assert.is_true(keyword_count >= 1, "The keyword_count must be >= 1")
        self._values["keyword_count"] = keyword_count
        return self

    def keywords_template(self, keywords_template: PromptTemplate) -> Self:
        _assert.not_none(keywords_template, "The keywords_template must not be null")
        self._values["keywords_template"] = keywords_template
        return self

    def build(self) -> KeywordMetadataEnricher:
        values = self._values
        template = values.get("keywords_template")
        count = values.get("keyword_count", 0)
        if template is not None:
            if count != 0:
                _logger.warning("keyword_count will be ignored as keywords_template is set.")
            return KeywordMetadataEnricher(values["chat_model"], template)
        return KeywordMetadataEnricher(
            values["chat_model"], values.get("keyword_count_or_template", count)
        )


class KeywordMetadataEnricher(DocumentTransformer, Buildable):
    """Adds ``excerpt_keywords`` to each document's metadata: the chat model's answer to
    a prompt built from the document's text (``{context_str}``).

    ``KeywordMetadataEnricher(chat_model, 5)`` asks for 5 keywords with
    :attr:`KEYWORDS_TEMPLATE`; ``KeywordMetadataEnricher(chat_model, prompt_template)``
    uses your template. Documents are changed in place and returned.
    """

    CONTEXT_STR_PLACEHOLDER = "context_str"
    KEYWORDS_TEMPLATE = (
        "{context_str}. Give %s unique keywords for this\n"
        "document. Format as comma separated. Keywords: "
    )
    EXCERPT_KEYWORDS_METADATA_KEY = "excerpt_keywords"

    def __init__(
        self, chat_model: ChatModel, keyword_count_or_template: int | PromptTemplate
    ) -> None:
        _checked_chat_model(chat_model, "chat_model must not be null")
        if isinstance(keyword_count_or_template, PromptTemplate):
            self._keywords_template = keyword_count_or_template
        elif isinstance(keyword_count_or_template, int) and not isinstance(
            keyword_count_or_template, bool
        ):
            _assert.is_true(keyword_count_or_template >= 1, "keyword_count must be >= 1")
            self._keywords_template = PromptTemplate(
                self.KEYWORDS_TEMPLATE % keyword_count_or_template
            )
        else:
            raise ValueError("keywords_template must not be null")
        self._chat_model = chat_model

    def apply(self, documents: list[Document]) -> list[Document]:
        for document in documents:
            text = document.get_text()
            variables: dict[str, Any] = {}
            if text is not None:
                variables[self.CONTEXT_STR_PLACEHOLDER] = text
            prompt = self._keywords_template.create(variables)
            generation = self._chat_model.call(prompt).get_result()
            if generation is not None:
                keywords = generation.get_output().get_text()
                if keywords is not None:
                    document.get_metadata()[self.EXCERPT_KEYWORDS_METADATA_KEY] = keywords
        return documents

    def get_keywords_template(self) -> PromptTemplate:
        return self._keywords_template

    def get_chat_model(self) -> ChatModel:
        return self._chat_model

    @staticmethod
    def builder(chat_model: ChatModel) -> KeywordMetadataEnricher.Builder:
        """A builder over ``chat_model`` (keyword count or template)."""
        _assert.not_none(chat_model, "The chat_model must not be null")
        return KeywordMetadataEnricher.Builder(KeywordMetadataEnricher, {"chat_model": chat_model})

    # --- generated builder (base: _KeywordMetadataEnricherBuilder) (own builder()) ---
    class Builder(_KeywordMetadataEnricherBuilder):
        """The builder of :class:`KeywordMetadataEnricher`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def chat_model(self, chat_model: ChatModel, /) -> Self:
            return self._set("chat_model", (chat_model,))

        def keyword_count_or_template(self, keyword_count_or_template: int | PromptTemplate, /) -> Self:
            return self._set("keyword_count_or_template", (keyword_count_or_template,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> KeywordMetadataEnricher: ...
    # --- end of generated builder ---
