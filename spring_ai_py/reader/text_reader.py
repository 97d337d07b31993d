"""Reading a whole text file (or bytes) as one document."""

from __future__ import annotations

import codecs
from typing import Any

from spring_ai_py import _assert
from spring_ai_py.core.io.resource import Resource, ResourceLike, to_resource
from spring_ai_py.document.document import Document
from spring_ai_py.document.etl import DocumentReader

_JAVA_CHARSET_NAMES = {
    "utf-8": "UTF-8",
    "utf-16": "UTF-16",
    "utf-16-be": "UTF-16BE",
    "utf-16-le": "UTF-16LE",
    "ascii": "US-ASCII",
    "latin-1": "ISO-8859-1",
    "iso8859-1": "ISO-8859-1",
    "cp1252": "windows-1252",
}


def java_charset_name(charset: str) -> str:
    """Java's canonical name for a Python codec name (``utf-8`` → ``UTF-8``)."""
    name = codecs.lookup(charset).name
    return _JAVA_CHARSET_NAMES.get(name, name.upper())


class TextReader(DocumentReader):
    """Reads a resource as one text document (UTF-8 by default).

    The document's metadata is :meth:`get_custom_metadata` plus ``charset`` (the Java
    charset name, ``UTF-8``) and ``source`` (the file name, else the resource's
    description). Undecodable bytes become U+FFFD, as in Java.
    """

    CHARSET_METADATA = "charset"
    SOURCE_METADATA = "source"

    def __init__(self, resource: ResourceLike) -> None:
        _assert.not_none(resource, "The Spring Resource must not be null")
        self._resource = to_resource(resource)
        self._custom_metadata: dict[str, Any] = {}
        self._charset = "utf-8"

    def get_charset(self) -> str:
        return self._charset

    def set_charset(self, charset: str) -> None:
        _assert.not_none(charset, "The charset must not be null")
        codecs.lookup(charset)
        self._charset = charset

    def get_custom_metadata(self) -> dict[str, Any]:
        """Metadata every document of this reader gets (mutable)."""
        return self._custom_metadata

    def get(self) -> list[Document]:
        text = self._resource.get_content_as_bytes().decode(self._charset, errors="replace")
        self._custom_metadata[self.CHARSET_METADATA] = java_charset_name(self._charset)
        self._custom_metadata[self.SOURCE_METADATA] = self.get_resource_identifier(self._resource)
        return [Document(text, self._custom_metadata)]

    def get_resource_identifier(self, resource: Resource) -> str:
        """The file name when there is one, else the resource's description."""
        filename = resource.get_filename()
        if filename:
            return filename
        return resource.get_description()
