"""Structured output as a list of strings, from comma-separated text."""

from __future__ import annotations

from spring_ai_py.converter.structured_output_converter import StructuredOutputConverter


class ListOutputConverter(StructuredOutputConverter[list[str]]):
    """Asks for comma-separated values and splits the answer into a list of strings.

    Each value is trimmed; empty values stay in place (``"A, , C"`` gives
    ``["A", "", "C"]``) and an empty text gives an empty list. Quotes get no special
    treatment: a comma inside quotes still separates values.
    """

    def get_format(self) -> str:
        """Return the prompt asking for comma-separated values."""
        return (
            "Respond with only a list of comma-separated values, without any leading or "
            "trailing text.\nExample format: foo, bar, baz\n"
        )

    def convert(self, text: str | None) -> list[str]:
        """Split ``text`` at commas and trim each value."""
        if not text:
            return []
        return [value.strip() for value in text.split(",")]
