"""Builders whose ``build()`` checks required settings, and the one way the RAG
components ask a chat model for text."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from spring_ai_py import _assert
from spring_ai_py._builder import Buildable, Builder

if TYPE_CHECKING:
    from spring_ai_py.chat.client import ChatClient
    from spring_ai_py.chat.prompt import PromptTemplate
    from spring_ai_py.rag.query import Query

T = TypeVar("T")


class CheckedBuilder(Builder[T]):
    """A builder that, like Spring's, fails ``build()`` with ``RuntimeError``
    (``IllegalStateException``) when a required setting is missing or blank."""

    __slots__ = ()

    def build(self) -> T:
        required: dict[str, str] = getattr(self._cls, "_builder_required", {})
        for name, message in required.items():
            value = self._values.get(name)
            _assert.state(
                value is not None and (not isinstance(value, str) or _assert.has_text_value(value)),
                message,
            )
        return super().build()


class CheckedBuildable(Buildable):
    """:class:`Buildable` whose builders check ``_builder_required`` (setting name →
    message) in ``build()``."""

    _builder_required: ClassVar[dict[str, str]] = {}

    @classmethod
    def builder(cls) -> CheckedBuilder[Self]:
        return CheckedBuilder(cls)

    def mutate(self) -> CheckedBuilder[Self]:
        return CheckedBuilder(type(self), self._builder_state())


def ask(chat_client: ChatClient, template: str, params: Mapping[str, Any]) -> str | None:
    """Render ``template`` with ``params`` as the user message, call the model, and
    return the answer text."""
    return (
        chat_client.prompt().user(lambda user: user.text(template).params(params)).call().content()
    )


def ask_for_query_text(
    chat_client: ChatClient,
    prompt_template: PromptTemplate,
    params: Mapping[str, Any],
    query: Query,
    step: str,
    logger: logging.Logger,
) -> Query:
    """``query`` with its text replaced by the model's answer to ``prompt_template``.

    When the model answers with nothing (or blanks), ``logger`` warns that the ``step``
    (``"Query rewrite"``, ...) result is null/empty and ``query`` is returned unchanged.
    """
    answer = ask(chat_client, prompt_template.get_template(), params)
    if answer is None or not _assert.has_text_value(answer):
        logger.warning("%s result is null/empty. Returning the input query unchanged.", step)
        return query
    return query.mutate().text(answer).build()
