"""Structured output as a ``dict``, from a JSON object."""

from __future__ import annotations

import json
from typing import Any

from spring_ai_py.converter.structured_output_converter import (
    OutputConversionException,
    StructuredOutputConverter,
)

_JSON_FENCE_OPEN = "```json"
_JSON_FENCE_CLOSE = "```"


class MapOutputConverter(StructuredOutputConverter[dict[str, Any]]):
    """Asks for a JSON object and parses the answer into a ``dict``.

    A surrounding ```` ```json ... ``` ```` fence is removed before parsing, and
    anything after the JSON object is ignored. JSON ``null`` gives an empty dict. Text
    that is not a JSON object raises ``OutputConversionException``.
    """

    def convert(self, text: str) -> dict[str, Any]:
        """Parse ``text`` (optionally fenced as ```` ```json ````) into a dict."""
        source = text
        if text.startswith(_JSON_FENCE_OPEN) and text.endswith(_JSON_FENCE_CLOSE):
            text = text[len(_JSON_FENCE_OPEN) : -len(_JSON_FENCE_CLOSE)]
        try:
            value, _ = json.JSONDecoder().raw_decode(text.lstrip())
        except json.JSONDecodeError as ex:
            raise OutputConversionException(f"Could not read JSON: {ex}", source) from ex
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise OutputConversionException(
                f"Could not read JSON: expected a JSON object, got {type(value).__name__}",
                source,
            )
        return value

    def get_format(self) -> str:
        """Return the prompt asking for a JSON object (Spring's wording, Java class name
        included, since models were tuned on it)."""
        return (
            "Your response should be in JSON format.\n"
            "The data structure for the JSON should match this Java class: java.util.HashMap\n"
            "Do not include any explanations, only provide a RFC8259 compliant JSON response "
            "following this format without deviation.\n"
            'Remove the ```json markdown surrounding the output including the trailing "```".\n'
        )
