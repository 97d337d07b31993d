"""``org.springframework.ai.converter``: turning model output into structured values.

Members load on first use (the bean converter imports pydantic).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports

_EXPORTS = {
    "BeanOutputConverter": "spring_ai_py.converter.bean_output_converter",
    "CompositeResponseTextCleaner": "spring_ai_py.converter.response_text_cleaner",
    "FormatProvider": "spring_ai_py.converter.structured_output_converter",
    "ListOutputConverter": "spring_ai_py.converter.list_output_converter",
    "MapOutputConverter": "spring_ai_py.converter.map_output_converter",
    "MarkdownCodeBlockCleaner": "spring_ai_py.converter.response_text_cleaner",
    "OutputConversionException": "spring_ai_py.converter.structured_output_converter",
    "ResponseTextCleaner": "spring_ai_py.converter.response_text_cleaner",
    "StructuredOutputConverter": "spring_ai_py.converter.structured_output_converter",
    "TextCleaner": "spring_ai_py.converter.response_text_cleaner",
    "ThinkingTagCleaner": "spring_ai_py.converter.response_text_cleaner",
    "WhitespaceCleaner": "spring_ai_py.converter.response_text_cleaner",
}

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

__getattr__, __dir__ = _lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:
    from spring_ai_py.converter.bean_output_converter import (
        BeanOutputConverter as BeanOutputConverter,
    )
    from spring_ai_py.converter.list_output_converter import (
        ListOutputConverter as ListOutputConverter,
    )
    from spring_ai_py.converter.map_output_converter import MapOutputConverter as MapOutputConverter
    from spring_ai_py.converter.response_text_cleaner import (
        CompositeResponseTextCleaner as CompositeResponseTextCleaner,
    )
    from spring_ai_py.converter.response_text_cleaner import (
        MarkdownCodeBlockCleaner as MarkdownCodeBlockCleaner,
    )
    from spring_ai_py.converter.response_text_cleaner import (
        ResponseTextCleaner as ResponseTextCleaner,
    )
    from spring_ai_py.converter.response_text_cleaner import TextCleaner as TextCleaner
    from spring_ai_py.converter.response_text_cleaner import (
        ThinkingTagCleaner as ThinkingTagCleaner,
    )
    from spring_ai_py.converter.response_text_cleaner import WhitespaceCleaner as WhitespaceCleaner
    from spring_ai_py.converter.structured_output_converter import FormatProvider as FormatProvider
    from spring_ai_py.converter.structured_output_converter import (
        OutputConversionException as OutputConversionException,
    )
    from spring_ai_py.converter.structured_output_converter import (
        StructuredOutputConverter as StructuredOutputConverter,
    )
