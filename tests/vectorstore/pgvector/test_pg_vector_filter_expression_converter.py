"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.pgvector.PgVectorFilterExpressionConverterTests`:
42 tests ported, 0 skipped; plus the port's extras (ISNULL/ISNOTNULL, the bare JSONPath
the store binds, bad input). No database needed: test_pg_vector_store.py runs the
predicates against PostgreSQL."""

from __future__ import annotations

import datetime

import pytest

from spring_ai_py.vectorstore.filter import (
    Expression,
    ExpressionType,
    FilterExpressionConverter,
    FilterExpressionTextParser,
    Group,
    Key,
    Value,
)
from spring_ai_py.vectorstore.pgvector import PgVectorFilterExpressionConverter

AND, OR, EQ, NE = ExpressionType.AND, ExpressionType.OR, ExpressionType.EQ, ExpressionType.NE
GT, GTE, LT, LTE = ExpressionType.GT, ExpressionType.GTE, ExpressionType.LT, ExpressionType.LTE
IN, NIN = ExpressionType.IN, ExpressionType.NIN

converter: FilterExpressionConverter = PgVectorFilterExpressionConverter()


def sql_predicate(json_path: str) -> str:
    return "metadata::jsonb @@ '" + json_path.replace("'", "''") + "'::jsonpath"


def convert(expression: Expression) -> str:
    return converter.convert_expression(expression)


def test_metadata_column_with_double_quote_is_escaped() -> None:
    malicious = PgVectorFilterExpressionConverter('meta"); DROP TABLE users; --')
    text = malicious.convert_expression(Expression(EQ, Key("country"), Value("BG")))
    assert text.startswith('"meta""); DROP TABLE users; --"::jsonb @@ \'')
    assert 'meta"); DROP TABLE users;' not in text


def test_simple_metadata_column_not_quoted() -> None:
    text = PgVectorFilterExpressionConverter("metadata").convert_expression(
        Expression(EQ, Key("country"), Value("BG"))
    )
    assert text.startswith("metadata::jsonb @@ '")


def test_eq() -> None:
    assert convert(Expression(EQ, Key("country"), Value("BG"))) == sql_predicate(
        '$."country" == "BG"'
    )


def test_eq_and_gte() -> None:
    expression = Expression(
        AND, Expression(EQ, Key("genre"), Value("drama")), Expression(GTE, Key("year"), Value(2020))
    )
    assert convert(expression) == sql_predicate('$."genre" == "drama" && $."year" >= 2020')


def test_in() -> None:
    expression = Expression(IN, Key("genre"), Value(["comedy", "documentary", "drama"]))
    assert convert(expression) == sql_predicate(
        '($."genre" == "comedy" || $."genre" == "documentary" || $."genre" == "drama")'
    )


def test_ne() -> None:
    expression = Expression(
        OR,
        Expression(GTE, Key("year"), Value(2020)),
        Expression(
            AND,
            Expression(EQ, Key("country"), Value("BG")),
            Expression(NE, Key("city"), Value("Sofia")),
        ),
    )
    assert convert(expression) == sql_predicate(
        '$."year" >= 2020 || $."country" == "BG" && $."city" != "Sofia"'
    )


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
    assert convert(expression) == sql_predicate(
        '($."year" >= 2020 || $."country" == "BG") && !($."city" == "Sofia" || $."city" == "Plovdiv")'
    )


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
    assert convert(expression) == sql_predicate(
        '$."isOpen" == true && $."year" >= 2020 && '
        '($."country" == "BG" || $."country" == "NL" || $."country" == "US")'
    )


def test_decimal() -> None:
    expression = Expression(
        AND,
        Expression(GTE, Key("temperature"), Value(-15.6)),
        Expression(LTE, Key("temperature"), Value(20.13)),
    )
    assert convert(expression) == sql_predicate(
        '$."temperature" >= -15.6 && $."temperature" <= 20.13'
    )


def test_complex_identifiers() -> None:
    assert convert(Expression(EQ, Key("country 1 2 3"), Value("BG"))) == sql_predicate(
        '$."country 1 2 3" == "BG"'
    )


def test_lt() -> None:
    assert convert(Expression(LT, Key("value"), Value(100))) == sql_predicate('$."value" < 100')


def test_gt() -> None:
    assert convert(Expression(GT, Key("score"), Value(100))) == sql_predicate('$."score" > 100')


def test_lte() -> None:
    assert convert(Expression(LTE, Key("amount"), Value(100.5))) == sql_predicate(
        '$."amount" <= 100.5'
    )


def test_nin() -> None:
    assert convert(Expression(NIN, Key("category"), Value(["typeA", "typeB"]))) == sql_predicate(
        '!($."category" == "typeA" || $."category" == "typeB")'
    )


def test_single_value_in() -> None:
    assert convert(Expression(IN, Key("status"), Value(["active"]))) == sql_predicate(
        '($."status" == "active")'
    )


def test_single_value_nin() -> None:
    assert convert(Expression(NIN, Key("status"), Value(["inactive"]))) == sql_predicate(
        '!($."status" == "inactive")'
    )


def test_numeric_in() -> None:
    assert convert(Expression(IN, Key("priority"), Value([1, 2, 3]))) == sql_predicate(
        '($."priority" == 1 || $."priority" == 2 || $."priority" == 3)'
    )


def test_numeric_nin() -> None:
    assert convert(Expression(NIN, Key("level"), Value([0, 10]))) == sql_predicate(
        '!($."level" == 0 || $."level" == 10)'
    )


def test_nested_groups() -> None:
    def branch(score: int, kind: str) -> Group:
        return Group(
            Expression(
                AND,
                Expression(GTE, Key("score"), Value(score)),
                Expression(EQ, Key("type"), Value(kind)),
            )
        )

    expression = Expression(
        AND,
        Group(Expression(OR, branch(80, "A"), branch(90, "B"))),
        Expression(EQ, Key("status"), Value("valid")),
    )
    assert convert(expression) == sql_predicate(
        '(($."score" >= 80 && $."type" == "A") || ($."score" >= 90 && $."type" == "B")) '
        '&& $."status" == "valid"'
    )


def test_boolean_false() -> None:
    assert convert(Expression(EQ, Key("active"), Value(False))) == sql_predicate(
        '$."active" == false'
    )


def test_boolean_ne() -> None:
    assert convert(Expression(NE, Key("active"), Value(True))) == sql_predicate(
        '$."active" != true'
    )


def test_key_with_dots() -> None:
    """A dotted key is one literal member name, not a nested path."""
    assert convert(Expression(EQ, Key("config.setting"), Value("value1"))) == sql_predicate(
        '$."config.setting" == "value1"'
    )


def test_empty_string() -> None:
    assert convert(Expression(EQ, Key("description"), Value(""))) == sql_predicate(
        '$."description" == ""'
    )


def test_null_value() -> None:
    assert convert(Expression(EQ, Key("metadata"), Value(None))) == sql_predicate(
        '$."metadata" == null'
    )


def test_complex_or_expression() -> None:
    expression = Expression(
        OR,
        Expression(
            OR,
            Expression(EQ, Key("state"), Value("ready")),
            Expression(EQ, Key("state"), Value("pending")),
        ),
        Expression(EQ, Key("state"), Value("processing")),
    )
    assert convert(expression) == sql_predicate(
        '$."state" == "ready" || $."state" == "pending" || $."state" == "processing"'
    )


def test_injection_with_double_quote_escape() -> None:
    text = convert(Expression(EQ, Key("department"), Value('" || $.department == "Finance')))
    assert text == sql_predicate('$."department" == "\\" || $.department == \\"Finance"')
    assert '\\"' in text
    assert '== ""\'' not in text


def test_injection_with_backslash_escape() -> None:
    text = convert(Expression(EQ, Key("field"), Value('value\\"')))
    assert text == sql_predicate('$."field" == "value\\\\\\""')
    assert "\\\\" in text


def test_injection_with_single_quote() -> None:
    text = convert(Expression(EQ, Key("field"), Value("value' || $.other == 'admin")))
    assert text == sql_predicate('$."field" == "value\' || $.other == \'admin"')
    assert "value'' || $.other == ''admin" in text


def test_injection_with_control_characters() -> None:
    text = convert(Expression(EQ, Key("field"), Value('value\n|| $.field == "admin"')))
    assert text == sql_predicate('$."field" == "value\\n|| $.field == \\"admin\\""')
    assert "\\n" in text


def test_injection_with_multiple_escapes() -> None:
    text = convert(Expression(EQ, Key("field"), Value("test\"\\'\n\r\t")))
    assert text == sql_predicate('$."field" == "test\\"\\\\\'\\n\\r\\t"')
    assert '\\"' in text and "\\\\" in text and "''" in text


def test_injection_in_list_values() -> None:
    text = convert(
        Expression(IN, Key("department"), Value(['HR" || $.department == "Finance', "Engineering"]))
    )
    assert 'HR\\" || $.department == \\"Finance' in text
    assert "Engineering" in text


def test_injection_in_complex_expression() -> None:
    malicious = '" || $.role == "admin" || $.dept == "'
    text = convert(
        Expression(
            AND,
            Expression(EQ, Key("department"), Value(malicious)),
            Expression(GTE, Key("year"), Value(2020)),
        )
    )
    assert '\\" || $.role == \\"admin\\" || $.dept == \\"' in text
    assert "&&" in text
    assert '$."department"' in text


def test_normal_strings_not_affected() -> None:
    assert convert(Expression(EQ, Key("department"), Value("HR Department"))) == sql_predicate(
        '$."department" == "HR Department"'
    )


def test_unicode_control_characters() -> None:
    assert "\\u0000" in convert(Expression(EQ, Key("field"), Value("test\u0000value")))


def test_key_with_single_quote() -> None:
    text = convert(Expression(EQ, Key("x' OR 1=1--"), Value("dummy")))
    assert text == sql_predicate('$."x\' OR 1=1--" == "dummy"')
    assert "$.x' OR 1=1--'" not in text


def test_quoted_identifier_from_text_parser() -> None:
    expression = FilterExpressionTextParser().parse("'safe_key' == 'value'")
    assert convert(expression) == sql_predicate('$."safe_key" == "value"')


def test_key_with_apostrophe() -> None:
    assert convert(Expression(EQ, Key("O'Brien"), Value("test"))) == sql_predicate(
        '$."O\'Brien" == "test"'
    )


def test_key_with_double_quote() -> None:
    text = convert(Expression(EQ, Key('key"inject'), Value("v")))
    assert text == sql_predicate('$."key\\"inject" == "v"')
    assert '$."key"inject' not in text


def test_key_with_backslash() -> None:
    assert convert(Expression(EQ, Key("key\\inject"), Value("v"))) == sql_predicate(
        '$."key\\\\inject" == "v"'
    )


def test_date_in_in_clause() -> None:
    text = convert(
        Expression(
            IN, Key("activationDate"), Value(["2024-01-15T10:30:00Z", "2024-02-20T14:45:00Z"])
        )
    )
    assert '$."activationDate" == "2024-01-15T10:30:00.000Z"' in text
    assert '$."activationDate" == "2024-02-20T14:45:00.000Z"' in text
    assert " || " in text


def test_date_in_nin_clause() -> None:
    text = convert(
        Expression(
            NIN, Key("activationDate"), Value(["2024-01-15T10:30:00Z", "2024-02-20T14:45:00Z"])
        )
    )
    assert text.startswith("metadata::jsonb @@ '!(")
    assert text.endswith(")'::jsonpath")
    assert '$."activationDate" == "2024-01-15T10:30:00.000Z"' in text
    assert '$."activationDate" == "2024-02-20T14:45:00.000Z"' in text


def test_date_object_in_in_clause() -> None:
    first = datetime.datetime(2024, 1, 15, 10, 30, tzinfo=datetime.UTC)
    second = datetime.datetime(2024, 2, 20, 14, 45, tzinfo=datetime.UTC)
    text = convert(Expression(IN, Key("activationDate"), Value([first, second])))
    assert '$."activationDate"' in text
    assert "2024-01-15T10:30:00.000Z" in text
    assert "2024-02-20T14:45:00.000Z" in text


# -- the port's extras ----------------------------------------------------------------


def test_aware_datetimes_compare_as_utc_text() -> None:
    moment = datetime.datetime(
        2024, 1, 2, 5, 4, 3, 250_000, tzinfo=datetime.timezone(datetime.timedelta(hours=2))
    )
    assert convert(Expression(GT, Key("created"), Value(moment))) == sql_predicate(
        '$."created" > "2024-01-02T03:04:03.250Z"'
    )


def test_not_is_pushed_down_as_spring_does() -> None:
    expression = FilterExpressionTextParser().parse("NOT (country == 'BG' && year >= 2020)")
    assert convert(expression) == sql_predicate('($."country" != "BG" || $."year" < 2020)')


def test_is_null_and_is_not_null() -> None:
    parser = FilterExpressionTextParser()
    assert convert(parser.parse("country IS NULL")) == sql_predicate(
        '(!(exists($."country")) || $."country" == null)'
    )
    assert convert(parser.parse("country IS NOT NULL")) == sql_predicate(
        '(exists($."country") && $."country" != null)'
    )


def test_json_path_for_bind_parameters_is_not_sql_escaped() -> None:
    pg = PgVectorFilterExpressionConverter()
    expression = Expression(EQ, Key("O'Brien"), Value("it's"))
    assert pg.convert_to_json_path(expression) == '$."O\'Brien" == "it\'s"'


def test_blank_metadata_column_is_rejected() -> None:
    with pytest.raises(ValueError, match="Metadata column name must not be empty"):
        PgVectorFilterExpressionConverter(" ")


def test_in_without_a_list_is_rejected() -> None:
    with pytest.raises(ValueError, match="Expected a List"):
        convert(Expression(IN, Key("a"), Value("x")))


def test_comparison_without_a_value_is_rejected() -> None:
    with pytest.raises(RuntimeError, match="must have Value right argument"):
        convert(Expression(EQ, Key("a"), Key("b")))


def test_unserializable_value_is_rejected() -> None:
    with pytest.raises(RuntimeError, match="Error serializing value to JSON"):
        convert(Expression(EQ, Key("a"), Value(object())))


def test_malformed_date_string_is_rejected() -> None:
    with pytest.raises(ValueError, match=r"Invalid date type: 2024-01-15T10:30:00\.5Z"):
        convert(Expression(EQ, Key("a"), Value("2024-01-15T10:30:00.5Z")))
