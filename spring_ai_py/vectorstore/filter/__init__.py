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
from spring_ai_py.vectorstore.filter.filter_expression_text_parser import (
    FilterExpressionParseException,
    FilterExpressionTextParser,
)

__all__ = [
    "Expression",
    "ExpressionType",
    "Filter",
    "FilterExpressionBuilder",
    "FilterExpressionParseException",
    "FilterExpressionTextParser",
    "Group",
    "Key",
    "Operand",
    "Value",
]
