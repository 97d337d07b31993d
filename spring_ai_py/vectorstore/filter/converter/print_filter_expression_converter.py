"""A converter that prints an expression as readable text (for tests and logs)."""

from __future__ import annotations

from typing import Any

from spring_ai_py.vectorstore.filter.converter.abstract_filter_expression_converter import (
    AbstractFilterExpressionConverter,
)
from spring_ai_py.vectorstore.filter.filter import Expression, Group, Key


class PrintFilterExpressionConverter(AbstractFilterExpressionConverter):
    """Prints ``left TYPE right``: ``genre EQ "drama" AND year GTE 2020``; groups in
    parentheses, lists as JSON arrays, values as JSON."""

    def do_expression(self, expression: Expression, context: list[str]) -> None:
        self.convert_operand(expression.left, context)
        context.append(f" {expression.type.name} ")
        if expression.right is not None:
            self.convert_operand(expression.right, context)
        else:
            context.append("null")

    def do_key(self, filter_key: Key, context: list[str]) -> None:
        context.append(filter_key.key)

    def do_start_group(self, group: Group, context: list[str]) -> None:
        context.append("(")

    def do_end_group(self, group: Group, context: list[str]) -> None:
        context.append(")")

    def do_single_value(self, value: Any, context: list[str]) -> None:
        self.emit_json_value(value, context)
