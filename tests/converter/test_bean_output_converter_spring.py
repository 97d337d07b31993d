"""Port of Spring AI 2.0.1 `org.springframework.ai.converter.BeanOutputConverterTest`: 28 tests ported, 0 skipped.

Sibling of ``test_bean_output_converter.py`` (the port's own converter tests). Java's
beans become pydantic models and dataclasses; ``ParameterizedTypeReference<T>`` is the
type itself (``list[Bean]``); ``@JsonProperty``/``@JsonPropertyDescription`` are
``Field(alias=..., description=...)``; ``@ToolParam`` is ``Annotated[..., ToolParam(...)]``
and ``@Nullable`` is ``X | None``. Python keeps declaration order, so
``@JsonPropertyOrder`` is the order the fields are declared in.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from typing import Annotated

from pydantic import BaseModel, Field

from spring_ai_py.converter import BeanOutputConverter
from spring_ai_py.tool.annotation import ToolParam


class Bean(BaseModel):
    someString: str


class BeanWithDateProperty(BaseModel):
    someString: datetime.date


class BeanWithJsonAnnotations(BaseModel):
    some_string: Annotated[
        str, Field(alias="string_property", description="string_property_description")
    ] = ""


class BeanWithJsonPropertyOrder(BaseModel):
    some_string: Annotated[
        str | None, Field(alias="string_property", description="string_property_description")
    ] = None
    foo: Annotated[str, Field(alias="foo_property")]
    bar: Annotated[str, Field(alias="bar_property")]


@dataclasses.dataclass
class BeanWithToolParam:
    requiredField: Annotated[str, ToolParam(required=True, description="A required field")]
    optionalField: Annotated[str, ToolParam(required=False, description="An optional field")]


@dataclasses.dataclass
class BeanWithNullable:
    requiredField: str
    optionalField: str | None


FORMAT_HEADER = """Your response should be in JSON format.
Do not include any explanations, only provide a RFC8259 compliant JSON response following this format without deviation.
Do not include markdown code blocks in your response.
Remove the ```json markdown from the output.
Here is the JSON Schema instance your output must adhere to:
"""

BEAN_FORMAT = (
    FORMAT_HEADER
    + """```{
  "$schema" : "https://json-schema.org/draft/2020-12/schema",
  "type" : "object",
  "properties" : {
    "someString" : {
      "type" : "string"
    }
  },
  "required" : [ "someString" ],
  "additionalProperties" : false
}```
"""
)

ANNOTATED_SCHEMA = """```{
  "$schema" : "https://json-schema.org/draft/2020-12/schema",
  "type" : "object",
  "properties" : {
    "string_property" : {
      "type" : "string",
      "description" : "string_property_description"
    }
  },
  "additionalProperties" : false
}```
"""


def _some_string(text: str) -> str:
    return BeanOutputConverter(Bean).convert(text).someString


def test_should_have_pre_configured_default_object_mapper() -> None:
    """Jackson's FAIL_ON_UNKNOWN_PROPERTIES is off: unknown properties are ignored here too."""
    converter = BeanOutputConverter(Bean)
    assert converter.convert('{"someString": "v", "unexpected": 42}') == Bean(someString="v")


def test_convert_class_type() -> None:
    assert _some_string('{ "someString": "some value" }') == "some value"


def test_convert_class_with_date_type() -> None:
    result = BeanOutputConverter(BeanWithDateProperty).convert('{ "someString": "2020-01-01" }')
    assert result.someString == datetime.date(2020, 1, 1)


def test_convert_type_reference() -> None:
    assert (
        BeanOutputConverter(Bean).convert('{ "someString": "some value" }').someString
        == "some value"
    )


def test_convert_type_reference_array() -> None:
    result = BeanOutputConverter(list[Bean]).convert('[{ "someString": "some value" }]')
    assert len(result) == 1
    assert result[0].someString == "some value"


def test_convert_class_type_with_json_annotations() -> None:
    result = BeanOutputConverter(BeanWithJsonAnnotations).convert(
        '{ "string_property": "some value" }'
    )
    assert result.some_string == "some value"


def test_verify_schema_property_order() -> None:
    schema = json.loads(BeanOutputConverter(BeanWithJsonPropertyOrder).get_json_schema())
    assert list(schema["properties"]) == ["string_property", "foo_property", "bar_property"]


def test_convert_type_reference_with_json_annotations() -> None:
    result = BeanOutputConverter(BeanWithJsonAnnotations).convert(
        '{ "string_property": "some value" }'
    )
    assert result.some_string == "some value"


def test_convert_type_reference_array_with_json_annotations() -> None:
    result = BeanOutputConverter(list[BeanWithJsonAnnotations]).convert(
        '[{ "string_property": "some value" }]'
    )
    assert len(result) == 1
    assert result[0].some_string == "some value"


def test_convert_with_thinking_tags() -> None:
    text = '<thinking>This is my reasoning process...</thinking>{ "someString": "some value" }'
    assert _some_string(text) == "some value"


def test_convert_with_thinking_tags_multiline() -> None:
    text = (
        "<thinking>\nThis is my reasoning process\nspanning multiple lines\n</thinking>\n"
        '{ "someString": "some value" }\n'
    )
    assert _some_string(text) == "some value"


def test_convert_with_thinking_tags_and_markdown_code_block() -> None:
    text = '<thinking>This is my reasoning process...</thinking>\n```json\n{ "someString": "some value" }\n```\n'
    assert _some_string(text) == "some value"


def test_convert_with_multiple_thinking_tags() -> None:
    text = '<thinking>First thought</thinking><thinking>Second thought</thinking>{ "someString": "some value" }'
    assert _some_string(text) == "some value"


def test_convert_with_qwen_think_tags() -> None:
    assert (
        _some_string('<think>Let me analyze this...</think>{ "someString": "qwen test" }')
        == "qwen test"
    )


def test_convert_with_qwen_think_tags_multiline() -> None:
    text = (
        "<think>\nAnalyzing the request step by step\nFirst, I need to understand the schema\n"
        'Then generate the JSON\n</think>\n{ "someString": "qwen multiline" }\n'
    )
    assert _some_string(text) == "qwen multiline"


def test_convert_with_mixed_thinking_and_think_tags() -> None:
    text = '<thinking>Nova reasoning</thinking><think>Qwen analysis</think>{ "someString": "mixed test" }'
    assert _some_string(text) == "mixed test"


def test_convert_with_reasoning_tags() -> None:
    text = '<reasoning>Internal reasoning process</reasoning>{ "someString": "reasoning test" }'
    assert _some_string(text) == "reasoning test"


def test_convert_with_markdown_thinking_block() -> None:
    text = (
        "```thinking\nThis is a markdown-style thinking block\nUsed by some models\n```\n"
        '{ "someString": "markdown thinking" }\n'
    )
    assert _some_string(text) == "markdown thinking"


def test_convert_with_case_insensitive_tags() -> None:
    assert (
        _some_string('<THINKING>UPPERCASE THINKING</THINKING>{ "someString": "case test" }')
        == "case test"
    )


def test_convert_with_complex_nested_structure() -> None:
    text = (
        "<thinking>Nova model reasoning</thinking>\n<think>Qwen model analysis</think>\n\n"
        '```json\n{ "someString": "complex test" }\n```\n'
    )
    assert _some_string(text) == "complex test"


def test_format_class_type() -> None:
    assert BeanOutputConverter(Bean).get_format() == BEAN_FORMAT


def test_format_type_reference() -> None:
    assert BeanOutputConverter(Bean).get_format() == BEAN_FORMAT


def test_format_type_reference_array() -> None:
    assert (
        BeanOutputConverter(list[Bean]).get_format()
        == FORMAT_HEADER
        + """```{
  "$schema" : "https://json-schema.org/draft/2020-12/schema",
  "type" : "array",
  "items" : {
    "type" : "object",
    "properties" : {
      "someString" : {
        "type" : "string"
      }
    },
    "required" : [ "someString" ],
    "additionalProperties" : false
  }
}```
"""
    )


def test_format_class_type_with_annotations() -> None:
    assert ANNOTATED_SCHEMA in BeanOutputConverter(BeanWithJsonAnnotations).get_format()


def test_format_type_reference_with_annotations() -> None:
    assert ANNOTATED_SCHEMA in BeanOutputConverter(BeanWithJsonAnnotations).get_format()


def test_format_class_type_with_tool_param_annotations() -> None:
    schema = json.loads(BeanOutputConverter(BeanWithToolParam).get_json_schema())
    assert "requiredField" in schema["required"]
    assert "optionalField" not in schema["required"]
    assert schema["properties"]["requiredField"]["description"] == "A required field"
    assert schema["properties"]["optionalField"]["description"] == "An optional field"


def test_format_class_type_with_nullable_annotation() -> None:
    schema = json.loads(BeanOutputConverter(BeanWithNullable).get_json_schema())
    assert "requiredField" in schema["required"]
    assert "optionalField" not in schema["required"]
    converted = BeanOutputConverter(BeanWithNullable).convert('{"requiredField": "a"}')
    assert converted == BeanWithNullable("a", None)


def test_format_uses_custom_generated_schema() -> None:
    class CustomSchemaConverter(BeanOutputConverter[Bean]):
        def generate_schema(self) -> str:
            return '{\n  "type" : "object",\n  "properties" : {\n    "customProperty" : {\n      "type" : "string"\n    }\n  }\n}\n'

    converter = CustomSchemaConverter(Bean)
    assert '"customProperty"' in converter.get_json_schema()
    assert '"someString"' not in converter.get_json_schema()
    assert '"customProperty"' in converter.get_format()
