"""JSON schemas for structured output, shaped like Spring AI's ``JsonSchemaGenerator``.

pydantic generates the schema; this module then gives it Spring's conventions so that
providers' strict structured-output modes accept it: a draft 2020-12 ``$schema``,
``additionalProperties: false`` on every object with ``properties``, no ``title`` or
``default`` keywords, references inlined (``$defs`` survive only for recursive types),
and Spring's key order (``type`` first, ``properties`` before ``required``). The text
form is pretty-printed the way Jackson prints it, so the format prompt matches Spring's
byte for byte for equivalent types.
"""

from __future__ import annotations

import json
from typing import Any

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

# Keywords whose value is a single subschema, a list of subschemas, or a map of them.
_SCHEMA_KEYS = frozenset(
    {
        "items",
        "additionalProperties",
        "not",
        "if",
        "then",
        "else",
        "contains",
        "propertyNames",
        "unevaluatedItems",
        "unevaluatedProperties",
    }
)
_SCHEMA_LIST_KEYS = frozenset({"anyOf", "oneOf", "allOf", "prefixItems"})
_SCHEMA_MAP_KEYS = frozenset({"properties", "$defs", "patternProperties", "dependentSchemas"})
_DROPPED_KEYS = frozenset({"title", "default"})
_LEADING_KEYS = (
    "$schema",
    "$ref",
    "type",
    "format",
    "description",
    "enum",
    "const",
    "anyOf",
    "oneOf",
    "allOf",
    "items",
    "prefixItems",
    "properties",
    "required",
)
_DEFS_PREFIX = "#/$defs/"


def spring_style(schema: dict[str, Any]) -> dict[str, Any]:
    """Return ``schema`` (as pydantic produced it) in Spring's conventions."""
    defs: dict[str, Any] = schema.get("$defs", {})
    kept_defs: dict[str, Any] = {}

    def inline(node: Any, stack: tuple[str, ...]) -> Any:
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(_DEFS_PREFIX):
            name = ref[len(_DEFS_PREFIX) :]
            siblings = {
                k: inline_value(k, v, stack) for k, v in node.items() if k not in ("$ref", "$defs")
            }
            if name in stack:
                # Recursive type: keep the reference and its definition.
                if name not in kept_defs:
                    kept_defs[name] = None
                    kept_defs[name] = inline(defs[name], (name,))
                return {"$ref": ref, **siblings}
            resolved = dict(inline(defs[name], (*stack, name)))
            resolved.update(siblings)
            return resolved
        return {k: inline_value(k, v, stack) for k, v in node.items() if k != "$defs"}

    def inline_value(key: str, value: Any, stack: tuple[str, ...]) -> Any:
        if key in _SCHEMA_MAP_KEYS and isinstance(value, dict):
            return {name: inline(sub, stack) for name, sub in value.items()}
        if key in _SCHEMA_LIST_KEYS and isinstance(value, list):
            return [inline(sub, stack) for sub in value]
        if key in _SCHEMA_KEYS:
            return inline(value, stack)
        return value

    result = inline(schema, ())
    if kept_defs:
        result["$defs"] = kept_defs
    result = _tidy(result)
    return {"$schema": DRAFT_2020_12, **result}


def _tidy(node: Any) -> Any:
    """Drop titles and defaults, forbid additional properties, order the keys."""
    if not isinstance(node, dict):
        return node
    cleaned: dict[str, Any] = {}
    for key, value in node.items():
        if key in _DROPPED_KEYS:
            continue
        if key in _SCHEMA_MAP_KEYS and isinstance(value, dict):
            cleaned[key] = {name: _tidy(sub) for name, sub in value.items()}
        elif key in _SCHEMA_LIST_KEYS and isinstance(value, list):
            cleaned[key] = [_tidy(sub) for sub in value]
        elif key in _SCHEMA_KEYS:
            cleaned[key] = _tidy(value)
        else:
            cleaned[key] = value
    if "properties" in cleaned and "additionalProperties" not in cleaned:
        cleaned["additionalProperties"] = False
    ordered = {key: cleaned[key] for key in _LEADING_KEYS if key in cleaned}
    trailing = ("additionalProperties", "$defs")
    ordered.update((k, v) for k, v in cleaned.items() if k not in ordered and k not in trailing)
    ordered.update((k, cleaned[k]) for k in trailing if k in cleaned)
    return ordered


def pretty(value: Any, level: int = 0) -> str:
    """Render ``value`` as JSON the way Jackson's default pretty printer does."""
    if isinstance(value, dict):
        if not value:
            return "{ }"
        inner = "  " * (level + 1)
        members = ",\n".join(
            f"{inner}{json.dumps(key, ensure_ascii=False)} : {pretty(item, level + 1)}"
            for key, item in value.items()
        )
        return "{\n" + members + "\n" + "  " * level + "}"
    if isinstance(value, list):
        if not value:
            return "[ ]"
        # Jackson keeps arrays inline; nested objects indent from the enclosing object.
        return "[ " + ", ".join(pretty(item, level) for item in value) + " ]"
    return json.dumps(value, ensure_ascii=False)
