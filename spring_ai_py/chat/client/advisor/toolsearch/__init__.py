"""``org.springframework.ai.chat.client.advisor.toolsearch``: the tool-search advisor."""

from spring_ai_py.chat.client.advisor.toolsearch.tool_search_tool_calling_advisor import (
    ToolSearchToolCallingAdvisor,
)

__all__ = ["ToolSearchToolCallingAdvisor"]
