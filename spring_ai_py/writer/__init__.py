"""``org.springframework.ai.writer``: document writers (vector stores are writers too)."""

from spring_ai_py.document.etl import DocumentWriter
from spring_ai_py.writer.file_document_writer import FileDocumentWriter

__all__ = ["DocumentWriter", "FileDocumentWriter"]
