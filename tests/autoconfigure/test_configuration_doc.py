"""The python examples in docs/configuration.md run, in order, as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).parent.parent.parent / "docs" / "configuration.md"


def test_doc_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 4
    namespace: dict[str, Any] = {"__name__": "configuration_doc"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    output = capsys.readouterr().out.splitlines()
    assert output[0] == "Configured from application.yml"
    assert output[1] == "gpt-4o-mini 0.2"
    assert output[2] == "spring.ai.openai.api-key"
    assert "spring.ai.openai.chat.temperature" in output[3] and "'hot'" in output[3]
