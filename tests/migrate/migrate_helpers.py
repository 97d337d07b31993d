"""Helpers for the translator's tests: write Java projects, lint and import what came out."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from spring_ai_py.migrate import MigrationReport

APPS = Path(__file__).parent / "apps"


def write_project(root: Path, files: dict[str, str], resources: dict[str, str] | None = None) -> Path:
    """A Maven-layout project holding ``files`` (paths under ``src/main/java``)."""
    for name, source in files.items():
        target = root / "src/main/java" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(source, encoding="utf-8")
    for name, content in (resources or {}).items():
        target = root / "src/main/resources" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
    (root / "pom.xml").write_text("<project/>", encoding="utf-8")
    return root


def ruff(output: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "."],
        cwd=output,
        capture_output=True,
        text=True,
    )


class Translated:
    """A translated project: its report, its folder, and its modules imported on demand."""

    def __init__(self, report: MigrationReport) -> None:
        self.report = report
        self.output = report.output
        self.package = report.package

    def source(self, module: str) -> str:
        return (self.output / self.package / f"{module.replace('.', '/')}.py").read_text()

    def migration_md(self) -> str:
        return (self.output / "MIGRATION.md").read_text()

    def load(self, module: str) -> ModuleType:
        return importlib.import_module(f"{self.package}.{module}")


