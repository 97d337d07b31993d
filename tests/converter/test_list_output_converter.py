"""ListOutputConverter beyond Spring's ListOutputConverterTest (ported in
``test_list_output_converter_spring.py``): ``None`` input, the format text and schema."""

from __future__ import annotations

from spring_ai_py.converter import ListOutputConverter, StructuredOutputConverter


def test_none_gives_an_empty_list() -> None:
    assert ListOutputConverter().convert(None) == []


def test_format_and_schema() -> None:
    converter = ListOutputConverter()
    assert converter.get_format() == (
        "Respond with only a list of comma-separated values, without any leading or trailing "
        "text.\nExample format: foo, bar, baz\n"
    )
    assert converter.get_json_schema() == StructuredOutputConverter.NO_JSON_SCHEMA == ""
