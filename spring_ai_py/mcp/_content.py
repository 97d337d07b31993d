"""How MCP tool results become text for the model, as Spring's ``JsonHelper`` writes them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel


def content_to_text(content: Sequence[BaseModel]) -> str:
    """The text the model gets for a tool result's content.

    A result that is one plain text block is sent as that text, as the port sends a
    tool's ``str`` result unquoted; anything else (several blocks,
    images, resources, annotated text) is Spring's JSON (:func:`content_to_json`).
    """
    if len(content) == 1:
        block = content[0]
        if (
            getattr(block, "type", None) == "text"
            and getattr(block, "annotations", None) is None
            and getattr(block, "meta", None) is None
        ):
            text = getattr(block, "text", None)
            if isinstance(text, str):
                return text
    return content_to_json(content)


def content_to_json(content: Sequence[BaseModel]) -> str:
    """The result's content blocks as compact JSON, the way Spring 2.0.1 sends them.

    Spring serializes the content list without the ``type`` discriminator and without
    ``null`` fields: ``[{"text":"First content"}]``,
    ``[{"data":"base64data","mimeType":"image/png"}]``; the model reads text, images and
    embedded resources from that JSON.
    """
    items: list[dict[str, Any]] = [
        block.model_dump(mode="json", by_alias=True, exclude_none=True, exclude={"type"})
        for block in content
    ]
    return json.dumps(items, separators=(",", ":"), ensure_ascii=False)


def arguments_from_json(tool_input: str | None) -> dict[str, Any]:
    """The model's JSON arguments as a mapping (blank input is ``{}``, as in Spring)."""
    if tool_input is None or not tool_input.strip():
        return {}
    value = json.loads(tool_input)
    if not isinstance(value, dict):
        raise ValueError(f"tool_input must be a JSON object, got: {tool_input}")
    return value
