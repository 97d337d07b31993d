"""``McpToolServer``: serve tool specifications (our ``@tool`` functions, ``@McpTool``
methods) on the SDK's own low-level MCP server.

Spring Boot's MCP server starter registers the application's tool specifications on an
``McpSyncServer``; here that server is the SDK's ``mcp.server.lowlevel.Server``, run over
stdio (``run_stdio()``) or mounted as an ASGI app (``streamable_http_app()``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import anyio
import mcp_types as types
from mcp.server import NotificationOptions, Server, ServerRequestContext

from spring_ai_py import _assert
from spring_ai_py._bridge import run_blocking
from spring_ai_py.mcp.mcp_tool_utils import (
    AsyncToolSpecification,
    McpToolUtils,
    SyncToolSpecification,
)
from spring_ai_py.tool import ToolCallback

if TYPE_CHECKING:
    from starlette.applications import Starlette

ToolSpecification = SyncToolSpecification | AsyncToolSpecification


class McpToolServer:
    """An MCP server of tools: ``McpToolServer("weather", tools=[get_weather])``.

    ``tools`` takes tool specifications and ``ToolCallback``s (served through
    ``McpToolUtils.to_async_tool_specification``). ``add_tool`` / ``remove_tool`` change
    the list while serving; the server advertises ``tools.listChanged``.
    """

    def __init__(
        self,
        name: str = "spring-ai-mcp-server",
        *,
        version: str = "1.0.0",
        instructions: str | None = None,
        tools: Sequence[ToolSpecification | ToolCallback] = (),
    ) -> None:
        _assert.has_text(name, "name cannot be null or empty")
        self._tools: dict[str, ToolSpecification] = {}
        for tool in tools:
            self.add_tool(tool)
        self.server: Server[Any] = Server(
            name,
            version=version,
            instructions=instructions,
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
        )

    def add_tool(self, tool: ToolSpecification | ToolCallback) -> None:
        """Serve one more tool (a specification or a ``ToolCallback``)."""
        _assert.not_none(tool, "tool cannot be null")
        spec = (
            McpToolUtils.to_async_tool_specification(tool) if isinstance(tool, ToolCallback) else tool
        )
        self._tools[spec.tool.name] = spec

    def remove_tool(self, name: str) -> None:
        """Stop serving the named tool."""
        self._tools.pop(name, None)

    def get_tools(self) -> list[types.Tool]:
        return [spec.tool for spec in self._tools.values()]

    async def _list_tools(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self.get_tools())

    async def _call_tool(
        self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        spec = self._tools.get(params.name)
        if spec is None:
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=f"Unknown tool: {params.name}")],
                is_error=True,
            )
        if isinstance(spec, AsyncToolSpecification):
            return await spec.call_handler(ctx, params)
        return await run_blocking(None, spec.call_handler, ctx, params)

    def initialization_options(self) -> Any:
        """The SDK's initialization options, advertising tool-list changes."""
        return self.server.create_initialization_options(NotificationOptions(tools_changed=True))

    async def run_stdio_async(self) -> None:
        """Serve over this process's stdin/stdout until the client disconnects."""
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (read_stream, write_stream):
            await self.server.run(read_stream, write_stream, self.initialization_options())

    def run_stdio(self) -> None:
        """Blocking :meth:`run_stdio_async` (a server module's ``__main__``)."""
        anyio.run(self.run_stdio_async)

    def streamable_http_app(self, **kwargs: Any) -> Starlette:
        """An ASGI app serving streamable HTTP at ``/mcp`` (the SDK's options as keywords)."""
        return self.server.streamable_http_app(**kwargs)

    def __repr__(self) -> str:
        return f"McpToolServer(name={self.server.name!r}, tools={sorted(self._tools)!r})"
