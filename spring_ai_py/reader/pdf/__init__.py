"""``org.springframework.ai.reader.pdf``: PDF readers on pypdf (extra ``pdf``)."""

from spring_ai_py.reader.pdf.config import PdfDocumentReaderConfig
from spring_ai_py.reader.pdf.page_pdf_document_reader import PagePdfDocumentReader
from spring_ai_py.reader.pdf.paragraph_pdf_document_reader import ParagraphPdfDocumentReader

__all__ = ["PagePdfDocumentReader", "ParagraphPdfDocumentReader", "PdfDocumentReaderConfig"]
