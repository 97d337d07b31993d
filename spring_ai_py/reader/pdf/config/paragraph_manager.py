"""The paragraphs of a PDF, from its outline (table of contents)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from spring_ai_py import _assert

if TYPE_CHECKING:
    from pypdf import PdfReader

_REASONABLE_DEPTH = 64


@dataclass(eq=False)
class Paragraph:
    """An outline entry: ``title``, nesting ``level`` (from 0), the page it starts on,
    the page its next sibling starts on (``end_page_number``), and the ``position``
    (the XYZ destination's top, 0 without one). Compared by identity."""

    parent: Paragraph | None
    title: str
    level: int
    start_page_number: int
    end_page_number: int
    position: int
    children: list[Paragraph] = field(default_factory=list)

    def __str__(self) -> str:
        indent = "" if self.level < 0 else " " * (self.level * 2)
        return (
            f"{indent} {self.level}) {self.title} [{self.start_page_number},"
            f"{self.end_page_number}], children = {len(self.children)}, pos = {self.position}"
        )


class ParagraphManager:
    """Builds the paragraph tree of a ``pypdf.PdfReader`` from its outline.

    A PDF without an outline is a ``ValueError`` that points to
    ``PagePdfDocumentReader``; an entry whose destination is missing gets page -1.
    """

    def __init__(self, document: PdfReader) -> None:
        _assert.not_none(document, "PDDocument must not be null")
        root = document.root_object
        _assert.is_true(
            "/Outlines" in root,
            "Document outline (e.g. TOC) is null. Make sure the PDF document has a table of "
            "contents (TOC). If not, consider the PagePdfDocumentReader or the "
            "TikaDocumentReader instead.",
        )
        self._document = document
        self._root = Paragraph(None, "root", -1, 1, len(document.pages), 0)
        self._generate(self._root, document.outline, 0)

    def flatten(self) -> list[Paragraph]:
        """Every paragraph, depth first, in outline order."""
        result: list[Paragraph] = []

        def walk(paragraph: Paragraph, depth: int) -> None:
            if depth > _REASONABLE_DEPTH:
                raise RuntimeError("Unreasonable pdf paragraph depth")
            result.append(paragraph)
            for child in paragraph.children:
                walk(child, depth + 1)

        for child in self._root.children:
            walk(child, 0)
        return result

    def get_paragraphs_by_level(
        self, paragraph: Paragraph, level: int, inter_level_text: bool
    ) -> list[Paragraph]:
        result: list[Paragraph] = []
        if paragraph.level < level:
            if paragraph.children:
                if inter_level_text:
                    result.append(
                        Paragraph(
                            paragraph.parent,
                            paragraph.title,
                            paragraph.level,
                            paragraph.start_page_number,
                            paragraph.children[0].start_page_number,
                            paragraph.position,
                        )
                    )
                for child in paragraph.children:
                    result.extend(self.get_paragraphs_by_level(child, level, inter_level_text))
        elif paragraph.level == level:
            result.append(paragraph)
        return result

    def _generate(self, parent: Paragraph, outline: list[Any], level: int) -> None:
        if level > _REASONABLE_DEPTH:
            raise RuntimeError("pdf containing circular reference or unreasonable nesting level")
        # pypdf lists an entry, then (as a nested list) its children.
        entries: list[tuple[Any, list[Any]]] = []
        for item in outline:
            if isinstance(item, list):
                if entries:
                    entries[-1][1].extend(item)
            else:
                entries.append((item, []))
        for index, (item, children) in enumerate(entries):
            page_number = self._page_number(item)
            next_page = self._page_number(entries[index + 1][0]) if index + 1 < len(entries) else -1
            if next_page < 0:
                last_child = next((c for c in reversed(children) if not isinstance(c, list)), None)
                next_page = self._page_number(last_child)
            top = item.get("/Top") if item.get("/Type") == "/XYZ" else None
            position = int(top) if isinstance(top, int | float) else 0
            paragraph = Paragraph(parent, str(item.title), level, page_number, next_page, position)
            parent.children.append(paragraph)
            self._generate(paragraph, children, level + 1)

    def _page_number(self, item: Any) -> int:
        if item is None:
            return -1
        try:
            number = self._document.get_destination_page_number(item)
        except Exception:
            return -1
        return -1 if number is None or number < 0 else int(number) + 1
