"""Cleaners that strip what models wrap around structured output before it is parsed.

Models often surround JSON with reasoning blocks (``<thinking>``, ``<think>``, ...),
markdown code fences or blank lines. ``BeanOutputConverter`` runs its text through a
pipeline of these cleaners first; any cleaner, or any plain function ``str -> str``,
can be composed into a custom pipeline.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Self, TypeAlias

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable


class ResponseTextCleaner(ABC):
    """Strategy that removes unwanted patterns, tags or formatting from a model response.

    Instances are callables too, so a cleaner and a plain function are interchangeable
    wherever a cleaner is expected.
    """

    @abstractmethod
    def clean(self, text: str | None) -> str | None:
        """Return ``text`` cleaned and ready for parsing (``None`` stays ``None``)."""

    def __call__(self, text: str | None) -> str | None:
        return self.clean(text)


TextCleaner: TypeAlias = ResponseTextCleaner | Callable[[str | None], str | None]
"""A ``ResponseTextCleaner`` or any function with the same shape (Java's lambda form)."""


def _flatten(args: tuple[object, ...]) -> list[object] | None:
    """Java varargs: ``f(a, b)`` and ``f([a, b])`` mean the same; ``f(None)`` is ``None``."""
    if len(args) == 1:
        if args[0] is None:
            return None
        if isinstance(args[0], list | tuple):
            return list(args[0])
    return list(args)


class WhitespaceCleaner(ResponseTextCleaner):
    """Trims leading and trailing whitespace."""

    def clean(self, text: str | None) -> str | None:
        return text.strip() if text is not None else None


class MarkdownCodeBlockCleaner(ResponseTextCleaner):
    """Removes a markdown code fence around the whole text.

    Handles a fence with or without a language tag (```` ```json ```` or ```` ``` ````)
    on its own line, and the single-line form ```` ```{"key": "value"}``` ```` that some
    models produce. The text is trimmed before and after.
    """

    def clean(self, text: str | None) -> str | None:
        if not text:
            return text
        text = text.strip()
        if text.startswith("```") and text.endswith("```") and len(text) > 6:
            first_line, newline, rest = text.partition("\n")
            # Fenced block: drop the opening line (and its language tag). Single-line
            # fence: only the opening backticks go; the closing ones go below.
            text = rest if newline else first_line.strip()[3:]
            text = text[:-3].strip()
        return text


_DEFAULT_PATTERNS: tuple[re.Pattern[str], ...] = (
    # Amazon Nova
    re.compile(r"(?s)<thinking>.*?</thinking>\s*", re.IGNORECASE),
    # Qwen
    re.compile(r"(?s)<think>.*?</think>\s*", re.IGNORECASE),
    # other XML-style reasoning tags
    re.compile(r"(?s)<reasoning>.*?</reasoning>\s*", re.IGNORECASE),
    # markdown-style thinking blocks
    re.compile(r"(?s)```thinking.*?```\s*", re.IGNORECASE),
    # comment-style thinking
    re.compile(r"(?s)<!--\s*thinking:.*?-->\s*", re.IGNORECASE),
)


def _compile(pattern: str | re.Pattern[str] | None) -> re.Pattern[str]:
    if pattern is None:
        raise ValueError("pattern cannot be null")
    if isinstance(pattern, re.Pattern):
        return pattern
    _assert.has_text(pattern, "pattern cannot be empty")
    try:
        return re.compile(pattern, re.IGNORECASE)
    except re.error as ex:
        raise ValueError(f"Invalid pattern '{pattern}': {ex}") from ex


class _ThinkingTagCleanerBuilder(_builder.Builder["ThinkingTagCleaner"]):
    """Builds a ``ThinkingTagCleaner`` from the default patterns plus custom ones.

    After ``without_default_patterns()``, the first ``add_pattern`` call drops the
    defaults, so only the custom patterns remain.
    """

    __slots__ = ()

    def without_default_patterns(self) -> Self:
        """Use only the patterns added after this call."""
        self._values["use_default_patterns"] = False
        return self

    def add_pattern(self, pattern: str | re.Pattern[str]) -> Self:
        """Add a pattern; a string is compiled case-insensitively."""
        compiled = _compile(pattern)
        patterns: list[re.Pattern[str]] = self._values.setdefault("patterns", list(_DEFAULT_PATTERNS))
        if not self._values.get("use_default_patterns", True):
            patterns.clear()
            self._values["use_default_patterns"] = True
        patterns.append(compiled)
        return self

    def build(self) -> ThinkingTagCleaner:
        """Build the cleaner."""
        return ThinkingTagCleaner(self._values.get("patterns", list(_DEFAULT_PATTERNS)))


class ThinkingTagCleaner(ResponseTextCleaner, Buildable):
    """Removes the reasoning blocks that thinking models put before their answer.

    By default it removes ``<thinking>...</thinking>`` (Amazon Nova), ``<think>...</think>``
    (Qwen, DeepSeek), ``<reasoning>...</reasoning>``, ```` ```thinking ... ``` ```` and
    ``<!-- thinking: ... -->`` blocks, case-insensitively, with the whitespace after them.
    ``ThinkingTagCleaner(pattern, ...)`` uses only the given patterns (strings are
    compiled case-insensitively). Text without ``<`` or a backtick is returned at once.
    """

    def __init__(self, *patterns: str | re.Pattern[str] | Iterable[str | re.Pattern[str]]) -> None:
        if not patterns:
            self._patterns: list[re.Pattern[str]] = list(_DEFAULT_PATTERNS)
            return
        given = _flatten(patterns)
        if given is None:
            raise ValueError("patterns cannot be null")
        _assert.not_empty(given, "patterns cannot be empty")
        self._patterns = [_compile(p) for p in given]  # type: ignore[arg-type]

    def clean(self, text: str | None) -> str | None:
        if not text:
            return text
        if "<" not in text and "`" not in text:
            return text
        for pattern in self._patterns:
            text = pattern.sub("", text)
        return text

    @classmethod
    def builder(cls) -> ThinkingTagCleaner.Builder:
        """Return a builder that starts from the default patterns."""
        return cls.Builder(cls)

    # --- generated builder (base: _ThinkingTagCleanerBuilder) (own builder()) ---
    class Builder(_ThinkingTagCleanerBuilder):
        """The builder of :class:`ThinkingTagCleaner`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ThinkingTagCleaner: ...
    # --- end of generated builder ---

class _CompositeResponseTextCleanerBuilder(_builder.Builder["CompositeResponseTextCleaner"]):
    """Builds a pipeline one cleaner at a time."""

    __slots__ = ()

    def add_cleaner(self, cleaner: TextCleaner) -> Self:
        """Append ``cleaner`` to the pipeline."""
        _assert.not_none(cleaner, "cleaner cannot be null")
        self._values.setdefault("cleaners", []).append(cleaner)
        return self

    def build(self) -> CompositeResponseTextCleaner:
        """Build the composite cleaner."""
        return CompositeResponseTextCleaner(self._values.get("cleaners", []))


class CompositeResponseTextCleaner(ResponseTextCleaner, Buildable):
    """Applies several cleaners in order; with none, text is returned unchanged.

    ``CompositeResponseTextCleaner(a, b)`` and ``CompositeResponseTextCleaner([a, b])``
    are the same; each cleaner may be a ``ResponseTextCleaner`` or a plain function.
    """

    def __init__(self, *cleaners: TextCleaner | Iterable[TextCleaner]) -> None:
        given = _flatten(cleaners)
        if given is None:
            raise ValueError("cleaners cannot be null")
        _assert.no_null_elements(given, "cleaner cannot be null")
        self._cleaners: list[Callable[[str | None], str | None]] = list(given)  # type: ignore[arg-type]

    def clean(self, text: str | None) -> str | None:
        for cleaner in self._cleaners:
            text = cleaner(text)
        return text

    @classmethod
    def builder(cls) -> CompositeResponseTextCleaner.Builder:
        """Return an empty pipeline builder."""
        return cls.Builder(cls)

    # --- generated builder (base: _CompositeResponseTextCleanerBuilder) (own builder()) ---
    class Builder(_CompositeResponseTextCleanerBuilder):
        """The builder of :class:`CompositeResponseTextCleaner`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> CompositeResponseTextCleaner: ...
    # --- end of generated builder ---
