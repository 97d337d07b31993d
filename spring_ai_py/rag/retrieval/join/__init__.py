"""``org.springframework.ai.rag.retrieval.join``: document joiners."""

from spring_ai_py.rag.retrieval.join.concatenation_document_joiner import (
    ConcatenationDocumentJoiner,
)
from spring_ai_py.rag.retrieval.join.document_joiner import DocumentJoiner, DocumentsForQuery

__all__ = ["ConcatenationDocumentJoiner", "DocumentJoiner", "DocumentsForQuery"]
