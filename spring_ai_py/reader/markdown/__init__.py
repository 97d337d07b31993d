"""``org.springframework.ai.reader.markdown``: the markdown reader (extra ``markdown``)."""

from spring_ai_py.reader.markdown.config import MarkdownDocumentReaderConfig
from spring_ai_py.reader.markdown.markdown_document_reader import MarkdownDocumentReader

__all__ = ["MarkdownDocumentReader", "MarkdownDocumentReaderConfig"]
