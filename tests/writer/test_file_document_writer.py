"""Port of Spring AI 2.0.1 `org.springframework.ai.writer.FileDocumentWriterTest`: 4 tests ported, 0 skipped."""

from __future__ import annotations

from pathlib import Path

import pytest

from spring_ai_py.document import Document, MetadataMode
from spring_ai_py.writer import FileDocumentWriter

ONE = "Document one introduces the core functionality of Spring AI."
TWO_A = "Document two illustrates multi-line handling and line breaks."
TWO_B = "Ensure preservation of formatting."
THREE = "Document three checks metadata inclusion and output formatting behavior."


@pytest.fixture
def file_name(tmp_path: Path) -> Path:
    return tmp_path / "file-document-test-output.txt"


@pytest.fixture
def documents() -> list[Document]:
    return [
        Document.builder()
        .text(ONE)
        .metadata("page_number", "1")
        .metadata("end_page_number", "2")
        .metadata("source", "intro.pdf")
        .metadata("title", "Spring AI Overview")
        .metadata("author", "QA Team")
        .build(),
        Document.builder()
        .text(f"{TWO_A}\n{TWO_B}")
        .metadata("page_number", "3")
        .metadata("end_page_number", "4")
        .metadata("source", "formatting.pdf")
        .build(),
        Document.builder()
        .text(THREE)
        .metadata("page_number", "5")
        .metadata("end_page_number", "6")
        .metadata("version", "v1.2")
        .build(),
    ]


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_basic_write(file_name: Path, documents: list[Document]) -> None:
    FileDocumentWriter(file_name).accept(documents)
    assert _lines(file_name)[:8] == ["", "", ONE, "", TWO_A, TWO_B, "", THREE]


def test_write_with_document_markers(file_name: Path, documents: list[Document]) -> None:
    FileDocumentWriter(str(file_name), True, MetadataMode.NONE, False).accept(documents)
    assert _lines(file_name)[:14] == [
        "",
        "### Doc: 0, pages:[1,2]",
        "",
        "",
        ONE,
        "### Doc: 1, pages:[3,4]",
        "",
        "",
        TWO_A,
        TWO_B,
        "### Doc: 2, pages:[5,6]",
        "",
        "",
        THREE,
    ]


def test_metadata_mode_all_with_document_markers(
    file_name: Path, documents: list[Document]
) -> None:
    FileDocumentWriter(file_name, True, MetadataMode.ALL, False).accept(documents)
    lines = _lines(file_name)
    assert lines[0] == ""
    assert lines[1] == "### Doc: 0, pages:[1,2]"
    block = str(lines[2:7])
    for expected in (
        "page_number: 1",
        "end_page_number: 2",
        "source: intro.pdf",
        "title: Spring AI Overview",
        "author: QA Team",
    ):
        assert expected in block
    assert lines[7:10] == ["", ONE, "### Doc: 1, pages:[3,4]"]
    block = str(lines[10:13])
    for expected in ("page_number: 3", "source: formatting.pdf", "end_page_number: 4"):
        assert expected in block
    assert lines[13:17] == ["", TWO_A, TWO_B, "### Doc: 2, pages:[5,6]"]
    block = str(lines[17:20])
    for expected in ("page_number: 5", "end_page_number: 6", "version: v1.2"):
        assert expected in block
    assert lines[20:22] == ["", THREE]


def test_append_write(file_name: Path, documents: list[Document]) -> None:
    file_name.write_text("Test String\n", encoding="utf-8")
    FileDocumentWriter(file_name, False, MetadataMode.NONE, True).accept(documents[:2])
    assert _lines(file_name) == ["Test String", "", "", ONE, "", TWO_A, TWO_B]


def test_blank_file_name_is_rejected() -> None:
    """Beyond Spring's tests."""
    with pytest.raises(ValueError, match=r"File name must have a text\."):
        FileDocumentWriter("  ")
