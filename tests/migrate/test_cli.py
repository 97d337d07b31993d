"""The command line: ``spring_ai_py migrate SRC -o OUT`` and ``python -m spring_ai_py.migrate``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from migrate_helpers import APPS

from spring_ai_py.migrate import migrate
from spring_ai_py.migrate.__main__ import main, migrate_main


def test_console_script_writes_the_package_and_the_report(tmp_path: Path, capsys) -> None:
    assert main(["migrate", str(APPS / "chat-cli"), "-o", str(tmp_path / "out")]) == 0
    assert "chat_cli: 3 modules written" in capsys.readouterr().out
    assert (tmp_path / "out/chat_cli/__main__.py").exists()
    assert (tmp_path / "out/chat_cli/resources/application.properties").read_text() == (
        APPS / "chat-cli/src/main/resources/application.properties"
    ).read_text()
    report = (tmp_path / "out/MIGRATION.md").read_text()
    assert "## Translated by a rule" in report
    assert "ChatCliApplication.java:34 | CommandLineRunner bean runner | called from main()" in report


def test_python_dash_m_runs_the_same_command(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "spring_ai_py.migrate", str(APPS / "web-stream"), "-o", str(tmp_path / "o")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "o/web_stream/chat_controller.py").exists()


def test_bad_arguments_name_the_argument(tmp_path: Path, capsys) -> None:
    assert migrate_main([str(tmp_path / "missing"), "-o", str(tmp_path / "o")]) == 2
    assert "source must be a project folder" in capsys.readouterr().err
    with pytest.raises(ValueError, match="output must be outside the source folder"):
        migrate(APPS / "chat-cli", APPS / "chat-cli" / "out")
