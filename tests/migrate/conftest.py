"""The ``translate`` fixture: translate a Java project into a temporary folder and make
the package importable for the test's duration."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("tree_sitter_java")

from migrate_helpers import Translated

from spring_ai_py.migrate import migrate


@pytest.fixture
def translate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], Translated]]:
    """``translate(source_dir)`` → :class:`Translated`, importable for the test's duration."""
    loaded: list[str] = []

    def run(source: Path) -> Translated:
        output = tmp_path / ("out_" + source.name)
        report = migrate(source, output)
        monkeypatch.syspath_prepend(str(output))
        loaded.append(report.package)
        return Translated(report)

    yield run
    for name in list(sys.modules):
        if any(name == p or name.startswith(p + ".") for p in loaded):
            del sys.modules[name]
