"""What both evaluators share: reading the judge model's yes/no verdict."""

from __future__ import annotations


def is_yes(answer: str | None) -> bool:
    """Whether the model answered exactly ``yes``, ignoring case and surrounding blanks."""
    return (answer or "").strip().lower() == "yes"
