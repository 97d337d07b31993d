"""PgVectorFilterExpressionConverter: filter expressions to jsonpath predicates (no
database needed; the store tests run the predicates against PostgreSQL)."""

from __future__ import annotations

import datetime

import pytest

from spring_ai_py.vectorstore.filter import (
    Expression,
    ExpressionType,
    FilterExpressionTextParser,
    Key,
    Value,
)
from spring_ai_py.vectorstore.pgvector import PgVectorFilterExpressionConverter

converter = PgVectorFilterExpressionConverter()
parse = FilterExpressionTextParser().parse


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("country == 'BG'", '$.country == "BG"'),
        ("genre == 'drama' && year >= 2020", '$.genre == "drama" && $.year >= 2020'),
        (
            "genre in ['comedy', 'documentary', 'drama']",
            '($.genre == "comedy" || $.genre == "documentary" || $.genre == "drama")',
        ),
        (
            "year >= 2020 || country == 'BG' && city != 'Sofia'",
            '$.year >= 2020 || $.country == "BG" && $.city != "Sofia"',
        ),
        (
            "(year >= 2020 || country == 'BG') && city nin ['Sofia', 'Plovdiv']",
            '($.year >= 2020 || $.country == "BG") && !($.city == "Sofia" || $.city == "Plovdiv")',
        ),
        (
            "isOpen == true && year <= 2020 && price < 1.5",
            "$.isOpen == true && $.year <= 2020 && $.price < 1.5",
        ),
        ("temperature > -15.6", "$.temperature > -15.6"),
        ("author.name == 'Ada'", '$.author.name == "Ada"'),
        ("NOT(country == 'BG')", '!($.country == "BG")'),
        ("country IS NULL", "(!(exists($.country)) || $.country == null)"),
        ("country IS NOT NULL", "(exists($.country) && $.country != null)"),
    ],
)
def test_converts_filter_text(text: str, expected: str) -> None:
    assert converter.convert_expression(parse(text)) == expected


def test_strings_are_json_escaped() -> None:
    expression = Expression(ExpressionType.EQ, Key("title"), Value('say "hi" \\ \' now'))
    assert converter.convert_expression(expression) == '$.title == "say \\"hi\\" \\\\ \' now"'


def test_odd_key_segments_are_quoted() -> None:
    expression = Expression(ExpressionType.EQ, Key("my key.sub-part"), Value(1))
    assert converter.convert_expression(expression) == '$."my key"."sub-part" == 1'
    quoted = Expression(ExpressionType.EQ, Key("'a.b'"), Value(1))
    assert converter.convert_expression(quoted) == '$."a.b" == 1'


def test_datetimes_compare_as_utc_text() -> None:
    moment = datetime.datetime(
        2024, 1, 2, 5, 4, 3, tzinfo=datetime.timezone(datetime.timedelta(hours=2))
    )
    expression = Expression(ExpressionType.GT, Key("created"), Value(moment))
    assert converter.convert_expression(expression) == '$.created > "2024-01-02T03:04:03Z"'


def test_in_without_a_list_is_rejected() -> None:
    with pytest.raises(ValueError, match="Expected a List"):
        converter.convert_expression(Expression(ExpressionType.IN, Key("a"), Value("x")))


def test_comparison_without_a_value_is_rejected() -> None:
    with pytest.raises(ValueError, match="must have Value right argument"):
        converter.convert_expression(Expression(ExpressionType.EQ, Key("a"), Key("b")))


def test_unsupported_value_type_is_rejected() -> None:
    with pytest.raises(ValueError, match="Unsupported filter value type"):
        converter.convert_expression(Expression(ExpressionType.EQ, Key("a"), Value(object())))
