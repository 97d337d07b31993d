"""Behaviours of Spring's FilterExpressionBuilderTests."""

from __future__ import annotations

import pytest

from spring_ai_py.vectorstore.filter import (
    Expression,
    ExpressionType,
    FilterExpressionBuilder,
    FilterExpressionTextParser,
    Group,
    Key,
    Value,
)

AND, OR, NOT = ExpressionType.AND, ExpressionType.OR, ExpressionType.NOT
EQ, NE, GT, GTE = ExpressionType.EQ, ExpressionType.NE, ExpressionType.GT, ExpressionType.GTE
LT, LTE, IN, NIN = ExpressionType.LT, ExpressionType.LTE, ExpressionType.IN, ExpressionType.NIN

b = FilterExpressionBuilder()


def test_eq() -> None:
    assert b.eq("country", "BG").build() == Expression(EQ, Key("country"), Value("BG"))


def test_eq_and_gte() -> None:
    assert b.and_(b.eq("genre", "drama"), b.gte("year", 2020)).build() == Expression(
        AND, Expression(EQ, Key("genre"), Value("drama")), Expression(GTE, Key("year"), Value(2020))
    )


def test_in_with_varargs_or_a_list() -> None:
    expected = Expression(IN, Key("genre"), Value(["comedy", "documentary", "drama"]))
    assert b.in_("genre", "comedy", "documentary", "drama").build() == expected
    assert b.in_("genre", ["comedy", "documentary", "drama"]).build() == expected


def test_or_inside_and() -> None:
    assert b.and_(
        b.or_(b.gte("year", 2020), b.eq("country", "BG")), b.ne("city", "Sofia")
    ).build() == Expression(
        AND,
        Expression(
            OR,
            Expression(GTE, Key("year"), Value(2020)),
            Expression(EQ, Key("country"), Value("BG")),
        ),
        Expression(NE, Key("city"), Value("Sofia")),
    )


def test_group() -> None:
    expression = b.and_(
        b.group(b.or_(b.gte("year", 2020), b.eq("country", "BG"))),
        b.nin("city", "Sofia", "Plovdiv"),
    ).build()
    assert expression == Expression(
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


def test_top_level_group_is_unwrapped_by_build() -> None:
    assert b.group(b.eq("a", 1)).build() == Expression(EQ, Key("a"), Value(1))


def test_not() -> None:
    inner = b.and_(
        b.and_(b.eq("isOpen", True), b.gte("year", 2020)), b.in_("country", "BG", "NL", "US")
    )
    assert b.not_(inner).build() == Expression(NOT, inner.build(), None)
    assert b.not_(b.not_(b.eq("active", True))).build() == Expression(
        NOT, Expression(NOT, Expression(EQ, Key("active"), Value(True)), None), None
    )
    assert b.not_(b.group(b.and_(b.gte("level", 3), b.eq("region", "east")))).build() == Expression(
        NOT,
        Group(
            Expression(
                AND,
                Expression(GTE, Key("level"), Value(3)),
                Expression(EQ, Key("region"), Value("east")),
            )
        ),
        None,
    )


def test_comparison_operators() -> None:
    assert b.lt("value", 1).build() == Expression(LT, Key("value"), Value(1))
    assert b.lte("value", 1).build() == Expression(LTE, Key("value"), Value(1))
    assert b.gt("value", 1).build() == Expression(GT, Key("value"), Value(1))
    assert b.gte("value", 10).build() == Expression(GTE, Key("value"), Value(10))


def test_null_values_empty_and_single_in_lists() -> None:
    assert b.eq("status", None).build() == Expression(EQ, Key("status"), Value(None))
    assert b.in_("category").build() == Expression(IN, Key("category"), Value([]))
    assert b.in_("type", "basic").build() == Expression(IN, Key("type"), Value(["basic"]))


def test_is_null_and_is_not_null() -> None:
    assert b.is_null("a").build() == Expression(ExpressionType.ISNULL, Key("a"))
    assert b.is_not_null("a").build() == Expression(ExpressionType.ISNOTNULL, Key("a"))


def test_special_keys_and_empty_strings() -> None:
    assert b.and_(b.eq("item.name", "test"), b.ne("meta-data", None)).build() == Expression(
        AND,
        Expression(EQ, Key("item.name"), Value("test")),
        Expression(NE, Key("meta-data"), Value(None)),
    )
    assert b.or_(b.eq("description", ""), b.ne("label", "")).build() == Expression(
        OR, Expression(EQ, Key("description"), Value("")), Expression(NE, Key("label"), Value(""))
    )


def test_builder_and_parser_agree() -> None:
    built = b.and_(
        b.group(
            b.or_(b.group(b.and_(b.gte("level", 1), b.lte("level", 5))), b.eq("status", "special"))
        ),
        b.group(b.or_(b.in_("region", "north", "south"), b.eq("enabled", True))),
    ).build()
    parsed = FilterExpressionTextParser().parse(
        "((level >= 1 AND level <= 5) OR status == 'special') AND (region IN ['north', 'south'] OR enabled == true)"
    )
    assert built == parsed


def test_op_build_rejects_a_bare_operand() -> None:
    with pytest.raises(RuntimeError, match="Invalid expression"):
        FilterExpressionBuilder.Op(Key("k")).build()
