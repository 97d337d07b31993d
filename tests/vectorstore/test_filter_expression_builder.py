"""Port of Spring AI 2.0.1 `org.springframework.ai.vectorstore.filter.FilterExpressionBuilderTests`:
18 tests ported, 0 skipped; plus list arguments, null checks, and agreement with the parser.
Python keywords take a trailing underscore: ``and_``, ``or_``, ``not_``, ``in_``."""

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


def test_in() -> None:
    assert b.in_("genre", "comedy", "documentary", "drama").build() == Expression(
        IN, Key("genre"), Value(["comedy", "documentary", "drama"])
    )


def test_ne() -> None:
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


IS_OPEN_RECENT_IN_COUNTRIES = Expression(
    AND,
    Expression(
        AND, Expression(EQ, Key("isOpen"), Value(True)), Expression(GTE, Key("year"), Value(2020))
    ),
    Expression(IN, Key("country"), Value(["BG", "NL", "US"])),
)


def test_in2() -> None:
    expression = b.and_(
        b.and_(b.eq("isOpen", True), b.gte("year", 2020)), b.in_("country", "BG", "NL", "US")
    ).build()
    assert expression == IS_OPEN_RECENT_IN_COUNTRIES


def test_not() -> None:
    expression = b.not_(
        b.and_(
            b.and_(b.eq("isOpen", True), b.gte("year", 2020)), b.in_("country", "BG", "NL", "US")
        )
    ).build()
    assert expression == Expression(NOT, IS_OPEN_RECENT_IN_COUNTRIES, None)


def test_less_than_operators() -> None:
    assert b.lt("value", 1).build() == Expression(LT, Key("value"), Value(1))
    assert b.lte("value", 1).build() == Expression(LTE, Key("value"), Value(1))


def test_greater_than_operators() -> None:
    assert b.gt("value", 1).build() == Expression(GT, Key("value"), Value(1))
    assert b.gte("value", 10).build() == Expression(GTE, Key("value"), Value(10))


def test_null_values() -> None:
    assert b.eq("status", None).build() == Expression(EQ, Key("status"), Value(None))


def test_empty_in_clause() -> None:
    assert b.in_("category").build() == Expression(IN, Key("category"), Value([]))


def test_single_value_in_clause() -> None:
    assert b.in_("type", "basic").build() == Expression(IN, Key("type"), Value(["basic"]))


def test_complex_nested_groups() -> None:
    expression = b.and_(
        b.or_(b.group(b.and_(b.gte("level", 1), b.lte("level", 5))), b.eq("status", "special")),
        b.group(b.or_(b.in_("region", "north", "south"), b.eq("enabled", True))),
    ).build()
    assert expression == Expression(
        AND,
        Expression(
            OR,
            Group(
                Expression(
                    AND,
                    Expression(GTE, Key("level"), Value(1)),
                    Expression(LTE, Key("level"), Value(5)),
                )
            ),
            Expression(EQ, Key("status"), Value("special")),
        ),
        Group(
            Expression(
                OR,
                Expression(IN, Key("region"), Value(["north", "south"])),
                Expression(EQ, Key("enabled"), Value(True)),
            )
        ),
    )


def test_not_with_simple_expression() -> None:
    assert b.not_(b.eq("active", True)).build() == Expression(
        NOT, Expression(EQ, Key("active"), Value(True)), None
    )


def test_not_with_group() -> None:
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


def test_multiple_not_operators() -> None:
    assert b.not_(b.not_(b.eq("active", True))).build() == Expression(
        NOT, Expression(NOT, Expression(EQ, Key("active"), Value(True)), None), None
    )


def test_special_characters_in_keys() -> None:
    assert b.and_(b.eq("item.name", "test"), b.ne("meta-data", None)).build() == Expression(
        AND,
        Expression(EQ, Key("item.name"), Value("test")),
        Expression(NE, Key("meta-data"), Value(None)),
    )


def test_empty_string_values() -> None:
    assert b.or_(b.eq("description", ""), b.ne("label", "")).build() == Expression(
        OR, Expression(EQ, Key("description"), Value("")), Expression(NE, Key("label"), Value(""))
    )


# -- the port's extras ----------------------------------------------------------------


def test_in_accepts_one_list() -> None:
    expected = Expression(IN, Key("genre"), Value(["comedy", "documentary", "drama"]))
    assert b.in_("genre", ["comedy", "documentary", "drama"]).build() == expected


def test_top_level_group_is_unwrapped_by_build() -> None:
    assert b.group(b.eq("a", 1)).build() == Expression(EQ, Key("a"), Value(1))


def test_is_null_and_is_not_null() -> None:
    assert b.is_null("a").build() == Expression(ExpressionType.ISNULL, Key("a"))
    assert b.is_not_null("a").build() == Expression(ExpressionType.ISNOTNULL, Key("a"))


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
