"""Glob patterns of the readers: ``**`` never follows a symbolic link loop."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spring_ai_py.core.io.resource import resolve_resources
from spring_ai_py.reader.markdown import MarkdownDocumentReader

needs_symlinks = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")


def _names(pattern: str | Path) -> list[str]:
    return [r.get_description() for r in resolve_resources(pattern)]


@needs_symlinks
def test_double_star_does_not_follow_a_symlink_loop(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "x.md").write_text("X")
    (tmp_path / "a" / "b" / "y.md").write_text("Y")
    (tmp_path / "a" / "loop").symlink_to(tmp_path)  # a/loop/a/loop/... forever
    (tmp_path / "a" / "b" / "up").symlink_to(tmp_path / "a")
    found = resolve_resources(f"{tmp_path}/**/*.md")
    assert [r.get_filename() for r in found] == ["y.md", "x.md"]
    docs = MarkdownDocumentReader(f"{tmp_path}/**/*.md").get()
    assert [d.get_text() for d in docs] == ["Y", "X"]


@needs_symlinks
def test_links_to_files_still_match(tmp_path: Path) -> None:
    (tmp_path / "real.md").write_text("x")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "link.md").symlink_to(tmp_path / "real.md")
    assert [r.get_filename() for r in resolve_resources(tmp_path / "**" / "*.md")] == [
        "real.md",
        "link.md",
    ]


def test_double_star_keeps_glob_rules_for_hidden_names(tmp_path: Path) -> None:
    for path in ("top.md", "a/x.md", "a/.dot.md", ".hid/h.md", "a/b/z.txt"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("x")
    root = tmp_path.as_posix()
    assert _names(f"{root}/**/*.md") == [
        f"file [{tmp_path / 'a' / 'x.md'}]",
        f"file [{tmp_path / 'top.md'}]",
    ]
    assert [r.get_filename() for r in resolve_resources(f"{root}/**/.hid/*.md")] == ["h.md"]
    assert [r.get_filename() for r in resolve_resources(f"{root}/a/**")] == ["z.txt", "x.md"]
