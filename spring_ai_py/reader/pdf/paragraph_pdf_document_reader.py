"""Reading a PDF into one document per outline (table of contents) entry."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from spring_ai_py import _assert
from spring_ai_py.core.io.resource import ResourceLike, to_resource
from spring_ai_py.document.document import Document
from spring_ai_py.document.etl import DocumentReader
from spring_ai_py.reader.pdf._pypdf import PdfLimits, Region, load_pdf
from spring_ai_py.reader.pdf.config.paragraph_manager import Paragraph, ParagraphManager
from spring_ai_py.reader.pdf.config.pdf_document_reader_config import PdfDocumentReaderConfig

if TYPE_CHECKING:
    from pypdf import PdfReader

_logger = logging.getLogger("spring_ai_py.reader.pdf.ParagraphPdfDocumentReader")


def _display_top(paragraph: Paragraph, page_height: float) -> float:
    """Where ``paragraph`` starts, measured from the page top (0 without a position)."""
    return 0.0 if paragraph.position <= 0 else max(0.0, page_height - paragraph.position)


class ParagraphPdfDocumentReader(DocumentReader):
    """One document per outline entry of the PDF, with the text from that entry's
    position to the next entry's (needs the ``pdf`` extra, pypdf).

    Metadata: ``title``, ``page_number``, ``end_page_number`` (where the next sibling
    starts), ``level`` (outline depth from 0) and ``file_name``. A PDF without an outline
    and a config with page ranges are ``ValueError``s; an entry without a valid
    destination is skipped.

    An entry's text runs from its destination's ``top`` down to the next entry's
    (across pages when they differ; an entry without an XYZ destination starts at the
    top of its page). Spring 2.0.1 passes the PDF ``top``, measured from the bottom of
    the page, to PDFBox as a distance from the top, so its regions are mirrored and
    hold other sections' text; the port measures them the right way up.

    The config's ``max_page_size``, ``max_text_per_page`` and ``max_text_per_document``
    bound the work a hostile file can cause (``ValueError`` naming the file and the
    limit).
    """

    METADATA_START_PAGE = "page_number"
    METADATA_END_PAGE = "end_page_number"
    METADATA_TITLE = "title"
    METADATA_LEVEL = "level"
    METADATA_FILE_NAME = "file_name"

    def __init__(
        self, pdf_resource: ResourceLike, config: PdfDocumentReaderConfig | None = None
    ) -> None:
        config = config if config is not None else PdfDocumentReaderConfig.default_config()
        _assert.is_true(
            not config.has_page_ranges(),
            "Page ranges are not supported by ParagraphPdfDocumentReader; use "
            "PagePdfDocumentReader instead.",
        )
        resource = to_resource(pdf_resource)
        self.document: PdfReader = load_pdf(resource)
        self._config = config
        self._paragraph_manager = ParagraphManager(self.document)
        self.resource_file_name: str | None = resource.get_filename()
        self._source = resource.get_description()
        self._limits = PdfLimits(config, self._source)

    def get(self) -> list[Document]:
        self._limits = PdfLimits(self._config, self._source)
        paragraphs = self._paragraph_manager.flatten()
        documents: list[Document] = []
        for index, current in enumerate(paragraphs):
            following = paragraphs[index + 1] if index + 1 < len(paragraphs) else current
            document = self.to_document(current, following)
            if document is not None and (document.get_text() or "").strip():
                documents.append(document)
        return documents

    def to_document(self, from_paragraph: Paragraph, to_paragraph: Paragraph) -> Document | None:
        """The document of the text between two paragraphs, or ``None`` when it is blank."""
        text = self.get_text_between_paragraphs(from_paragraph, to_paragraph)
        if not text.strip():
            return None
        document = Document(text)
        self.add_metadata(from_paragraph, to_paragraph, document)
        return document

    def add_metadata(
        self, from_paragraph: Paragraph, to_paragraph: Paragraph, document: Document
    ) -> None:
        """Add the paragraphs' title, level, page range and file name to ``document``."""
        metadata = document.get_metadata()
        metadata[self.METADATA_TITLE] = from_paragraph.title
        metadata[self.METADATA_START_PAGE] = from_paragraph.start_page_number
        metadata[self.METADATA_END_PAGE] = from_paragraph.end_page_number
        metadata[self.METADATA_LEVEL] = from_paragraph.level
        if self.resource_file_name is not None:
            metadata[self.METADATA_FILE_NAME] = self.resource_file_name

    def get_text_between_paragraphs(
        self, from_paragraph: Paragraph, to_paragraph: Paragraph
    ) -> str:
        if from_paragraph.start_page_number < 1:
            _logger.warning(
                "Skipping paragraph titled '%s' because it has an invalid start page number: %d",
                from_paragraph.title,
                from_paragraph.start_page_number,
            )
            return ""
        start_page = from_paragraph.start_page_number - 1
        end_page = to_paragraph.start_page_number - 1
        if from_paragraph is to_paragraph or end_page < start_page:
            end_page = start_page
        parts: list[str] = []
        for page_index in range(start_page, end_page + 1):
            page = self.document.pages[page_index]
            _, _, width, page_height = self._limits.page_box(page, page_index + 1)
            top, bottom = 0.0, page_height
            if page_index == start_page:
                top = _display_top(from_paragraph, page_height)
            cut_at_next = (
                page_index == end_page
                and from_paragraph is not to_paragraph
                and to_paragraph.start_page_number - 1 == page_index
            )
            if cut_at_next and (to_paragraph.position > 0 or page_index != start_page):
                bottom = _display_top(to_paragraph, page_height)
            if bottom < top:
                bottom = page_height
            text = self._limits.page_text(page, page_index + 1, Region(0, top, width, bottom - top))
            if text.strip():
                parts.append(text)
        text = "".join(parts)
        if text.strip():
            text = self._config.page_extracted_text_formatter.format(text, start_page)
        return text
