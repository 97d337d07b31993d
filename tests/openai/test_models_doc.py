"""The runnable python examples in docs/models.md run, in order, as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).parent.parent.parent / "docs" / "models.md"


def test_doc_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= 6
    namespace: dict[str, Any] = {"__name__": "models_doc"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    output = capsys.readouterr().out
    assert "Hello from the scripted server." in output
    assert "gpt-4o-mini 0.2 64" in output
    assert "The user wants French. -> Bonjour." in output
    assert "Answer in French." in output
    assert "It is sunny in Paris." in output
    assert "401 Error code: 401 - Incorrect API key provided" in output
    assert "16 16" in output
    assert "NONE: input 20495, written 0, read 0, cost 20495" in output
    assert "CONVERSATION_HISTORY: input 0, written 2216, read 18279, cost 4598" in output
    assert "1 Facts Characters 0-20" in output
    assert "['https://spring.io/blog/spring-ai-2-0']" in output
    assert "custom\ncontainer_011\n['budget.xlsx']" in output
