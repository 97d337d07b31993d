"""Clean-up of text extracted from PDF pages: blank lines, alignment, headers/footers."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _builder
from spring_ai_py._builder import Buildable

_BLANK_LINE_SPACES = re.compile(r"^ *\n", re.MULTILINE)
_ADJACENT_BLANK_LINES = re.compile(r"^$([\r\n]+?)(^$[\r\n]+?^)+", re.MULTILINE)
_LEADING_OR_RUN_SPACES = re.compile(r"^ *| +(?= |$)", re.MULTILINE)
_ALIGN_BLANK_LINES = re.compile(r"^$(\t?)(^$[\r\n]+?^)+", re.MULTILINE)


def _last_index_of(text: str, part: str, from_index: int) -> int:
    """Java's ``lastIndexOf(part, fromIndex)``: the last start at or before ``from_index``."""
    if from_index < 0:
        return -1
    return text.rfind(part, 0, from_index + len(part))


class ExtractedTextFormatter(Buildable):
    """Formats extracted page text, as Spring's formatter does.

    Adjacent blank lines collapse to one; from page ``number_of_top_pages_to_skip_before_delete``
    on, the first ``number_of_top_text_lines_to_delete`` and the last
    ``number_of_bottom_text_lines_to_delete`` lines are removed (running headers and
    footers); ``left_alignment`` strips leading and repeated spaces. Lines end with
    ``line_separator`` (``"\\n"``). Java setter names work on the builder
    (``with_left_alignment(True)``, ``override_line_separator("\\r\\n")``).
    """

    _builder_aliases: ClassVar[dict[str, str]] = {
        "with_left_alignment": "left_alignment",
        "with_number_of_top_pages_to_skip_before_delete": "number_of_top_pages_to_skip_before_delete",
        "with_number_of_top_text_lines_to_delete": "number_of_top_text_lines_to_delete",
        "with_number_of_bottom_text_lines_to_delete": "number_of_bottom_text_lines_to_delete",
        "override_line_separator": "line_separator",
    }

    def __init__(
        self,
        *,
        left_alignment: bool = False,
        number_of_top_pages_to_skip_before_delete: int = 0,
        number_of_top_text_lines_to_delete: int = 0,
        number_of_bottom_text_lines_to_delete: int = 0,
        line_separator: str = "\n",
    ) -> None:
        self._left_alignment = left_alignment
        self._number_of_top_pages_to_skip_before_delete = number_of_top_pages_to_skip_before_delete
        self._number_of_top_text_lines_to_delete = number_of_top_text_lines_to_delete
        self._number_of_bottom_text_lines_to_delete = number_of_bottom_text_lines_to_delete
        self._line_separator = line_separator

    @staticmethod
    def defaults() -> ExtractedTextFormatter:
        """A formatter with the default settings."""
        return ExtractedTextFormatter()

    @staticmethod
    def trim_adjacent_blank_lines(page_text: str) -> str:
        """``page_text`` with blank lines emptied and each run of them reduced to one."""
        return _ADJACENT_BLANK_LINES.sub(r"\1", _BLANK_LINE_SPACES.sub("\n", page_text))

    @staticmethod
    def align_to_left(page_text: str) -> str:
        """``page_text`` with leading and repeated spaces removed from its lines."""
        return _ALIGN_BLANK_LINES.sub(r"\1", _LEADING_OR_RUN_SPACES.sub("", page_text))

    @staticmethod
    def delete_bottom_text_lines(page_text: str, number_of_lines: int, line_separator: str) -> str:
        """``page_text`` without its last ``number_of_lines`` lines (split at ``line_separator``).
"""
        if not page_text or not page_text.strip():
            return page_text
        line_count = 0
        truncate_index = len(page_text)
        next_truncate_index = truncate_index
        while line_count < number_of_lines and next_truncate_index >= 0:
            next_truncate_index = _last_index_of(page_text, line_separator, truncate_index - 1)
            truncate_index = truncate_index if next_truncate_index < 0 else next_truncate_index
            line_count += 1
        return page_text[:truncate_index]

    @staticmethod
    def delete_top_text_lines(page_text: str, number_of_lines: int, line_separator: str) -> str:
        """``page_text`` without its first ``number_of_lines`` lines (split at ``line_separator``).
"""
        if not page_text or not page_text.strip():
            return page_text
        line_count = 0
        truncate_index = 0
        next_truncate_index = truncate_index
        while line_count < number_of_lines and next_truncate_index >= 0:
            next_truncate_index = page_text.find(line_separator, truncate_index + 1)
            truncate_index = truncate_index if next_truncate_index < 0 else next_truncate_index
            line_count += 1
        return page_text[truncate_index:]

    def format(self, page_text: str, page_number: int = 0) -> str:
        """Format the text of page ``page_number`` (counted from 0 or 1, as the caller does)."""
        text = self.trim_adjacent_blank_lines(page_text)
        if page_number >= self._number_of_top_pages_to_skip_before_delete:
            text = self.delete_top_text_lines(
                text, self._number_of_top_text_lines_to_delete, self._line_separator
            )
            text = self.delete_bottom_text_lines(
                text, self._number_of_bottom_text_lines_to_delete, self._line_separator
            )
        if self._left_alignment:
            text = self.align_to_left(text)
        return text

    # --- generated builder ---
    class Builder(_builder.Builder["ExtractedTextFormatter"]):
        """The builder of :class:`ExtractedTextFormatter`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def left_alignment(self, left_alignment: bool, /) -> Self:
            return self._set("left_alignment", (left_alignment,))

        def number_of_top_pages_to_skip_before_delete(self, number_of_top_pages_to_skip_before_delete: int, /) -> Self:
            return self._set("number_of_top_pages_to_skip_before_delete", (number_of_top_pages_to_skip_before_delete,))

        def number_of_top_text_lines_to_delete(self, number_of_top_text_lines_to_delete: int, /) -> Self:
            return self._set("number_of_top_text_lines_to_delete", (number_of_top_text_lines_to_delete,))

        def number_of_bottom_text_lines_to_delete(self, number_of_bottom_text_lines_to_delete: int, /) -> Self:
            return self._set("number_of_bottom_text_lines_to_delete", (number_of_bottom_text_lines_to_delete,))

        def line_separator(self, line_separator: str, /) -> Self:
            return self._set("line_separator", (line_separator,))

        def override_line_separator(self, line_separator: str, /) -> Self:
            return self._set("line_separator", (line_separator,))

        def with_left_alignment(self, left_alignment: bool, /) -> Self:
            return self._set("left_alignment", (left_alignment,))

        def with_number_of_bottom_text_lines_to_delete(self, number_of_bottom_text_lines_to_delete: int, /) -> Self:
            return self._set("number_of_bottom_text_lines_to_delete", (number_of_bottom_text_lines_to_delete,))

        def with_number_of_top_pages_to_skip_before_delete(self, number_of_top_pages_to_skip_before_delete: int, /) -> Self:
            return self._set("number_of_top_pages_to_skip_before_delete", (number_of_top_pages_to_skip_before_delete,))

        def with_number_of_top_text_lines_to_delete(self, number_of_top_text_lines_to_delete: int, /) -> Self:
            return self._set("number_of_top_text_lines_to_delete", (number_of_top_text_lines_to_delete,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ExtractedTextFormatter: ...

    @classmethod
    def builder(cls) -> ExtractedTextFormatter.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ExtractedTextFormatter.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
