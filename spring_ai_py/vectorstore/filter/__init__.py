"""``org.springframework.ai.vectorstore.filter``: the portable metadata filter language."""

from spring_ai_py.vectorstore.filter.filter import (
    Expression,
    ExpressionType,
    Filter,
    Group,
    Key,
    Operand,
    Value,
)
from spring_ai_py.vectorstore.filter.filter_expression_builder import FilterExpressionBuilder
from spring_ai_py.vectorstore.filter.filter_expression_converter import FilterExpressionConverter
from spring_ai_py.vectorstore.filter.filter_expression_text_parser import (
    FilterExpressionParseException,
    FilterExpressionTextParser,
)
from spring_ai_py.vectorstore.filter.filter_helper import FilterHelper

__all__ = [
    "Expression",
    "ExpressionType",
    "Filter",
    "FilterExpressionBuilder",
    "FilterExpressionConverter",
    "FilterExpressionParseException",
    "FilterExpressionTextParser",
    "FilterHelper",
    "Group",
    "Key",
    "Operand",
    "Value",
]
