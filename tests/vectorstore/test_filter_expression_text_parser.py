"""Port of Spring AI 2.0.1 `org.springframework.ai.vectorstore.filter.FilterExpressionTextParserTests`:
15 tests ported, 0 skipped (the cache checks Spring repeats in each test are gathered in
one); plus grammar details and the error cases. Java's ``3L`` is the int 3."""

from __future__ import annotations

import pytest

from spring_ai_py.vectorstore.filter import (
    Expression,
    ExpressionType,
    Filter,
    FilterExpressionParseException,
    FilterExpressionTextParser,
    Group,
    Key,
    Value,
)

AND, OR, NOT = ExpressionType.AND, ExpressionType.OR, ExpressionType.NOT
EQ, NE, GT, GTE = ExpressionType.EQ, ExpressionType.NE, ExpressionType.GT, ExpressionType.GTE
LT, LTE, IN, NIN = ExpressionType.LT, ExpressionType.LTE, ExpressionType.IN, ExpressionType.NIN


@pytest.fixture
def parser() -> FilterExpressionTextParser:
    return FilterExpressionTextParser()


def _right_value(expression: Expression) -> object:
    assert isinstance(expression.right, Value)
    return expression.right.value


def test_string_escaping(parser: FilterExpressionTextParser) -> None:
    expected = "he'd say \"hello\", I'd say 'hi'"
    assert (
        _right_value(parser.parse("stuff == \"he'd say \\\"hello\\\", I'd say 'hi'\"")) == expected
    )
    assert (
        _right_value(parser.parse("stuff == 'he\\'d say \"hello\", I\\'d say \\'hi\\''"))
        == expected
    )
    assert _right_value(parser.parse("stuff == 'This is a single backslash: \\\\'")) == (
        "This is a single backslash: \\"
    )


def test_eq(parser: FilterExpressionTextParser) -> None:
    expression = parser.parse("country == 'BG'")
    assert expression == Expression(EQ, Key("country"), Value("BG"))
    assert parser.get_cache()["WHERE country == 'BG'"] is expression
    assert parser.parse("country == 'BG'") is expression
    parser.clear_cache()
    assert parser.get_cache() == {}


def test_eq_and_gte(parser: FilterExpressionTextParser) -> None:
    assert parser.parse("genre == 'drama' && year >= 2020") == Expression(
        AND,
        Expression(EQ, Key("genre"), Value("drama")),
        Expression(GTE, Key("year"), Value(2020)),
    )


def test_in(parser: FilterExpressionTextParser) -> None:
    assert parser.parse("genre in ['comedy', 'documentary', 'drama']") == Expression(
        IN, Key("genre"), Value(["comedy", "documentary", "drama"])
    )


def test_ne(parser: FilterExpressionTextParser) -> None:
    assert parser.parse('year >= 2020 OR country == "BG" AND city != "Sofia"') == Expression(
        OR,
        Expression(GTE, Key("year"), Value(2020)),
        Expression(
            AND,
            Expression(EQ, Key("country"), Value("BG")),
            Expression(NE, Key("city"), Value("Sofia")),
        ),
    )


def test_group(parser: FilterExpressionTextParser) -> None:
    assert parser.parse(
        '(year >= 2020 OR country == "BG") AND city NIN ["Sofia", "Plovdiv"]'
    ) == Expression(
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


def test_boolean(parser: FilterExpressionTextParser) -> None:
    assert parser.parse(
        'isOpen == true AND year >= 2020 AND country IN ["BG", "NL", "US"]'
    ) == Expression(
        AND,
        Expression(
            AND,
            Expression(EQ, Key("isOpen"), Value(True)),
            Expression(GTE, Key("year"), Value(2020)),
        ),
        Expression(IN, Key("country"), Value(["BG", "NL", "US"])),
    )
    assert parser.parse("a == FALSE") == Expression(EQ, Key("a"), Value(False))


def test_not(parser: FilterExpressionTextParser) -> None:
    assert parser.parse(
        'not(isOpen == true AND year >= 2020 AND country IN ["BG", "NL", "US"])'
    ) == Expression(
        NOT,
        Group(
            Expression(
                AND,
                Expression(
                    AND,
                    Expression(EQ, Key("isOpen"), Value(True)),
                    Expression(GTE, Key("year"), Value(2020)),
                ),
                Expression(IN, Key("country"), Value(["BG", "NL", "US"])),
            )
        ),
        None,
    )


NIN_COUNTRIES = Expression(NIN, Key("country"), Value(["BG", "NL", "US"]))


def test_not_nin(parser: FilterExpressionTextParser) -> None:
    assert parser.parse('not(country NOT IN ["BG", "NL", "US"])') == Expression(
        NOT, Group(NIN_COUNTRIES), None
    )
    assert parser.parse('country nin ["BG", "NL", "US"]') == NIN_COUNTRIES


def test_not_nin2(parser: FilterExpressionTextParser) -> None:
    assert parser.parse('NOT country NOT IN ["BG", "NL", "US"]') == Expression(
        NOT, NIN_COUNTRIES, None
    )


def test_nested_not(parser: FilterExpressionTextParser) -> None:
    assert parser.parse(
        'not(isOpen == true AND year >= 2020 AND NOT(country IN ["BG", "NL", "US"]))'
    ) == Expression(
        NOT,
        Group(
            Expression(
                AND,
                Expression(
                    AND,
                    Expression(EQ, Key("isOpen"), Value(True)),
                    Expression(GTE, Key("year"), Value(2020)),
                ),
                Expression(
                    NOT, Group(Expression(IN, Key("country"), Value(["BG", "NL", "US"]))), None
                ),
            )
        ),
        None,
    )


def test_not_takes_everything_after_it(parser: FilterExpressionTextParser) -> None:
    assert parser.parse("NOT a == 1 AND b == 2") == Expression(
        NOT,
        Expression(AND, Expression(EQ, Key("a"), Value(1)), Expression(EQ, Key("b"), Value(2))),
        None,
    )


def test_decimal(parser: FilterExpressionTextParser) -> None:
    assert parser.parse("temperature >= -15.6 && temperature <= +20.13") == Expression(
        AND,
        Expression(GTE, Key("temperature"), Value(-15.6)),
        Expression(LTE, Key("temperature"), Value(20.13)),
    )
    assert parser.parse("x < .5") == Expression(LT, Key("x"), Value(0.5))
    assert parser.parse("x > 3.") == Expression(GT, Key("x"), Value(3.0))


def test_long(parser: FilterExpressionTextParser) -> None:
    assert parser.parse("biz_id == 3L") == Expression(EQ, Key("biz_id"), Value(3))
    assert parser.parse("biz_id == -5l") == Expression(EQ, Key("biz_id"), Value(-5))


def test_unescaped_identifier_with_underscores(parser: FilterExpressionTextParser) -> None:
    assert parser.parse("file_name == 'medicaid-wa-faqs.pdf'") == Expression(
        EQ, Key("file_name"), Value("medicaid-wa-faqs.pdf")
    )


def test_every_parse_is_cached_under_its_where_text(parser: FilterExpressionTextParser) -> None:
    """Spring's tests check the cache after each parse; here once for every text."""
    texts = [
        "genre == 'drama' && year >= 2020",
        "genre in ['comedy', 'documentary', 'drama']",
        'year >= 2020 OR country == "BG" AND city != "Sofia"',
        '(year >= 2020 OR country == "BG") AND city NIN ["Sofia", "Plovdiv"]',
        'not(isOpen == true AND year >= 2020 AND NOT(country IN ["BG", "NL", "US"]))',
        "temperature >= -15.6 && temperature <= +20.13",
    ]
    for text in texts:
        expression = parser.parse(text)
        assert parser.get_cache()["WHERE " + text] is expression


def test_identifiers(parser: FilterExpressionTextParser) -> None:
    assert parser.parse("'country.1' == 'BG'") == Expression(EQ, Key("country.1"), Value("BG"))
    assert parser.parse("'country_1_2_3' == 'BG'") == Expression(
        EQ, Key("country_1_2_3"), Value("BG")
    )
    assert parser.parse("\"country 1 2 3\" == 'BG'") == Expression(
        EQ, Key("country 1 2 3"), Value("BG")
    )
    assert parser.parse('"country \\"1 2 3" == \'BG\'') == Expression(
        EQ, Key('country "1 2 3'), Value("BG")
    )
    assert parser.parse("file_name == 'medicaid-wa-faqs.pdf'") == Expression(
        EQ, Key("file_name"), Value("medicaid-wa-faqs.pdf")
    )
    assert parser.parse("meta.author == 'x'") == Expression(EQ, Key("meta.author"), Value("x"))


def test_is_null_and_is_not_null(parser: FilterExpressionTextParser) -> None:
    assert parser.parse("country IS NULL") == Expression(ExpressionType.ISNULL, Key("country"))
    assert parser.parse("country is not null") == Expression(
        ExpressionType.ISNOTNULL, Key("country")
    )


def test_where_prefix_and_keyword_spellings(parser: FilterExpressionTextParser) -> None:
    expected = Expression(
        OR, Expression(EQ, Key("a"), Value(1)), Expression(EQ, Key("b"), Value(2))
    )
    assert parser.parse("WHERE a == 1 || b == 2") == expected
    assert parser.parse("where a == 1 or b == 2") == expected
    assert parser.parse("a == 1\n  OR\tb == 2") == expected
    assert "WHERE a == 1 || b == 2" in parser.get_cache()


def test_filter_namespace_aliases() -> None:
    assert Filter.Expression is Expression
    assert Filter.ExpressionType.EQ is EQ
    assert Filter.Key("k") == Key("k")
    assert (
        FilterExpressionTextParser.FilterExpressionParseException is FilterExpressionParseException
    )


def test_expressions_are_hashable_even_with_lists(parser: FilterExpressionTextParser) -> None:
    first = parser.parse("a in [1, 2]")
    assert hash(first) == hash(Expression(IN, Key("a"), Value([1, 2])))


@pytest.mark.parametrize("blank", ["", "   ", None])
def test_blank_text_is_a_value_error(parser: FilterExpressionTextParser, blank: str | None) -> None:
    with pytest.raises(ValueError, match="Expression should not be empty!") as info:
        parser.parse(blank)  # type: ignore[arg-type]
    assert not isinstance(info.value, FilterExpressionParseException)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("FooBar", r"Line: 1:12, Error: no viable alternative at input 'FooBar'"),
        ("country = 'BG'", r"Line: 1:14, Error: token recognition error at: '='"),
        ("country == 'BG", r"Line: 1:17, Error: token recognition error at: ''BG'"),
        ("a in []", r"Line: 1:12, Error: mismatched input '\]' expecting a constant"),
        ("a in ['x'", r"Line: 1:15, Error: mismatched input '<EOF>' expecting \{',', '\]'\}"),
        ("(a == 1", r"Line: 1:13, Error: mismatched input '<EOF>' expecting '\)'"),
        ("a == 1 b == 2", r"Line: 1:13, Error: mismatched input 'b' expecting <EOF>"),
        ("== 1", r"Line: 1:6, Error: mismatched input '==' expecting"),
        ("a == -'x'", r"Line: 1:12, Error: mismatched input ''x'' expecting a number"),
        ("a ==", r"Line: 1:10, Error: mismatched input '<EOF>' expecting a constant"),
        ("a IS 5", r"Line: 1:11, Error: mismatched input '5' expecting NULL"),
        ("a.b.c == 1", r"Line: 1:9, Error: no viable alternative at input 'a.b.'"),
        ("a == 1 AND", r"Line: 1:16, Error: mismatched input '<EOF>' expecting"),
        ("a == 1\nOR b ~ 2", r"Line: 2:5, Error: token recognition error at: '~'"),
        ("country == NL", r"Line: 1:17, Error: no viable alternative at input 'NL'"),
        ("WHERE a ! b", r"Line: 1:8, Error: token recognition error at: '!'"),
        ("a ! b", r"Line: 1:8, Error: token recognition error at: '!'"),
    ],
)
def test_malformed_text_names_position_and_problem(
    parser: FilterExpressionTextParser, text: str, message: str
) -> None:
    with pytest.raises(FilterExpressionParseException, match=message) as info:
        parser.parse(text)
    assert isinstance(info.value, ValueError)
    assert info.value.position >= 0
