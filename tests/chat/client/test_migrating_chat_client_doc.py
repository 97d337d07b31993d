"""The python example of the ChatClient section of docs/migrating.md runs as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

DOC = Path(__file__).parent.parent.parent.parent / "docs" / "migrating.md"
SECTION = "## ChatClient: Java implementation names, resources and deprecated aliases"


def test_chat_client_migration_example_runs() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index(SECTION) :]
    following = section.find("\n## ", len(SECTION))
    section = section if following < 0 else section[:following]
    blocks = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    assert len(blocks) == 1
    namespace: dict[str, Any] = {"__name__": "migrating_doc"}
    exec(compile(blocks[0], str(DOC), "exec"), namespace)
