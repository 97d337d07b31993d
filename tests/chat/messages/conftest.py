"""Fixtures for the message tests: Spring's ``prompt-user.txt`` / ``prompt-system.txt``."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def prompt_user(tmp_path: Path) -> Path:
    path = tmp_path / "prompt-user.txt"
    path.write_text("Hello, world!", encoding="utf-8")
    return path


@pytest.fixture
def prompt_system(tmp_path: Path) -> Path:
    path = tmp_path / "prompt-system.txt"
    path.write_text("Tell me, did you sail across the sun?", encoding="utf-8")
    return path
