"""The python examples in docs/mcp.md run, in order, as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).parent.parent.parent / "docs" / "mcp.md"


def test_doc_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 2
    namespace: dict[str, Any] = {"__name__": "mcp_doc"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    output = capsys.readouterr().out
    assert "It is sunny in Paris." in output
    assert "Paris: sunny, 24°C" in output
    assert "temperature True {'type': 'string', 'description': 'The city'}" in output
