"""``org.springframework.ai.mcp.annotation``: ``@McpTool`` and ``@McpToolParam`` server
tools, and the providers that turn them into tool specifications."""

from spring_ai_py.mcp.annotation.mcp_tool import (
    AsyncMcpToolProvider,
    DefaultMetaProvider,
    McpAnnotations,
    McpMeta,
    McpTool,
    McpToolMethodCallback,
    McpToolParam,
    McpToolSpec,
    MetaProvider,
    SyncMcpToolProvider,
)

__all__ = [
    "AsyncMcpToolProvider",
    "DefaultMetaProvider",
    "McpAnnotations",
    "McpMeta",
    "McpTool",
    "McpToolMethodCallback",
    "McpToolParam",
    "McpToolSpec",
    "MetaProvider",
    "SyncMcpToolProvider",
]
