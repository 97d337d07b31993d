"""Behaviours of Spring's SimpleVectorStoreFilterExpressionEvaluatorTests."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from spring_ai_py.vectorstore import SimpleVectorStoreFilterExpressionEvaluator
from spring_ai_py.vectorstore.filter import (
    Expression,
    ExpressionType,
    FilterExpressionTextParser,
    Group,
    Key,
    Value,
)

AND, OR, NOT = ExpressionType.AND, ExpressionType.OR, ExpressionType.NOT
EQ, NE, GT, GTE = ExpressionType.EQ, ExpressionType.NE, ExpressionType.GT, ExpressionType.GTE
LT, LTE, IN, NIN = ExpressionType.LT, ExpressionType.LTE, ExpressionType.IN, ExpressionType.NIN

evaluator = SimpleVectorStoreFilterExpressionEvaluator()
parser = FilterExpressionTextParser()


def matches(text: str, metadata: dict[str, Any]) -> bool:
    return evaluator.evaluate(parser.parse(text), metadata)


def test_comparisons() -> None:
    assert matches("country == 'BG'", {"country": "BG"})
    assert not matches("country == 'BG'", {"country": "NL"})
    assert matches("country != 'BG'", {"country": "NL"})
    assert not matches("country != 'BG'", {"country": "BG"})
    assert [matches("year > 2020", {"year": y}) for y in (2021, 2020, 2019)] == [True, False, False]
    assert [matches("year >= 2020", {"year": y}) for y in (2021, 2020, 2019)] == [True, True, False]
    assert [matches("year < 2020", {"year": y}) for y in (2021, 2020, 2019)] == [False, False, True]
    assert [matches("year <= 2020", {"year": y}) for y in (2021, 2020, 2019)] == [False, True, True]


def test_strings_compare_lexicographically() -> None:
    assert matches("name < 'b'", {"name": "alice"})
    assert not matches("name > 'b'", {"name": "alice"})


def test_and_or_not() -> None:
    drama = "genre == 'drama' && year >= 2020"
    assert matches(drama, {"genre": "drama", "year": 2020})
    assert not matches(drama, {"genre": "comedy", "year": 2020})
    assert not matches(drama, {"genre": "drama", "year": 2019})
    either = "year >= 2020 OR country == 'BG' AND city != 'Sofia'"
    assert matches(either, {"city": "Seoul", "year": 2020, "country": "BG"})
    assert matches(either, {"city": "Seoul", "year": 2019, "country": "BG"})
    assert not matches(either, {"city": "Sofia", "year": 2019, "country": "BG"})
    assert matches("NOT country == 'BG'", {"country": "NL"})
    assert not matches("NOT country == 'BG'", {"country": "BG"})


def test_in_and_nin() -> None:
    genres = "genre in ['comedy', 'documentary', 'drama']"
    assert matches(genres, {"genre": "drama"})
    assert not matches(genres, {"genre": "action"})
    assert matches("city nin ['Sofia', 'Plovdiv']", {"city": "Seoul"})
    assert not matches("city NOT IN ['Sofia', 'Plovdiv']", {"city": "Sofia"})


def test_null_checks_and_missing_keys() -> None:
    assert matches("country IS NULL", {"country": None})
    assert matches("country IS NULL", {"year": 2020})
    assert not matches("country IS NULL", {"country": "BG"})
    assert matches("country IS NOT NULL", {"country": "BG"})
    assert not matches("country IS NOT NULL", {"year": 2020})


def test_missing_key_sorts_before_every_value_as_in_spring() -> None:
    empty: dict[str, Any] = {}
    assert not matches("year == 2020", empty)
    assert not matches("year > 2020", empty)
    assert not matches("year >= 2020", empty)
    assert not matches("year in [2020]", empty)
    assert matches("year != 2020", empty)
    assert matches("year < 2020", empty)
    assert matches("year <= 2020", empty)
    assert matches("year nin [2020]", empty)


def test_group_precedence() -> None:
    text = "(year >= 2020 OR country == 'BG') AND city NIN ['Sofia', 'Plovdiv']"
    assert matches(text, {"city": "Seoul", "year": 2020, "country": "BG"})
    assert not matches(text, {"city": "Sofia", "year": 2020, "country": "BG"})
    assert not matches(text, {"city": "Seoul", "year": 2019, "country": "NL"})


def test_booleans() -> None:
    text = "isOpen == true AND year >= 2020 AND country IN ['BG', 'NL', 'US']"
    assert matches(text, {"isOpen": True, "year": 2020, "country": "NL"})
    assert not matches(text, {"isOpen": False, "year": 2020, "country": "NL"})
    assert not matches(text, {"isOpen": True, "year": 2019, "country": "NL"})
    assert not matches(text, {"isOpen": True, "year": 2020, "country": "KR"})


def test_decimals() -> None:
    text = "temperature >= -15.6 && temperature <= 20.13"
    assert [matches(text, {"temperature": t}) for t in (-15.6, 20.13, -1.6, -16.0, 21.0)] == [
        True,
        True,
        True,
        False,
        False,
    ]


def test_numbers_compare_across_int_and_float() -> None:
    assert matches("year >= 2020", {"year": 2020.0})
    assert matches("score in [1, 2, 3]", {"score": 2.0})
    assert not matches("score in [1, 2, 3]", {"score": 4.0})
    assert matches("year nin [2020, 2021]", {"year": 2022})
    assert not matches("year nin [2020.0, 2021]", {"year": 2020})


def test_datetime_values_compare_as_utc_text() -> None:
    moment = datetime.datetime.fromtimestamp(1704637752.148, tz=datetime.UTC)
    expression = Expression(EQ, Key("activationDate"), Value(moment))
    assert evaluator.evaluate(expression, {"activationDate": "2024-01-07T14:29:12Z"})
    assert not evaluator.evaluate(expression, {"activationDate": "2024-01-07T00:00:00Z"})
    other_zone = moment.astimezone(datetime.timezone(datetime.timedelta(hours=2)))
    assert evaluator.evaluate(
        Expression(EQ, Key("activationDate"), Value(other_zone)),
        {"activationDate": "2024-01-07T14:29:12Z"},
    )
    naive = datetime.datetime(2024, 1, 7, 14, 29, 12)
    assert evaluator.evaluate(Expression(EQ, Key("d"), Value(naive)), {"d": "2024-01-07T14:29:12Z"})


def test_quoted_keys_are_unquoted() -> None:
    for key in ('"country 1 2 3"', "'country 1 2 3'"):
        assert evaluator.evaluate(Expression(EQ, Key(key), Value("BG")), {"country 1 2 3": "BG"})


def test_group_operand_at_top_level() -> None:
    assert evaluator.evaluate(
        Expression(NOT, Group(Expression(EQ, Key("a"), Value(1)))),
        {"a": 2},
    )


@pytest.mark.parametrize(
    ("text", "metadata", "message"),
    [
        ("flag == true", {"flag": 1}, "Cannot compare values of incompatible types int and bool"),
        (
            "year == '2020'",
            {"year": 2020},
            "Cannot compare values of incompatible types int and str",
        ),
        ("tags == 'a'", {"tags": ["a"]}, "Cannot compare values of types list and str"),
    ],
)
def test_unrelated_types_are_a_value_error(
    text: str, metadata: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        matches(text, metadata)


def test_malformed_trees_are_value_errors() -> None:
    with pytest.raises(ValueError, match="Expected a List value for IN expression but got: x"):
        evaluator.evaluate(Expression(IN, Key("a"), Value("x")), {"a": "x"})
    with pytest.raises(ValueError, match="Expression of type EQ requires a right operand"):
        evaluator.evaluate(Expression(EQ, Key("a")), {"a": 1})
    with pytest.raises(ValueError, match="Expression of type AND requires a left operand"):
        evaluator.evaluate(Expression(AND, None, Key("a")), {})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Expected a Key operand but got: Value"):
        evaluator.evaluate(Expression(EQ, Value(1), Value(1)), {})
    with pytest.raises(ValueError, match="Expected a Value operand but got: Key"):
        evaluator.evaluate(Expression(EQ, Key("a"), Key("b")), {"a": 1})
    with pytest.raises(ValueError, match="Unsupported operand type: Key"):
        evaluator.evaluate(Expression(NOT, Key("a")), {"a": 1})
