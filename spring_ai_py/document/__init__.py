"""``org.springframework.ai.document``: documents, their formatting and the ETL roles.

Each name here loads its module on first use (``MetadataMode`` alone, which the
embedding properties name, does not import ``Document`` and its id generators).
"""

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports

_FORMATTER = "spring_ai_py.document.content_formatter"
_DOCUMENT = "spring_ai_py.document.document"
_ETL = "spring_ai_py.document.etl"
_EXPORTS: dict[str, str] = {
    "ContentFormatter": _FORMATTER,
    "DefaultContentFormatter": _FORMATTER,
    "Document": _DOCUMENT,
    "DocumentMetadata": _DOCUMENT,
    "DocumentReader": _ETL,
    "DocumentTransformer": _ETL,
    "DocumentWriter": _ETL,
    "MetadataMode": _FORMATTER,
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = _lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:
    from spring_ai_py.document.content_formatter import ContentFormatter as ContentFormatter
    from spring_ai_py.document.content_formatter import (
        DefaultContentFormatter as DefaultContentFormatter,
    )
    from spring_ai_py.document.content_formatter import MetadataMode as MetadataMode
    from spring_ai_py.document.document import Document as Document
    from spring_ai_py.document.document import DocumentMetadata as DocumentMetadata
    from spring_ai_py.document.etl import DocumentReader as DocumentReader
    from spring_ai_py.document.etl import DocumentTransformer as DocumentTransformer
    from spring_ai_py.document.etl import DocumentWriter as DocumentWriter
