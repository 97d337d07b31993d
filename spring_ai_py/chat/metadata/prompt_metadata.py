"""``PromptMetadata``: the content-filter results a provider reports for each prompt."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from spring_ai_py import _assert


class PromptFilterMetadata(ABC):
    """The filter metadata of one prompt of a request (Spring's
    ``PromptMetadata.PromptFilterMetadata``, also reachable under that nested name)."""

    @staticmethod
    def from_(prompt_index: int, content_filter_metadata: Any) -> PromptFilterMetadata:
        """The metadata of prompt ``prompt_index``: the provider's own filter object."""
        return _PromptFilterMetadata(prompt_index, content_filter_metadata)

    @abstractmethod
    def get_prompt_index(self) -> int:
        """Index of the prompt this metadata is about."""

    @abstractmethod
    def get_content_filter_metadata(self) -> Any:
        """The provider's metadata about the filtering applied to the prompt's content."""


@dataclass(frozen=True, slots=True)
class _PromptFilterMetadata(PromptFilterMetadata):
    prompt_index: int
    content_filter_metadata: Any

    def get_prompt_index(self) -> int:
        return self.prompt_index

    def get_content_filter_metadata(self) -> Any:
        return self.content_filter_metadata


class PromptMetadata(ABC):
    """An iterable of :class:`PromptFilterMetadata`, one per prompt the provider filtered.

    ``PromptMetadata.empty()`` when the provider reports none; ``PromptMetadata.of(a, b)``
    or ``PromptMetadata.of([a, b])`` otherwise.
    """

    @abstractmethod
    def __iter__(self) -> Iterator[PromptFilterMetadata]:
        """The filter metadata, in the order the provider reported them."""

    @staticmethod
    def empty() -> PromptMetadata:
        """Metadata with no filter entries."""
        return PromptMetadata.of()

    @staticmethod
    def of(
        *filters: PromptFilterMetadata | Iterable[PromptFilterMetadata],
    ) -> PromptMetadata:
        """Metadata of the given entries (varargs, or a single iterable of them)."""
        if len(filters) == 1 and not isinstance(filters[0], PromptFilterMetadata):
            iterable = _assert.not_none(
                filters[0], "An Iterable of PromptFilterMetadata must not be null"
            )
            return _PromptMetadata(tuple(iterable))
        return _PromptMetadata(tuple(f for f in filters if isinstance(f, PromptFilterMetadata)))

    def find_by_prompt_index(self, prompt_index: int) -> PromptFilterMetadata | None:
        """The first entry for ``prompt_index`` (``None`` when there is none; Java's
        empty ``Optional``); ``ValueError`` for a negative index."""
        _assert.is_true(
            prompt_index > -1, f"Prompt index [{prompt_index}] must be greater than equal to 0"
        )
        return next((f for f in self if f.get_prompt_index() == prompt_index), None)


# Java's nested name: ``PromptMetadata.PromptFilterMetadata``.
PromptMetadata.PromptFilterMetadata = PromptFilterMetadata  # type: ignore[attr-defined]


class _PromptMetadata(PromptMetadata):
    __slots__ = ("_filters",)

    def __init__(self, filters: tuple[PromptFilterMetadata, ...]) -> None:
        self._filters = filters

    def __iter__(self) -> Iterator[PromptFilterMetadata]:
        return iter(self._filters)

    def __len__(self) -> int:
        return len(self._filters)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _PromptMetadata):
            return NotImplemented
        return self._filters == other._filters

    def __hash__(self) -> int:
        return hash(self._filters)

    def __repr__(self) -> str:
        return f"PromptMetadata({list(self._filters)!r})"
