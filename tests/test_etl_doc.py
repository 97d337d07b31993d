"""The python examples in docs/etl.md run, in order, as written."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).parent.parent / "docs" / "etl.md"


def test_doc_examples_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the doc's mkdtemp() lands here
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= 12
    namespace: dict[str, Any] = {"__name__": "etl_doc"}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("The Zephyr kettle's warranty lasts 19 months. {'team': 'support'")
    assert "'name: Zephyr\\ndescription: A 1.7 litre kettle.\\n'" in lines[1]
    assert lines[4] == (
        "{'category': 'header_2', 'title': 'Descaling', 'source': 'manual.md'} "
        "'Descale every 42 days with citric acid.'"
    )
    assert lines[5].startswith("{'category': 'code_block', 'lang': 'sh'")
    assert "(1, 'Bulletin 7\\nReplace seal kit SK-88 after 3000 brews.\\n')" in lines[6]
    assert lines[7] == "['Bulletin 7', 'Bulletin 8']"
    assert lines[10] == "4 5 'Step 5: rinse the tank, then run one descaling cycle.'"
    assert lines[11] == "keyword0"
    assert lines[15] == "False"  # the excluded key is gone from the embedded text
    assert lines[16] == "784f408c-4b11-30e0-a7cd-61b3d8b8d3a4"
    assert lines[17] == "2 2"
    assert lines[19:] == ["True", "### Doc: 0, pages:[1,null]", "After 3000 brews.", "True"]
