"""``McpToolServer``: serve tool specifications (our ``@tool`` functions, ``@McpTool``
methods) on the SDK's own low-level MCP server.

Spring Boot's MCP server starter registers the application's tool specifications on an
``McpSyncServer``; here that server is the SDK's ``mcp.server.lowlevel.Server``, run over
stdio (``run_stdio()``), mounted as an ASGI app (``streamable_http_app()``,
``sse_app()``) or reached in process (``McpSyncClient(server)``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import anyio
import mcp_types as types
from mcp.server import InitializationOptions, NotificationOptions, Server, ServerRequestContext
from mcp.server.connection import Connection

from spring_ai_py import _assert
from spring_ai_py._bridge import run_blocking
from spring_ai_py.mcp.mcp_tool_utils import (
    AsyncToolSpecification,
    McpToolUtils,
    SyncToolSpecification,
)
from spring_ai_py.tool import ToolCallback

if TYPE_CHECKING:
    from mcp.server.transport_security import TransportSecuritySettings
    from starlette.applications import Starlette

ToolSpecification = SyncToolSpecification | AsyncToolSpecification

_logger = logging.getLogger("spring_ai_py.mcp.server")

_NOTIFY_TIMEOUT = 5.0
"""Seconds ``add_tool`` / ``remove_tool`` wait for one client's notification."""


class _ToolListServer(Server[Any]):
    """The SDK's server advertising ``tools.listChanged`` whatever transport runs it:
    the stdio, streamable-HTTP, SSE and in-memory runners all ask
    ``create_initialization_options()`` without notification options."""

    def create_initialization_options(
        self,
        notification_options: NotificationOptions | None = None,
        experimental_capabilities: dict[str, dict[str, Any]] | None = None,
        extensions: dict[str, dict[str, Any]] | None = None,
    ) -> InitializationOptions:
        return super().create_initialization_options(
            notification_options or NotificationOptions(tools_changed=True),
            experimental_capabilities,
            extensions,
        )


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class McpToolServer:
    """An MCP server of tools: ``McpToolServer("weather", tools=[get_weather])``.

    ``tools`` takes tool specifications and ``ToolCallback``s (served through
    ``McpToolUtils.to_async_tool_specification``). ``add_tool`` / ``remove_tool`` change
    the list while serving and send ``notifications/tools/list_changed`` to every
    connected client (Spring's ``McpSyncServer.addTool``); the server advertises
    ``tools.listChanged`` over every transport.
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
        # The connected clients, each with the loop serving it; a client leaves the
        # map when its connection closes.
        self._connections: dict[Connection, asyncio.AbstractEventLoop] = {}
        self._connections_lock = threading.Lock()
        self._pending: set[asyncio.Task[None]] = set()
        for tool in tools:
            self._tools[self._specification(tool).tool.name] = self._specification(tool)
        self.server: Server[Any] = _ToolListServer(
            name,
            version=version,
            instructions=instructions,
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
        )
        self.server.add_notification_handler(
            "notifications/initialized", types.NotificationParams, self._client_initialized
        )

    @staticmethod
    def _specification(tool: ToolSpecification | ToolCallback) -> ToolSpecification:
        _assert.not_none(tool, "tool cannot be null")
        if isinstance(tool, ToolCallback):
            return McpToolUtils.to_async_tool_specification(tool)
        return tool

    def add_tool(self, tool: ToolSpecification | ToolCallback) -> None:
        """Serve one more tool (a specification or a ``ToolCallback``) and tell the
        connected clients their tool list changed."""
        spec = self._specification(tool)
        self._tools[spec.tool.name] = spec
        self._notify_tools_changed()

    def remove_tool(self, name: str) -> None:
        """Stop serving the named tool; connected clients are told when it was served."""
        if self._tools.pop(name, None) is not None:
            self._notify_tools_changed()

    async def _client_initialized(
        self, ctx: ServerRequestContext[Any], params: types.NotificationParams
    ) -> None:
        self._remember(ctx)

    def _remember(self, ctx: ServerRequestContext[Any]) -> None:
        # The SDK builds a session per message; the client's lasting `Connection`
        # (whose exit stack unwinds when the client disconnects) sits behind it.
        connection = getattr(ctx.session, "_connection", None)
        if not isinstance(connection, Connection):
            return  # an SDK without it: the client is not told of tool-list changes
        with self._connections_lock:
            if connection in self._connections:
                return
            self._connections[connection] = asyncio.get_running_loop()
        connection.exit_stack.callback(self._forget, connection)

    def _notify_tools_changed(self) -> None:
        """Send ``notifications/tools/list_changed`` to each connected client: waited for
        (bounded) from a thread, scheduled from the session's own loop. A client that
        is going away is forgotten."""
        with self._connections_lock:
            connections = list(self._connections.items())
        for connection, loop in connections:
            if loop.is_closed():
                self._forget(connection)
                continue
            if _running_loop() is loop:
                task = loop.create_task(self._send_tools_changed(connection))
                self._pending.add(task)
                task.add_done_callback(self._pending.discard)
                continue
            future = asyncio.run_coroutine_threadsafe(self._send_tools_changed(connection), loop)
            try:
                future.result(_NOTIFY_TIMEOUT)
            except concurrent.futures.TimeoutError:
                future.cancel()
                _logger.warning("A client of %s did not take the tool-list change in time", self)

    async def _send_tools_changed(self, connection: Connection) -> None:
        try:
            await connection.send_tool_list_changed()
        except Exception as error:  # the client is going away
            _logger.debug("Could not notify a client of %s: %r", self, error)
            self._forget(connection)

    def _forget(self, connection: Connection) -> None:
        with self._connections_lock:
            self._connections.pop(connection, None)

    def get_tools(self) -> list[types.Tool]:
        return [spec.tool for spec in self._tools.values()]

    async def _list_tools(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        self._remember(ctx)
        return types.ListToolsResult(tools=self.get_tools())

    async def _call_tool(
        self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        self._remember(ctx)
        spec = self._tools.get(params.name)
        if spec is None:
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=f"Unknown tool: {params.name}")],
                is_error=True,
            )
        if isinstance(spec, AsyncToolSpecification):
            return await spec.call_handler(ctx, params)
        return await run_blocking(None, spec.call_handler, ctx, params)

    def initialization_options(self) -> InitializationOptions:
        """The SDK's initialization options, advertising tool-list changes."""
        return self.server.create_initialization_options()

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

    def sse_app(
        self,
        *,
        sse_path: str = "/sse",
        message_path: str = "/messages/",
        transport_security: TransportSecuritySettings | None = None,
    ) -> Starlette:
        """An ASGI app serving the legacy HTTP+SSE transport: the event stream at
        ``sse_path`` (Spring's ``/sse``), the client's messages posted to ``message_path``.
        Without ``transport_security`` only localhost hosts and origins are accepted (the
        SDK's default for its own apps: DNS-rebinding protection)."""
        from mcp.server.sse import SseServerTransport
        from mcp.server.transport_security import TransportSecuritySettings
        from starlette.applications import Starlette
        from starlette.requests import Request
        from starlette.responses import Response
        from starlette.routing import Mount, Route

        if transport_security is None:
            transport_security = TransportSecuritySettings(
                enable_dns_rebinding_protection=True,
                allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
                allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
            )
        transport = SseServerTransport(message_path, security_settings=transport_security)

        async def handle_sse(request: Request) -> Response:
            async with transport.connect_sse(request.scope, request.receive, request._send) as streams:
                await self.server.run(streams[0], streams[1], self.initialization_options())
            return Response()

        return Starlette(
            routes=[
                Route(sse_path, endpoint=handle_sse, methods=["GET"]),
                Mount(message_path, app=transport.handle_post_message),
            ]
        )

    def __repr__(self) -> str:
        return f"McpToolServer(name={self.server.name!r}, tools={sorted(self._tools)!r})"
