"""Every runnable example in examples/ runs offline and exits cleanly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_example_runs(example: Path) -> None:
    env_free_of_keys = {
        k: v
        for k, v in os.environ.items()
        if k not in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GOOGLE_API_KEY", "GEMINI_API_KEY")
    }
    # Run against this checkout's package, not whichever copy the interpreter has installed.
    repo = str(Path(__file__).parent.parent)
    env_free_of_keys["PYTHONPATH"] = os.pathsep.join(
        p for p in (repo, env_free_of_keys.get("PYTHONPATH", "")) if p
    )
    result = subprocess.run(
        [sys.executable, str(example)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env_free_of_keys,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip(), "an example should show its result"
