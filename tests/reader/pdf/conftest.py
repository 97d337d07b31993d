"""PDFs made by the tests (stand-ins for Spring's sample1/2/3.pdf)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_samples import sample3_pages

from spring_ai_py.test.pdf import PdfBookmark, write_pdf


@pytest.fixture
def sample1(tmp_path: Path) -> Path:
    """Four pages of text, each ending with Spring's footer lines."""
    pages = [
        [
            (72, 720, f"Chapter {n}"),
            (72, 700, f"This is the body text of page {n}. It has a sentence or two."),
            (72, 680, "A second line follows the first one."),
            (72, 60, "PDF  Bookmark   Sample"),
            (72, 40, f"Page  {n} of 4"),
        ]
        for n in range(1, 5)
    ]
    return write_pdf(tmp_path / "sample1.pdf", pages)


@pytest.fixture
def sample2(tmp_path: Path) -> Path:
    """64 pages, each saying which page it is."""
    pages = [
        [(72, 720, f"Page {n} heading"), (72, 700, f"Text on page number {n}.")]
        for n in range(1, 65)
    ]
    return write_pdf(tmp_path / "sample2.pdf", pages)


@pytest.fixture
def sample3(tmp_path: Path) -> Path:
    """Three chapters with an outline."""
    outline = [PdfBookmark(f"Chapter {n}", n, 730) for n in (1, 2, 3)]
    return write_pdf(tmp_path / "sample3.pdf", sample3_pages(), outline)
