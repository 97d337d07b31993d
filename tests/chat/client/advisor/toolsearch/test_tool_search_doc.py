"""The python examples in docs/tool-search.md run in order and print what the page shows."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

DOC = Path(__file__).parents[5] / "docs" / "tool-search.md"
EXAMPLE = re.compile(r"```python\n(.*?)```(?:\s*```\n(.*?)```)?", re.DOTALL)


def test_doc_examples_print_what_the_page_shows() -> None:
    examples = EXAMPLE.findall(DOC.read_text(encoding="utf-8"))
    assert len(examples) >= 6
    namespace: dict[str, Any] = {"__name__": "tool_search_doc"}
    for code, expected in examples:
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            exec(compile(code, str(DOC), "exec"), namespace)
        if expected:
            assert output.getvalue() == expected, code
