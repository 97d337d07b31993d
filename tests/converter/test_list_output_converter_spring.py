"""Port of Spring AI 2.0.1 `org.springframework.ai.converter.ListOutputConverterTest`: 24 tests ported, 0 skipped.

Java's ``ListOutputConverter(DefaultConversionService)`` takes no conversion service here
(PORTING §9). Where Spring only checks sizes, the exact result the port gives is pinned.
"""

from __future__ import annotations

import pytest

from spring_ai_py.converter import ListOutputConverter


@pytest.fixture
def converter() -> ListOutputConverter:
    return ListOutputConverter()


def test_csv(converter: ListOutputConverter) -> None:
    assert converter.convert("foo, bar, baz") == ["foo", "bar", "baz"]


def test_csv_without_spaces(converter: ListOutputConverter) -> None:
    assert converter.convert("A,B,C") == ["A", "B", "C"]


def test_csv_with_extra_spaces(converter: ListOutputConverter) -> None:
    assert converter.convert("A  ,   B   ,  C  ") == ["A", "B", "C"]


def test_csv_with_single_item(converter: ListOutputConverter) -> None:
    assert converter.convert("single-item") == ["single-item"]


def test_csv_with_empty_string(converter: ListOutputConverter) -> None:
    assert converter.convert("") == []


def test_csv_with_empty_values(converter: ListOutputConverter) -> None:
    assert converter.convert("A, , C") == ["A", "", "C"]


def test_csv_with_only_commas(converter: ListOutputConverter) -> None:
    assert converter.convert(",,") == ["", "", ""]


def test_csv_with_trailing_comma(converter: ListOutputConverter) -> None:
    assert converter.convert("A, B,") == ["A", "B", ""]


def test_csv_with_leading_comma(converter: ListOutputConverter) -> None:
    assert converter.convert(", A, B") == ["", "A", "B"]


def test_csv_with_special_characters(converter: ListOutputConverter) -> None:
    assert converter.convert("value@example.com, item#123, $data%") == [
        "value@example.com",
        "item#123",
        "$data%",
    ]


@pytest.mark.parametrize("csv_string", ["a,b,c", "1,2,3", "X,Y,Z", "alpha,beta,gamma"])
def test_csv_with_various_inputs(converter: ListOutputConverter, csv_string: str) -> None:
    result = converter.convert(csv_string)
    assert len(result) == 3
    assert None not in result


def test_csv_with_tabs_and_special_whitespace(converter: ListOutputConverter) -> None:
    assert converter.convert("A\t, \tB\r, \nC ") == ["A", "B", "C"]


def test_csv_with_only_spaces_and_commas(converter: ListOutputConverter) -> None:
    assert converter.convert(" , , ") == ["", "", ""]


def test_csv_with_boolean_like_values(converter: ListOutputConverter) -> None:
    text = "true, false, TRUE, FALSE, yes, no"
    assert converter.convert(text) == ["true", "false", "TRUE", "FALSE", "yes", "no"]


def test_csv_with_different_data_types(converter: ListOutputConverter) -> None:
    assert converter.convert("string, 123, 45.67, true, null") == [
        "string",
        "123",
        "45.67",
        "true",
        "null",
    ]


def test_csv_with_alternative_delimiters(converter: ListOutputConverter) -> None:
    assert converter.convert("A; B; C") == ["A; B; C"]


def test_csv_with_quoted_values(converter: ListOutputConverter) -> None:
    text = '"quoted value", normal, "another quoted"'
    assert converter.convert(text) == ['"quoted value"', "normal", '"another quoted"']


def test_csv_with_escaped_quotes(converter: ListOutputConverter) -> None:
    text = '"value with ""quotes""", normal, "escaped"'
    assert converter.convert(text) == ['"value with ""quotes"""', "normal", '"escaped"']


def test_csv_with_only_whitespace(converter: ListOutputConverter) -> None:
    result = converter.convert("   \t\n   ")
    assert len(result) == 1
    assert not result[0].strip()


def test_csv_with_commas_in_quoted_values(converter: ListOutputConverter) -> None:
    """Quotes get no special treatment, as in Spring: the commas inside still split."""
    text = '"value, with, commas", normal, "another, comma"'
    assert converter.convert(text) == ['"value', "with", 'commas"', "normal", '"another', 'comma"']


def test_csv_with_newlines_in_quoted_values(converter: ListOutputConverter) -> None:
    text = '"line1\nline2", normal, "another\nline"'
    assert converter.convert(text) == ['"line1\nline2"', "normal", '"another\nline"']


def test_csv_with_mixed_quoting_styles(converter: ListOutputConverter) -> None:
    text = "'single quoted', \"double quoted\", `backtick quoted`, unquoted"
    assert converter.convert(text) == [
        "'single quoted'",
        '"double quoted"',
        "`backtick quoted`",
        "unquoted",
    ]


def test_csv_with_only_commas_and_spaces(converter: ListOutputConverter) -> None:
    result = converter.convert(" , , , ")
    assert len(result) == 4
    assert all(value == "" for value in result)


def test_csv_with_malformed_quoting(converter: ListOutputConverter) -> None:
    text = '"unclosed quote, normal, "properly closed"'
    assert converter.convert(text) == ['"unclosed quote', "normal", '"properly closed"']
