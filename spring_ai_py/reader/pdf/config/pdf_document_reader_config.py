"""Options shared by the PDF readers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.reader.extracted_text_formatter import ExtractedTextFormatter


def _check_page_range(start_page: int, end_page: int) -> None:
    _assert.is_true(start_page >= 1, "start_page must be a positive (one-based) value.")
    _assert.is_true(end_page >= start_page, "end_page must be greater than or equal to start_page.")


class _PdfDocumentReaderConfigBuilder(_builder.Builder["PdfDocumentReaderConfig"]):
    """Builder with Spring's setter names (``with_pages_per_document(2)``)."""

    __slots__ = ()

    def add_page_range(self, start_page: int, end_page: int) -> Self:
        _check_page_range(start_page, end_page)
        self._values["page_ranges"] = [*self._values.get("page_ranges", ()), (start_page, end_page)]
        return self


class PdfDocumentReaderConfig(Buildable):
    """How the PDF readers group pages and clean their text.

    ``pages_per_document``: pages per document (1 by default; ``ALL_PAGES`` = 0 puts
    every page of a contiguous run in one). ``page_top_margin`` / ``page_bottom_margin``:
    points cut off each page. ``page_extracted_text_formatter``: the clean-up of each
    page's text. ``add_page_range(start, end)``: read only those pages (from 1,
    inclusive; several ranges may overlap). ``reversed_paragraph_position`` is kept
    for Spring parity (Spring does not use it either).

    Limits against hostile files (a few hundred bytes can declare a page billions of
    points wide, whose laid-out text would fill memory): ``max_page_size`` bounds each
    page's width and height in points (``DEFAULT_MAX_PAGE_SIZE`` = 14,400, the PDF
    format's own limit of 200 inches), ``max_text_per_page`` the characters of one page
    (``DEFAULT_MAX_TEXT_PER_PAGE`` = 1,000,000) and ``max_text_per_document`` the
    characters a reader returns from one file (``DEFAULT_MAX_TEXT_PER_DOCUMENT`` =
    50,000,000). A file over a limit is a ``ValueError`` naming the file and the limit.
    """

    DEFAULT_MAX_PAGE_SIZE = 14_400
    DEFAULT_MAX_TEXT_PER_PAGE = 1_000_000
    DEFAULT_MAX_TEXT_PER_DOCUMENT = 50_000_000

    ALL_PAGES = 0

    _builder_aliases: ClassVar[dict[str, str]] = {
        "with_page_extracted_text_formatter": "page_extracted_text_formatter",
        "with_pages_per_document": "pages_per_document",
        "with_page_top_margin": "page_top_margin",
        "with_page_bottom_margin": "page_bottom_margin",
        "with_reversed_paragraph_position": "reversed_paragraph_position",
        "with_max_page_size": "max_page_size",
        "with_max_text_per_page": "max_text_per_page",
        "with_max_text_per_document": "max_text_per_document",
    }

    def __init__(
        self,
        *,
        pages_per_document: int = 1,
        page_top_margin: int = 0,
        page_bottom_margin: int = 0,
        page_extracted_text_formatter: ExtractedTextFormatter | None = None,
        reversed_paragraph_position: bool = False,
        page_ranges: Sequence[tuple[int, int]] = (),
        max_page_size: float = DEFAULT_MAX_PAGE_SIZE,
        max_text_per_page: int = DEFAULT_MAX_TEXT_PER_PAGE,
        max_text_per_document: int = DEFAULT_MAX_TEXT_PER_DOCUMENT,
    ) -> None:
        """Every setting checked as its builder setter checks it."""
        check = self._check_builder_value
        check("pages_per_document", pages_per_document)
        check("page_top_margin", page_top_margin)
        check("page_bottom_margin", page_bottom_margin)
        check("max_page_size", max_page_size)
        check("max_text_per_page", max_text_per_page)
        check("max_text_per_document", max_text_per_document)
        for start_page, end_page in page_ranges:
            _check_page_range(start_page, end_page)
        self.pages_per_document = pages_per_document
        self.page_top_margin = page_top_margin
        self.page_bottom_margin = page_bottom_margin
        self.page_extracted_text_formatter = (
            page_extracted_text_formatter
            if page_extracted_text_formatter is not None
            else ExtractedTextFormatter.defaults()
        )
        self.reversed_paragraph_position = reversed_paragraph_position
        self._page_ranges = tuple(page_ranges)
        self.max_page_size = float(max_page_size)
        self.max_text_per_page = max_text_per_page
        self.max_text_per_document = max_text_per_document

    @classmethod
    def _check_builder_value(cls, name: str, value: object) -> None:
        # Spring's setters assert at once, with these messages.
        if name == "page_extracted_text_formatter":
            _assert.not_none(value, "PageExtractedTextFormatter must not be null.")
        elif name == "pages_per_document":
            _assert.is_true(value >= 0, "Page count must be a positive value.")  # type: ignore[operator]
        elif name in ("page_top_margin", "page_bottom_margin"):
            _assert.is_true(value >= 0, "Page margins must be a positive value.")  # type: ignore[operator]
        elif name == "max_page_size":
            _positive(value, "max_page_size")
        elif name in ("max_text_per_page", "max_text_per_document"):
            _positive_int(value, name)

    @staticmethod
    def builder() -> PdfDocumentReaderConfig.Builder:
        """A builder for a configuration."""
        return PdfDocumentReaderConfig.Builder(PdfDocumentReaderConfig)

    @staticmethod
    def default_config() -> PdfDocumentReaderConfig:
        """The configuration with every default."""
        return PdfDocumentReaderConfig.builder().build()

    def is_page_selected(self, page_number: int) -> bool:
        """Whether page ``page_number`` (from 1) is read: always, without page ranges."""
        if not self._page_ranges:
            return True
        return any(start <= page_number <= end for start, end in self._page_ranges)

    def has_page_ranges(self) -> bool:
        return bool(self._page_ranges)

    # --- generated builder (base: _PdfDocumentReaderConfigBuilder) (own builder()) ---
    class Builder(_PdfDocumentReaderConfigBuilder):
        """The builder of :class:`PdfDocumentReaderConfig`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def pages_per_document(self, pages_per_document: int, /) -> Self:
            return self._set("pages_per_document", (pages_per_document,))

        def page_top_margin(self, page_top_margin: int, /) -> Self:
            return self._set("page_top_margin", (page_top_margin,))

        def page_bottom_margin(self, page_bottom_margin: int, /) -> Self:
            return self._set("page_bottom_margin", (page_bottom_margin,))

        def page_extracted_text_formatter(self, page_extracted_text_formatter: ExtractedTextFormatter | None, /) -> Self:
            return self._set("page_extracted_text_formatter", (page_extracted_text_formatter,))

        def reversed_paragraph_position(self, reversed_paragraph_position: bool, /) -> Self:
            return self._set("reversed_paragraph_position", (reversed_paragraph_position,))

        def page_ranges(self, page_ranges: tuple[int, int] | Sequence[tuple[int, int]], /, *more: tuple[int, int]) -> Self:
            return self._set("page_ranges", (page_ranges, *more), sequence=True)

        def max_page_size(self, max_page_size: float, /) -> Self:
            return self._set("max_page_size", (max_page_size,))

        def max_text_per_page(self, max_text_per_page: int, /) -> Self:
            return self._set("max_text_per_page", (max_text_per_page,))

        def max_text_per_document(self, max_text_per_document: int, /) -> Self:
            return self._set("max_text_per_document", (max_text_per_document,))

        def with_max_page_size(self, max_page_size: float, /) -> Self:
            return self._set("max_page_size", (max_page_size,))

        def with_max_text_per_document(self, max_text_per_document: int, /) -> Self:
            return self._set("max_text_per_document", (max_text_per_document,))

        def with_max_text_per_page(self, max_text_per_page: int, /) -> Self:
            return self._set("max_text_per_page", (max_text_per_page,))

        def with_page_bottom_margin(self, page_bottom_margin: int, /) -> Self:
            return self._set("page_bottom_margin", (page_bottom_margin,))

        def with_page_extracted_text_formatter(self, page_extracted_text_formatter: ExtractedTextFormatter | None, /) -> Self:
            return self._set("page_extracted_text_formatter", (page_extracted_text_formatter,))

        def with_page_top_margin(self, page_top_margin: int, /) -> Self:
            return self._set("page_top_margin", (page_top_margin,))

        def with_pages_per_document(self, pages_per_document: int, /) -> Self:
            return self._set("pages_per_document", (pages_per_document,))

        def with_reversed_paragraph_position(self, reversed_paragraph_position: bool, /) -> Self:
            return self._set("reversed_paragraph_position", (reversed_paragraph_position,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> PdfDocumentReaderConfig: ...
    # --- end of generated builder ---

def _positive(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise ValueError(f"{name} must be a positive number, got {value!r}")
    return float(value)


def _positive_int(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")
    return value
