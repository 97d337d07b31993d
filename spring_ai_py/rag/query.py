"""The query that flows through a retrieval augmented generation (RAG) pipeline."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert
from spring_ai_py._builder import Buildable
from spring_ai_py._builder import Builder as _Builder
from spring_ai_py.chat.messages import Message


class _QueryBuilder(_Builder["Query"]):
    """Builder for :class:`Query`; ``history`` takes a list or several messages."""

    __slots__ = ()

    def history(self, *history: Message | Sequence[Message]) -> Self:
        if len(history) == 1 and not isinstance(history[0], Message):
            self._values["history"] = history[0]
        else:
            self._values["history"] = list(history)
        return self

    def build(self) -> Query:
        _assert.has_text(self._values.get("text"), "text cannot be null or empty")
        return super().build()


@dataclass(frozen=True, init=False)
class Query(Buildable):
    """A query in a RAG flow: its text, the conversation history it belongs to, and the
    context (the advisor context of the request it came from).

    ``Query("text")`` or ``Query.builder().text(...).history(...).context(...).build()``.
    The text must not be blank; history and context are copied, so a query never
    changes after it is made. Two queries are equal when text, history and context are
    equal; the hash uses the text only, so queries can key a dict even when their
    context holds unhashable values.
    """

    text: str
    history: list[Message]
    context: dict[str, Any]

    def __init__(
        self,
        text: str,
        history: Sequence[Message] | Message | None = None,
        context: Mapping[str, Any] | None = None,
    ) -> None:
        _assert.has_text(text, "text cannot be null or empty")
        if isinstance(history, Message):
            history = [history]
        history_list = list(history) if history is not None else []
        _assert.no_null_elements(history_list, "history elements cannot be null")
        context_dict = dict(context) if context is not None else {}
        _assert.no_null_elements(context_dict.keys(), "context keys cannot be null")
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "history", history_list)
        object.__setattr__(self, "context", context_dict)

    def __hash__(self) -> int:
        return hash(self.text)

    # --- generated builder (base: _QueryBuilder) ---
    class Builder(_QueryBuilder):
        """The builder of :class:`Query`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def text(self, text: str, /) -> Self:
            return self._set("text", (text,))

        def context(self, context: Mapping[str, Any] | None, /) -> Self:
            return self._set("context", (context,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> Query: ...

    @classmethod
    def builder(cls) -> Query.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> Query.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
