"""Portable chat options and their builder (Spring's ``ChatOptions`` / ``DefaultChatOptions``)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py._builder import Buildable, Builder
from spring_ai_py._field_types import check_field_types


class ChatOptionsBuilder(Builder[Any]):
    """A chat-options builder with Spring's ``combine_with`` and ``clone``.

    ``combine_with(other)`` copies every field ``other`` has set (not ``None``) onto this
    builder, for the fields this builder's class has; list fields such as
    ``stop_sequences`` are concatenated and dict fields merged, as in Spring 2.0.1.
    """

    __slots__ = ()

    def combine_with(self, other: ChatOptionsBuilder | ChatOptions) -> Self:
        """Take every field ``other`` sets (a builder or built options); lists and maps are combined
        the way the options class says."""
        theirs = other._values if isinstance(other, ChatOptionsBuilder) else other._set_fields()
        names = _field_names(self._cls)
        for name, value in theirs.items():
            if value is None or name not in names:
                continue
            mine = self._values.get(name)
            self._values[name] = self._cls._combine_field(name, mine, value)
        return self

    def clone(self) -> ChatOptionsBuilder:
        """An independent copy of this builder."""
        return ChatOptionsBuilder(self._cls, self._values)

    def get_value(self, name: str) -> Any:
        """The value set for ``name`` so far (``None`` when unset)."""
        return self._values.get(name)


@dataclass(frozen=True, kw_only=True)
class ChatOptions(Buildable):
    """Options common to chat models; ``None`` means "not set, use the model's default".

    Provider options subclass this and add their own fields. ``builder()`` and
    ``mutate()`` return a :class:`ChatOptionsBuilder` of the concrete class. Built
    options are immutable: getters of list and dict fields return copies, so callers
    cannot change them (Spring returns unmodifiable collections).
    """

    model: str | None = None
    frequency_penalty: float | None = None
    max_tokens: int | None = None
    presence_penalty: float | None = None
    stop_sequences: list[str] | None = None
    temperature: float | None = None
    top_k: int | None = None
    top_p: float | None = None

    def __post_init__(self) -> None:
        # A wrong type names its field here, not deep inside a request. A
        # subclass lists the fields it checks itself in ``_unchecked_fields``.
        check_field_types(self, getattr(self, "_unchecked_fields", frozenset()))

    def copy(self) -> Self:
        """An equal, independent copy (lists and dicts copied)."""
        return type(self)(**{k: _shallow_copy(v) for k, v in self._set_fields().items()})

    def _builder_state(self) -> dict[str, Any]:
        return self._set_fields()

    def _set_fields(self) -> dict[str, Any]:
        return {
            name: value
            for name in _field_names(type(self))
            if (value := getattr(self, name)) is not None
        }

    @classmethod
    def _combine_field(cls, name: str, mine: Any, theirs: Any) -> Any:
        """How ``combine_with`` merges one field: lists concatenate, dicts merge."""
        if mine is None:
            return _shallow_copy(theirs)
        if isinstance(mine, list) and isinstance(theirs, list):
            return [*mine, *theirs]
        if isinstance(mine, dict) and isinstance(theirs, dict):
            return {**mine, **theirs}
        return theirs

    def get_model(self) -> str | None:
        return self.model

    def get_frequency_penalty(self) -> float | None:
        return self.frequency_penalty

    def get_max_tokens(self) -> int | None:
        return self.max_tokens

    def get_presence_penalty(self) -> float | None:
        return self.presence_penalty

    def get_stop_sequences(self) -> list[str] | None:
        """A copy of the stop sequences: changing it does not change these options."""
        return list(self.stop_sequences) if self.stop_sequences is not None else None

    def get_temperature(self) -> float | None:
        return self.temperature

    def get_top_k(self) -> int | None:
        return self.top_k

    def get_top_p(self) -> float | None:
        return self.top_p

    # --- generated builder (base: ChatOptionsBuilder) ---
    class Builder(ChatOptionsBuilder):
        """The builder of :class:`ChatOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def model(self, model: str | None, /) -> Self:
            return self._set("model", (model,))

        def frequency_penalty(self, frequency_penalty: float | None, /) -> Self:
            return self._set("frequency_penalty", (frequency_penalty,))

        def max_tokens(self, max_tokens: int | None, /) -> Self:
            return self._set("max_tokens", (max_tokens,))

        def presence_penalty(self, presence_penalty: float | None, /) -> Self:
            return self._set("presence_penalty", (presence_penalty,))

        def stop_sequences(self, stop_sequences: str | list[str] | None, /, *more: str) -> Self:
            return self._set("stop_sequences", (stop_sequences, *more), sequence=True)

        def temperature(self, temperature: float | None, /) -> Self:
            return self._set("temperature", (temperature,))

        def top_k(self, top_k: int | None, /) -> Self:
            return self._set("top_k", (top_k,))

        def top_p(self, top_p: float | None, /) -> Self:
            return self._set("top_p", (top_p,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ChatOptions: ...

    @classmethod
    def builder(cls) -> ChatOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ChatOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


_FIELD_NAMES: dict[type, frozenset[str]] = {}


def _field_names(cls: type) -> frozenset[str]:
    """The constructor fields of an options dataclass (computed once per class)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in dataclasses.fields(cls) if f.init)
    return names


def _shallow_copy(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value


DefaultChatOptions = ChatOptions
"""Spring's ``DefaultChatOptions`` is this class."""


def as_options(options: ChatOptions | ChatOptionsBuilder | None) -> ChatOptions | None:
    """Accept a ``ChatOptions`` or a builder of one and return options."""
    if options is None or isinstance(options, ChatOptions):
        return options
    if isinstance(options, ChatOptionsBuilder):
        built = options.build()
        assert isinstance(built, ChatOptions)
        return built
    raise TypeError(f"expected ChatOptions or a ChatOptions builder, got {type(options).__name__}")
