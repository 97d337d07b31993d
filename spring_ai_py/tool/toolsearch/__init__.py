"""``org.springframework.ai.tool.toolsearch``: tool search — the index interface, its
records, and the ``toolSearchTool`` the model calls to discover tools."""

from spring_ai_py.tool.toolsearch.records import (
    ToolReference,
    ToolSearchRequest,
    ToolSearchResponse,
)
from spring_ai_py.tool.toolsearch.tool_index import ToolIndex
from spring_ai_py.tool.toolsearch.tool_search_tool import ToolSearchTool

__all__ = [
    "ToolIndex",
    "ToolReference",
    "ToolSearchRequest",
    "ToolSearchResponse",
    "ToolSearchTool",
]
