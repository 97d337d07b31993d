"""Joins retrieved documents by concatenation, dropping duplicates."""

from __future__ import annotations

import logging

from spring_ai_py import _assert
from spring_ai_py.document import Document
from spring_ai_py.rag.retrieval.join.document_joiner import DocumentJoiner, DocumentsForQuery

_logger = logging.getLogger(__name__)


class ConcatenationDocumentJoiner(DocumentJoiner):
    """Concatenates the documents of every query and source into one list.

    Of documents sharing an id the first one met is kept; scores stay as they are; the
    result is sorted by score, highest first (a document without a score counts as
    0.0; equal scores keep their order).
    """

    def join(self, documents_for_query: DocumentsForQuery) -> list[Document]:
        _assert.not_none(documents_for_query, "documents_for_query cannot be null")
        _assert.no_null_elements(
            documents_for_query.keys(), "documents_for_query cannot contain null keys"
        )
        _assert.no_null_elements(
            documents_for_query.values(), "documents_for_query cannot contain null values"
        )
        _logger.debug("Joining documents by concatenation")
        unique: dict[str, Document] = {}
        for document_lists in documents_for_query.values():
            for documents in document_lists:
                for document in documents:
                    unique.setdefault(document.get_id(), document)
        return sorted(
            unique.values(),
            key=lambda document: document.get_score() or 0.0,
            reverse=True,
        )
