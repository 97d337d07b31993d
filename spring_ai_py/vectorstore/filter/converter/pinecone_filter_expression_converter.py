"""Filter expressions as Pinecone (MongoDB-style) JSON filter documents."""

from __future__ import annotations

from typing import Any

from spring_ai_py import _assert
from spring_ai_py.vectorstore.filter.converter.abstract_filter_expression_converter import (
    AbstractFilterExpressionConverter,
)
from spring_ai_py.vectorstore.filter.filter import Expression, ExpressionType, Key


class PineconeFilterExpressionConverter(AbstractFilterExpressionConverter):
    """``genre == 'drama' AND year >= 2020`` becomes
    ``{"$and": [{"genre": {"$eq": "drama"}},{"year": {"$gte": 2020}}]}``. Keys are
    JSON-encoded, so a key cannot inject operators into the document."""

    def do_expression(self, expression: Expression, context: list[str]) -> None:
        _assert.state(expression.right is not None, "Codepath expects exp.right to be non-null")
        assert expression.right is not None
        context.append("{")
        if expression.type in (ExpressionType.AND, ExpressionType.OR):
            context.append(self._symbol(expression))
            context.append("[")
            self.convert_operand(expression.left, context)
            context.append(",")
            self.convert_operand(expression.right, context)
            context.append("]")
        else:
            self.convert_operand(expression.left, context)
            context.append("{")
            context.append(self._symbol(expression))
            self.convert_operand(expression.right, context)
            context.append("}")
        context.append("}")

    @staticmethod
    def _symbol(expression: Expression) -> str:
        # ASCII lower-casing, independent of any locale (Spring's Locale.ROOT)
        return '"$' + expression.type.name.lower() + '": '

    def do_key(self, filter_key: Key, context: list[str]) -> None:
        self.emit_json_value(filter_key.key, context)
        context.append(": ")

    def do_single_value(self, value: Any, context: list[str]) -> None:
        self.emit_json_value(value, context)
