"""Evaluates a filter expression against one document's metadata (in memory)."""

from __future__ import annotations

import datetime
import numbers
from collections.abc import Mapping
from typing import Any

from spring_ai_py.vectorstore.filter.filter import (
    Expression,
    ExpressionType,
    Group,
    Key,
    Operand,
    Value,
)


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _is_comparable(value: Any) -> bool:
    return isinstance(value, str | bool | numbers.Real | datetime.date | datetime.time)


def _format_date(value: datetime.datetime) -> str:
    if value.tzinfo is not None:
        value = value.astimezone(datetime.UTC)
    return value.strftime("%Y-%m-%dT%H:%M:%SZ")


class SimpleVectorStoreFilterExpressionEvaluator:
    """Decides whether a metadata dict matches a filter expression, as
    ``SimpleVectorStore`` does.

    Semantics follow Spring 2.0.1: numbers compare by value whatever their type
    (``2020 == 2020.0``); strings compare lexicographically; a missing key (or a
    ``None`` value) sorts before every value, so ``EQ``, ``GT``, ``GTE`` and ``IN`` are
    false for it while ``NE``, ``LT``, ``LTE`` and ``NIN`` are true; ``ISNULL`` is true
    for it. A ``datetime`` filter value is compared as the UTC text
    ``yyyy-MM-ddTHH:mm:ssZ`` (naive datetimes are taken as UTC). Comparing values of
    unrelated types (a boolean with a number, a string with a number) is a
    ``ValueError``.
    """

    def evaluate(self, expression: Expression, metadata: Mapping[str, Any]) -> bool:
        """Whether ``metadata`` matches ``expression``."""
        return self._expression(expression, metadata)

    def _operand(self, operand: Operand, metadata: Mapping[str, Any]) -> bool:
        if isinstance(operand, Group):
            return self._operand(operand.content, metadata)
        if isinstance(operand, Expression):
            return self._expression(operand, metadata)
        raise ValueError(f"Unsupported operand type: {type(operand).__name__}")

    def _expression(self, expression: Expression, metadata: Mapping[str, Any]) -> bool:
        kind = expression.type
        if kind is ExpressionType.AND:
            return self._operand(self._left(expression), metadata) and self._operand(
                self._right(expression), metadata
            )
        if kind is ExpressionType.OR:
            return self._operand(self._left(expression), metadata) or self._operand(
                self._right(expression), metadata
            )
        if kind is ExpressionType.NOT:
            return not self._operand(self._left(expression), metadata)
        meta_value = self._metadata_value(self._left(expression), metadata)
        if kind is ExpressionType.ISNULL:
            return meta_value is None
        if kind is ExpressionType.ISNOTNULL:
            return meta_value is not None
        filter_value = self._filter_value(self._right(expression))
        if kind is ExpressionType.IN:
            return any(_compare(meta_value, item) == 0 for item in _as_list(filter_value, kind))
        if kind is ExpressionType.NIN:
            return all(_compare(meta_value, item) != 0 for item in _as_list(filter_value, kind))
        result = _compare(meta_value, filter_value)
        return {
            ExpressionType.EQ: result == 0,
            ExpressionType.NE: result != 0,
            ExpressionType.GT: result > 0,
            ExpressionType.GTE: result >= 0,
            ExpressionType.LT: result < 0,
            ExpressionType.LTE: result <= 0,
        }[kind]

    @staticmethod
    def _left(expression: Expression) -> Operand:
        if expression.left is None:
            raise ValueError(f"Expression of type {expression.type.name} requires a left operand")
        return expression.left

    @staticmethod
    def _right(expression: Expression) -> Operand:
        if expression.right is None:
            raise ValueError(f"Expression of type {expression.type.name} requires a right operand")
        return expression.right

    @staticmethod
    def _metadata_value(operand: Operand, metadata: Mapping[str, Any]) -> Any:
        if not isinstance(operand, Key):
            raise ValueError(f"Expected a Key operand but got: {type(operand).__name__}")
        key = operand.key
        if len(key) >= 2 and key[0] == key[-1] and key[0] in "\"'":
            key = key[1:-1]
        return metadata.get(key)

    @staticmethod
    def _filter_value(operand: Operand) -> Any:
        if not isinstance(operand, Value):
            raise ValueError(f"Expected a Value operand but got: {type(operand).__name__}")
        value = operand.value
        if isinstance(value, datetime.datetime):
            return _format_date(value)
        if isinstance(value, list | tuple):
            return [_format_date(v) if isinstance(v, datetime.datetime) else v for v in value]
        return value


def _as_list(value: Any, kind: ExpressionType) -> list[Any]:
    if isinstance(value, list):
        return value
    raise ValueError(f"Expected a List value for {kind.name} expression but got: {value}")


def _sign(difference: bool, less: bool) -> int:
    return 0 if not difference else (-1 if less else 1)


def _compare(meta_value: Any, filter_value: Any) -> int:
    if meta_value is None and filter_value is None:
        return 0
    if meta_value is None:
        return -1
    if filter_value is None:
        return 1
    if _is_number(meta_value) and _is_number(filter_value):
        return _sign(meta_value != filter_value, meta_value < filter_value)
    same_kind = type(meta_value) is type(filter_value) or (
        not isinstance(meta_value, bool)
        and not isinstance(filter_value, bool)
        and isinstance(meta_value, type(filter_value))
    )
    if same_kind and meta_value == filter_value:
        return 0
    if _is_comparable(meta_value) and _is_comparable(filter_value):
        if not same_kind:
            raise ValueError(
                "Cannot compare values of incompatible types "
                f"{type(meta_value).__name__} and {type(filter_value).__name__}"
            )
        return _sign(True, meta_value < filter_value)
    raise ValueError(
        "Cannot compare values of types "
        f"{type(meta_value).__name__} and {type(filter_value).__name__}"
    )
