"""Anthropic citations: documents sent for citing and the citations in the answer.

Spring's ``AnthropicCitationDocument`` (a ``document`` content block: plain text, a
PDF or custom content blocks) and ``Citation`` (one cited span of a document, a PDF
page range, a content-block range or a web search result). The chat model prepends
the options' citation documents to the user messages and collects every text block's
``citations`` into the response metadata: ``citations`` (a list of :class:`Citation`)
and ``citationCount``.
"""

from __future__ import annotations

import base64
import enum
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spring_ai_py import _assert
from spring_ai_py._builder import Builder


class AnthropicCitationDocumentType(enum.Enum):
    """The source kind of an :class:`AnthropicCitationDocument` (Spring's ``DocumentType``)."""

    PLAIN_TEXT = "plain_text"
    PDF = "pdf"
    CUSTOM_CONTENT = "custom_content"


class AnthropicCitationDocumentBuilder(Builder["AnthropicCitationDocument"]):
    """Spring's ``AnthropicCitationDocument.Builder``: one source setter, then title,
    context and ``citations_enabled``."""

    __slots__ = ()

    def plain_text(self, text: str) -> AnthropicCitationDocumentBuilder:
        _assert.has_text(text, "Text content cannot be null or empty")
        self._values["type"] = AnthropicCitationDocumentType.PLAIN_TEXT
        self._values["source_data"] = text
        return self

    def pdf(self, pdf_bytes: bytes) -> AnthropicCitationDocumentBuilder:
        _assert.not_none(pdf_bytes, "PDF bytes cannot be null")
        _assert.is_true(len(pdf_bytes) > 0, "PDF bytes cannot be empty")
        self._values["type"] = AnthropicCitationDocumentType.PDF
        self._values["source_data"] = bytes(pdf_bytes)
        return self

    def pdf_file(self, file_path: str | Path) -> AnthropicCitationDocumentBuilder:
        _assert.has_text(str(file_path) if file_path else None, "File path cannot be null or empty")
        return self.pdf(Path(file_path).read_bytes())

    def custom_content(self, *text_blocks: str) -> AnthropicCitationDocumentBuilder:
        _assert.not_none(text_blocks, "Text blocks cannot be null")
        _assert.is_true(len(text_blocks) > 0, "Text blocks cannot be empty")
        self._values["type"] = AnthropicCitationDocumentType.CUSTOM_CONTENT
        self._values["source_data"] = tuple(text_blocks)
        return self

    def build(self) -> AnthropicCitationDocument:
        _assert.not_none(self._values.get("type"), "Document type must be specified")
        _assert.not_none(self._values.get("source_data"), "Document source data must be specified")
        return super().build()


@dataclass(frozen=True, kw_only=True)
class AnthropicCitationDocument:
    """A document the model may cite, sent as a ``document`` content block.

    Build it with ``builder().plain_text(...)``, ``.pdf(bytes)``, ``.pdf_file(path)``
    or ``.custom_content(*texts)``, then optionally ``.title(...)``, ``.context(...)``
    and ``.citations_enabled(True)``. All documents of a request must agree on
    ``citations_enabled`` (the API requires it; the options check it).
    """

    type: AnthropicCitationDocumentType
    source_data: str | bytes | tuple[str, ...]
    title: str | None = None
    context: str | None = None
    citations_enabled: bool = False

    @classmethod
    def builder(cls) -> AnthropicCitationDocumentBuilder:
        """A builder for a citable document (plain text, PDF, or custom content blocks)."""
        return AnthropicCitationDocumentBuilder(cls)

    def is_citations_enabled(self) -> bool:
        return self.citations_enabled

    def to_document_block_param(self) -> dict[str, Any]:
        """The ``document`` content block of the Messages API."""
        source: dict[str, Any]
        if self.type is AnthropicCitationDocumentType.PLAIN_TEXT:
            source = {"type": "text", "media_type": "text/plain", "data": self.source_data}
        elif self.type is AnthropicCitationDocumentType.PDF:
            assert isinstance(self.source_data, bytes)
            source = {
                "type": "base64",
                "media_type": "application/pdf",
                "data": base64.b64encode(self.source_data).decode("ascii"),
            }
        else:
            source = {
                "type": "content",
                "content": [{"type": "text", "text": text} for text in self.source_data],
            }
        block: dict[str, Any] = {
            "type": "document",
            "source": source,
            "citations": {"enabled": self.citations_enabled},
        }
        if self.title is not None:
            block["title"] = self.title
        if self.context is not None:
            block["context"] = self.context
        return block


class CitationLocationType(enum.Enum):
    """Where a :class:`Citation` points (Spring's ``Citation.LocationType``)."""

    CHAR_LOCATION = "char_location"
    PAGE_LOCATION = "page_location"
    CONTENT_BLOCK_LOCATION = "content_block_location"
    WEB_SEARCH_RESULT_LOCATION = "web_search_result_location"


@dataclass(frozen=True)
class Citation:
    """One citation of a response's text (Spring's ``Citation``).

    Create it with :meth:`of_char_location`, :meth:`of_page_location`,
    :meth:`of_content_block_location` or :meth:`of_web_search_result_location`; only
    the fields of its location type are set. Page and block ends are exclusive, as
    the API reports them.
    """

    type: CitationLocationType
    cited_text: str
    document_index: int
    document_title: str | None
    start_char_index: int | None = None
    end_char_index: int | None = None
    start_page_number: int | None = None
    end_page_number: int | None = None
    start_block_index: int | None = None
    end_block_index: int | None = None
    url: str | None = None

    @classmethod
    def of_char_location(
        cls,
        cited_text: str,
        document_index: int,
        document_title: str | None,
        start_char_index: int,
        end_char_index: int,
    ) -> Citation:
        """A citation of a character range in a plain-text document."""
        return cls(
            CitationLocationType.CHAR_LOCATION,
            cited_text,
            document_index,
            document_title,
            start_char_index=start_char_index,
            end_char_index=end_char_index,
        )

    @classmethod
    def of_page_location(
        cls,
        cited_text: str,
        document_index: int,
        document_title: str | None,
        start_page_number: int,
        end_page_number: int,
    ) -> Citation:
        """A citation of a page range in a PDF document."""
        return cls(
            CitationLocationType.PAGE_LOCATION,
            cited_text,
            document_index,
            document_title,
            start_page_number=start_page_number,
            end_page_number=end_page_number,
        )

    @classmethod
    def of_content_block_location(
        cls,
        cited_text: str,
        document_index: int,
        document_title: str | None,
        start_block_index: int,
        end_block_index: int,
    ) -> Citation:
        """A citation of a range of content blocks in a custom-content document."""
        return cls(
            CitationLocationType.CONTENT_BLOCK_LOCATION,
            cited_text,
            document_index,
            document_title,
            start_block_index=start_block_index,
            end_block_index=end_block_index,
        )

    @classmethod
    def of_web_search_result_location(
        cls, cited_text: str, url: str, document_title: str | None
    ) -> Citation:
        """A citation of a web search result at ``url``."""
        return cls(
            CitationLocationType.WEB_SEARCH_RESULT_LOCATION, cited_text, 0, document_title, url=url
        )

    def get_type(self) -> CitationLocationType:
        return self.type

    def get_cited_text(self) -> str:
        return self.cited_text

    def get_document_index(self) -> int:
        return self.document_index

    def get_document_title(self) -> str | None:
        return self.document_title

    def get_url(self) -> str | None:
        return self.url

    def get_location_description(self) -> str:
        """``Characters 0-20``, ``Page 2``, ``Pages 2-3``, ``Block 1``, ``Blocks 0-2`` or the URL."""
        if self.type is CitationLocationType.CHAR_LOCATION:
            return f"Characters {self.start_char_index}-{self.end_char_index}"
        if self.type is CitationLocationType.PAGE_LOCATION:
            _assert.state(
                self.start_page_number is not None,
                "start_page_number must be defined with page-based location",
            )
            _assert.state(
                self.end_page_number is not None,
                "end_page_number must be defined with page-based location",
            )
            return _range("Page", self.start_page_number, self.end_page_number)
        if self.type is CitationLocationType.CONTENT_BLOCK_LOCATION:
            _assert.state(
                self.start_block_index is not None,
                "start_block_index must be defined with block-based location",
            )
            _assert.state(
                self.end_block_index is not None,
                "end_block_index must be defined with block-based location",
            )
            return _range("Block", self.start_block_index, self.end_block_index)
        _assert.state(self.url is not None, "url must be defined with web search result location")
        return str(self.url)

    def __str__(self) -> str:
        text = self.cited_text if len(self.cited_text) <= 50 else self.cited_text[:50] + "..."
        return (
            f"Citation{{type={self.type.name}, documentIndex={self.document_index}, "
            f"documentTitle='{self.document_title}', location='{self.get_location_description()}', "
            f"citedText='{text}'}}"
        )


def _range(unit: str, start: int | None, end: int | None) -> str:
    assert start is not None and end is not None
    if start == end - 1:
        return f"{unit} {start}"
    return f"{unit}s {start}-{end - 1}"


_DOCUMENT_LOCATIONS: dict[str, tuple[CitationLocationType, str, str]] = {
    "char_location": (CitationLocationType.CHAR_LOCATION, "start_char_index", "end_char_index"),
    "page_location": (CitationLocationType.PAGE_LOCATION, "start_page_number", "end_page_number"),
    "content_block_location": (
        CitationLocationType.CONTENT_BLOCK_LOCATION,
        "start_block_index",
        "end_block_index",
    ),
}


def citation_from_sdk(citation: Any) -> Citation | None:
    """A :class:`Citation` from an SDK citation object (``None`` for other kinds)."""
    kind = getattr(citation, "type", None)
    if kind == "web_search_result_location":
        return Citation.of_web_search_result_location(
            citation.cited_text, citation.url, getattr(citation, "title", None)
        )
    location = _DOCUMENT_LOCATIONS.get(str(kind))
    if location is None:
        return None
    location_type, start, end = location
    return Citation(
        location_type,
        citation.cited_text,
        citation.document_index,
        getattr(citation, "document_title", None),
        **{start: getattr(citation, start), end: getattr(citation, end)},
    )


__all__ = [
    "AnthropicCitationDocument",
    "AnthropicCitationDocumentBuilder",
    "AnthropicCitationDocumentType",
    "Citation",
    "CitationLocationType",
]
