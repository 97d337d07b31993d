"""The dependency-free keyword tool index, in place of Spring's
``org.springframework.ai.tool.toolsearch.index.lucene``."""

from spring_ai_py.tool.toolsearch.index.keyword.keyword_tool_index import KeywordToolIndex, tokenize

__all__ = ["KeywordToolIndex", "tokenize"]
