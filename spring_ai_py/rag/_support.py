"""Builders whose ``build()`` checks required settings, and the one way the RAG
components ask a chat model for text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from spring_ai_py import _assert
from spring_ai_py._builder import Buildable, Builder

if TYPE_CHECKING:
    from spring_ai_py.chat.client import ChatClient

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
