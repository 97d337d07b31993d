"""Port of Spring AI 2.0.1 `org.springframework.ai.reader.pdf.ParagraphPdfDocumentReaderTests`: 3 tests ported, 0 skipped."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_samples import sample3_pages

from spring_ai_py.core.io import ByteArrayResource
from spring_ai_py.reader import ExtractedTextFormatter
from spring_ai_py.reader.pdf import ParagraphPdfDocumentReader, PdfDocumentReaderConfig
from spring_ai_py.test.pdf import PdfBookmark, pdf_bytes


def test_pdf_without_toc(sample1: Path) -> None:
    with pytest.raises(
        ValueError,
        match=(
            r"Document outline \(e.g. TOC\) is null. Make sure the PDF document has a table of contents \(TOC\). "
            r"If not, consider the PagePdfDocumentReader or the TikaDocumentReader instead."
        ),
    ):
        ParagraphPdfDocumentReader(
            str(sample1),
            PdfDocumentReaderConfig.builder()
            .with_page_top_margin(0)
            .with_page_bottom_margin(0)
            .with_page_extracted_text_formatter(
                ExtractedTextFormatter.builder()
                .with_number_of_top_text_lines_to_delete(0)
                .with_number_of_bottom_text_lines_to_delete(3)
                .with_number_of_top_pages_to_skip_before_delete(0)
                .build()
            )
            .with_pages_per_document(1)
            .build(),
        )


def test_page_ranges_are_rejected(sample3: Path) -> None:
    with pytest.raises(
        ValueError, match="Page ranges are not supported by ParagraphPdfDocumentReader"
    ):
        ParagraphPdfDocumentReader(
            sample3, PdfDocumentReaderConfig.builder().add_page_range(1, 2).build()
        )


def test_should_skip_invalid_outline() -> None:
    """Spring edits sample3.pdf to drop chapter 2's destination; the test builds that PDF."""
    outline = [
        PdfBookmark("Chapter 1", 1, 730),
        PdfBookmark("Chapter 2", 2, None),
        PdfBookmark("Chapter 3", 3, 730),
    ]
    reader = ParagraphPdfDocumentReader(
        ByteArrayResource(pdf_bytes(sample3_pages(), outline)),
        PdfDocumentReaderConfig.default_config(),
    )
    documents = reader.get()
    assert [d.get_metadata()["title"] for d in documents] == ["Chapter 1", "Chapter 3"]


def test_paragraph_metadata_and_text(sample3: Path) -> None:
    """Beyond Spring's tests: one document per outline entry with Spring's metadata;
    the last entry runs to the end of its page."""
    documents = ParagraphPdfDocumentReader(sample3).get()
    assert [d.get_metadata() for d in documents] == [
        {
            "title": f"Chapter {n}",
            "page_number": n,
            "end_page_number": end,
            "level": 0,
            "file_name": "sample3.pdf",
        }
        for n, end in ((1, 2), (2, 3), (3, -1))
    ]
    assert "The third chapter ends it." in (documents[2].get_text() or "")


def test_each_entry_holds_its_own_sections_text() -> None:
    """Port's contract (a deliberate difference): an entry's text runs from its
    destination's top down to the next entry's, across pages. Spring 2.0.1 mirrors the
    region (it passes the PDF ``top``, measured from the bottom, as a distance from the
    top), so its documents hold other sections' text."""
    pages = [
        [
            (72, 720, "1 Intro"),
            (72, 700, "Intro text."),
            (72, 500, "1.1 Detail"),
            (72, 480, "Detail text on page one."),
        ],
        [(72, 720, "Detail text on page two."), (72, 500, "2 Next"), (72, 480, "Next text.")],
    ]
    outline = [
        PdfBookmark("1 Intro", 1, 735, [PdfBookmark("1.1 Detail", 1, 515)]),
        PdfBookmark("2 Next", 2, 515),
    ]
    config = (
        PdfDocumentReaderConfig.builder()
        .with_page_extracted_text_formatter(
            ExtractedTextFormatter.builder().with_left_alignment(True).build()
        )
        .build()
    )
    documents = ParagraphPdfDocumentReader(pdf_bytes(pages, outline), config).get()
    assert [
        (d.get_metadata()["title"], d.get_metadata()["level"], d.get_text()) for d in documents
    ] == [
        ("1 Intro", 0, "1 Intro\nIntro text.\n"),
        ("1.1 Detail", 1, "1.1 Detail\nDetail text on page one.\nDetail text on page two.\n"),
        ("2 Next", 0, "2 Next\nNext text.\n"),
    ]
