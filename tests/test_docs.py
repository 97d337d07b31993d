"""Every Python block of every docs page and of the README runs, in order, as written.

One namespace per page (a page's blocks build on each other), run in a fresh working
directory with no API keys in the environment. A block that is not meant to run is
preceded by ``<!-- not run: <reason> -->``; the reason is required.
"""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
_BLOCK = re.compile(
    r"(?P<marker><!--\s*not run:(?P<reason>[^>]*)-->\s*\n)?```python\n(?P<code>.*?)```", re.S
)


def python_blocks(page: Path) -> list[tuple[int, str]]:
    """``(line, code)`` of each block to run; blocks marked ``not run`` need a reason."""
    text = page.read_text(encoding="utf-8")
    blocks = []
    for match in _BLOCK.finditer(text):
        line = text.count("\n", 0, match.start("code")) + 1
        if match.group("marker"):
            assert match.group("reason").strip(), f"{page.name}:{line}: 'not run' needs a reason"
            continue
        blocks.append((line, match.group("code")))
    return blocks


def test_every_page_is_covered() -> None:
    assert (REPO / "README.md") in PAGES
    assert len(PAGES) > 10


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_runs(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for key in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    # A real module, so dataclasses and pickling find the page's classes by module name.
    module = types.ModuleType(f"docs_{page.stem.replace('-', '_')}")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for line, code in python_blocks(page):
        # Line numbers in tracebacks point into the page itself.
        compiled = compile("\n" * (line - 1) + code, str(page), "exec")
        exec(compiled, module.__dict__)
    capsys.readouterr()
