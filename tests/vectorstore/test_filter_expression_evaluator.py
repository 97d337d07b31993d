"""SimpleVectorStoreFilterExpressionEvaluator: the port's rules beyond Spring's tests
(those are in test_simple_vector_store_filter_expression_evaluator.py): missing keys,
string ordering, time zones, type errors and malformed trees."""

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


def test_strings_compare_lexicographically() -> None:
    assert matches("name < 'b'", {"name": "alice"})
    assert not matches("name > 'b'", {"name": "alice"})


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


def test_datetimes_in_other_zones_and_naive_datetimes_compare_as_utc() -> None:
    moment = datetime.datetime.fromtimestamp(1704637752.148, tz=datetime.UTC)
    other_zone = moment.astimezone(datetime.timezone(datetime.timedelta(hours=2)))
    assert evaluator.evaluate(
        Expression(EQ, Key("activationDate"), Value(other_zone)),
        {"activationDate": "2024-01-07T14:29:12Z"},
    )
    naive = datetime.datetime(2024, 1, 7, 14, 29, 12)
    assert evaluator.evaluate(Expression(EQ, Key("d"), Value(naive)), {"d": "2024-01-07T14:29:12Z"})


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
