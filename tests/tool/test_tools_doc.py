"""The python examples of docs/tools.md from "Augmenting tool inputs" on run in order
and print what the page shows."""

from __future__ import annotations

import contextlib
import io
import re
import sys
import types
from pathlib import Path

import pytest

DOC = Path(__file__).parents[2] / "docs" / "tools.md"
EXAMPLE = re.compile(r"```python\n(.*?)```(?:\s*```\n(.*?)```)?", re.DOTALL)
FIRST_RUNNABLE_SECTION = "## Augmenting tool inputs"


def test_doc_examples_print_what_the_page_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    text = DOC.read_text(encoding="utf-8")
    runnable = text[text.index(FIRST_RUNNABLE_SECTION) :]
    examples = EXAMPLE.findall(runnable)
    assert len(examples) >= 2
    # A real module, so dataclasses and tools defined by the examples resolve their hints.
    module = types.ModuleType("tools_doc")
    monkeypatch.setitem(sys.modules, "tools_doc", module)
    for code, expected in examples:
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            exec(compile(code, str(DOC), "exec", dont_inherit=True), module.__dict__)
        if expected:
            assert output.getvalue() == expected, code
