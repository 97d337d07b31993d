"""``org.springframework.ai.document``: documents, their formatting and the ETL roles."""

from spring_ai_py.document.content_formatter import (
    ContentFormatter,
    DefaultContentFormatter,
    MetadataMode,
)
from spring_ai_py.document.document import Document, DocumentMetadata
from spring_ai_py.document.etl import DocumentReader, DocumentTransformer, DocumentWriter

__all__ = [
    "ContentFormatter",
    "DefaultContentFormatter",
    "Document",
    "DocumentMetadata",
    "DocumentReader",
    "DocumentTransformer",
    "DocumentWriter",
    "MetadataMode",
]
