"""Port of Spring AI 2.0.1 `org.springframework.ai.vectorstore.filter.FilterHelperTests`:
15 tests ported, 0 skipped; plus bad input."""

from __future__ import annotations

import pytest

from spring_ai_py.vectorstore.filter import (
    Expression,
    ExpressionType,
    FilterExpressionTextParser,
    FilterHelper,
    Group,
    Key,
    Value,
)
from spring_ai_py.vectorstore.filter.converter import PrintFilterExpressionConverter


def parse(text: str) -> Expression:
    return FilterExpressionTextParser().parse(text)


class InNinTestConverter(PrintFilterExpressionConverter):
    def do_expression(self, expression: Expression, context: list[str]) -> None:
        if expression.type is ExpressionType.IN:
            FilterHelper.expand_in(expression, context, self)
        elif expression.type is ExpressionType.NIN:
            FilterHelper.expand_nin(expression, context, self)
        else:
            super().do_expression(expression, context)


def test_negate_eq() -> None:
    assert parse("NOT key == 'UK' ") == Expression(
        ExpressionType.NOT, Expression(ExpressionType.EQ, Key("key"), Value("UK")), None
    )
    assert FilterHelper.negate(parse("NOT key == 'UK' ")) == Expression(
        ExpressionType.NE, Key("key"), Value("UK")
    )
    assert FilterHelper.negate(parse("NOT (key == 'UK') ")) == Group(
        Expression(ExpressionType.NE, Key("key"), Value("UK"))
    )


def test_negate_ne() -> None:
    assert FilterHelper.negate(parse("NOT key != 'UK' ")) == Expression(
        ExpressionType.EQ, Key("key"), Value("UK")
    )


def test_negate_gt() -> None:
    assert FilterHelper.negate(parse("NOT key > 13 ")) == Expression(
        ExpressionType.LTE, Key("key"), Value(13)
    )


def test_negate_gte() -> None:
    assert FilterHelper.negate(parse("NOT key >= 13 ")) == Expression(
        ExpressionType.LT, Key("key"), Value(13)
    )


def test_negate_lt() -> None:
    assert FilterHelper.negate(parse("NOT key < 13 ")) == Expression(
        ExpressionType.GTE, Key("key"), Value(13)
    )


def test_negate_lte() -> None:
    assert FilterHelper.negate(parse("NOT key <= 13 ")) == Expression(
        ExpressionType.GT, Key("key"), Value(13)
    )


def test_negate_in() -> None:
    assert FilterHelper.negate(parse("NOT key IN [11, 12, 13] ")) == Expression(
        ExpressionType.NIN, Key("key"), Value([11, 12, 13])
    )


def test_negate_nin() -> None:
    assert FilterHelper.negate(parse("NOT key NIN [11, 12, 13] ")) == Expression(
        ExpressionType.IN, Key("key"), Value([11, 12, 13])
    )


def test_negate_nin2() -> None:
    assert FilterHelper.negate(parse("NOT key NOT IN [11, 12, 13] ")) == Expression(
        ExpressionType.IN, Key("key"), Value([11, 12, 13])
    )


def test_negate_and() -> None:
    assert FilterHelper.negate(parse("NOT(key >= 11 AND key < 13)")) == Group(
        Expression(
            ExpressionType.OR,
            Expression(ExpressionType.LT, Key("key"), Value(11)),
            Expression(ExpressionType.GTE, Key("key"), Value(13)),
        )
    )


def test_negate_or() -> None:
    assert FilterHelper.negate(parse("NOT(key >= 11 OR key < 13)")) == Group(
        Expression(
            ExpressionType.AND,
            Expression(ExpressionType.LT, Key("key"), Value(11)),
            Expression(ExpressionType.GTE, Key("key"), Value(13)),
        )
    )


def test_negate_not() -> None:
    assert FilterHelper.negate(parse("NOT NOT(key >= 11)")) == Group(
        Expression(ExpressionType.LT, Key("key"), Value(11))
    )


def test_negate_nested_not() -> None:
    expression = parse("NOT(NOT(key >= 11))")
    assert expression == Expression(
        ExpressionType.NOT,
        Group(
            Expression(
                ExpressionType.NOT, Group(Expression(ExpressionType.GTE, Key("key"), Value(11)))
            )
        ),
    )
    assert FilterHelper.negate(expression) == Group(
        Expression(ExpressionType.LT, Key("key"), Value(11))
    )


def test_expand_in() -> None:
    expression = parse("key IN [11, 12, 13] ")
    assert InNinTestConverter().convert_expression(expression) == (
        "key EQ 11 OR key EQ 12 OR key EQ 13"
    )


def test_expand_nin() -> None:
    first = parse("key NIN [11, 12, 13] ")
    second = parse("key NOT IN [11, 12, 13] ")
    assert first == second
    assert InNinTestConverter().convert_expression(first) == (
        "key NE 11 AND key NE 12 AND key NE 13"
    )


# -- the port's extras ----------------------------------------------------------------


def test_expand_in_with_a_single_value_is_one_equality() -> None:
    expression = Expression(ExpressionType.IN, Key("key"), Value(11))
    assert InNinTestConverter().convert_expression(expression) == "key EQ 11"


def test_expand_in_rejects_other_expression_types() -> None:
    expression = Expression(ExpressionType.EQ, Key("key"), Value(11))
    with pytest.raises(ValueError, match="Expected IN expressions but was: EQ"):
        FilterHelper.expand_in(expression, [], InNinTestConverter())
    with pytest.raises(ValueError, match="Expected NIN expressions but was: EQ"):
        FilterHelper.expand_nin(expression, [], InNinTestConverter())


def test_expand_in_needs_a_value_on_the_right() -> None:
    expression = Expression(ExpressionType.IN, Key("key"), Key("other"))
    with pytest.raises(RuntimeError, match=r"should be of Filter\.Value type but was Key"):
        FilterHelper.expand_in(expression, [], InNinTestConverter())


def test_negate_rejects_keys_values_and_null_checks() -> None:
    with pytest.raises(ValueError, match="Can not negate operand of type: Key"):
        FilterHelper.negate(Key("key"))
    with pytest.raises(ValueError, match="Unknown expression type: ISNULL"):
        FilterHelper.negate(Expression(ExpressionType.ISNULL, Key("key")))


def test_filter_helper_is_not_instantiable() -> None:
    with pytest.raises(NotImplementedError):
        FilterHelper()
