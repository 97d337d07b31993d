"""MCP client connections: ``McpSyncClient`` and ``McpAsyncClient``.

The Java SDK has a blocking ``McpSyncClient`` and a reactive ``McpAsyncClient``; the
Python SDK has one async ``mcp.Client``. Both classes here wrap it, and both keep their
connection in *one* long-lived task (anyio cancel scopes must be entered and exited in
the same task): the sync client's task runs on the library's bridge loop
(``spring_ai_py._bridge``), the async client's on the loop that opened it. Requests are
awaited on that loop from wherever they come from: a thread, the owning loop, or
another loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import Future as ConcurrentFuture
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import mcp_types as types
from mcp import Client, MCPError, StdioServerParameters
from mcp.client import Transport
from mcp.server import Server
from mcp.server.mcpserver import MCPServer

from spring_ai_py import _assert
from spring_ai_py._bridge import run_sync
from spring_ai_py.mcp.connection import (
    McpStdioConnection,
    StderrTarget,
    check_stderr_target,
    stdio_transport,
    streamable_http_transport,
)
from spring_ai_py.mcp.server import McpToolServer

if TYPE_CHECKING:
    from types import TracebackType

    from spring_ai_py.mcp.connection import McpConnection

T = TypeVar("T")

_logger = logging.getLogger("spring_ai_py.mcp.client")

McpServerTarget: TypeAlias = (
    "StdioServerParameters | Transport | Server[Any] | MCPServer[Any] | McpToolServer | str"
)
"""What a client connects to, as the SDK's ``mcp.Client`` takes it: stdio parameters
(spawn a process), a URL (streamable HTTP), any transport, or an in-process server
(the SDK's, or an ``McpToolServer``)."""

ToolsChangeConsumer: TypeAlias = Callable[[list[types.Tool]], None]
"""Called with the new tool list after the server sent ``notifications/tools/list_changed``."""

DEFAULT_CLIENT_NAME = "spring-ai-mcp-client"
DEFAULT_CLIENT_VERSION = "1.0.0"
DEFAULT_REQUEST_TIMEOUT = 20.0
"""Seconds, Spring's ``spring.ai.mcp.client.request-timeout`` default."""

_CLOSE_TIMEOUT = 5.0


class McpClientInitializationError(RuntimeError):
    """The connection or the MCP handshake failed (a server that could not start, a
    wrong URL, a timeout); the cause is the underlying error."""


def _leaf(error: BaseException) -> BaseException:
    """The first real error inside (nested) exception groups of anyio task groups."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return error


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class _Session:
    """One connection held open by one task on one loop; see the module docstring."""

    def __init__(self, owner: _McpClient) -> None:
        self._owner = owner
        self.loop: asyncio.AbstractEventLoop | None = None
        self.client: Client | None = None
        self._task: asyncio.Task[None] | None = None
        self._closing: asyncio.Event | None = None
        self._background: set[asyncio.Task[Any]] = set()
        self._lost = False

    @property
    def is_open(self) -> bool:
        """Connected and usable: a session whose connection was lost is not open even
        while its task is still winding down."""
        return (
            self.client is not None
            and not self._lost
            and self._task is not None
            and not self._task.done()
        )

    @property
    def was_opened(self) -> bool:
        """Whether this session ever connected (a lost or closed session stays so)."""
        return self.loop is not None

    def on_session_loop(self) -> bool:
        """Whether the calling thread runs the loop that owns this session."""
        return self.loop is not None and _running_loop() is self.loop

    async def open(self) -> None:
        """Connect and initialize; runs on (and binds the session to) the current loop."""
        loop = asyncio.get_running_loop()
        self.loop = loop
        self._lost = False
        self._closing = asyncio.Event()
        ready: asyncio.Future[Client] = loop.create_future()
        self._task = loop.create_task(self._serve(ready), name=f"mcp-session-{self._owner.name}")
        try:
            self.client = await asyncio.wait_for(
                asyncio.shield(ready), self._owner.request_timeout
            )
        except BaseException as error:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
            self.client = None
            self.loop = None  # never connected: a later request may try again
            if isinstance(error, asyncio.CancelledError) or not isinstance(error, Exception):
                raise
            cause = _leaf(error)
            raise McpClientInitializationError(
                f"MCP client {self._owner.name} failed to initialize: {cause!r}"
            ) from cause

    async def _serve(self, ready: asyncio.Future[Client]) -> None:
        owner = self._owner
        target = owner.server
        if isinstance(target, McpToolServer):
            target = target.server
        elif isinstance(target, str):  # the SDK would build its HTTP client on this loop
            target = streamable_http_transport(target)
        elif isinstance(target, StdioServerParameters):
            target = stdio_transport(target, owner.stderr)
        client = Client(
            target,
            mode=owner.mode,
            client_info=owner.client_info,
            read_timeout_seconds=owner.request_timeout,
            message_handler=self._on_message,
            cache=None,
        )
        try:
            async with client:
                ready.set_result(client)
                assert self._closing is not None
                await self._closing.wait()
        except BaseException as error:
            if not ready.done():
                ready.set_exception(error)
                if isinstance(error, asyncio.CancelledError):
                    raise
                return
            if isinstance(error, asyncio.CancelledError):
                raise
            _logger.warning("MCP connection %s ended with an error: %r", owner.name, error)
        finally:
            self._lost = True
            self.client = None

    async def _on_message(self, message: Any) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            task = asyncio.get_running_loop().create_task(self._owner._tools_changed())
            self._background.add(task)
            task.add_done_callback(self._background.discard)
        elif isinstance(message, Exception):
            _logger.debug("MCP transport error on %s: %r", self._owner.name, message)

    def lost(self) -> None:
        """The connection is gone: the session is no longer open (at once, so a racing
        ``initialize()`` reconnects), and the serving task leaves its context."""
        self._lost = True
        if self._closing is not None:
            self._closing.set()

    async def close(self) -> None:
        """Close the connection (on the owning loop); waits a bounded time for it."""
        task = self._task
        if task is None or self._closing is None:
            return
        self._closing.set()
        for background in list(self._background):
            background.cancel()
        try:
            await asyncio.wait_for(asyncio.shield(task), _CLOSE_TIMEOUT)
        except TimeoutError:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        except BaseException as error:  # the connection failed while closing
            _logger.debug("MCP connection %s closed with %r", self._owner.name, error)
        self._task = None
        self.client = None

    async def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Await ``coro`` on the session's loop, from any loop."""
        loop = self.loop
        if loop is None or _running_loop() is loop:
            return await coro
        future: ConcurrentFuture[T] = asyncio.run_coroutine_threadsafe(coro, loop)
        return await asyncio.wrap_future(future)

    def run_blocking(self, coro: Coroutine[Any, Any, T], async_spelling: str) -> T:
        """Run ``coro`` on the session's loop and wait for it, from a thread that does not
        run that loop."""
        loop = self.loop
        if loop is None:
            coro.close()
            raise RuntimeError(f"MCP client {self._owner.name} is not initialized")
        if _running_loop() is loop:
            coro.close()
            raise RuntimeError(
                f"A blocking MCP call on the event loop that runs the MCP session of "
                f"{self._owner.name} would block it; use `await {async_spelling}` instead"
            )
        if self._owner._bridge_owned:
            return run_sync(coro)
        return asyncio.run_coroutine_threadsafe(coro, loop).result()


class _McpClient:
    """What both clients share: configuration, the session, the tool-change consumers."""

    _bridge_owned = False

    def __init__(
        self,
        server: McpServerTarget,
        *,
        connection_name: str | None = None,
        client_info: types.Implementation | None = None,
        request_timeout: float = DEFAULT_REQUEST_TIMEOUT,
        mode: str = "legacy",
        tools_change_consumers: list[ToolsChangeConsumer] | None = None,
        stderr: StderrTarget = None,
    ) -> None:
        _assert.not_none(server, "server cannot be null")
        _assert.is_true(request_timeout > 0, "request_timeout must be positive")
        self.server = server
        self.connection_name = connection_name
        if client_info is None:
            name = DEFAULT_CLIENT_NAME
            if connection_name:
                name = f"{DEFAULT_CLIENT_NAME} - {connection_name}"
            client_info = types.Implementation(name=name, version=DEFAULT_CLIENT_VERSION)
        self.client_info = client_info
        self.request_timeout = request_timeout
        self.mode = mode
        check_stderr_target(stderr)
        self.stderr = stderr
        self._tools_change_consumers: list[ToolsChangeConsumer] = list(tools_change_consumers or [])
        self._tools: list[types.Tool] | None = None
        self._session = _Session(self)
        self._open_lock = threading.Lock()
        self._closed = False

    def _check_not_closed(self) -> None:
        if self._closed:
            raise RuntimeError(f"MCP client {self.name} is closed")

    def _check_lost(self) -> None:
        """A request never reconnects silently: only a first request opens the
        connection (an explicit ``initialize()`` reconnects)."""
        self._check_not_closed()
        if self._session.was_opened:
            raise MCPError(
                code=types.CONNECTION_CLOSED,
                message=f"MCP client {self.name} lost its connection to the server",
            )

    @property
    def name(self) -> str:
        return self.connection_name or self.client_info.name

    # -- what the providers and filters read -----------------------------------------

    def get_client_info(self) -> types.Implementation:
        return self.client_info

    def get_client_capabilities(self) -> types.ClientCapabilities:
        """The capabilities this client advertises (no sampling, elicitation or roots)."""
        return types.ClientCapabilities()

    def get_current_initialization_result(self) -> types.InitializeResult | None:
        """The server's answer to ``initialize`` (``None`` before it, or for a server
        reached without the handshake)."""
        client = self._session.client
        if client is None:
            return None
        return client.session.initialize_result

    def get_server_info(self) -> types.Implementation | None:
        client = self._session.client
        return client.server_info if client is not None else None

    def is_initialized(self) -> bool:
        return self._session.is_open

    def get_known_tools(self) -> list[types.Tool] | None:
        """The tool list from the last listing (``None`` before the first one)."""
        return None if self._tools is None else list(self._tools)

    def add_tools_change_consumer(self, consumer: ToolsChangeConsumer) -> None:
        """Call ``consumer`` with the new tool list whenever the server's list changes."""
        _assert.not_none(consumer, "consumer cannot be null")
        self._tools_change_consumers.append(consumer)

    # -- async operations, on the session's loop --------------------------------------

    def _connected(self) -> Client:
        client = self._session.client
        if client is None:
            raise RuntimeError(f"MCP client {self.name} is closed or was never initialized")
        return client

    async def _list_all_tools(self) -> types.ListToolsResult:
        client = self._connected()
        tools: list[types.Tool] = []
        cursor: str | None = None
        while True:
            page = await self._watch(client.list_tools(cursor=cursor))
            tools.extend(page.tools)
            cursor = page.next_cursor
            if cursor is None:
                break
        self._tools = tools
        return types.ListToolsResult(tools=tools)

    async def _call_tool(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        client = self._connected()
        return await self._watch(
            client.call_tool(request.name, request.arguments, meta=request.meta or None)
        )

    async def _watch(self, request: Coroutine[Any, Any, T]) -> T:
        """Await a request; a closed connection (the server died) ends the session, so
        later requests fail at once instead of reaching a dead transport."""
        try:
            return await request
        except MCPError as error:
            if error.code == types.CONNECTION_CLOSED:
                self._session.lost()
            raise

    async def _tools_changed(self) -> None:
        try:
            tools = (await self._list_all_tools()).tools
        except Exception as error:
            _logger.warning("Could not list the changed tools of %s: %r", self.name, error)
            self._tools = None
            tools = []
        for consumer in list(self._tools_change_consumers):
            try:
                consumer(list(tools))
            except Exception:
                _logger.exception("A tools change consumer of %s failed", self.name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, initialized={self.is_initialized()})"


class McpSyncClient(_McpClient):
    """A blocking MCP client (the Java SDK's ``McpSyncClient``) on the SDK's ``mcp.Client``.

    ``with McpSyncClient(StdioServerParameters(command=..., args=[...])) as client:``
    connects and initializes; ``close()`` (or leaving the block) disconnects. A request
    before ``initialize()`` initializes first. Works from any thread and from asyncio
    code (the ``a``-prefixed methods await without blocking the loop); the connection
    lives on the library's bridge loop. For a stdio server, ``stderr`` says where its
    stderr goes (a logger, a file path, an open file; see ``StderrTarget``).
    """

    _bridge_owned = True

    @classmethod
    def from_connection(
        cls,
        connection: McpConnection,
        connection_name: str | None = None,
        *,
        client_info: types.Implementation | None = None,
        request_timeout: float = DEFAULT_REQUEST_TIMEOUT,
        initialize: bool = True,
    ) -> McpSyncClient:
        """A client for a connection config (``McpStdioConnection``...), initialized
        unless ``initialize=False``: what an ``application.yml`` loader calls per entry of
        ``spring.ai.mcp.client.<transport>.connections``."""
        _assert.not_none(connection, "connection cannot be null")
        client = cls(
            connection.server_target(),
            connection_name=connection_name,
            client_info=client_info,
            request_timeout=request_timeout,
            stderr=connection.stderr if isinstance(connection, McpStdioConnection) else None,
        )
        if initialize:
            client.initialize()
        return client

    def initialize(self) -> types.InitializeResult | None:
        """Connect and run the MCP handshake (once); returns the server's result."""
        with self._open_lock:
            self._check_not_closed()
            if not self._session.is_open:
                if self._session.was_opened:  # the connection was lost: end it, connect anew
                    run_sync(self._session.close())
                    self._session = _Session(self)
                run_sync(self._session.open())
                run_sync(self._list_all_tools())
        return self.get_current_initialization_result()

    def _ensure_open(self) -> None:
        if not self._session.is_open:
            self._check_lost()
            self.initialize()

    def list_tools(self) -> types.ListToolsResult:
        """All the server's tools (every page)."""
        self._ensure_open()
        return self._session.run_blocking(self._list_all_tools(), "client.alist_tools()")

    def call_tool(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        """Call a server tool; protocol errors raise ``mcp.MCPError``."""
        _assert.not_none(request, "request cannot be null")
        self._ensure_open()
        return self._session.run_blocking(self._call_tool(request), "client.acall_tool(...)")

    async def alist_tools(self) -> types.ListToolsResult:
        """``list_tools`` from async code, without blocking the caller's loop."""
        await self._aensure_open()
        return await self._session.run(self._list_all_tools())

    async def acall_tool(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        """``call_tool`` from async code, without blocking the caller's loop."""
        _assert.not_none(request, "request cannot be null")
        await self._aensure_open()
        return await self._session.run(self._call_tool(request))

    async def _aensure_open(self) -> None:
        if not self._session.is_open:
            self._check_lost()
            await asyncio.get_running_loop().run_in_executor(None, self.initialize)

    def list_tools_snapshot(self) -> list[types.Tool]:
        """The tools, listed now, or, when called on the session's own loop thread
        (where blocking is impossible), the last known list."""
        if self._session.on_session_loop():
            return self.get_known_tools() or []
        return self.list_tools().tools

    def close(self) -> None:
        """Disconnect (stops a stdio server process); safe to call twice. A closed
        client stays closed."""
        with self._open_lock:
            self._closed = True
            if self._session.was_opened:
                run_sync(self._session.close())

    def close_gracefully(self) -> bool:
        """Java's ``closeGracefully()``: ``close()``, returning ``True``."""
        self.close()
        return True

    def __enter__(self) -> McpSyncClient:
        self.initialize()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class McpAsyncClient(_McpClient):
    """An async MCP client (the Java SDK's ``McpAsyncClient``) on the SDK's ``mcp.Client``.

    ``async with McpAsyncClient(...) as client:`` connects on the current event loop and
    keeps the connection there; its methods may be awaited from other loops too, and
    the blocking tool path (``AsyncMcpToolCallback.call``) works from other threads.
    """

    @classmethod
    async def from_connection(
        cls,
        connection: McpConnection,
        connection_name: str | None = None,
        *,
        client_info: types.Implementation | None = None,
        request_timeout: float = DEFAULT_REQUEST_TIMEOUT,
        initialize: bool = True,
    ) -> McpAsyncClient:
        """An async client for a connection config, initialized unless ``initialize=False``."""
        _assert.not_none(connection, "connection cannot be null")
        client = cls(
            connection.server_target(),
            connection_name=connection_name,
            client_info=client_info,
            request_timeout=request_timeout,
            stderr=connection.stderr if isinstance(connection, McpStdioConnection) else None,
        )
        if initialize:
            await client.initialize()
        return client

    async def initialize(self) -> types.InitializeResult | None:
        """Connect on the current loop and run the MCP handshake (once); after the
        connection was lost, connect anew."""
        self._check_not_closed()
        if not self._session.is_open:
            if self._session.was_opened:
                await self._close_session()
                self._session = _Session(self)
            await self._session.open()
            await self._list_all_tools()
        return self.get_current_initialization_result()

    async def _ensure_open(self) -> None:
        if not self._session.is_open:
            self._check_lost()
            await self.initialize()

    async def list_tools(self) -> types.ListToolsResult:
        """All the server's tools (every page)."""
        await self._ensure_open()
        return await self._session.run(self._list_all_tools())

    async def call_tool(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        """Call a server tool; protocol errors raise ``mcp.MCPError``."""
        _assert.not_none(request, "request cannot be null")
        await self._ensure_open()
        return await self._session.run(self._call_tool(request))

    def call_tool_blocking(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        """``call_tool`` from a thread that does not run the client's loop."""
        _assert.not_none(request, "request cannot be null")
        return self._session.run_blocking(self._call_tool(request), "tool_callback.acall(...)")

    def list_tools_snapshot(self) -> list[types.Tool]:
        """The tools, listed now from another thread, or, on the client's own loop
        (where blocking is impossible), the last known list (kept current by
        ``notifications/tools/list_changed``)."""
        if self._session.loop is None or self._session.on_session_loop():
            return self.get_known_tools() or []
        listed = self._session.run_blocking(self._list_all_tools(), "client.list_tools()")
        return listed.tools

    async def close(self) -> None:
        """Disconnect; safe to call twice. A closed client stays closed."""
        self._closed = True
        if self._session.was_opened:
            await self._close_session()

    async def _close_session(self) -> None:
        loop = self._session.loop
        if loop is not None and loop.is_closed():
            return  # the loop that held the session is gone, and the session with it
        if loop is not None and _running_loop() is not loop:
            await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self._session.close(), loop))
        else:
            await self._session.close()

    async def close_gracefully(self) -> bool:
        """Close the session and its transport; ``True`` once closed (Spring's ``closeGracefully``).
"""
        await self.close()
        return True

    async def __aenter__(self) -> McpAsyncClient:
        await self.initialize()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
