"""examples/etl.py with ``--dsn`` writes to a PgVectorStore and answers from it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "etl.py"


@pytest.mark.postgres
def test_etl_example_runs_on_pgvector(pgvector_dsn: str) -> None:
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(EXAMPLE.parents[1]), environment.get("PYTHONPATH", "")]
    )
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "--dsn", pgvector_dsn],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
    )
    assert result.returncode == 0, result.stderr
    assert "wrote 7 chunks to PgVectorStore" in result.stdout
    assert "Technicians replace the Quorvan seal kit SK-88 after 3000 brews." in result.stdout
