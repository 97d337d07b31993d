"""The base of every splitter: documents in, chunk documents out."""

from __future__ import annotations

import logging
from abc import abstractmethod
from collections.abc import Sequence

from spring_ai_py.document.document import Document
from spring_ai_py.document.etl import DocumentTransformer

_logger = logging.getLogger("spring_ai_py.transformer.splitter.TextSplitter")


class TextSplitter(DocumentTransformer):
    """Splits each document's text into chunks (:meth:`split_text`) and makes a document
    of each chunk.

    A chunk keeps its parent's metadata and score, plus ``parent_document_id``,
    ``chunk_index`` (from 0) and ``total_chunks``; it gets a new id. When
    :meth:`is_copy_content_formatter` is true (the default), the chunk also shares its
    parent's content formatter. A media document is split as the empty text.
    """

    _copy_content_formatter: bool = True

    def apply(self, documents: list[Document]) -> list[Document]:
        return self._do_split_documents(documents)

    def split(self, documents: Document | Sequence[Document]) -> list[Document]:
        """Split one document or a list of them."""
        if isinstance(documents, Document):
            return self.apply([documents])
        return self.apply(list(documents))

    def is_copy_content_formatter(self) -> bool:
        return self._copy_content_formatter

    def set_copy_content_formatter(self, copy_content_formatter: bool) -> None:
        self._copy_content_formatter = copy_content_formatter

    def _do_split_documents(self, documents: list[Document]) -> list[Document]:
        result: list[Document] = []
        for document in documents:
            chunks = self.split_text(document.get_text() or "")
            if len(chunks) > 1:
                _logger.info("Splitting up document into %d chunks.", len(chunks))
            for chunk_index, chunk in enumerate(chunks):
                metadata = {
                    key: value
                    for key, value in document.get_metadata().items()
                    if key is not None and value is not None
                }
                metadata["parent_document_id"] = document.get_id()
                metadata["chunk_index"] = chunk_index
                metadata["total_chunks"] = len(chunks)
                chunk_document = (
                    Document.builder()
                    .text(chunk)
                    .metadata(metadata)
                    .score(document.get_score())
                    .build()
                )
                if self._copy_content_formatter:
                    chunk_document.set_content_formatter(document.get_content_formatter())
                result.append(chunk_document)
        return result

    @abstractmethod
    def split_text(self, text: str) -> list[str]:
        """The chunks of ``text`` (Spring's protected ``splitText``)."""
