"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.messages.MessageUtilsTests`: 5 tests ported, 0 skipped.

Spring's ``Resource`` is a path here and its ``Charset`` an encoding name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spring_ai_py.chat.messages import MessageUtils


def test_read_resource(prompt_user: Path) -> None:
    assert MessageUtils.read_resource(prompt_user) == "Hello, world!"


def test_read_resource_when_null() -> None:
    with pytest.raises(ValueError, match="resource cannot be null"):
        MessageUtils.read_resource(None)


def test_read_resource_with_charset(prompt_user: Path) -> None:
    assert MessageUtils.read_resource(prompt_user, "utf-8") == "Hello, world!"


def test_read_resource_with_charset_when_null(prompt_user: Path) -> None:
    with pytest.raises(ValueError, match="charset cannot be null"):
        MessageUtils.read_resource(prompt_user, None)


def test_read_resource_with_charset_when_resource_null() -> None:
    with pytest.raises(ValueError, match="resource cannot be null"):
        MessageUtils.read_resource(None, "utf-8")
