"""Translates portable filter expressions into PostgreSQL SQL/JSON path predicates."""

from __future__ import annotations

import datetime
import re
from typing import Any

from spring_ai_py import _assert
from spring_ai_py.vectorstore.filter import Expression, ExpressionType, Group, Key, Value
from spring_ai_py.vectorstore.filter.converter import AbstractFilterExpressionConverter

_SIMPLE_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SYMBOLS = {
    ExpressionType.AND: " && ",
    ExpressionType.OR: " || ",
    ExpressionType.EQ: " == ",
    ExpressionType.NE: " != ",
    ExpressionType.LT: " < ",
    ExpressionType.LTE: " <= ",
    ExpressionType.GT: " > ",
    ExpressionType.GTE: " >= ",
}


class PgVectorFilterExpressionConverter(AbstractFilterExpressionConverter):
    """Converts a filter :class:`Expression` into a PostgreSQL predicate over the
    metadata column, as Spring does.

    :meth:`convert_expression` returns the complete SQL predicate,
    ``metadata::jsonb @@ '$."country" == "NL" && $."year" >= 2020'::jsonpath``: every
    key is a quoted JSONPath member (so ``config.setting`` is one literal key, not a
    path), values are JSON with single quotes doubled for the SQL literal, ``IN``
    becomes a parenthesised ``||`` of equalities and ``NIN`` its negation, ``NOT`` is
    pushed down with :meth:`FilterHelper.negate`, and dates (``datetime`` values and
    ISO strings such as ``2024-01-15T10:30:00Z``) compare as Spring's UTC text
    ``2024-01-15T10:30:00.000Z``. The metadata column (``metadata`` by default) is
    quoted as a SQL identifier when it is not a plain name.

    :meth:`convert_to_json_path` returns the bare JSONPath (no SQL quoting), which
    :class:`PgVectorStore` sends as a bind parameter rather than inside the SQL text.

    Beyond Spring, ``ISNULL`` / ``ISNOTNULL`` are supported: a missing key or a JSON
    ``null``, and the opposite (Spring's converter rejects them).
    """

    DEFAULT_METADATA_COLUMN = "metadata"

    def __init__(self, metadata_column: str = DEFAULT_METADATA_COLUMN) -> None:
        _assert.has_text(metadata_column, "Metadata column name must not be empty")
        self._metadata_column = metadata_column

    def convert_expression(self, expression: Expression) -> str:
        json_path = self._json_path(expression).replace("'", "''")
        return f"{_quote_identifier(self._metadata_column)}::jsonb @@ '{json_path}'::jsonpath"

    def convert_to_json_path(self, expression: Expression) -> str:
        """The JSONPath predicate alone, unescaped for SQL: pass it as a bind parameter
        (``metadata::jsonb @@ %s::jsonpath``)."""
        return self._json_path(expression)

    def _json_path(self, expression: Expression) -> str:
        return super().convert_expression(expression)

    def do_expression(self, expression: Expression, context: list[str]) -> None:
        kind = expression.type
        if kind in (ExpressionType.ISNULL, ExpressionType.ISNOTNULL):
            path = "".join(self._key_text(expression.left))
            if kind is ExpressionType.ISNULL:
                context.append(f"(!(exists({path})) || {path} == null)")
            else:
                context.append(f"(exists({path}) && {path} != null)")
            return
        _assert.state(expression.right is not None, "expression should have a right operand")
        assert expression.right is not None
        if kind in (ExpressionType.IN, ExpressionType.NIN):
            context.append("(" if kind is ExpressionType.IN else "!(")
            self._conditions(expression, context)
            context.append(")")
            return
        symbol = _SYMBOLS.get(kind)
        if symbol is None:
            raise RuntimeError(f"Not supported expression type: {kind.name}")
        self.convert_operand(expression.left, context)
        context.append(symbol)
        self.convert_operand(expression.right, context)

    def _conditions(self, expression: Expression, context: list[str]) -> None:
        right = expression.right
        assert isinstance(right, Value)
        values = right.value
        if not isinstance(values, list | tuple):
            raise ValueError(f"Expected a List, but got: {type(values).__name__}")
        for index, value in enumerate(values):
            self.convert_operand(expression.left, context)
            context.append(" == ")
            self.do_single_value(self.normalize_date_string(value), context)
            if index < len(values) - 1:
                context.append(" || ")

    def _key_text(self, operand: object) -> list[str]:
        if not isinstance(operand, Key):
            raise ValueError(f"Expected a Key operand but got: {operand!r}")
        buffer: list[str] = []
        self.do_key(operand, buffer)
        return buffer

    def do_key(self, filter_key: Key, context: list[str]) -> None:
        encoded: list[str] = []
        self.emit_json_value(filter_key.key, encoded)
        context.append("$." + "".join(encoded))

    def do_start_group(self, group: Group, context: list[str]) -> None:
        context.append("(")

    def do_end_group(self, group: Group, context: list[str]) -> None:
        context.append(")")

    def do_single_value(self, value: Any, context: list[str]) -> None:
        if isinstance(value, datetime.date):
            value = self.format_date(value)
        self.emit_json_value(value, context)


def _quote_identifier(identifier: str) -> str:
    if _SIMPLE_IDENTIFIER.fullmatch(identifier):
        return identifier
    return '"' + identifier.replace('"', '""') + '"'
