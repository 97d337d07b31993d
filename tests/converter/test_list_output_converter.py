"""Behaviours of Spring's ListOutputConverterTest, ported."""

from __future__ import annotations

import pytest

from spring_ai_py.converter import ListOutputConverter, StructuredOutputConverter


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("foo, bar, baz", ["foo", "bar", "baz"]),
        ("A,B,C", ["A", "B", "C"]),
        ("A  ,   B   ,  C  ", ["A", "B", "C"]),
        ("single-item", ["single-item"]),
        ("", []),
        ("A, , C", ["A", "", "C"]),
        (",,", ["", "", ""]),
        ("A, B,", ["A", "B", ""]),
        (", A, B", ["", "A", "B"]),
        ("value@example.com, item#123, $data%", ["value@example.com", "item#123", "$data%"]),
        ("A\t, \tB\r, \nC ", ["A", "B", "C"]),
        (" , , ", ["", "", ""]),
        (" , , , ", ["", "", "", ""]),
        ("true, false, TRUE, FALSE, yes, no", ["true", "false", "TRUE", "FALSE", "yes", "no"]),
        ("string, 123, 45.67, true, null", ["string", "123", "45.67", "true", "null"]),
        ("A; B; C", ["A; B; C"]),
        (
            '"quoted value", normal, "another quoted"',
            ['"quoted value"', "normal", '"another quoted"'],
        ),
        ('"value, with, commas", normal', ['"value', "with", 'commas"', "normal"]),
        (
            "'single quoted', \"double quoted\", `backtick quoted`, unquoted",
            ["'single quoted'", '"double quoted"', "`backtick quoted`", "unquoted"],
        ),
        ("   \t\n   ", [""]),
    ],
)
def test_csv(text: str, expected: list[str]) -> None:
    assert ListOutputConverter().convert(text) == expected


@pytest.mark.parametrize("text", ["a,b,c", "1,2,3", "X,Y,Z", "alpha,beta,gamma"])
def test_csv_with_various_inputs(text: str) -> None:
    assert len(ListOutputConverter().convert(text)) == 3


def test_none_gives_an_empty_list() -> None:
    assert ListOutputConverter().convert(None) == []


def test_format_and_schema() -> None:
    converter = ListOutputConverter()
    assert converter.get_format() == (
        "Respond with only a list of comma-separated values, without any leading or trailing "
        "text.\nExample format: foo, bar, baz\n"
    )
    assert converter.get_json_schema() == StructuredOutputConverter.NO_JSON_SCHEMA == ""
