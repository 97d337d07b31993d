"""Every Python block of every docs page and of the README runs, in order, as written.

The one docs runner (pydantic-ai's way): one module namespace per page, since a page's
blocks build on each other, in a fresh working directory with no API keys set.

- A Python block followed directly by a fence with no language shows its output: what
  the block prints must equal that fence's text.
- ``EXPECTED`` lists further lines a page's run must print, for pages that explain
  their output in prose.
- A block that is not meant to run is preceded by ``<!-- not run: <reason> -->``.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import tempfile
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
_BLOCK = re.compile(
    r"(?P<marker><!--\s*not run:(?P<reason>[^>]*)-->\s*\n)?"
    r"```python\n(?P<code>.*?)```(?:[ \t]*\n[ \t]*\n?```\n(?P<output>.*?)```)?",
    re.S,
)

EXPECTED: dict[str, list[str]] = {
    "rag.md": [
        "The Nimbus-7 coffee machine must be descaled every 42 days.",
        "LONG_TERM_MEMORY:",
    ],
    "models.md": [
        "Hello from the scripted server.",
        "gpt-4o-mini 0.2 64",
        "The user wants French. -> Bonjour.",
        "Answer in French.",
        "It is sunny in Paris.",
        "401 Error code: 401 - Incorrect API key provided",
        "16 16",
        "NONE: input 20495, written 0, read 0, cost 20495",
        "CONVERSATION_HISTORY: input 0, written 2216, read 18279, cost 4598",
        "1 Facts Characters 0-20",
        "['https://spring.io/blog/spring-ai-2-0']",
        "custom\ncontainer_011\n['budget.xlsx']",
    ],
    "async.md": [
        "['Madrid.', 'Paris.', 'Rome.']\nTrue\ncancelled\nTrue []\n"
        "use `await ...acontent()` instead\n",
    ],
    "mcp.md": [
        "It is sunny in Paris.",
        "Paris: sunny, 24°C",
        "temperature True {'type': 'string', 'description': 'The city'}",
    ],
    "reliability.md": ["faults tried: 12, turns lost: 0"],
    "providers.md": ["echo: hello\necho: hello again\necho: stream me\n"],
    "vector-stores.md": [
        "The cat sat on the mat",
        "Line: 1:14, Error: token recognition error at: '='",
    ],
    "evaluation.md": ["relevant: True", "supported: False", "EvaluationResponse(pass_=True, score=1.0"],
    "configuration.md": [
        "Configured from application.yml",
        "gpt-4o-mini 0.2",
        "spring.ai.openai.api-key",
        "Failed to bind properties under 'spring.ai.openai.chat.temperature'",
    ],
    "getting-started.md": [
        "Paris.",
        "Awaited natively.",
        "Sunny in Lyon",
        "4 messages stored",
        "spring_ai chat_client",
    ],
    "fastapi.md": ["Advisors wrap the model call.", "Streamed one word at a time. [DONE]"],
    "etl.md": [
        "The Zephyr kettle's warranty lasts 19 months. {'team': 'support'",
        "'name: Zephyr\\ndescription: A 1.7 litre kettle.\\n'",
        "{'category': 'header_2', 'title': 'Descaling', 'source': 'manual.md'} "
        "'Descale every 42 days with citric acid.'",
        "{'category': 'code_block', 'lang': 'sh'",
        "(1, 'Bulletin 7\\nReplace seal kit SK-88 after 3000 brews.\\n')",
        "['Bulletin 7', 'Bulletin 8']",
        "4 5 'Step 5: rinse the tank, then run one descaling cycle.'",
        "784f408c-4b11-30e0-a7cd-61b3d8b8d3a4",
        "### Doc: 0, pages:[1,null]",
        "After 3000 brews.",
    ],
    "README.md": ["(scripted) Advisors wrap the model call, outermost first."],
}


def _check_providers_page(namespace: dict[str, Any]) -> None:
    options = namespace["EchoChatOptions"].builder().api_key("secret-key").max_retries(5).build()
    assert "secret-key" not in repr(options)
    assert namespace["model"].sync_client(options).max_retries == 5


CHECKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "providers.md": _check_providers_page,
}
"""Checks of what a page's run built, beyond what it printed."""


class Block:
    def __init__(self, line: int, code: str, output: str | None) -> None:
        self.line, self.code, self.output = line, code, output


def python_blocks(page: Path) -> list[Block]:
    """The blocks to run, with the output each must print (``None``: not checked)."""
    text = page.read_text(encoding="utf-8")
    blocks = []
    for match in _BLOCK.finditer(text):
        line = text.count("\n", 0, match.start("code")) + 1
        if match.group("marker"):
            assert match.group("reason").strip(), f"{page.name}:{line}: 'not run' needs a reason"
            continue
        blocks.append(Block(line, match.group("code"), match.group("output")))
    return blocks


def test_every_page_is_covered() -> None:
    assert (REPO / "README.md") in PAGES
    assert set(EXPECTED) | set(CHECKS) <= {page.name for page in PAGES}


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_runs(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key in (
        "OPENAI_API_KEY",
        "ANTHROPIC_API_KEY",
        "OPENAI_BASE_URL",
        "ANTHROPIC_BASE_URL",
        "GOOGLE_API_KEY",
        "GEMINI_API_KEY",
    ):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the pages' mkdtemp() lands here
    # A real module, so dataclasses, pydantic and tools find the page's classes by name.
    module = types.ModuleType(f"docs_{page.stem.replace('-', '_')}")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    printed: list[str] = []
    for block in python_blocks(page):
        # Line numbers in tracebacks point into the page itself.
        compiled = compile("\n" * (block.line - 1) + block.code, str(page), "exec")
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            exec(compiled, module.__dict__)
        if block.output is not None:
            assert output.getvalue() == block.output, f"{page.name}:{block.line}"
        printed.append(output.getvalue())
    everything = "".join(printed)
    for expected in EXPECTED.get(page.name, []):
        assert expected in everything, f"{page.name} should print {expected!r}"
    check = CHECKS.get(page.name)
    if check is not None:
        check(module.__dict__)
