"""``org.springframework.ai.mcp``: tools from Model Context Protocol servers, and our
tools served over MCP, on the official ``mcp`` SDK (the ``mcp`` extra:
``pip install 'spring_ai_py[mcp]'``).

Members load on first use; the SDK is imported then, not by ``import spring_ai_py``.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports

try:
    _SDK = importlib.util.find_spec("mcp")
except ImportError:  # pragma: no cover - depends on the install
    _SDK = None
if _SDK is None:
    raise ImportError(
        "spring_ai_py.mcp needs the official MCP SDK: install the 'mcp' extra "
        "(pip install 'spring_ai_py[mcp]')"
    )

_EXPORTS = {
    "AsyncMcpToolCallback": "spring_ai_py.mcp.tool_callback",
    "AsyncMcpToolCallbackProvider": "spring_ai_py.mcp.tool_callback_provider",
    "AsyncToolSpecification": "spring_ai_py.mcp.mcp_tool_utils",
    "DefaultMcpToolNamePrefixGenerator": "spring_ai_py.mcp.mcp_tool_naming",
    "McpAsyncClient": "spring_ai_py.mcp.client",
    "McpClientInitializationError": "spring_ai_py.mcp.client",
    "McpConnection": "spring_ai_py.mcp.connection",
    "McpConnectionInfo": "spring_ai_py.mcp.mcp_connection_info",
    "McpSseConnection": "spring_ai_py.mcp.connection",
    "McpStdioConnection": "spring_ai_py.mcp.connection",
    "McpStreamableHttpConnection": "spring_ai_py.mcp.connection",
    "StderrTarget": "spring_ai_py.mcp.connection",
    "McpSyncClient": "spring_ai_py.mcp.client",
    "McpToolFilter": "spring_ai_py.mcp.mcp_tool_naming",
    "McpToolNamePrefixGenerator": "spring_ai_py.mcp.mcp_tool_naming",
    "McpToolServer": "spring_ai_py.mcp.server",
    "McpToolUtils": "spring_ai_py.mcp.mcp_tool_utils",
    "McpToolsChangedEvent": "spring_ai_py.mcp.mcp_tools_changed_event",
    "SyncMcpToolCallback": "spring_ai_py.mcp.tool_callback",
    "SyncMcpToolCallbackProvider": "spring_ai_py.mcp.tool_callback_provider",
    "SyncToolSpecification": "spring_ai_py.mcp.mcp_tool_utils",
    "ToolContextToMcpMetaConverter": "spring_ai_py.mcp.tool_context_to_mcp_meta_converter",
    "open_async_client": "spring_ai_py.mcp.connection",
    "open_sync_client": "spring_ai_py.mcp.connection",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = _lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:
    from spring_ai_py.mcp.client import McpAsyncClient as McpAsyncClient
    from spring_ai_py.mcp.client import (
        McpClientInitializationError as McpClientInitializationError,
    )
    from spring_ai_py.mcp.client import McpSyncClient as McpSyncClient
    from spring_ai_py.mcp.connection import McpConnection as McpConnection
    from spring_ai_py.mcp.connection import McpSseConnection as McpSseConnection
    from spring_ai_py.mcp.connection import McpStdioConnection as McpStdioConnection
    from spring_ai_py.mcp.connection import (
        McpStreamableHttpConnection as McpStreamableHttpConnection,
    )
    from spring_ai_py.mcp.connection import StderrTarget as StderrTarget
    from spring_ai_py.mcp.connection import open_async_client as open_async_client
    from spring_ai_py.mcp.connection import open_sync_client as open_sync_client
    from spring_ai_py.mcp.mcp_connection_info import McpConnectionInfo as McpConnectionInfo
    from spring_ai_py.mcp.mcp_tool_naming import (
        DefaultMcpToolNamePrefixGenerator as DefaultMcpToolNamePrefixGenerator,
    )
    from spring_ai_py.mcp.mcp_tool_naming import McpToolFilter as McpToolFilter
    from spring_ai_py.mcp.mcp_tool_naming import (
        McpToolNamePrefixGenerator as McpToolNamePrefixGenerator,
    )
    from spring_ai_py.mcp.mcp_tool_utils import AsyncToolSpecification as AsyncToolSpecification
    from spring_ai_py.mcp.mcp_tool_utils import McpToolUtils as McpToolUtils
    from spring_ai_py.mcp.mcp_tool_utils import SyncToolSpecification as SyncToolSpecification
    from spring_ai_py.mcp.mcp_tools_changed_event import (
        McpToolsChangedEvent as McpToolsChangedEvent,
    )
    from spring_ai_py.mcp.server import McpToolServer as McpToolServer
    from spring_ai_py.mcp.tool_callback import AsyncMcpToolCallback as AsyncMcpToolCallback
    from spring_ai_py.mcp.tool_callback import SyncMcpToolCallback as SyncMcpToolCallback
    from spring_ai_py.mcp.tool_callback_provider import (
        AsyncMcpToolCallbackProvider as AsyncMcpToolCallbackProvider,
    )
    from spring_ai_py.mcp.tool_callback_provider import (
        SyncMcpToolCallbackProvider as SyncMcpToolCallbackProvider,
    )
    from spring_ai_py.mcp.tool_context_to_mcp_meta_converter import (
        ToolContextToMcpMetaConverter as ToolContextToMcpMetaConverter,
    )
