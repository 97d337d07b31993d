"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.SimpleVectorStoreFilterExpressionEvaluatorTests`:
21 tests ported, 0 skipped. The port's further evaluator rules are in
test_filter_expression_evaluator.py. Java's Integer/Long/Double become int and float."""

from __future__ import annotations

import datetime

from spring_ai_py.vectorstore import SimpleVectorStoreFilterExpressionEvaluator
from spring_ai_py.vectorstore.filter import Expression, ExpressionType, Group, Key, Value

AND, OR, NOT = ExpressionType.AND, ExpressionType.OR, ExpressionType.NOT
EQ, NE, GT, GTE = ExpressionType.EQ, ExpressionType.NE, ExpressionType.GT, ExpressionType.GTE
LT, LTE, IN, NIN = ExpressionType.LT, ExpressionType.LTE, ExpressionType.IN, ExpressionType.NIN

evaluator = SimpleVectorStoreFilterExpressionEvaluator()


def test_eq() -> None:
    expression = Expression(EQ, Key("country"), Value("BG"))
    assert evaluator.evaluate(expression, {"country": "BG"})
    assert not evaluator.evaluate(expression, {"country": "NL"})


def test_ne() -> None:
    expression = Expression(NE, Key("country"), Value("BG"))
    assert evaluator.evaluate(expression, {"country": "NL"})
    assert not evaluator.evaluate(expression, {"country": "BG"})


def test_gt() -> None:
    expression = Expression(GT, Key("year"), Value(2020))
    assert evaluator.evaluate(expression, {"year": 2021})
    assert not evaluator.evaluate(expression, {"year": 2020})
    assert not evaluator.evaluate(expression, {"year": 2019})


def test_gte() -> None:
    expression = Expression(GTE, Key("year"), Value(2020))
    assert evaluator.evaluate(expression, {"year": 2020})
    assert evaluator.evaluate(expression, {"year": 2021})
    assert not evaluator.evaluate(expression, {"year": 2019})


def test_lt() -> None:
    expression = Expression(LT, Key("year"), Value(2020))
    assert evaluator.evaluate(expression, {"year": 2019})
    assert not evaluator.evaluate(expression, {"year": 2020})


def test_lte() -> None:
    expression = Expression(LTE, Key("year"), Value(2020))
    assert evaluator.evaluate(expression, {"year": 2020})
    assert evaluator.evaluate(expression, {"year": 2019})
    assert not evaluator.evaluate(expression, {"year": 2021})


def test_and() -> None:
    expression = Expression(
        AND, Expression(EQ, Key("genre"), Value("drama")), Expression(GTE, Key("year"), Value(2020))
    )
    assert evaluator.evaluate(expression, {"genre": "drama", "year": 2020})
    assert not evaluator.evaluate(expression, {"genre": "comedy", "year": 2020})
    assert not evaluator.evaluate(expression, {"genre": "drama", "year": 2019})


def test_or() -> None:
    expression = Expression(
        OR,
        Expression(GTE, Key("year"), Value(2020)),
        Expression(
            AND,
            Expression(EQ, Key("country"), Value("BG")),
            Expression(NE, Key("city"), Value("Sofia")),
        ),
    )
    assert evaluator.evaluate(expression, {"city": "Seoul", "year": 2020, "country": "BG"})
    assert evaluator.evaluate(expression, {"city": "Seoul", "year": 2019, "country": "BG"})
    assert not evaluator.evaluate(expression, {"city": "Sofia", "year": 2019, "country": "BG"})


def test_not() -> None:
    expression = Expression(NOT, Expression(EQ, Key("country"), Value("BG")))
    assert evaluator.evaluate(expression, {"country": "NL"})
    assert not evaluator.evaluate(expression, {"country": "BG"})


def test_in() -> None:
    expression = Expression(IN, Key("genre"), Value(["comedy", "documentary", "drama"]))
    assert evaluator.evaluate(expression, {"genre": "drama"})
    assert evaluator.evaluate(expression, {"genre": "comedy"})
    assert not evaluator.evaluate(expression, {"genre": "action"})


def test_nin() -> None:
    expression = Expression(NIN, Key("city"), Value(["Sofia", "Plovdiv"]))
    assert evaluator.evaluate(expression, {"city": "Seoul"})
    assert not evaluator.evaluate(expression, {"city": "Sofia"})


def test_is_null() -> None:
    expression = Expression(ExpressionType.ISNULL, Key("country"))
    assert evaluator.evaluate(expression, {"country": None})
    assert evaluator.evaluate(expression, {"year": 2020})
    assert not evaluator.evaluate(expression, {"country": "BG"})


def test_is_not_null() -> None:
    expression = Expression(ExpressionType.ISNOTNULL, Key("country"))
    assert evaluator.evaluate(expression, {"country": "BG"})
    assert not evaluator.evaluate(expression, {"year": 2020})


def test_group() -> None:
    expression = Expression(
        AND,
        Group(
            Expression(
                OR,
                Expression(GTE, Key("year"), Value(2020)),
                Expression(EQ, Key("country"), Value("BG")),
            )
        ),
        Expression(NIN, Key("city"), Value(["Sofia", "Plovdiv"])),
    )
    assert evaluator.evaluate(expression, {"city": "Seoul", "year": 2020, "country": "BG"})
    assert not evaluator.evaluate(expression, {"city": "Sofia", "year": 2020, "country": "BG"})
    assert not evaluator.evaluate(expression, {"city": "Seoul", "year": 2019, "country": "NL"})


def test_boolean() -> None:
    expression = Expression(
        AND,
        Expression(
            AND,
            Expression(EQ, Key("isOpen"), Value(True)),
            Expression(GTE, Key("year"), Value(2020)),
        ),
        Expression(IN, Key("country"), Value(["BG", "NL", "US"])),
    )
    assert evaluator.evaluate(expression, {"isOpen": True, "year": 2020, "country": "NL"})
    assert not evaluator.evaluate(expression, {"isOpen": False, "year": 2020, "country": "NL"})
    assert not evaluator.evaluate(expression, {"isOpen": True, "year": 2019, "country": "NL"})
    assert not evaluator.evaluate(expression, {"isOpen": True, "year": 2020, "country": "KR"})


def test_decimal() -> None:
    expression = Expression(
        AND,
        Expression(GTE, Key("temperature"), Value(-15.6)),
        Expression(LTE, Key("temperature"), Value(20.13)),
    )
    results = [
        evaluator.evaluate(expression, {"temperature": t})
        for t in (-15.6, 20.13, -1.6, -16.0, 21.0)
    ]
    assert results == [True, True, True, False, False]


def test_numeric_cross_type_comparison() -> None:
    expression = Expression(GTE, Key("year"), Value(2020))
    assert evaluator.evaluate(expression, {"year": 2020})
    assert evaluator.evaluate(expression, {"year": 2020.0})


def test_in_numeric_cross_type() -> None:
    expression = Expression(IN, Key("year"), Value([2019, 2020, 2021]))
    assert evaluator.evaluate(expression, {"year": 2020})
    assert not evaluator.evaluate(expression, {"year": 2022})
    scores = Expression(IN, Key("score"), Value([1, 2, 3]))
    assert evaluator.evaluate(scores, {"score": 2.0})
    assert not evaluator.evaluate(scores, {"score": 4.0})


def test_nin_numeric_cross_type() -> None:
    expression = Expression(NIN, Key("year"), Value([2020, 2021]))
    assert evaluator.evaluate(expression, {"year": 2022})
    assert not evaluator.evaluate(expression, {"year": 2020})
    assert not evaluator.evaluate(Expression(NIN, Key("year"), Value([2020.0])), {"year": 2020})


def test_date() -> None:
    """``new Date(1704637752148L)``: the milliseconds drop out, as in Spring, whose
    evaluator compares dates as ``yyyy-MM-ddTHH:mm:ssZ`` text."""
    moment = datetime.datetime.fromtimestamp(1704637752.148, tz=datetime.UTC)
    expression = Expression(EQ, Key("activationDate"), Value(moment))
    assert evaluator.evaluate(expression, {"activationDate": "2024-01-07T14:29:12Z"})
    assert not evaluator.evaluate(expression, {"activationDate": "2024-01-07T00:00:00Z"})


def test_quoted_key() -> None:
    double = Expression(EQ, Key('"country 1 2 3"'), Value("BG"))
    assert evaluator.evaluate(double, {"country 1 2 3": "BG"})
    single = Expression(EQ, Key("'country 1 2 3'"), Value("BG"))
    assert evaluator.evaluate(single, {"country 1 2 3": "BG"})
