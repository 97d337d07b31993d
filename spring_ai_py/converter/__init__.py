"""``org.springframework.ai.converter``: turning model output into structured values."""

from spring_ai_py.converter.bean_output_converter import BeanOutputConverter
from spring_ai_py.converter.list_output_converter import ListOutputConverter
from spring_ai_py.converter.map_output_converter import MapOutputConverter
from spring_ai_py.converter.response_text_cleaner import (
    CompositeResponseTextCleaner,
    MarkdownCodeBlockCleaner,
    ResponseTextCleaner,
    TextCleaner,
    ThinkingTagCleaner,
    WhitespaceCleaner,
)
from spring_ai_py.converter.structured_output_converter import (
    FormatProvider,
    OutputConversionException,
    StructuredOutputConverter,
)

__all__ = [
    "BeanOutputConverter",
    "CompositeResponseTextCleaner",
    "FormatProvider",
    "ListOutputConverter",
    "MapOutputConverter",
    "MarkdownCodeBlockCleaner",
    "OutputConversionException",
    "ResponseTextCleaner",
    "StructuredOutputConverter",
    "TextCleaner",
    "ThinkingTagCleaner",
    "WhitespaceCleaner",
]
