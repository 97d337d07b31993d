"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.augment.ToolInputSchemaAugmenterTest`:
17 tests ported, 0 skipped.

Java records become dataclasses (or pydantic models) whose fields carry
``Annotated[..., ToolParam(...)]``; Java's ``RuntimeException`` for bad input is a
``ValueError`` here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated

import pytest
from pydantic import BaseModel

from spring_ai_py.tool.annotation import ToolParam
from spring_ai_py.tool.augment import AugmentedArgumentType, ToolInputSchemaAugmenter


@dataclass
class SimpleRecord:
    name: Annotated[str, ToolParam(description="A simple string field", required=True)]
    age: Annotated[int, ToolParam(description="A simple integer field", required=False)]


@dataclass
class NestedRecord:
    value: Annotated[str, ToolParam(description="Nested field", required=True)]


@dataclass
class ComplexRecord:
    items: Annotated[list[str], ToolParam(description="List of strings", required=True)]
    nested: Annotated[NestedRecord, ToolParam(description="Nested object", required=False)]


@dataclass
class RecordWithoutAnnotations:
    field1: str
    field2: int


class MixedAnnotationsRecord(BaseModel):
    """A pydantic model works as the record type too."""

    annotated: Annotated[str, ToolParam(description="Annotated field", required=True)]
    not_annotated: str


def _by_name(arguments: list[AugmentedArgumentType], name: str) -> AugmentedArgumentType:
    return next(argument for argument in arguments if argument.name == name)


BASE_SCHEMA = """
{
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Test Schema",
    "type": "object",
    "properties": {
        "existingField": {"type": "string", "description": "An existing field"}
    },
    "required": ["existingField"]
}
"""


class TestAugmentedArgumentTypeTests:
    def test_should_create_augmented_argument_type(self) -> None:
        argument = AugmentedArgumentType("testName", str, "Test description", True)
        assert argument.name == "testName"
        assert argument.type is str
        assert argument.description == "Test description"
        assert argument.required is True

    def test_should_handle_optional_parameters(self) -> None:
        argument = AugmentedArgumentType("optionalField", int, None, False)
        assert argument.name == "optionalField"
        assert argument.type is int
        assert argument.description is None
        assert argument.required is False


class TestToAugmentedArgumentTypesTests:
    def test_should_extract_argument_types_from_simple_record(self) -> None:
        arguments = ToolInputSchemaAugmenter.to_augmented_argument_types(SimpleRecord)
        assert len(arguments) == 2
        name = _by_name(arguments, "name")
        assert (name.description, name.required, name.type) == ("A simple string field", True, str)
        age = _by_name(arguments, "age")
        assert (age.description, age.required, age.type) == ("A simple integer field", False, int)

    def test_should_extract_argument_types_from_complex_record(self) -> None:
        arguments = ToolInputSchemaAugmenter.to_augmented_argument_types(ComplexRecord)
        assert len(arguments) == 2
        items = _by_name(arguments, "items")
        assert (items.description, items.required) == ("List of strings", True)
        nested = _by_name(arguments, "nested")
        assert (nested.description, nested.required, nested.type) == (
            "Nested object",
            False,
            NestedRecord,
        )

    def test_should_handle_record_without_annotations(self) -> None:
        arguments = ToolInputSchemaAugmenter.to_augmented_argument_types(RecordWithoutAnnotations)
        assert len(arguments) == 2
        for argument in arguments:
            assert argument.description == "no description"
            assert argument.required is False

    def test_should_handle_mixed_annotations_record(self) -> None:
        arguments = ToolInputSchemaAugmenter.to_augmented_argument_types(MixedAnnotationsRecord)
        assert len(arguments) == 2
        annotated = _by_name(arguments, "annotated")
        assert (annotated.description, annotated.required) == ("Annotated field", True)
        not_annotated = _by_name(arguments, "not_annotated")
        assert (not_annotated.description, not_annotated.required) == ("no description", False)

    def test_should_throw_exception_for_non_record_class(self) -> None:
        with pytest.raises(ValueError, match="Failed to extract record field types"):
            ToolInputSchemaAugmenter.to_augmented_argument_types(str)


def _required(schema: dict[str, object]) -> list[object]:
    required = schema["required"]
    assert isinstance(required, list)
    return required


class TestAugmentToolInputSchemaTests:
    def test_should_augment_schema_with_single_property(self) -> None:
        augmented = ToolInputSchemaAugmenter.augment_tool_input_schema(
            BASE_SCHEMA, "newField", str, "A new field", True
        )
        schema = json.loads(augmented)
        assert schema["properties"]["newField"] == {"type": "string", "description": "A new field"}
        assert "newField" in _required(schema)
        assert "existingField" in schema["properties"]

    def test_should_augment_schema_with_multiple_properties(self) -> None:
        arguments = [
            AugmentedArgumentType("field1", str, "First field", True),
            AugmentedArgumentType("field2", int, "Second field", False),
        ]
        schema = json.loads(
            ToolInputSchemaAugmenter.augment_tool_input_schema(BASE_SCHEMA, arguments)
        )
        assert schema["properties"]["field1"]["description"] == "First field"
        assert schema["properties"]["field2"]["description"] == "Second field"
        assert schema["properties"]["field2"]["type"] == "integer"
        assert "field1" in _required(schema)
        assert "field2" not in _required(schema)

    def test_should_handle_schema_without_existing_properties(self) -> None:
        minimal = (
            '{"$schema": "https://json-schema.org/draft/2020-12/schema", '
            '"title": "Minimal Schema", "type": "object"}'
        )
        schema = json.loads(
            ToolInputSchemaAugmenter.augment_tool_input_schema(
                minimal, "newField", str, "A new field", True
            )
        )
        assert "newField" in schema["properties"]
        assert schema["required"] == ["newField"]

    def test_should_handle_schema_without_existing_required_array(self) -> None:
        without_required = '{"type": "object", "properties": {"existingField": {"type": "string"}}}'
        schema = json.loads(
            ToolInputSchemaAugmenter.augment_tool_input_schema(
                without_required, "newField", str, "A new field", True
            )
        )
        assert schema["required"] == ["newField"]

    def test_should_handle_empty_description(self) -> None:
        schema = json.loads(
            ToolInputSchemaAugmenter.augment_tool_input_schema(
                BASE_SCHEMA, "newField", str, "", False
            )
        )
        assert "description" not in schema["properties"]["newField"]

    def test_should_handle_null_description(self) -> None:
        schema = json.loads(
            ToolInputSchemaAugmenter.augment_tool_input_schema(
                BASE_SCHEMA, "newField", str, None, False
            )
        )
        assert "description" not in schema["properties"]["newField"]
        assert schema["required"] == ["existingField"]

    def test_should_throw_exception_for_invalid_json_schema(self) -> None:
        with pytest.raises(ValueError, match="Failed to parse JSON Schema"):
            ToolInputSchemaAugmenter.augment_tool_input_schema(
                "{ invalid json }", "newField", str, "description", False
            )

    def test_should_augment_schema_using_record_class(self) -> None:
        arguments = ToolInputSchemaAugmenter.to_augmented_argument_types(SimpleRecord)
        schema = json.loads(
            ToolInputSchemaAugmenter.augment_tool_input_schema(BASE_SCHEMA, arguments)
        )
        assert schema["properties"]["name"]["description"] == "A simple string field"
        assert schema["properties"]["age"]["description"] == "A simple integer field"
        assert "name" in _required(schema)
        assert "age" not in _required(schema)


class TestIntegrationTests:
    def test_should_handle_complete_workflow(self) -> None:
        original = json.dumps(
            {
                "type": "object",
                "properties": {
                    "productId": {"type": "integer", "description": "Product identifier"}
                },
                "required": ["productId"],
            }
        )
        arguments = ToolInputSchemaAugmenter.to_augmented_argument_types(SimpleRecord)
        schema = json.loads(ToolInputSchemaAugmenter.augment_tool_input_schema(original, arguments))
        assert {"productId", "name", "age"} <= set(schema["properties"])
        assert _required(schema) == ["productId", "name"]

    def test_should_preserve_schema_structure_and_metadata(self) -> None:
        complex_schema = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://example.com/product.schema.json",
            "title": "Product Schema",
            "description": "A product from catalog",
            "type": "object",
            "properties": {
                "productId": {
                    "type": "integer",
                    "description": "Product identifier",
                    "minimum": 1,
                }
            },
            "required": ["productId"],
            "additionalProperties": False,
        }
        schema = json.loads(
            ToolInputSchemaAugmenter.augment_tool_input_schema(
                json.dumps(complex_schema), "newField", str, "New field", False
            )
        )
        for key in ("$schema", "$id", "title", "description", "type", "additionalProperties"):
            assert schema[key] == complex_schema[key]
        assert schema["properties"]["productId"]["minimum"] == 1
        assert "newField" in schema["properties"]
        nested = ToolInputSchemaAugmenter.to_augmented_argument_types(ComplexRecord)
        with_nested = json.loads(
            ToolInputSchemaAugmenter.augment_tool_input_schema(json.dumps(complex_schema), nested)
        )
        assert with_nested["properties"]["nested"]["properties"]["value"]["type"] == "string"
        assert "$defs" not in with_nested
