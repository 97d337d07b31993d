"""The python examples in docs/reliability.md run as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).parent.parent.parent / "docs" / "reliability.md"


def test_doc_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks
    namespace: dict[str, Any] = {"__name__": "reliability_doc"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    assert "faults tried: 12, turns lost: 0" in capsys.readouterr().out
