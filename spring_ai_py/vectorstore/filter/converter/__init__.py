"""``org.springframework.ai.vectorstore.filter.converter``: the converter base class and
the converters Spring ships with the core module."""

from spring_ai_py.vectorstore.filter.converter.abstract_filter_expression_converter import (
    AbstractFilterExpressionConverter,
)
from spring_ai_py.vectorstore.filter.converter.pinecone_filter_expression_converter import (
    PineconeFilterExpressionConverter,
)
from spring_ai_py.vectorstore.filter.converter.print_filter_expression_converter import (
    PrintFilterExpressionConverter,
)

__all__ = [
    "AbstractFilterExpressionConverter",
    "PineconeFilterExpressionConverter",
    "PrintFilterExpressionConverter",
]
