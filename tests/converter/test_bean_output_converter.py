"""BeanOutputConverter beyond Spring's BeanOutputConverterTest (ported in
``test_bean_output_converter_spring.py``): more types, schema rules, bad input."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
from typing import Annotated, Any

import jsonschema
import pytest
from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypedDict

from spring_ai_py.converter import (
    BeanOutputConverter,
    OutputConversionException,
    StructuredOutputConverter,
)
from spring_ai_py.tool.annotation import ToolParam


class Sample(BaseModel):
    someString: str


class SampleWithDate(BaseModel):
    someString: datetime.date


class SampleWithJsonAnnotations(BaseModel):
    some_string: Annotated[
        str | None, Field(alias="string_property", description="string_property_description")
    ] = None


class SampleWithPropertyOrder(BaseModel):
    string_property: Annotated[str, Field(description="string_property_description")]
    foo_property: str
    bar_property: str


class SampleWithOptionalField(BaseModel):
    requiredField: Annotated[str, Field(description="A required field")]
    optionalField: Annotated[str | None, Field(description="An optional field")] = None


@dataclasses.dataclass
class Point:
    x: int
    y: int


class Movie(TypedDict):
    title: str
    year: int


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


class Address(BaseModel):
    street: str


class Person(BaseModel):
    name: str
    favorite: Color
    address: Address


class TreeNode(BaseModel):
    name: str
    children: list[TreeNode] = []


FORMAT_HEADER = """Your response should be in JSON format.
Do not include any explanations, only provide a RFC8259 compliant JSON response following this format without deviation.
Do not include markdown code blocks in your response.
Remove the ```json markdown from the output.
Here is the JSON Schema instance your output must adhere to:
"""


# --- conversion ------------------------------------------------------------------


def test_convert_dataclass_typeddict_dict_and_nested_models() -> None:
    assert BeanOutputConverter(Point).convert('{"x": 1, "y": 2}') == Point(1, 2)
    assert BeanOutputConverter(Movie).convert('{"title": "Alien", "year": 1979}') == {
        "title": "Alien",
        "year": 1979,
    }
    assert BeanOutputConverter(dict[str, Any]).convert('{"a": [1, {"b": null}]}') == {
        "a": [1, {"b": None}]
    }
    person = BeanOutputConverter(Person).convert(
        '{"name": "Ada", "favorite": "green", "address": {"street": "Main"}}'
    )
    assert person.favorite is Color.GREEN
    assert person.address.street == "Main"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            '<thinking>This is my reasoning process...</thinking>{ "someString": "some value" }',
            "some value",
        ),
        (
            "<thinking>\nThis is my reasoning process\nspanning multiple lines\n</thinking>\n"
            '{ "someString": "some value" }\n',
            "some value",
        ),
        (
            "<thinking>This is my reasoning process...</thinking>\n```json\n"
            '{ "someString": "some value" }\n```\n',
            "some value",
        ),
        (
            "<thinking>First thought</thinking><thinking>Second thought</thinking>"
            '{ "someString": "some value" }',
            "some value",
        ),
        ('<think>Let me analyze this...</think>{ "someString": "qwen test" }', "qwen test"),
        (
            "<think>\nAnalyzing the request step by step\nThen generate the JSON\n</think>\n"
            '{ "someString": "qwen multiline" }\n',
            "qwen multiline",
        ),
        (
            "<thinking>Nova reasoning</thinking><think>Qwen analysis</think>"
            '{ "someString": "mixed test" }',
            "mixed test",
        ),
        (
            '<reasoning>Internal reasoning process</reasoning>{ "someString": "reasoning test" }',
            "reasoning test",
        ),
        (
            "```thinking\nThis is a markdown-style thinking block\nUsed by some models\n```\n"
            '{ "someString": "markdown thinking" }\n',
            "markdown thinking",
        ),
        ('<THINKING>UPPERCASE THINKING</THINKING>{ "someString": "case test" }', "case test"),
        (
            "<thinking>Nova model reasoning</thinking>\n<think>Qwen model analysis</think>\n\n"
            '```json\n{ "someString": "complex test" }\n```\n',
            "complex test",
        ),
        ('<!-- thinking: hidden -->{ "someString": "comment" }', "comment"),
        ('   \n```\n{ "someString": "bare fence" }\n```   ', "bare fence"),
    ],
)
def test_convert_cleans_thinking_tags_fences_and_whitespace(text: str, expected: str) -> None:
    assert BeanOutputConverter(Sample).convert(text).someString == expected


def test_custom_text_cleaner_replaces_the_default_pipeline() -> None:
    converter = BeanOutputConverter(Sample, text_cleaner=lambda t: (t or "").strip("#"))
    assert converter.convert('##{"someString": "x"}##').someString == "x"
    with pytest.raises(OutputConversionException):
        converter.convert('<think>no longer removed</think>{"someString": "x"}')


# --- format and schema -------------------------------------------------------------


def test_format_class_type_with_annotations() -> None:
    assert (
        "```{\n"
        '  "$schema" : "https://json-schema.org/draft/2020-12/schema",\n'
        '  "type" : "object",\n'
        '  "properties" : {\n'
        '    "string_property" : {\n'
        '      "description" : "string_property_description",\n'
        '      "anyOf" : [ {\n'
        '        "type" : "string"\n'
        "      }, {\n"
        '        "type" : "null"\n'
        "      } ]\n"
        "    }\n"
        "  },\n"
        '  "additionalProperties" : false\n'
        "}```\n"
    ) in BeanOutputConverter(SampleWithJsonAnnotations).get_format()


def test_fields_with_defaults_are_not_required_and_keep_descriptions() -> None:
    schema = BeanOutputConverter(SampleWithOptionalField).get_json_schema_map()
    assert schema["required"] == ["requiredField"]
    assert schema["properties"]["requiredField"]["description"] == "A required field"
    assert schema["properties"]["optionalField"]["description"] == "An optional field"
    assert "default" not in schema["properties"]["optionalField"]


def test_nested_types_are_inlined_without_titles_and_forbid_extra_properties() -> None:
    schema = BeanOutputConverter(Person).get_json_schema_map()
    assert "$defs" not in schema
    assert "title" not in json.dumps(schema)
    assert schema["properties"]["favorite"] == {"type": "string", "enum": ["red", "green"]}
    assert schema["properties"]["address"] == {
        "type": "object",
        "properties": {"street": {"type": "string"}},
        "required": ["street"],
        "additionalProperties": False,
    }


def test_recursive_types_keep_a_definition() -> None:
    schema = BeanOutputConverter(TreeNode).get_json_schema_map()
    assert schema["properties"]["children"]["items"] == {"$ref": "#/$defs/TreeNode"}
    assert schema["$defs"]["TreeNode"]["additionalProperties"] is False
    jsonschema.validate({"name": "a", "children": [{"name": "b", "children": []}]}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"name": "a", "children": [{"name": "b", "extra": 1}]}, schema)


def test_schema_validates_what_convert_accepts() -> None:
    converter = BeanOutputConverter(list[Person])
    document = [{"name": "Ada", "favorite": "red", "address": {"street": "Main"}}]
    jsonschema.Draft202012Validator(converter.get_json_schema_map()).validate(document)
    assert converter.convert(json.dumps(document))[0].name == "Ada"


def test_map_schema_keeps_additional_properties() -> None:
    schema = BeanOutputConverter(dict[str, int]).get_json_schema_map()
    assert schema == {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "additionalProperties": {"type": "integer"},
    }


def test_model_that_allows_extra_keeps_its_additional_properties() -> None:
    class Open(BaseModel):
        model_config = ConfigDict(extra="allow")
        a: int

    assert BeanOutputConverter(Open).get_json_schema_map()["additionalProperties"] is True


def test_json_schema_map_matches_the_json_schema_text() -> None:
    converter = BeanOutputConverter(Sample)
    assert converter.get_json_schema_map() == json.loads(converter.get_json_schema())
    assert isinstance(converter, StructuredOutputConverter)


# --- bad input ---------------------------------------------------------------------


def test_null_type_is_rejected() -> None:
    with pytest.raises(ValueError, match="Type cannot be null"):
        BeanOutputConverter(None)


@pytest.mark.parametrize("target", [object(), 5])
def test_types_pydantic_cannot_handle_are_rejected(target: Any) -> None:
    with pytest.raises(ValueError, match="Cannot convert output to"):
        BeanOutputConverter(target)


def test_invalid_json_raises_with_the_raw_text() -> None:
    text = "<think>hmm</think> Sure! Here is your answer: nope"
    with pytest.raises(
        OutputConversionException, match="Could not parse the model output as JSON"
    ) as info:
        BeanOutputConverter(Sample).convert(text)
    assert info.value.text == text
    assert isinstance(info.value, ValueError)


def test_json_of_the_wrong_shape_raises_naming_the_field() -> None:
    with pytest.raises(
        OutputConversionException, match=r"does not match Sample: someString: Field required"
    ) as info:
        BeanOutputConverter(Sample).convert('{"other": 1}')
    assert info.value.text == '{"other": 1}'


def test_truncated_json_raises() -> None:
    with pytest.raises(OutputConversionException):
        BeanOutputConverter(list[Sample]).convert('[{"someString": "a"}, {"someStr')


def test_cleaner_returning_none_raises() -> None:
    converter = BeanOutputConverter(Sample, text_cleaner=lambda _: None)
    with pytest.raises(OutputConversionException, match="null"):
        converter.convert("{}")


def test_invalid_custom_schema_fails_json_schema_map() -> None:
    class Broken(BeanOutputConverter[Sample]):
        def generate_schema(self) -> str:
            return "{not json"

    with pytest.raises(RuntimeError, match="Could not parse the JSON Schema to a Map object"):
        Broken(Sample).get_json_schema_map()


@dataclasses.dataclass
class Line:
    sku: str
    note: str | None
    qty: Annotated[int | None, ToolParam(required=False, description="How many")]


def test_optional_and_tool_param_fields_of_nested_types_are_not_required() -> None:
    class Order(BaseModel):
        lines: list[Line]
        comment: str | None

    converter = BeanOutputConverter(Order)
    schema = converter.get_json_schema_map()
    assert schema["required"] == ["lines"]
    line = schema["properties"]["lines"]["items"]
    assert line["required"] == ["sku"]
    assert line["properties"]["qty"]["description"] == "How many"
    order = converter.convert('{"lines": [{"sku": "a"}]}')
    assert order.comment is None
    assert order.lines == [Line("a", None, None)]


def test_a_missing_required_field_still_raises() -> None:
    with pytest.raises(OutputConversionException, match="Field required"):
        BeanOutputConverter(SampleWithPropertyOrder).convert('{"string_property": "x"}')


def test_conversion_error_shows_the_start_of_the_output_and_suggests_the_fix() -> None:
    text = "Sure! Here is the person you asked for, described in prose. " * 5
    with pytest.raises(OutputConversionException) as info:
        BeanOutputConverter(Sample).convert(text)
    message = str(info.value)
    assert message.startswith(info.value.reason + "\n")
    assert f"The model output starts with: {text[:80] + '...'!r}" in message
    assert "use_provider_structured_output()" in message
    assert "validate_schema()" in message
    assert info.value.text == text


def test_a_short_output_is_shown_whole_and_none_adds_nothing() -> None:
    with pytest.raises(OutputConversionException) as info:
        BeanOutputConverter(Sample).convert('{"other": 1}')
    assert "The model output starts with: '{\"other\": 1}'\n" in str(info.value)
    assert str(OutputConversionException("no text", None)) == "no text"
