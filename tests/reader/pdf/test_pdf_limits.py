"""Hostile PDFs: page geometry and text are bounded, with errors naming the file and the limit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spring_ai_py.reader.pdf import (
    PagePdfDocumentReader,
    ParagraphPdfDocumentReader,
    PdfDocumentReaderConfig,
)
from spring_ai_py.test.pdf import PdfBookmark, pdf_bytes


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_a_tiny_pdf_with_a_huge_media_box_is_refused(tmp_path: Path) -> None:
    bomb = _write(
        tmp_path / "bomb.pdf",
        pdf_bytes([[(2_999_999_000, 700, "far away"), (10, 700, "x")]], width=3_000_000_000),
    )
    assert bomb.stat().st_size < 800
    with pytest.raises(
        ValueError,
        match=r"bomb\.pdf.*page 1 is 3e\+09 x 792 points, larger than max_page_size \(14400 points\)",
    ):
        PagePdfDocumentReader(bomb).get()


def test_the_paragraph_reader_refuses_a_huge_page_too(tmp_path: Path) -> None:
    bomb = _write(
        tmp_path / "outlined.pdf",
        pdf_bytes(
            [[(10, 700, "text")]],
            outline=[PdfBookmark("One", 1, 700)],
            width=612,
            height=10**9,
        ),
    )
    with pytest.raises(ValueError, match=r"outlined\.pdf.*max_page_size"):
        ParagraphPdfDocumentReader(bomb).get()


def test_page_size_limit_is_configurable(tmp_path: Path) -> None:
    wide = _write(tmp_path / "wide.pdf", pdf_bytes([[(10, 700, "hello")]], width=20_000))
    config = PdfDocumentReaderConfig.builder().with_max_page_size(30_000).build()
    assert "hello" in (PagePdfDocumentReader(wide, config).get()[0].get_text() or "")
    with pytest.raises(ValueError, match="max_page_size"):
        PagePdfDocumentReader(wide).get()


def test_text_per_page_is_bounded(tmp_path: Path) -> None:
    lines = [(10, 780 - 12 * k, "word " * 20) for k in range(60)]
    dense = _write(tmp_path / "dense.pdf", pdf_bytes([lines]))
    config = PdfDocumentReaderConfig.builder().with_max_text_per_page(1000).build()
    with pytest.raises(
        ValueError,
        match=r"dense\.pdf.*page 1 has more than max_text_per_page \(1000\) characters",
    ):
        PagePdfDocumentReader(dense, config).get()
    assert len(PagePdfDocumentReader(dense).get()) == 1


def test_layout_padding_counts_toward_the_page_limit(tmp_path: Path) -> None:
    # a few characters far to the right lay out as a long run of spaces
    spread = _write(tmp_path / "spread.pdf", pdf_bytes([[(14_000, 700, "x")]], width=14_400))
    config = PdfDocumentReaderConfig.builder().with_max_text_per_page(1000).build()
    with pytest.raises(ValueError, match="max_text_per_page"):
        PagePdfDocumentReader(spread, config).get()


def test_text_per_document_is_bounded_across_pages(tmp_path: Path) -> None:
    pages = [[(10, 700, f"page {n} " + "text " * 40)] for n in range(10)]
    book = _write(tmp_path / "book.pdf", pdf_bytes(pages))
    config = PdfDocumentReaderConfig.builder().with_max_text_per_document(1000).build()
    with pytest.raises(
        ValueError,
        match=re.escape("more than max_text_per_document (1000) characters of text"),
    ):
        PagePdfDocumentReader(book, config).get()
    # each get() starts counting again
    reader = PagePdfDocumentReader(
        book, PdfDocumentReaderConfig.builder().with_max_text_per_document(5000).build()
    )
    assert len(reader.get()) == len(reader.get()) == 10


@pytest.mark.parametrize(
    ("setter", "value", "message"),
    [
        ("with_max_page_size", 0, "max_page_size must be a positive number, got 0"),
        ("with_max_page_size", "big", "max_page_size must be a positive number, got 'big'"),
        ("with_max_text_per_page", -1, "max_text_per_page must be a positive integer, got -1"),
        (
            "with_max_text_per_document",
            1.5,
            "max_text_per_document must be a positive integer, got 1.5",
        ),
    ],
)
def test_bad_limits_are_rejected_naming_the_argument(
    setter: str, value: object, message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        getattr(PdfDocumentReaderConfig.builder(), setter)(value)


def test_defaults_are_documented_values() -> None:
    config = PdfDocumentReaderConfig.default_config()
    assert config.max_page_size == PdfDocumentReaderConfig.DEFAULT_MAX_PAGE_SIZE == 14_400
    assert (
        config.max_text_per_page == PdfDocumentReaderConfig.DEFAULT_MAX_TEXT_PER_PAGE == 1_000_000
    )
    assert (
        config.max_text_per_document
        == PdfDocumentReaderConfig.DEFAULT_MAX_TEXT_PER_DOCUMENT
        == 50_000_000
    )
