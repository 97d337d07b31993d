"""MapOutputConverter: Spring's format text and parsing rules, plus bad input."""

from __future__ import annotations

import pytest

from spring_ai_py.converter import MapOutputConverter, OutputConversionException


def test_format_is_springs_text() -> None:
    assert MapOutputConverter().get_format() == (
        "Your response should be in JSON format.\n"
        "The data structure for the JSON should match this Java class: java.util.HashMap\n"
        "Do not include any explanations, only provide a RFC8259 compliant JSON response "
        "following this format without deviation.\n"
        'Remove the ```json markdown surrounding the output including the trailing "```".\n'
    )
    assert MapOutputConverter().get_json_schema() == ""


def test_convert_json_object() -> None:
    text = '{"name": "Ada", "age": 36, "tags": ["a", "b"], "nested": {"x": 1.5, "y": null}}'
    assert MapOutputConverter().convert(text) == {
        "name": "Ada",
        "age": 36,
        "tags": ["a", "b"],
        "nested": {"x": 1.5, "y": None},
    }


def test_convert_strips_json_code_fence() -> None:
    assert MapOutputConverter().convert('```json\n{"a": 1}\n```') == {"a": 1}


def test_trailing_content_after_the_object_is_ignored() -> None:
    assert MapOutputConverter().convert('  {"a": 1} and some words') == {"a": 1}


def test_json_null_gives_an_empty_dict() -> None:
    assert MapOutputConverter().convert("null") == {}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "Could not read JSON: Expecting value"),
        ("", "Could not read JSON"),
        ("[1, 2]", "expected a JSON object, got list"),
        ('"text"', "expected a JSON object, got str"),
        ('{"a": ', "Could not read JSON"),
        # only a ```json fence is removed, and only when it closes the text
        ('```\n{"a": 1}\n```', "Could not read JSON"),
    ],
)
def test_invalid_output_raises_with_the_raw_text(text: str, message: str) -> None:
    with pytest.raises(OutputConversionException, match=message) as info:
        MapOutputConverter().convert(text)
    assert info.value.text == text
