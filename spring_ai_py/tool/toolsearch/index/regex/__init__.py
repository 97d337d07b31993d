"""``org.springframework.ai.tool.toolsearch.index.regex``: the regular-expression tool index."""

from spring_ai_py.tool.toolsearch.index.regex.regex_tool_index import RegexToolIndex

__all__ = ["RegexToolIndex"]
