"""The JSON form of model objects, as Spring's Jackson writes them.

Spring AI applications log or return model objects as JSON (``JsonParser.toJson``,
``ModelOptionsUtils.toJsonString`` in 1.x, a WebFlux controller returning a
``ChatResponse``). :func:`to_json_value` gives the same structure: Jackson's property names
(the Java getters, camelCase), enums by name, ``None`` for Java's ``null``; options leave out
unset fields (Spring's options are ``@JsonInclude(NON_NULL)``); tool-callback and other
non-data attributes are left out. :func:`to_json` writes it as text.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

JsonValue = None | bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"]

_SKIPPED_OPTION_FIELDS = {"tool_callbacks", "tool_context", "api_key", "http_client", "output_schema_type"}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _metadata(value: Any) -> dict[str, JsonValue]:
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return {str(k): to_json_value(v) for k, v in value.items()}
    return {}


def _message(message: Any) -> dict[str, JsonValue]:
    from spring_ai_py.chat.messages import AssistantMessage, ToolResponseMessage

    result: dict[str, JsonValue] = {
        "messageType": to_json_value(message.get_message_type()),
        "metadata": _metadata(message.get_metadata()),
    }
    if isinstance(message, AssistantMessage):
        result["toolCalls"] = [
            {"id": c.id, "type": c.type, "name": c.name, "arguments": c.arguments}
            for c in message.get_tool_calls()
        ]
    if isinstance(message, ToolResponseMessage):
        result["responses"] = [
            {"id": r.id, "name": r.name, "responseData": r.response_data}
            for r in message.get_responses()
        ]
    if hasattr(message, "get_media"):
        result["media"] = [to_json_value(m) for m in message.get_media()]
    result["text"] = message.get_text()
    return result


def to_json_value(value: object) -> JsonValue:
    """``value`` as the JSON structure Spring's Jackson writes for the Java object."""
    from spring_ai_py.chat.messages import AbstractMessage
    from spring_ai_py.chat.metadata import ChatGenerationMetadata, ChatResponseMetadata
    from spring_ai_py.chat.model import ChatResponse, Generation
    from spring_ai_py.chat.prompt import ChatOptions
    from spring_ai_py.document import Document

    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, ChatResponse):
        results = [to_json_value(g) for g in value.get_results()]
        return {
            "metadata": to_json_value(value.get_metadata()),
            "results": results,
            "result": results[0] if results else None,
        }
    if isinstance(value, Generation):
        return {"output": to_json_value(value.get_output()), "metadata": to_json_value(value.get_metadata())}
    if isinstance(value, AbstractMessage):
        return _message(value)
    if isinstance(value, ChatGenerationMetadata):
        filters = value.get_content_filters()
        return {
            "finishReason": value.get_finish_reason(),
            "contentFilters": [to_json_value(f) for f in filters],
        }
    if isinstance(value, ChatResponseMetadata):
        usage = value.get_usage()
        return {
            "id": value.get_id(),
            "model": value.get_model(),
            "rateLimit": to_json_value(value.get_rate_limit()),
            "usage": {
                "promptTokens": usage.get_prompt_tokens(),
                "completionTokens": usage.get_completion_tokens(),
                "totalTokens": usage.get_total_tokens(),
            },
            "promptMetadata": [to_json_value(p) for p in value.get_prompt_metadata()],
        }
    if isinstance(value, Document):
        return {
            "id": value.get_id(),
            "text": value.get_text(),
            "media": to_json_value(value.get_media()),
            "metadata": _metadata(value.get_metadata()),
            "score": value.get_score(),
        }
    if isinstance(value, ChatOptions) and dataclasses.is_dataclass(value):
        fields: dict[str, JsonValue] = {}
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if item is None or field.name.startswith("_") or field.name in _SKIPPED_OPTION_FIELDS:
                continue
            if isinstance(item, list | set | dict) and not item:
                continue
            fields[_camel(field.name)] = to_json_value(item)
        return fields
    if isinstance(value, BaseModel):
        return {k: to_json_value(v) for k, v in value.model_dump(by_alias=True).items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {_camel(f.name): to_json_value(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): to_json_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_json_value(v) for v in value]
    if hasattr(value, "get_text") and callable(value.get_text):
        return {"text": value.get_text()}
    return str(value)


def to_json(value: object, indent: int | None = None) -> str:
    """:func:`to_json_value` as JSON text (``indent`` for Jackson's pretty printer)."""
    return json.dumps(to_json_value(value), ensure_ascii=False, indent=indent)


__all__ = ["JsonValue", "to_json", "to_json_value"]
