"""Port of Spring AI 2.0.1 `org.springframework.ai.reader.pdf.PagePdfDocumentReaderTests`: 13 tests ported, 0 skipped.

Spring's sample PDFs are binaries; the tests build PDFs of the same shape (see
``conftest.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spring_ai_py.document import Document
from spring_ai_py.reader import ExtractedTextFormatter
from spring_ai_py.reader.pdf import PagePdfDocumentReader, PdfDocumentReaderConfig

START = PagePdfDocumentReader.METADATA_START_PAGE_NUMBER
END = PagePdfDocumentReader.METADATA_END_PAGE_NUMBER


def _read(path: Path, pages_per_document: int = 1, *ranges: tuple[int, int]) -> list[Document]:
    builder = (
        PdfDocumentReaderConfig.builder()
        .with_page_extracted_text_formatter(ExtractedTextFormatter.builder().build())
        .with_pages_per_document(pages_per_document)
    )
    for start, end in ranges:
        builder.add_page_range(start, end)
    return PagePdfDocumentReader(path, builder.build()).get()


def test_classpath_read(sample1: Path) -> None:
    reader = PagePdfDocumentReader(
        str(sample1),
        PdfDocumentReaderConfig.builder()
        .with_page_top_margin(0)
        .with_page_bottom_margin(0)
        .with_page_extracted_text_formatter(
            ExtractedTextFormatter.builder()
            .with_number_of_top_text_lines_to_delete(0)
            .with_number_of_bottom_text_lines_to_delete(3)
            .with_number_of_top_pages_to_skip_before_delete(0)
            .override_line_separator("\n")
            .build()
        )
        .with_pages_per_document(1)
        .build(),
    )
    documents = reader.get()
    assert len(documents) == 4
    all_text = "\n".join(d.get_text() or "" for d in documents)
    for footer in (
        "Page  1 of 4",
        "Page  2 of 4",
        "Page  3 of 4",
        "Page  4 of 4",
        "PDF  Bookmark   Sample",
    ):
        assert footer not in all_text
    assert "This is the body text of page 3." in all_text
    assert documents[0].get_metadata() == {
        START: 1,
        PagePdfDocumentReader.METADATA_FILE_NAME: "sample1.pdf",
    }


def test_index_out_of_bound(sample2: Path) -> None:
    assert len(_read(sample2, 1)) == 64


def test_pages_per_document(sample2: Path) -> None:
    assert len(_read(sample2, 32)) == 2


def test_pages_per_document_not_divisible(sample2: Path) -> None:
    assert len(_read(sample2, 3)) == 22


def test_all_pages_per_document(sample2: Path) -> None:
    [document] = _read(sample2, 0)
    assert document.get_metadata()[START] == 1 and document.get_metadata()[END] == 64


def test_single_page_range(sample2: Path) -> None:
    documents = _read(sample2, 1, (10, 12))
    assert [d.get_metadata()[START] for d in documents] == [10, 11, 12]


def test_multiple_disjoint_page_ranges(sample2: Path) -> None:
    documents = _read(sample2, 1, (1, 2), (64, 64))
    assert [d.get_metadata()[START] for d in documents] == [1, 2, 64]


def test_page_range_with_all_pages_per_document(sample2: Path) -> None:
    [document] = _read(sample2, 0, (5, 8))
    assert (document.get_metadata()[START], document.get_metadata()[END]) == (5, 8)


def test_page_range_upper_bound_clamped_to_document(sample2: Path) -> None:
    documents = _read(sample2, 1, (60, 1000))
    assert [d.get_metadata()[START] for d in documents] == [60, 61, 62, 63, 64]


def test_overlapping_page_ranges_are_deduplicated(sample2: Path) -> None:
    documents = _read(sample2, 1, (10, 12), (11, 13))
    assert [d.get_metadata()[START] for d in documents] == [10, 11, 12, 13]


def test_invalid_page_ranges_are_rejected() -> None:
    with pytest.raises(ValueError):
        PdfDocumentReaderConfig.builder().add_page_range(0, 5)
    with pytest.raises(ValueError):
        PdfDocumentReaderConfig.builder().add_page_range(-1, 5)
    with pytest.raises(ValueError):
        PdfDocumentReaderConfig.builder().add_page_range(5, 3)


def test_disjoint_ranges_split_at_gap_with_all_pages_per_document(sample2: Path) -> None:
    documents = _read(sample2, 0, (1, 2), (64, 64))
    assert len(documents) == 2
    assert (documents[0].get_metadata()[START], documents[0].get_metadata()[END]) == (1, 2)
    assert documents[1].get_metadata()[START] == 64
    assert END not in documents[1].get_metadata()


def test_filtered_content_matches_unfiltered_pages(sample2: Path) -> None:
    full = _read(sample2, 1)
    ranged = _read(sample2, 1, (10, 12))
    assert [d.get_text() for d in ranged] == [
        full[9].get_text(),
        full[10].get_text(),
        full[11].get_text(),
    ]
    assert "Text on page number 11." in (ranged[1].get_text() or "")


def test_layout_keeps_columns_and_margins_cut_lines(tmp_path: Path) -> None:
    """Beyond Spring's tests: text keeps its columns (one per 4 points), margins cut
    the lines they cover, left alignment strips the indentation, pages without text
    are skipped."""
    from spring_ai_py.test.pdf import write_pdf

    path = write_pdf(
        tmp_path / "layout.pdf",
        [
            [
                (72, 740, "Running header"),
                (72, 700, "Left"),
                (300, 700, "Right"),
                (72, 30, "Footer"),
            ],
            [],
        ],
    )
    [page] = PagePdfDocumentReader(path).get()
    assert page.get_text() == (
        " " * 18
        + "Running header\n\n"
        + " " * 18
        + "Left"
        + " " * 53
        + "Right\n\n"
        + " " * 18
        + "Footer\n"
    )
    config = (
        PdfDocumentReaderConfig.builder()
        .with_page_top_margin(60)
        .with_page_bottom_margin(60)
        .with_page_extracted_text_formatter(
            ExtractedTextFormatter.builder().with_left_alignment(True).build()
        )
        .build()
    )
    [page] = PagePdfDocumentReader(path.read_bytes(), config).get()
    assert page.get_text() == "Left Right\n"
    assert PagePdfDocumentReader.METADATA_FILE_NAME not in page.get_metadata()
