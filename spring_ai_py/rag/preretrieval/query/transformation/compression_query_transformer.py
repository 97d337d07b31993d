"""Compresses a conversation and a follow-up query into one standalone query."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _assert
from spring_ai_py.chat.client import ChatClientBuilder
from spring_ai_py.chat.messages import Message, MessageType
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.rag._support import CheckedBuildable, CheckedBuilder, ask_for_query_text
from spring_ai_py.rag.preretrieval.query.transformation.query_transformer import QueryTransformer
from spring_ai_py.rag.query import Query
from spring_ai_py.rag.util import PromptAssert

_logger = logging.getLogger(__name__)

_DEFAULT_PROMPT_TEMPLATE = """\
Given the following conversation history and a follow-up query, your task is to synthesize
a concise, standalone query that incorporates the context from the history.
Ensure the standalone query is clear, specific, and maintains the user's intent.

Conversation history:
{history}

Follow-up query:
{query}

Standalone query:
"""


class CompressionQueryTransformer(QueryTransformer, CheckedBuildable):
    """Asks a language model to turn the conversation history and a follow-up query
    into one standalone query that captures what the conversation is about. Useful when
    the history is long and the follow-up depends on it.

    The history is rendered one ``USER: text`` / ``ASSISTANT: text`` line per message
    (other message types are left out). The prompt template needs the placeholders
    ``history`` and ``query``. When the model answers with nothing, the query is
    returned unchanged.
    """

    DEFAULT_PROMPT_TEMPLATE: ClassVar[PromptTemplate] = PromptTemplate(_DEFAULT_PROMPT_TEMPLATE)
    _builder_required: ClassVar[dict[str, str]] = {
        "chat_client_builder": "chat_client_builder cannot be null"
    }

    def __init__(
        self,
        chat_client_builder: ChatClientBuilder,
        prompt_template: PromptTemplate | None = None,
    ) -> None:
        _assert.not_none(chat_client_builder, "chat_client_builder cannot be null")
        self._chat_client = chat_client_builder.build()
        self._prompt_template = prompt_template or self.DEFAULT_PROMPT_TEMPLATE
        PromptAssert.template_has_required_placeholders(self._prompt_template, "history", "query")

    def transform(self, query: Query) -> Query:
        _assert.not_none(query, "query cannot be null")
        _logger.debug(
            "Compressing conversation history and follow-up query into a standalone query"
        )
        return ask_for_query_text(
            self._chat_client,
            self._prompt_template,
            {"history": _format_history(query.history), "query": query.text},
            query,
            "Query compression",
            _logger,
        )

    # --- generated builder (base: CheckedBuilder["CompressionQueryTransformer"]) ---
    class Builder(CheckedBuilder["CompressionQueryTransformer"]):
        """The builder of :class:`CompressionQueryTransformer`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def chat_client_builder(self, chat_client_builder: ChatClientBuilder, /) -> Self:
            return self._set("chat_client_builder", (chat_client_builder,))

        def prompt_template(self, prompt_template: PromptTemplate | None, /) -> Self:
            return self._set("prompt_template", (prompt_template,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> CompressionQueryTransformer: ...

    @classmethod
    def builder(cls) -> CompressionQueryTransformer.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> CompressionQueryTransformer.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


def _format_history(history: list[Message]) -> str:
    return "\n".join(
        f"{message.get_message_type().name}: {message.get_text()}"
        for message in history
        if message.get_message_type() in (MessageType.USER, MessageType.ASSISTANT)
    )
