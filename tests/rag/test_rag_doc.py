"""The python examples in docs/rag.md run, in order, as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).parent.parent.parent / "docs" / "rag.md"


def test_doc_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= 8
    namespace: dict[str, Any] = {"__name__": "rag_doc"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    output = capsys.readouterr().out
    assert "The Nimbus-7 coffee machine must be descaled every 42 days." in output
    assert "LONG_TERM_MEMORY:" in output
