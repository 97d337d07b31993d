"""Spring's ``Assert``, once: every argument check in the library goes through here.

Failures raise ``ValueError`` (``IllegalArgumentException``) or ``RuntimeError``
(``IllegalStateException``) carrying Spring's message wording.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

T = TypeVar("T")


def not_none(value: T | None, message: str) -> T:
    """Return ``value``; raise ``ValueError(message)`` when it is ``None``."""
    if value is None:
        raise ValueError(message)
    return value


def instance_of(value: object, expected: type, name: str) -> None:
    """Raise ``TypeError`` naming ``name`` unless ``value`` is an ``expected``.

    Spring's ``Assert.isInstanceOf``, for arguments a Java compiler would have checked:
    ``prompt must be a Prompt, got str``.
    """
    if not isinstance(value, expected):
        kind = expected.__name__
        article = "an" if kind[:1] in "AEIOU" else "a"
        got = (
            f"the class {value.__name__} (pass an instance)"
            if isinstance(value, type)
            else type(value).__name__
        )
        raise TypeError(f"{name} must be {article} {kind}, got {got}")


def has_text(value: str | None, message: str) -> str:
    """Return ``value``; raise ``ValueError(message)`` when it is ``None``, empty or blank."""
    if value is None or not isinstance(value, str) or not value.strip():
        raise ValueError(message)
    return value


def not_empty(value: Any, message: str) -> Any:
    """Return ``value``; raise ``ValueError(message)`` when it is ``None`` or empty."""
    if value is None or len(value) == 0:
        raise ValueError(message)
    return value


def no_null_elements(values: Iterable[Any], message: str) -> None:
    """Raise ``ValueError(message)`` when any element of ``values`` is ``None``."""
    for value in values:
        if value is None:
            raise ValueError(message)


def is_true(condition: bool, message: str) -> None:
    """Raise ``ValueError(message)`` unless ``condition`` holds."""
    if not condition:
        raise ValueError(message)


def state(condition: bool, message: str) -> None:
    """Raise ``RuntimeError(message)`` unless ``condition`` holds (``IllegalStateException``)."""
    if not condition:
        raise RuntimeError(message)


def has_text_value(value: str | None) -> bool:
    """Spring's ``StringUtils.hasText``: not ``None`` and not blank."""
    return value is not None and bool(value.strip())
