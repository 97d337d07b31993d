"""Writing documents' formatted content to a text file."""

from __future__ import annotations

import os
from pathlib import Path

from spring_ai_py import _assert
from spring_ai_py.document.content_formatter import MetadataMode
from spring_ai_py.document.document import Document
from spring_ai_py.document.etl import DocumentWriter


class FileDocumentWriter(DocumentWriter):
    """Writes each document's formatted content (``MetadataMode.NONE`` by default) to a
    file, one after the other.

    With ``with_document_markers``, each document is preceded by a line
    ``### Doc: <index>, pages:[<page_number>,<end_page_number>]`` (after an empty line).
    ``append`` adds to an existing file instead of replacing it. The file is UTF-8.
    """

    METADATA_START_PAGE_NUMBER = "page_number"
    METADATA_END_PAGE_NUMBER = "end_page_number"

    def __init__(
        self,
        file_name: str | os.PathLike[str],
        with_document_markers: bool = False,
        metadata_mode: MetadataMode = MetadataMode.NONE,
        append: bool = False,
    ) -> None:
        _assert.has_text(
            None if file_name is None else os.fspath(file_name), "File name must have a text."
        )
        _assert.not_none(metadata_mode, "MetadataMode must not be null.")
        self._file_name = Path(file_name)
        self._with_document_markers = with_document_markers
        self._metadata_mode = metadata_mode
        self._append = append

    def accept(self, documents: list[Document]) -> None:
        with self._file_name.open(
            "a" if self._append else "w", encoding="utf-8", newline=""
        ) as out:
            for index, document in enumerate(documents):
                if self._with_document_markers:
                    metadata = document.get_metadata()
                    start = _java_text(metadata.get(self.METADATA_START_PAGE_NUMBER))
                    end = _java_text(metadata.get(self.METADATA_END_PAGE_NUMBER))
                    out.write(f"\n### Doc: {index}, pages:[{start},{end}]\n")
                out.write(document.get_formatted_content(self._metadata_mode))


def _java_text(value: object) -> str:
    return "null" if value is None else str(value)
