"""Spring's ``MessageUtils``: reading a message's text from a resource (a file path)."""

from __future__ import annotations

import os
from pathlib import Path

from spring_ai_py import _assert


class MessageUtils:
    """Helpers for building messages; ``read_resource`` reads a file's text."""

    def __init__(self) -> None:
        raise TypeError("MessageUtils is a utility class and cannot be instantiated")

    @staticmethod
    def read_resource(resource: os.PathLike[str] | None, charset: str | None = "utf-8") -> str:
        """The text of ``resource`` decoded with ``charset`` (UTF-8 by default).

        Raises ``ValueError`` when either is ``None`` and ``RuntimeError("Failed to read
        resource")`` (with the ``OSError`` as cause) when the file cannot be read.
        """
        _assert.not_none(resource, "resource cannot be null")
        _assert.not_none(charset, "charset cannot be null")
        if not isinstance(resource, os.PathLike):
            raise TypeError(
                f"resource must be a path (pathlib.Path or os.PathLike), got {type(resource).__name__}"
            )
        assert charset is not None
        try:
            return Path(resource).read_text(encoding=charset)
        except OSError as ex:
            raise RuntimeError("Failed to read resource") from ex


def text_or_resource(value: object, argument: str) -> str | None:
    """A message's text: a ``str`` (or ``None``) as is, a path read as UTF-8, else ``TypeError``."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, os.PathLike):
        return MessageUtils.read_resource(value)
    raise TypeError(f"{argument} must be a str or a path (os.PathLike), got {type(value).__name__}")
