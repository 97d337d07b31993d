"""The python examples in docs/evaluation.md run, in order, as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "evaluation.md"


def test_doc_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 3
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {"__name__": "evaluation_doc"})
    output = capsys.readouterr().out
    assert "relevant: True" in output
    assert "supported: False" in output
    assert "EvaluationResponse(pass_=True, score=1.0" in output
