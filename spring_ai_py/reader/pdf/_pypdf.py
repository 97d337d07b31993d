"""pypdf access for the PDF readers: loading, and layout text of a page region."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from spring_ai_py.core.io.resource import Resource

if TYPE_CHECKING:
    from pypdf import PdfReader

    from spring_ai_py.reader.pdf.config.pdf_document_reader_config import (
        PdfDocumentReaderConfig,
    )

OUTPUT_SPACE_CHARACTER_WIDTH_IN_PT = 4
"""Points per output column, as in Spring's layout text stripper."""


def load_pdf(resource: Resource) -> PdfReader:
    """A ``pypdf.PdfReader`` of ``resource`` (``ImportError`` naming the ``pdf`` extra)."""
    try:
        import pypdf
    except ImportError as error:
        raise ImportError("The PDF readers need pypdf: pip install 'spring_ai_py[pdf]'") from error
    try:
        return pypdf.PdfReader(io.BytesIO(resource.get_content_as_bytes()))
    except Exception as error:
        raise RuntimeError(f"Cannot read PDF {resource.get_description()}: {error}") from error


@dataclass(frozen=True)
class Region:
    """A rectangle in display coordinates: ``y`` grows downwards from the page top."""

    x: float
    y: float
    width: float
    height: float

    def contains(self, x: float, y: float) -> bool:
        """Java's ``Rectangle2D.contains``: the far edges are outside, an empty one holds nothing."""
        if self.width <= 0 or self.height <= 0:
            return False
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


@dataclass(frozen=True)
class _Fragment:
    x: float
    y: float  # baseline, display coordinates
    text: str


def media_box(page: Any) -> tuple[float, float, float, float]:
    """``(lower_left_x, lower_left_y, width, height)`` of the page's media box."""
    box = page.mediabox
    return float(box.left), float(box.bottom), float(box.width), float(box.height)


class _TooMuchText(Exception):
    """A page's text grew past its limit (raised from inside pypdf's text walk)."""


class PdfLimits:
    """The limits of one read of one PDF: page geometry, text per page, text per file.

    ``source`` names the file in errors; the characters returned so far are counted
    across pages, so one instance serves one ``get()``.
    """

    def __init__(self, config: PdfDocumentReaderConfig, source: str) -> None:
        self._config = config
        self._source = source
        self._total = 0

    def page_box(self, page: Any, page_number: int) -> tuple[float, float, float, float]:
        """The page's :func:`media_box`; ``ValueError`` when it is larger than allowed."""
        box = media_box(page)
        limit = self._config.max_page_size
        width, height = box[2], box[3]
        # written so that a NaN size fails too
        if not (abs(width) <= limit and abs(height) <= limit):
            raise ValueError(
                f"PDF {self._source}: page {page_number} is {width:g} x {height:g} points, "
                f"larger than max_page_size ({limit:g} points)"
            )
        return box

    def page_text(self, page: Any, page_number: int, region: Region) -> str:
        """:func:`region_text`, bounded by ``max_text_per_page`` and ``max_text_per_document``."""
        self.page_box(page, page_number)
        limit = self._config.max_text_per_page
        try:
            text = region_text(page, region, limit)
        except _TooMuchText:
            raise ValueError(
                f"PDF {self._source}: page {page_number} has more than max_text_per_page "
                f"({limit}) characters of text"
            ) from None
        self._total += len(text)
        if self._total > self._config.max_text_per_document:
            raise ValueError(
                f"PDF {self._source}: more than max_text_per_document "
                f"({self._config.max_text_per_document}) characters of text"
            )
        return text


def region_text(page: Any, region: Region, max_chars: int) -> str:
    """The page's text inside ``region``, laid out in lines and columns (one column per
    4 points, as Spring's layout stripper does), each line ending with ``\\n``;
    :class:`_TooMuchText` once it passes ``max_chars`` characters."""
    left, bottom, _, height = media_box(page)
    fragments: list[_Fragment] = []
    seen = 0

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: Any) -> None:
        nonlocal seen
        cleaned = text.replace("\r", "").replace("\n", "")
        if not cleaned.strip():
            return
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4] - left
        y = height - (tm[4] * cm[1] + tm[5] * cm[3] + cm[5] - bottom)
        if region.contains(x, y):
            seen += len(cleaned)
            if seen > max_chars:
                raise _TooMuchText
            fragments.append(_Fragment(x, y, cleaned))

    page.extract_text(visitor_text=visit)
    return _layout(fragments, max_chars)


def _layout(fragments: list[_Fragment], max_chars: int) -> str:
    lines: list[list[_Fragment]] = []
    for fragment in sorted(fragments, key=lambda f: (f.y, f.x)):
        if lines and abs(lines[-1][0].y - fragment.y) < 1.0:
            lines[-1].append(fragment)
        else:
            lines.append([fragment])
    out: list[str] = []
    size = 0  # characters in out
    previous_y: float | None = None
    for line in lines:
        if previous_y is not None and line[0].y - previous_y > 24:
            out.append("\n")  # a paragraph gap: one empty line
            size += 1
        previous_y = line[0].y
        text = ""
        for fragment in sorted(line, key=lambda f: f.x):
            column = int(fragment.x / OUTPUT_SPACE_CHARACTER_WIDTH_IN_PT)
            if size + max(column, len(text)) + len(fragment.text) + 1 > max_chars:
                raise _TooMuchText
            piece = fragment.text if text else fragment.text.lstrip(" ")
            if len(text) < column:
                text += " " * (column - len(text)) + piece.lstrip(" ")
            elif text and not text.endswith(" ") and not piece.startswith(" "):
                text += " " + piece
            else:
                text += piece
        out.append(text.rstrip(" ") + "\n")
        size += len(out[-1])
    return "".join(out)
