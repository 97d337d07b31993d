"""Options shared by the PDF readers."""

from __future__ import annotations

from spring_ai_py import _assert
from spring_ai_py.reader.extracted_text_formatter import ExtractedTextFormatter


class PdfDocumentReaderConfig:
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

    def __init__(self, builder: PdfDocumentReaderConfig.Builder) -> None:
        self.pages_per_document = builder._pages_per_document
        self.page_top_margin = builder._page_top_margin
        self.page_bottom_margin = builder._page_bottom_margin
        self.page_extracted_text_formatter = builder._page_extracted_text_formatter
        self.reversed_paragraph_position = builder._reversed_paragraph_position
        self._page_ranges = tuple(builder._page_ranges)
        self.max_page_size = builder._max_page_size
        self.max_text_per_page = builder._max_text_per_page
        self.max_text_per_document = builder._max_text_per_document

    @staticmethod
    def builder() -> PdfDocumentReaderConfig.Builder:
        """A builder for a configuration."""
        return PdfDocumentReaderConfig.Builder()

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

    class Builder:
        """Builder with Spring's setter names (``with_pages_per_document(2)``)."""

        def __init__(self) -> None:
            self._pages_per_document = 1
            self._page_top_margin = 0
            self._page_bottom_margin = 0
            self._page_extracted_text_formatter = ExtractedTextFormatter.defaults()
            self._reversed_paragraph_position = False
            self._page_ranges: list[tuple[int, int]] = []
            self._max_page_size: float = PdfDocumentReaderConfig.DEFAULT_MAX_PAGE_SIZE
            self._max_text_per_page = PdfDocumentReaderConfig.DEFAULT_MAX_TEXT_PER_PAGE
            self._max_text_per_document = PdfDocumentReaderConfig.DEFAULT_MAX_TEXT_PER_DOCUMENT

        def with_page_extracted_text_formatter(
            self, page_extracted_text_formatter: ExtractedTextFormatter
        ) -> PdfDocumentReaderConfig.Builder:
            _assert.not_none(
                page_extracted_text_formatter, "PageExtractedTextFormatter must not be null."
            )
            self._page_extracted_text_formatter = page_extracted_text_formatter
            return self

        def with_pages_per_document(
            self, pages_per_document: int
        ) -> PdfDocumentReaderConfig.Builder:
            _assert.is_true(pages_per_document >= 0, "Page count must be a positive value.")
            self._pages_per_document = pages_per_document
            return self

        def with_page_top_margin(self, top_margin: int) -> PdfDocumentReaderConfig.Builder:
            _assert.is_true(top_margin >= 0, "Page margins must be a positive value.")
            self._page_top_margin = top_margin
            return self

        def with_page_bottom_margin(self, bottom_margin: int) -> PdfDocumentReaderConfig.Builder:
            _assert.is_true(bottom_margin >= 0, "Page margins must be a positive value.")
            self._page_bottom_margin = bottom_margin
            return self

        def with_reversed_paragraph_position(
            self, reversed_paragraph_position: bool
        ) -> PdfDocumentReaderConfig.Builder:
            self._reversed_paragraph_position = reversed_paragraph_position
            return self

        def add_page_range(self, start_page: int, end_page: int) -> PdfDocumentReaderConfig.Builder:
            _assert.is_true(start_page >= 1, "start_page must be a positive (one-based) value.")
            _assert.is_true(
                end_page >= start_page, "end_page must be greater than or equal to start_page."
            )
            self._page_ranges.append((start_page, end_page))
            return self

        def with_max_page_size(self, max_page_size: float) -> PdfDocumentReaderConfig.Builder:
            """The largest page width or height read, in points."""
            self._max_page_size = _positive(max_page_size, "max_page_size")
            return self

        def with_max_text_per_page(self, max_text_per_page: int) -> PdfDocumentReaderConfig.Builder:
            """The most characters of text one page may yield."""
            self._max_text_per_page = _positive_int(max_text_per_page, "max_text_per_page")
            return self

        def with_max_text_per_document(
            self, max_text_per_document: int
        ) -> PdfDocumentReaderConfig.Builder:
            """The most characters of text a reader returns from one file."""
            self._max_text_per_document = _positive_int(
                max_text_per_document, "max_text_per_document"
            )
            return self

        def build(self) -> PdfDocumentReaderConfig:
            return PdfDocumentReaderConfig(self)


def _positive(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise ValueError(f"{name} must be a positive number, got {value!r}")
    return float(value)


def _positive_int(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")
    return value
