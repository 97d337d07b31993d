"""``org.springframework.ai.reader.pdf.config``."""

from spring_ai_py.reader.pdf.config.paragraph_manager import Paragraph, ParagraphManager
from spring_ai_py.reader.pdf.config.pdf_document_reader_config import PdfDocumentReaderConfig

__all__ = ["Paragraph", "ParagraphManager", "PdfDocumentReaderConfig"]
