"""The python examples in docs/vector-stores.md run, in order, as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).parent.parent.parent / "docs" / "vector-stores.md"


def test_doc_examples_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= 5
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {"__name__": "vector_stores_doc"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    output = capsys.readouterr().out
    assert "The cat sat on the mat" in output
    assert "Line: 1:14, Error: token recognition error at: '='" in output
    assert (tmp_path / "vector-store.json").exists()
