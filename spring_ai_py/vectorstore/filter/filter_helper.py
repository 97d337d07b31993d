"""Boolean rewrites of filter expressions: pushing ``NOT`` down, expanding ``IN``/``NIN``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spring_ai_py import _assert
from spring_ai_py.vectorstore.filter.filter import (
    Expression,
    ExpressionType,
    Group,
    Operand,
    Value,
)

if TYPE_CHECKING:
    from spring_ai_py.vectorstore.filter.filter_expression_converter import (
        FilterExpressionConverter,
    )

_NEGATION = {
    ExpressionType.AND: ExpressionType.OR,
    ExpressionType.OR: ExpressionType.AND,
    ExpressionType.EQ: ExpressionType.NE,
    ExpressionType.NE: ExpressionType.EQ,
    ExpressionType.GT: ExpressionType.LTE,
    ExpressionType.GTE: ExpressionType.LT,
    ExpressionType.LT: ExpressionType.GTE,
    ExpressionType.LTE: ExpressionType.GT,
    ExpressionType.IN: ExpressionType.NIN,
    ExpressionType.NIN: ExpressionType.IN,
}


class FilterHelper:
    """Spring's ``FilterHelper``: static rewrites that let a converter support ``NOT``,
    ``IN`` and ``NIN`` through simpler operators."""

    def __init__(self) -> None:
        raise NotImplementedError("This is a utility class and cannot be instantiated")

    @staticmethod
    def negate(operand: Operand) -> Operand:
        """The negation of ``operand`` with ``NOT`` pushed down to the leaves.

        A comparison is flipped (``EQ``/``NE``, ``GT``/``LTE``, ``GTE``/``LT``,
        ``IN``/``NIN``), ``AND``/``OR`` follow De Morgan, groups stay groups. As in
        Spring, a ``NOT a`` operand is the negation to carry out, so ``negate(NOT a)``
        is ``negate(a)`` (that is how converters rewrite ``NOT`` away). ``ValueError``
        for ``ISNULL``/``ISNOTNULL`` and for an operand that is neither an expression
        nor a group."""
        if isinstance(operand, Group):
            inner = FilterHelper.negate(operand.content)
            if isinstance(inner, Group):
                inner = inner.content
            assert isinstance(inner, Expression)
            return Group(inner)
        if isinstance(operand, Expression):
            kind = operand.type
            if kind is ExpressionType.NOT:
                return FilterHelper.negate(operand.left)
            if kind in (ExpressionType.AND, ExpressionType.OR):
                assert operand.right is not None
                return Expression(
                    _NEGATION[kind],
                    FilterHelper.negate(operand.left),
                    FilterHelper.negate(operand.right),
                )
            if kind in _NEGATION:
                return Expression(_NEGATION[kind], operand.left, operand.right)
            raise ValueError(f"Unknown expression type: {kind.name}")
        raise ValueError(f"Can not negate operand of type: {type(operand).__name__}")

    @staticmethod
    def expand_in(
        expression: Expression, context: list[str], converter: FilterExpressionConverter
    ) -> None:
        """Append to ``context`` the conversion of ``foo IN [a, b]`` rewritten as
        ``foo == a OR (foo == b)`` (for stores without a native ``IN``)."""
        _assert.is_true(
            expression.type is ExpressionType.IN,
            f"Expected IN expressions but was: {expression.type.name}",
        )
        _expand(ExpressionType.OR, ExpressionType.EQ, expression, context, converter)

    @staticmethod
    def expand_nin(
        expression: Expression, context: list[str], converter: FilterExpressionConverter
    ) -> None:
        """Append to ``context`` the conversion of ``foo NIN [a, b]`` rewritten as
        ``foo != a AND (foo != b)``."""
        _assert.is_true(
            expression.type is ExpressionType.NIN,
            f"Expected NIN expressions but was: {expression.type.name}",
        )
        _expand(ExpressionType.AND, ExpressionType.NE, expression, context, converter)


def _expand(
    outer: ExpressionType,
    inner: ExpressionType,
    expression: Expression,
    context: list[str],
    converter: FilterExpressionConverter,
) -> None:
    right = expression.right
    if not isinstance(right, Value):
        _assert.state(right is not None, "Filter IN right expression was null")
        raise RuntimeError(
            "Filter IN right expression should be of Filter.Value type but was "
            f"{type(right).__name__}"
        )
    if isinstance(right.value, list | tuple):
        parts = [Expression(inner, expression.left, Value(v)) for v in right.value]
        context.append(converter.convert_expression(_aggregate(outer, parts)))
    else:
        context.append(converter.convert_expression(Expression(inner, expression.left, right)))


def _aggregate(kind: ExpressionType, expressions: list[Expression]) -> Expression:
    if len(expressions) == 1:
        return expressions[0]
    return Expression(kind, expressions[0], _aggregate(kind, expressions[1:]))
