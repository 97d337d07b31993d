"""Reading a PDF page by page (or a few pages at a time) into documents."""

from __future__ import annotations

import logging
import sys
from typing import TYPE_CHECKING, Any

from spring_ai_py.core.io.resource import ResourceLike, to_resource
from spring_ai_py.document.document import Document
from spring_ai_py.document.etl import DocumentReader
from spring_ai_py.reader.pdf._pypdf import PdfLimits, Region, load_pdf
from spring_ai_py.reader.pdf.config.pdf_document_reader_config import PdfDocumentReaderConfig

if TYPE_CHECKING:
    from pypdf import PdfReader

_logger = logging.getLogger("spring_ai_py.reader.pdf.PagePdfDocumentReader")


class PagePdfDocumentReader(DocumentReader):
    """One document per page, or per ``pages_per_document`` pages (needs the ``pdf``
    extra, pypdf).

    Each page's text between the top and bottom margins is laid out in lines and
    columns and cleaned by the config's :class:`~spring_ai_py.reader.ExtractedTextFormatter`;
    pages without text are skipped. Metadata: ``page_number`` (first page),
    ``end_page_number`` (when a document spans pages) and ``file_name``. With page
    ranges, a gap between selected pages always ends a document. The config's
    ``max_page_size``, ``max_text_per_page`` and ``max_text_per_document`` bound the
    work a hostile file can cause (``ValueError`` naming the file and the limit).
    """

    METADATA_START_PAGE_NUMBER = "page_number"
    METADATA_END_PAGE_NUMBER = "end_page_number"
    METADATA_FILE_NAME = "file_name"

    def __init__(
        self, pdf_resource: ResourceLike, config: PdfDocumentReaderConfig | None = None
    ) -> None:
        resource = to_resource(pdf_resource)
        self.document: PdfReader = load_pdf(resource)
        self.resource_file_name: str | None = resource.get_filename()
        self._config = config if config is not None else PdfDocumentReaderConfig.default_config()
        self._source = resource.get_description()
        self._limits = PdfLimits(self._config, self._source)

    def get(self) -> list[Document]:
        config = self._config
        self._limits = PdfLimits(config, self._source)
        pages = self.document.pages
        total = len(pages)
        per_document = (
            sys.maxsize
            if config.pages_per_document == config.ALL_PAGES
            else config.pages_per_document
        )
        documents: list[Document] = []
        group: list[str] = []
        group_start = group_end = previous = in_group = selected = 0
        for page_number, page in enumerate(pages, start=1):
            if not config.is_page_selected(page_number):
                continue
            if in_group > 0 and page_number != previous + 1:
                self._flush(documents, group, group_start, group_end)
                group_start = in_group = 0
            _logger.debug("Processing PDF page: %d", page_number)
            if group_start == 0:
                group_start = page_number
            self._handle_single_page(page, page_number, group)
            group_end = previous = page_number
            in_group += 1
            selected += 1
            if in_group == per_document:
                self._flush(documents, group, group_start, group_end)
                group_start = in_group = 0
        self._flush(documents, group, group_start, group_end)
        _logger.info("Processed %d selected pages of %d total", selected, total)
        return documents

    def _handle_single_page(self, page: Any, page_number: int, group: list[str]) -> None:
        config = self._config
        _, _, width, height = self._limits.page_box(page, page_number)
        region = Region(
            0,
            config.page_top_margin,
            width,
            height - (config.page_top_margin + config.page_bottom_margin),
        )
        text = self._limits.page_text(page, page_number, region)
        if text.strip():
            group.append(config.page_extracted_text_formatter.format(text, page_number))

    def _flush(self, documents: list[Document], group: list[str], start: int, end: int) -> None:
        if group:
            documents.append(self.to_document("".join(group), start, end))
            group.clear()

    def to_document(self, doc_text: str, start_page_number: int, end_page_number: int) -> Document:
        """The document of ``doc_text``, with its page range and the file name as metadata."""
        document = Document(doc_text)
        document.get_metadata()[self.METADATA_START_PAGE_NUMBER] = start_page_number
        if start_page_number != end_page_number:
            document.get_metadata()[self.METADATA_END_PAGE_NUMBER] = end_page_number
        if self.resource_file_name is not None:
            document.get_metadata()[self.METADATA_FILE_NAME] = self.resource_file_name
        return document
