"""The runnable examples of docs/async.md run, in order, as written."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

DOC = Path(__file__).parent.parent.parent.parent / "docs" / "async.md"


def test_doc_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 4
    module = types.ModuleType("async_doc")
    sys.modules[module.__name__] = module
    try:
        for block in blocks:
            exec(compile(block, str(DOC), "exec", dont_inherit=True), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    assert capsys.readouterr().out.splitlines() == [
        "['Madrid.', 'Paris.', 'Rome.']",
        "True",
        "cancelled",
        "True []",
        "use `await ...acontent()` instead",
    ]
