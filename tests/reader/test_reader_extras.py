"""The markdown and PDF readers import their parsers only when used, and without them
fail with an ImportError that names the extra to install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from spring_ai_py.test.pdf import pdf_bytes

REPO = Path(__file__).resolve().parents[2]


def test_importing_the_readers_does_not_import_the_parsers() -> None:
    code = (
        "import sys; import spring_ai_py.reader.markdown, spring_ai_py.reader.pdf; "
        "print('markdown_it' in sys.modules, 'pypdf' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
    )
    assert result.stdout.split() == ["False", "False"]


def test_missing_markdown_it_names_the_markdown_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from spring_ai_py.reader.markdown import MarkdownDocumentReader

    monkeypatch.setitem(sys.modules, "markdown_it", None)
    with pytest.raises(ImportError, match=r"pip install 'spring_ai_py\[markdown\]'"):
        MarkdownDocumentReader(b"# Title")


def test_missing_pypdf_names_the_pdf_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from spring_ai_py.reader.pdf import PagePdfDocumentReader

    monkeypatch.setitem(sys.modules, "pypdf", None)
    with pytest.raises(ImportError, match=r"pip install 'spring_ai_py\[pdf\]'"):
        PagePdfDocumentReader(pdf_bytes([[(72, 720, "x")]]))


def test_a_broken_pdf_is_a_runtime_error_naming_the_resource() -> None:
    from spring_ai_py.core.io import ByteArrayResource
    from spring_ai_py.reader.pdf import PagePdfDocumentReader

    with pytest.raises(RuntimeError, match=r"Cannot read PDF Byte array resource \[broken\]"):
        PagePdfDocumentReader(ByteArrayResource(b"not a pdf", "broken"))
