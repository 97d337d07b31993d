"""Port of Spring AI 2.0.1 `org.springframework.ai.google.genai.schema.JsonSchemaConverterTests`: 17 tests ported, 0 skipped.

Jackson's ``ObjectNode`` is a ``dict`` here; Spring's ``IllegalArgumentException`` is a
``ValueError`` and its ``RuntimeException`` a ``RuntimeError``.
"""

from __future__ import annotations

import json

import pytest

from spring_ai_py.google.genai import JsonSchemaConverter


def _convert(text: str) -> dict[str, object]:
    return JsonSchemaConverter.convert_to_open_api_schema(JsonSchemaConverter.from_json(text))


def test_from_json_should_parse_valid_json() -> None:
    result = JsonSchemaConverter.from_json(
        '{"type":"object","properties":{"name":{"type":"string"}}}'
    )
    assert result["type"] == "object"
    assert result["properties"]["name"]["type"] == "string"


def test_from_json_should_throw_on_invalid_json() -> None:
    with pytest.raises(RuntimeError, match="Failed to parse JSON"):
        JsonSchemaConverter.from_json("{invalid:json}")


def test_convert_to_open_api_schema_should_throw_on_null_input() -> None:
    with pytest.raises(ValueError, match=r"^JSON Schema node must not be null$"):
        JsonSchemaConverter.convert_to_open_api_schema(None)  # type: ignore[arg-type]


def test_convert_to_open_api_schema_should_reject_defs() -> None:
    schema = JsonSchemaConverter.from_json('{"$defs": {"myDef": {"type": "string"}}, "type": "object"}')
    with pytest.raises(ValueError, match=r"^Google's Structured Output schema doesn't support \$defs property$"):
        JsonSchemaConverter.convert_to_open_api_schema(schema)


def test_from_json_should_handle_empty_object() -> None:
    assert JsonSchemaConverter.from_json("{}") == {}


def test_from_json_should_handle_empty_string() -> None:
    with pytest.raises(RuntimeError, match="Failed to parse JSON"):
        JsonSchemaConverter.from_json("")


def test_from_json_should_handle_null_input() -> None:
    with pytest.raises(RuntimeError):
        JsonSchemaConverter.from_json(None)  # type: ignore[arg-type]


def test_should_handle_boolean_additional_properties() -> None:
    assert _convert('{"type": "object", "additionalProperties": true}')["additionalProperties"] is True


def test_should_handle_enum_property() -> None:
    assert _convert('{"type": "string", "enum": ["a", "b", "c"]}')["enum"] == ["a", "b", "c"]


def test_should_handle_open_api_specific_properties() -> None:
    result = _convert(
        '{"type": "string", "nullable": true, "readOnly": true, "writeOnly": false,'
        ' "description": {"propertyName": "type"}}'
    )
    assert result["nullable"] is True
    assert result["readOnly"] is True
    assert result["writeOnly"] is False
    assert result["description"] == {"propertyName": "type"}


# -- SchemaConversionTests (a @Nested class in Spring) ------------------------------------


def test_should_convert_basic_schema() -> None:
    result = _convert(
        json.dumps(
            {
                "type": "object",
                "properties": {"name": {"type": "string", "description": "The name property"}},
                "required": ["name"],
            }
        )
    )
    assert result["openapi"] == "3.0.0"
    assert result["type"] == "object"
    assert result["properties"] == {"name": {"type": "string", "description": "The name property"}}
    assert result["required"] == ["name"]


def test_should_handle_array_types() -> None:
    result = _convert(
        '{"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}'
    )
    tags = result["properties"]["tags"]  # type: ignore[index]
    assert tags["type"] == "array"
    assert tags["items"]["type"] == "string"


def test_should_handle_nullable_types() -> None:
    result = _convert('{"type": "object", "properties": {"nickname": {"type": ["string", "null"]}}}')
    assert result["properties"]["nickname"] == {"type": "string", "nullable": True}  # type: ignore[index]


def test_should_handle_additional_properties() -> None:
    result = _convert('{"type": "object", "additionalProperties": {"type": "string"}}')
    assert result["additionalProperties"] == {"type": "string"}


def test_should_handle_combining_schemas() -> None:
    result = _convert(
        json.dumps(
            {
                "type": "object",
                "allOf": [
                    {"type": "object", "properties": {"name": {"type": "string"}}},
                    {"type": "object", "properties": {"age": {"type": "integer"}}},
                ],
            }
        )
    )
    assert isinstance(result["allOf"], list) and len(result["allOf"]) == 2


def test_should_copy_common_properties() -> None:
    pattern = "^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$"
    source = {
        "type": "string",
        "format": "email",
        "description": "Email address",
        "minLength": 5,
        "maxLength": 100,
        "pattern": pattern,
        "example": "user@example.com",
        "deprecated": False,
    }
    result = _convert(json.dumps(source))
    assert {key: result[key] for key in source} == source


def test_should_handle_nested_objects() -> None:
    address = {"type": "object", "properties": {"street": {"type": "string"}, "city": {"type": "string"}}}
    user = {"type": "object", "properties": {"address": address}}
    result = _convert(json.dumps({"type": "object", "properties": {"user": user}}))
    converted = result["properties"]["user"]["properties"]["address"]["properties"]  # type: ignore[index]
    assert converted == {"street": {"type": "string"}, "city": {"type": "string"}}
