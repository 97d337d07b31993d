"""``org.springframework.ai.reader.markdown.config``."""

from spring_ai_py.reader.markdown.config.markdown_document_reader_config import (
    MarkdownDocumentReaderConfig,
)

__all__ = ["MarkdownDocumentReaderConfig"]
