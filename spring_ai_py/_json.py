"""JSON parsing for untrusted input: deep nesting is a ``ValueError``, never a ``RecursionError``."""

from __future__ import annotations

import json
from typing import Any


def loads(text: str | bytes, source: str) -> Any:
    """``json.loads(text)``; ``ValueError`` naming ``source`` when the text is not JSON or
    nests deeper than the interpreter can follow (``[[[[...]]]]`` of a few thousand
    levels)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError(f"{source} is nested too deeply to parse as JSON") from None
