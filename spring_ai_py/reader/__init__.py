"""``org.springframework.ai.reader``: document readers for text and JSON, and the text
formatter the PDF readers share. Markdown and PDF readers live in
``spring_ai_py.reader.markdown`` and ``spring_ai_py.reader.pdf`` (optional extras)."""

from spring_ai_py.reader.extracted_text_formatter import ExtractedTextFormatter
from spring_ai_py.reader.json_reader import (
    EmptyJsonMetadataGenerator,
    JsonMetadataGenerator,
    JsonReader,
)
from spring_ai_py.reader.text_reader import TextReader

__all__ = [
    "EmptyJsonMetadataGenerator",
    "ExtractedTextFormatter",
    "JsonMetadataGenerator",
    "JsonReader",
    "TextReader",
]
