"""Translates portable filter expressions into PostgreSQL SQL/JSON path predicates."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

from spring_ai_py.vectorstore.filter import Expression, ExpressionType, Group, Key, Operand, Value

_PLAIN_SEGMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_COMPARISONS = {
    ExpressionType.EQ: "==",
    ExpressionType.NE: "!=",
    ExpressionType.LT: "<",
    ExpressionType.LTE: "<=",
    ExpressionType.GT: ">",
    ExpressionType.GTE: ">=",
}


class PgVectorFilterExpressionConverter:
    """Converts a filter :class:`Expression` into a ``jsonpath`` predicate over the
    ``metadata`` column, used as ``metadata::jsonb @@ <predicate>::jsonpath``.

    ``country == 'NL' && year >= 2020`` becomes ``$.country == "NL" && $.year >= 2020``;
    ``IN`` / ``NIN`` become a parenthesised ``||`` of equalities (negated for ``NIN``);
    ``NOT`` becomes ``!( ... )``; ``ISNULL`` matches a missing key or a JSON ``null``,
    ``ISNOTNULL`` the opposite. A dotted key is a nested path; a quoted key is one
    literal key. Strings are JSON-escaped; a ``datetime`` compares as its UTC text
    ``yyyy-MM-ddTHH:mm:ssZ`` (the form Spring stores). The store passes the result as
    a bind parameter, never inside the SQL text.
    """

    def convert_expression(self, expression: Expression) -> str:
        """The ``jsonpath`` predicate for ``expression``."""
        return self._operand(expression)

    def _operand(self, operand: Operand) -> str:
        if isinstance(operand, Group):
            return f"({self._operand(operand.content)})"
        if isinstance(operand, Expression):
            return self._expression(operand)
        raise ValueError(f"Unsupported operand: {operand!r}")

    def _expression(self, expression: Expression) -> str:
        kind = expression.type
        if kind in (ExpressionType.AND, ExpressionType.OR):
            if expression.right is None:
                raise ValueError(f"Expression of type {kind.name} requires a right operand")
            symbol = " && " if kind is ExpressionType.AND else " || "
            return self._operand(expression.left) + symbol + self._operand(expression.right)
        if kind is ExpressionType.NOT:
            negated = self._operand(expression.left)
            return "!" + negated if isinstance(expression.left, Group) else f"!({negated})"
        path = self._key(expression.left)
        if kind is ExpressionType.ISNULL:
            return f"(!(exists({path})) || {path} == null)"
        if kind is ExpressionType.ISNOTNULL:
            return f"(exists({path}) && {path} != null)"
        right = expression.right
        if not isinstance(right, Value):
            raise ValueError(f"Non AND/OR expression must have Value right argument: {expression}")
        if kind in (ExpressionType.IN, ExpressionType.NIN):
            if not isinstance(right.value, list | tuple):
                raise ValueError(f"Expected a List, but got: {type(right.value).__name__}")
            alternatives = " || ".join(f"{path} == {_literal(v)}" for v in right.value)
            return f"({alternatives})" if kind is ExpressionType.IN else f"!({alternatives})"
        comparison = _COMPARISONS.get(kind)
        if comparison is None:
            raise ValueError(f"Not supported expression type: {kind.name}")
        return f"{path} {comparison} {_literal(right.value)}"

    @staticmethod
    def _key(operand: Operand | None) -> str:
        if not isinstance(operand, Key):
            raise ValueError(f"Expected a Key operand but got: {operand!r}")
        key = operand.key
        if len(key) >= 2 and key[0] == key[-1] and key[0] in "\"'":
            return "$." + json.dumps(key[1:-1], ensure_ascii=False)
        return "$" + "".join(
            "." + segment
            if _PLAIN_SEGMENT.fullmatch(segment)
            else "." + json.dumps(segment, ensure_ascii=False)
            for segment in key.split(".")
        )


def _literal(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, datetime.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(datetime.UTC)
        return json.dumps(value.strftime("%Y-%m-%dT%H:%M:%SZ"))
    if isinstance(value, datetime.date):
        return json.dumps(value.isoformat())
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    raise ValueError(f"Unsupported filter value type: {type(value).__name__}")
