# ruff: noqa: RUF001  (Spring's test texts use typographic and full-width punctuation)
"""Port of Spring AI 2.0.1 `org.springframework.ai.transformer.splitter.TextSplitterTests`: 8 tests ported, 0 skipped."""

from __future__ import annotations

from pathlib import Path

import pytest

from spring_ai_py.document import DefaultContentFormatter, Document
from spring_ai_py.transformer.splitter import TextSplitter, TokenTextSplitter

QUOTE1 = "In the end, writing arises when man realizes that memory is not enough."
QUOTE2 = (
    "The most oppressive thing about the labyrinth is that you are constantly "
    "being forced to choose. It isn’t the lack of an exit, but the abundance of exits that is so disorienting."
)


class _HalvingSplitter(TextSplitter):
    def split_text(self, text: str) -> list[str]:
        half = len(text) // 2
        return [text[:half], text[half:]]


@pytest.fixture
def splitter() -> _HalvingSplitter:
    return _HalvingSplitter()


def test_split_text(splitter: _HalvingSplitter) -> None:
    formatter1 = DefaultContentFormatter.default_config()
    formatter2 = DefaultContentFormatter.default_config()
    assert formatter1 is not formatter2
    doc1 = Document(QUOTE1, {"key1": "value1", "key2": "value2"})
    doc1.set_content_formatter(formatter1)
    doc2 = Document(QUOTE2, {"key2": "value22", "key3": "value3"})
    doc2.set_content_formatter(formatter2)

    chunks = splitter.apply([doc1, doc2])

    assert splitter.is_copy_content_formatter()
    assert [c.get_text() for c in chunks] == [
        "In the end, writing arises when man",
        " realizes that memory is not enough.",
        "The most oppressive thing about the labyrinth is that you are constantly being forced to ",
        "choose. It isn’t the lack of an exit, but the abundance of exits that is so disorienting.",
    ]
    chunk_keys = {"parent_document_id", "chunk_index", "total_chunks"}
    assert {"key1", "key2"} | chunk_keys <= set(chunks[0].get_metadata())
    assert {"key1", "key2"} | chunk_keys <= set(chunks[1].get_metadata())
    assert {"key2", "key3"} | chunk_keys <= set(chunks[2].get_metadata())
    assert {"key2", "key3"} | chunk_keys <= set(chunks[3].get_metadata())
    assert [c.get_metadata()["chunk_index"] for c in chunks] == [0, 1, 0, 1]
    assert "key3" not in chunks[0].get_metadata()
    assert "key1" not in chunks[2].get_metadata()
    assert [c.get_content_formatter() for c in chunks] == [
        formatter1,
        formatter1,
        formatter2,
        formatter2,
    ]
    assert chunks[0].get_content_formatter() is formatter1
    assert chunks[3].get_content_formatter() is formatter2

    splitter.set_copy_content_formatter(False)
    chunks = splitter.apply([doc1, doc2])
    assert all(c.get_content_formatter() is not formatter1 for c in chunks[:2])
    assert all(c.get_content_formatter() is not formatter2 for c in chunks[2:])


def _pages(*numbers: int) -> list[Document]:
    return [
        Document(
            f"{n}In the end, writing arises when man realizes that memory is not enough."
            f"{n}The most oppressive thing about the labyrinth is that you are constantly "
            f"{n}being forced to choose. It isn’t the lack of an exit, but the abundance of exits that is so disorienting.",
            {"file_name": "sample1.pdf", "page_number": n},
        )
        for n in numbers
    ]


def test_page_no_chunk_split() -> None:
    chunks = TokenTextSplitter.builder().build().apply(_pages(1, 2, 3, 4))
    assert [c.get_metadata()["page_number"] for c in chunks] == [1, 2, 3, 4]


# Spring's second page: a long layout-extracted text, copied from the Java test.
LAYOUT_PAGE = Path(__file__).parent / "resources" / "layout_page.txt"


def test_page_with_chunk_split() -> None:
    pages = _pages(1, 2, 3)
    text = LAYOUT_PAGE.read_text(encoding="utf-8")
    long_page = Document(text, {"file_name": "sample1.pdf", "page_number": 2})
    chunks = TokenTextSplitter.builder().build().apply([pages[0], long_page, pages[2]])
    assert [c.get_metadata()["page_number"] for c in chunks] == [1, 2, 2, 3]


def test_split_text_with_null_metadata(splitter: _HalvingSplitter) -> None:
    formatter = DefaultContentFormatter.default_config()
    document = Document(QUOTE1)
    document.get_metadata()["key1"] = "value1"
    document.get_metadata()["key2"] = None
    document.set_content_formatter(formatter)

    chunks = splitter.apply([document])

    assert [c.get_text() for c in chunks] == [
        "In the end, writing arises when man",
        " realizes that memory is not enough.",
    ]
    for index, chunk in enumerate(chunks):
        assert {"key1", "parent_document_id", "chunk_index", "total_chunks"} <= set(
            chunk.get_metadata()
        )
        assert "key2" not in chunk.get_metadata()
        assert chunk.get_metadata()["chunk_index"] == index
        assert chunk.get_content_formatter() is formatter


def test_score_preservation(splitter: _HalvingSplitter) -> None:
    document = (
        Document.builder()
        .text("This is a test document that will be split into multiple chunks.")
        .metadata({"source": "test.txt"})
        .score(0.95)
        .build()
    )
    assert [c.get_score() for c in splitter.apply([document])] == [0.95, 0.95]


def test_parent_document_tracking(splitter: _HalvingSplitter) -> None:
    doc1 = Document(
        "First document content for testing splitting functionality.", {"source": "doc1.txt"}
    )
    doc2 = Document(
        "Second document content for testing splitting functionality.", {"source": "doc2.txt"}
    )
    chunks = splitter.apply([doc1, doc2])
    assert [c.get_metadata()["parent_document_id"] for c in chunks] == [
        doc1.get_id(),
        doc1.get_id(),
        doc2.get_id(),
        doc2.get_id(),
    ]


def test_chunk_metadata_information(splitter: _HalvingSplitter) -> None:
    document = Document(
        "This is a longer document that will be split into exactly two chunks for testing.",
        {"source": "test.txt"},
    )
    chunks = splitter.apply([document])
    assert [
        (c.get_metadata()["chunk_index"], c.get_metadata()["total_chunks"]) for c in chunks
    ] == [
        (0, 2),
        (1, 2),
    ]
    assert [c.get_metadata()["source"] for c in chunks] == ["test.txt", "test.txt"]


def test_enhanced_metadata_with_multiple_documents(splitter: _HalvingSplitter) -> None:
    doc1 = (
        Document.builder()
        .text("First document with score and metadata.")
        .metadata({"type": "article", "priority": "high"})
        .score(0.8)
        .build()
    )
    doc2 = (
        Document.builder()
        .text("Second document with different score.")
        .metadata({"type": "report", "priority": "medium"})
        .score(0.6)
        .build()
    )
    chunks = splitter.apply([doc1, doc2])
    assert len(chunks) == 4
    for index, chunk in enumerate(chunks):
        parent, score, kind, priority = (
            (doc1, 0.8, "article", "high") if index < 2 else (doc2, 0.6, "report", "medium")
        )
        assert chunk.get_score() == score
        assert chunk.get_metadata()["parent_document_id"] == parent.get_id()
        assert chunk.get_metadata()["chunk_index"] == index % 2
        assert chunk.get_metadata()["total_chunks"] == 2
        assert chunk.get_metadata()["type"] == kind
        assert chunk.get_metadata()["priority"] == priority
        assert chunk.get_id() != parent.get_id()
