"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.filter.converter.PineconeFilterExpressionConverterTests`:
24 tests ported, 0 skipped; plus the base class's walk through PrintFilterExpressionConverter."""

from __future__ import annotations

import datetime
import json

from spring_ai_py.vectorstore.filter import (
    Expression,
    ExpressionType,
    FilterExpressionConverter,
    FilterExpressionTextParser,
    Group,
    Key,
    Value,
)
from spring_ai_py.vectorstore.filter.converter import (
    AbstractFilterExpressionConverter,
    PineconeFilterExpressionConverter,
    PrintFilterExpressionConverter,
)

AND, OR, EQ, NE = ExpressionType.AND, ExpressionType.OR, ExpressionType.EQ, ExpressionType.NE
GT, GTE, LT, LTE = ExpressionType.GT, ExpressionType.GTE, ExpressionType.LT, ExpressionType.LTE
IN, NIN = ExpressionType.IN, ExpressionType.NIN

converter: FilterExpressionConverter = PineconeFilterExpressionConverter()


def convert(expression: Expression) -> str:
    return converter.convert_expression(expression)


def test_eq() -> None:
    assert convert(Expression(EQ, Key("country"), Value("BG"))) == '{"country": {"$eq": "BG"}}'


def test_eq_and_gte() -> None:
    expression = Expression(
        AND, Expression(EQ, Key("genre"), Value("drama")), Expression(GTE, Key("year"), Value(2020))
    )
    assert convert(expression) == '{"$and": [{"genre": {"$eq": "drama"}},{"year": {"$gte": 2020}}]}'


def test_in() -> None:
    expression = Expression(IN, Key("genre"), Value(["comedy", "documentary", "drama"]))
    assert convert(expression) == '{"genre": {"$in": ["comedy","documentary","drama"]}}'


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
    assert convert(expression) == (
        '{"$or": [{"year": {"$gte": 2020}},{"$and": [{"country": {"$eq": "BG"}},'
        '{"city": {"$ne": "Sofia"}}]}]}'
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
    assert convert(expression) == (
        '{"$and": [{"$or": [{"year": {"$gte": 2020}},{"country": {"$eq": "BG"}}]},'
        '{"city": {"$nin": ["Sofia","Plovdiv"]}}]}'
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
    assert convert(expression) == (
        '{"$and": [{"$and": [{"isOpen": {"$eq": true}},{"year": {"$gte": 2020}}]},'
        '{"country": {"$in": ["BG","NL","US"]}}]}'
    )


def test_decimal() -> None:
    expression = Expression(
        AND,
        Expression(GTE, Key("temperature"), Value(-15.6)),
        Expression(LTE, Key("temperature"), Value(20.13)),
    )
    assert convert(expression) == (
        '{"$and": [{"temperature": {"$gte": -15.6}},{"temperature": {"$lte": 20.13}}]}'
    )


def test_complex_identifiers() -> None:
    assert convert(Expression(EQ, Key("country 1 2 3"), Value("BG"))) == (
        '{"country 1 2 3": {"$eq": "BG"}}'
    )
    assert convert(Expression(EQ, Key('"country 1 2 3"'), Value("BG"))) == (
        '{"\\"country 1 2 3\\"": {"$eq": "BG"}}'
    )
    assert convert(Expression(EQ, Key("'country 1 2 3'"), Value("BG"))) == (
        '{"\'country 1 2 3\'": {"$eq": "BG"}}'
    )


def test_numeric_values() -> None:
    assert convert(Expression(GT, Key("score"), Value(85))) == '{"score": {"$gt": 85}}'


def test_less_than() -> None:
    assert convert(Expression(LT, Key("priority"), Value(10))) == '{"priority": {"$lt": 10}}'


def test_not_in_with_numbers() -> None:
    assert convert(Expression(NIN, Key("status"), Value([100, 200, 404]))) == (
        '{"status": {"$nin": [100,200,404]}}'
    )


def test_complex_and_or_combination() -> None:
    expression = Expression(
        AND,
        Group(
            Expression(
                OR,
                Expression(EQ, Key("category"), Value("A")),
                Expression(EQ, Key("category"), Value("B")),
            )
        ),
        Group(
            Expression(
                AND,
                Expression(GTE, Key("value"), Value(50)),
                Expression(LTE, Key("value"), Value(100)),
            )
        ),
    )
    assert convert(expression) == (
        '{"$and": [{"$or": [{"category": {"$eq": "A"}},{"category": {"$eq": "B"}}]},'
        '{"$and": [{"value": {"$gte": 50}},{"value": {"$lte": 100}}]}]}'
    )


def test_nested_groups() -> None:
    def branch(kind: str, level: int) -> Group:
        return Group(
            Expression(
                AND,
                Expression(EQ, Key("type"), Value(kind)),
                Expression(GT, Key("level"), Value(level)),
            )
        )

    expression = Expression(
        AND,
        Group(Expression(OR, branch("premium", 5), branch("basic", 10))),
        Expression(EQ, Key("active"), Value(True)),
    )
    assert convert(expression) == (
        '{"$and": [{"$or": [{"$and": [{"type": {"$eq": "premium"}},{"level": {"$gt": 5}}]},'
        '{"$and": [{"type": {"$eq": "basic"}},{"level": {"$gt": 10}}]}]},'
        '{"active": {"$eq": true}}]}'
    )


def test_mixed_data_types() -> None:
    expression = Expression(
        AND,
        Expression(
            AND,
            Expression(
                AND,
                Expression(EQ, Key("name"), Value("test")),
                Expression(GTE, Key("count"), Value(5)),
            ),
            Expression(EQ, Key("enabled"), Value(True)),
        ),
        Expression(LTE, Key("ratio"), Value(0.95)),
    )
    assert convert(expression) == (
        '{"$and": [{"$and": [{"$and": [{"name": {"$eq": "test"}},{"count": {"$gte": 5}}]},'
        '{"enabled": {"$eq": true}}]},{"ratio": {"$lte": 0.95}}]}'
    )


def test_in_with_mixed_types() -> None:
    assert convert(Expression(IN, Key("tag"), Value(["A", "B", "C"]))) == (
        '{"tag": {"$in": ["A","B","C"]}}'
    )


def test_negative_numbers() -> None:
    expression = Expression(
        AND,
        Expression(GTE, Key("balance"), Value(-100.0)),
        Expression(LTE, Key("balance"), Value(-10.0)),
    )
    assert convert(expression) == (
        '{"$and": [{"balance": {"$gte": -100.0}},{"balance": {"$lte": -10.0}}]}'
    )


def test_special_characters_in_values() -> None:
    assert convert(Expression(EQ, Key("description"), Value("Item with spaces & symbols!"))) == (
        '{"description": {"$eq": "Item with spaces & symbols!"}}'
    )


def test_multiple_or_conditions() -> None:
    expression = Expression(
        OR,
        Expression(
            OR,
            Expression(EQ, Key("status"), Value("pending")),
            Expression(EQ, Key("status"), Value("processing")),
        ),
        Expression(EQ, Key("status"), Value("completed")),
    )
    assert convert(expression) == (
        '{"$or": [{"$or": [{"status": {"$eq": "pending"}},{"status": {"$eq": "processing"}}]},'
        '{"status": {"$eq": "completed"}}]}'
    )


def test_single_element_list() -> None:
    assert convert(Expression(IN, Key("category"), Value(["single"]))) == (
        '{"category": {"$in": ["single"]}}'
    )


def test_zero_values() -> None:
    expression = Expression(
        AND, Expression(EQ, Key("quantity"), Value(0)), Expression(GT, Key("price"), Value(0))
    )
    assert convert(expression) == '{"$and": [{"quantity": {"$eq": 0}},{"price": {"$gt": 0}}]}'


def test_complex_nested_expression() -> None:
    expression = Expression(
        OR,
        Group(
            Expression(
                AND,
                Expression(GTE, Key("priority"), Value(1)),
                Expression(LTE, Key("priority"), Value(5)),
            )
        ),
        Group(
            Expression(
                AND,
                Expression(EQ, Key("urgent"), Value(True)),
                Expression(NIN, Key("category"), Value(["low", "medium"])),
            )
        ),
    )
    assert convert(expression) == (
        '{"$or": [{"$and": [{"priority": {"$gte": 1}},{"priority": {"$lte": 5}}]},'
        '{"$and": [{"urgent": {"$eq": true}},{"category": {"$nin": ["low","medium"]}}]}]}'
    )


def test_metadata_key_containing_double_quotes_and_json_syntax_stays_single_property() -> None:
    key = 'x" : { "$or": [ {} ] }, "y'
    document = json.loads(convert(Expression(EQ, Key(key), Value("ignored"))))
    assert list(document) == [key]
    assert document[key] == {"$eq": "ignored"}


def test_parsed_filter_with_quoted_key_containing_json_syntax_produces_single_top_level_property() -> (
    None
):
    expression = FilterExpressionTextParser().parse("'x\" : { \"$or\": [ {} ] }, \"y' == 'ignored'")
    document = json.loads(convert(expression))
    assert list(document) == ['x" : { "$or": [ {} ] }, "y']


def test_operator_symbols_are_serialized_locale_independently() -> None:
    """Spring switches the JVM default locale to Turkish; Python's ``str.lower()``
    never depends on a locale, so the symbols stay ``$in`` / ``$nin`` as is."""
    assert convert(Expression(IN, Key("genre"), Value(["comedy", "drama"]))) == (
        '{"genre": {"$in": ["comedy","drama"]}}'
    )
    assert convert(Expression(NIN, Key("city"), Value(["Sofia", "Plovdiv"]))) == (
        '{"city": {"$nin": ["Sofia","Plovdiv"]}}'
    )


# -- the port's extras ----------------------------------------------------------------


def test_print_converter_walks_the_whole_tree() -> None:
    expression = FilterExpressionTextParser().parse(
        "(year >= 2020 OR country == 'BG') AND city NIN ['Sofia', 'Plovdiv'] AND NOT isOpen == true"
    )
    assert PrintFilterExpressionConverter().convert_expression(expression) == (
        '(year GTE 2020 OR country EQ "BG") AND city NIN ["Sofia","Plovdiv"] AND isOpen NE true'
    )


def test_print_converter_prints_null_checks_and_dates() -> None:
    printer = PrintFilterExpressionConverter()
    assert (
        printer.convert_expression(Expression(ExpressionType.ISNULL, Key("a"))) == "a ISNULL null"
    )
    moment = datetime.datetime(2024, 1, 15, 10, 30, tzinfo=datetime.UTC)
    assert printer.convert_expression(Expression(EQ, Key("d"), Value(moment))) == (
        'd EQ "2024-01-15T10:30:00.000Z"'
    )
    assert printer.convert_expression(Expression(EQ, Key("d"), Value("2024-01-15T10:30:00Z"))) == (
        'd EQ "2024-01-15T10:30:00.000Z"'
    )


def test_date_strings_normalise_to_utc_datetimes() -> None:
    normalize = AbstractFilterExpressionConverter.normalize_date_string
    assert normalize("2024-01-15T10:30:00.123Z") == datetime.datetime(
        2024, 1, 15, 10, 30, 0, 123_000, tzinfo=datetime.UTC
    )
    assert normalize("not a date") == "not a date"
    assert normalize(42) == 42


def test_lucene_strings_are_escaped() -> None:
    buffer: list[str] = []
    AbstractFilterExpressionConverter.emit_lucene_string('a b:c"(d)', buffer)
    assert "".join(buffer) == 'a\\ b\\:c\\"\\(d\\)'


def test_outer_quotes() -> None:
    printer = PrintFilterExpressionConverter()
    assert printer.has_outer_quotes(" 'a' ") and printer.has_outer_quotes('"a"')
    assert not printer.has_outer_quotes("a'")
    assert printer.remove_outer_quotes("'a'") == "a"
