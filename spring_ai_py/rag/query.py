"""The query that flows through a retrieval augmented generation (RAG) pipeline."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spring_ai_py import _assert
from spring_ai_py._builder import Buildable
from spring_ai_py._builder import Builder as _Builder
from spring_ai_py.chat.messages import Message


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

    @classmethod
    def builder(cls) -> Query.Builder:
        return Query.Builder(cls)

    def mutate(self) -> Query.Builder:
        return Query.Builder(type(self), self._builder_state())

    class Builder(_Builder["Query"]):
        """Builder for :class:`Query`; ``history`` takes a list or several messages."""

        __slots__ = ()

        def __init__(self, cls: type[Query], values: dict[str, Any] | None = None) -> None:
            super().__init__(cls, values)

        def text(self, text: str) -> Query.Builder:
            self._values["text"] = text
            return self

        def history(self, *history: Message | Sequence[Message]) -> Query.Builder:
            if len(history) == 1 and not isinstance(history[0], Message):
                self._values["history"] = history[0]
            else:
                self._values["history"] = list(history)
            return self

        def context(self, context: Mapping[str, Any]) -> Query.Builder:
            self._values["context"] = context
            return self

        def build(self) -> Query:
            _assert.has_text(self._values.get("text"), "text cannot be null or empty")
            return super().build()
