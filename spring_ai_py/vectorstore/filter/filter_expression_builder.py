"""A fluent way to write filter expressions in code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spring_ai_py.vectorstore.filter.filter import (
    Expression,
    ExpressionType,
    Group,
    Key,
    Operand,
    Value,
)


def _values(values: tuple[Any, ...]) -> list[Any]:
    if len(values) == 1 and isinstance(values[0], list | tuple):
        return list(values[0])
    return list(values)


class FilterExpressionBuilder:
    """Builds filter expressions: ``b.and_(b.eq("genre", "drama"), b.gte("year", 2020))``.

    ``in_`` and ``nin`` take the values as arguments or as one list; ``group`` adds
    parentheses; ``not_`` negates. Python keywords get a trailing underscore
    (``and_``, ``or_``, ``not_``, ``in_``).
    """

    @dataclass(frozen=True)
    class Op:
        """An operand under construction; :meth:`build` returns the finished expression."""

        expression: Operand

        def build(self) -> Expression:
            """The expression, with a top-level group unwrapped."""
            if isinstance(self.expression, Group):
                return self.expression.content
            if isinstance(self.expression, Expression):
                return self.expression
            raise RuntimeError(f"Invalid expression: {self.expression}")

    @staticmethod
    def _compare(type_: ExpressionType, key: str, value: Any) -> FilterExpressionBuilder.Op:
        return FilterExpressionBuilder.Op(Expression(type_, Key(key), Value(value)))

    def eq(self, key: str, value: Any) -> FilterExpressionBuilder.Op:
        """``key == value``."""
        return self._compare(ExpressionType.EQ, key, value)

    def ne(self, key: str, value: Any) -> FilterExpressionBuilder.Op:
        """``key != value``."""
        return self._compare(ExpressionType.NE, key, value)

    def gt(self, key: str, value: Any) -> FilterExpressionBuilder.Op:
        """``key > value``."""
        return self._compare(ExpressionType.GT, key, value)

    def gte(self, key: str, value: Any) -> FilterExpressionBuilder.Op:
        """``key >= value``."""
        return self._compare(ExpressionType.GTE, key, value)

    def lt(self, key: str, value: Any) -> FilterExpressionBuilder.Op:
        """``key < value``."""
        return self._compare(ExpressionType.LT, key, value)

    def lte(self, key: str, value: Any) -> FilterExpressionBuilder.Op:
        """``key <= value``."""
        return self._compare(ExpressionType.LTE, key, value)

    def and_(
        self, left: FilterExpressionBuilder.Op, right: FilterExpressionBuilder.Op
    ) -> FilterExpressionBuilder.Op:
        """Both operands (``left && right``)."""
        return FilterExpressionBuilder.Op(
            Expression(ExpressionType.AND, left.expression, right.expression)
        )

    def or_(
        self, left: FilterExpressionBuilder.Op, right: FilterExpressionBuilder.Op
    ) -> FilterExpressionBuilder.Op:
        """Either operand (``left || right``)."""
        return FilterExpressionBuilder.Op(
            Expression(ExpressionType.OR, left.expression, right.expression)
        )

    def in_(self, key: str, *values: Any) -> FilterExpressionBuilder.Op:
        """``key IN [values]``; the values as arguments or as one list."""
        return self._compare(ExpressionType.IN, key, _values(values))

    def nin(self, key: str, *values: Any) -> FilterExpressionBuilder.Op:
        """``key NOT IN [values]``; the values as arguments or as one list."""
        return self._compare(ExpressionType.NIN, key, _values(values))

    def is_null(self, key: str) -> FilterExpressionBuilder.Op:
        return FilterExpressionBuilder.Op(Expression(ExpressionType.ISNULL, Key(key)))

    def is_not_null(self, key: str) -> FilterExpressionBuilder.Op:
        return FilterExpressionBuilder.Op(Expression(ExpressionType.ISNOTNULL, Key(key)))

    def group(self, content: FilterExpressionBuilder.Op) -> FilterExpressionBuilder.Op:
        """``content`` in parentheses."""
        return FilterExpressionBuilder.Op(Group(content.build()))

    def not_(self, content: FilterExpressionBuilder.Op) -> FilterExpressionBuilder.Op:
        """The negation of ``content`` (``NOT content``)."""
        return FilterExpressionBuilder.Op(Expression(ExpressionType.NOT, content.expression, None))


Op = FilterExpressionBuilder.Op
