"""The runnable example of docs/providers.md runs as written (a provider on the public base)."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).parent.parent.parent / "docs" / "providers.md"


def test_doc_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 1
    module = types.ModuleType("providers_doc")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    try:
        exec(compile(blocks[0], str(DOC), "exec", dont_inherit=True), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    namespace: dict[str, Any] = module.__dict__
    assert capsys.readouterr().out.splitlines() == [
        "echo: hello",
        "echo: hello again",
        "echo: stream me",
    ]
    model = namespace["model"]
    options = namespace["EchoChatOptions"].builder().api_key("secret-key").max_retries(5).build()
    assert "secret-key" not in repr(options)
    assert model.sync_client(options).max_retries == 5
