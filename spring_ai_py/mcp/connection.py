"""Connection configs, mirroring Spring's ``spring.ai.mcp.client.*`` connection properties.

One dataclass per transport; an ``application.yml`` loader builds one per entry of
``spring.ai.mcp.client.<transport>.connections.<name>`` and opens it with
:func:`open_sync_client` (or ``McpSyncClient.from_connection``). The bound
``spring_ai_py.autoconfigure.mcp`` properties map one to one: ``Parameters(command, args,
env)`` to ``McpStdioConnection``, ``ConnectionParameters(url, endpoint)`` to
``McpStreamableHttpConnection`` and ``SseParameters(url, sse_endpoint)`` to
``McpSseConnection`` (an unset endpoint is ``None``, Spring's default), and
``McpClientCommonProperties`` gives ``client_name``, ``client_version`` and
``request_timeout`` (``request_timeout.total_seconds()``):

===============================================================  =============================
Spring property (``spring.ai.mcp.client.``...)                    Python
===============================================================  =============================
``stdio.connections.<name>.command`` / ``.args`` / ``.env``      ``McpStdioConnection(command, args, env)``
``streamable-http.connections.<name>.url`` / ``.endpoint``       ``McpStreamableHttpConnection(url, endpoint="/mcp", headers)``
``sse.connections.<name>.url`` / ``.sse-endpoint``               ``McpSseConnection(url, sse_endpoint="/sse", headers)``
``name`` / ``version``                                           ``client_name`` / ``client_version`` of ``open_sync_client``
``request-timeout`` (20s)                                        ``request_timeout`` (seconds)
===============================================================  =============================
"""

from __future__ import annotations

import contextlib
import logging
import os
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO, TypeAlias, cast

from spring_ai_py import _assert
from spring_ai_py._bridge import run_blocking
from spring_ai_py._sanitize import sanitized_map

if TYPE_CHECKING:
    import httpx2
    from mcp.client import Transport
    from mcp.client._transport import TransportStreams  # the Transport protocol's item type
    from mcp.client.stdio import StdioServerParameters

    from spring_ai_py.mcp.client import McpAsyncClient, McpSyncClient


StderrTarget: TypeAlias = "logging.Logger | TextIO | str | os.PathLike[str] | None"
"""Where a stdio server's stderr goes: ``None`` (default) this process's stderr as it is
when the server starts (falling back to the original one when ``sys.stderr`` has been
replaced by a stream without a file descriptor, as in notebooks and under pytest's
capture); a ``logging.Logger`` (each line logged at INFO as ``STDERR Message received:
...``, Spring's wording); a file path (appended to); or an open file."""


def _join(url: str, endpoint: str) -> str:
    if not endpoint:
        return url
    return url.rstrip("/") + "/" + endpoint.lstrip("/")


@dataclass(frozen=True)
class McpStdioConnection:
    """Spawn ``command args...`` and speak MCP over its stdin/stdout; ``env`` is added to
    the SDK's default environment; ``stderr`` says where the server's stderr goes (see
    :data:`StderrTarget`)."""

    command: str
    args: Sequence[str] = ()
    env: Mapping[str, str] | None = None
    cwd: str | None = None
    stderr: StderrTarget = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        _assert.has_text(self.command, "command cannot be null or empty")

    def __repr__(self) -> str:
        # Secrets in env (API_KEY, GITHUB_TOKEN...) are masked, as Boot's sanitizer does.
        env = sanitized_map(self.env) if self.env is not None else None
        return (
            f"McpStdioConnection(command={self.command!r}, args={list(self.args)!r}, "
            f"env={env!r}, cwd={self.cwd!r})"
        )

    def server_target(self) -> StdioServerParameters:
        """The stdio server parameters (command, arguments, environment, directory)."""
        from mcp.client.stdio import StdioServerParameters

        return StdioServerParameters(
            command=self.command,
            args=list(self.args),
            env=dict(self.env) if self.env is not None else None,
            cwd=self.cwd,
        )


@dataclass(frozen=True)
class McpStreamableHttpConnection:
    """A streamable-HTTP server at ``url`` + ``endpoint`` (Spring's default ``/mcp``; use
    ``endpoint=""`` when ``url`` is already the full endpoint), sending ``headers``."""

    url: str
    endpoint: str | None = "/mcp"
    headers: Mapping[str, str] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        _assert.has_text(self.url, "url cannot be null or empty")

    @property
    def endpoint_url(self) -> str:
        """``url`` + ``endpoint`` (``None``, an unset property, is Spring's ``/mcp``)."""
        return _join(self.url, "/mcp" if self.endpoint is None else self.endpoint)

    def server_target(self) -> Transport:
        """A transport for the endpoint URL, carrying the headers."""
        return streamable_http_transport(self.endpoint_url, dict(self.headers or {}))


@dataclass(frozen=True)
class McpSseConnection:
    """A legacy HTTP+SSE server at ``url`` + ``sse_endpoint`` (Spring's default ``/sse``)."""

    url: str
    sse_endpoint: str | None = "/sse"
    headers: Mapping[str, str] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        _assert.has_text(self.url, "url cannot be null or empty")

    @property
    def endpoint_url(self) -> str:
        """``url`` + ``sse_endpoint`` (``None``, an unset property, is Spring's ``/sse``)."""
        return _join(self.url, "/sse" if self.sse_endpoint is None else self.sse_endpoint)

    def server_target(self) -> Transport:
        """The SSE transport to connect with (the endpoint URL and headers)."""
        return _sse_transport(self.endpoint_url, dict(self.headers or {}))


McpConnection: TypeAlias = McpStdioConnection | McpStreamableHttpConnection | McpSseConnection
"""Any of the connection configs."""

def _usable(stream: TextIO | None) -> bool:
    if stream is None or getattr(stream, "closed", False):
        return False
    try:
        stream.fileno()
    except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is both
        return False
    return True


def _default_stderr() -> TextIO | int:
    """This process's ``sys.stderr`` as it is now (the SDK's default is the object it
    was when the SDK was imported, which pytest's capture or a notebook may since have
    closed or replaced by one without a file descriptor); else the original stderr;
    else nowhere."""
    for stream in (sys.stderr, sys.__stderr__):
        if stream is not None and _usable(stream):
            return stream
    return subprocess.DEVNULL


def _log_lines(read_fd: int, logger: logging.Logger) -> None:
    with open(read_fd, "rb") as lines:
        for line in lines:
            text = line.decode("utf-8", "replace").rstrip("\r\n")
            if text:
                logger.info("STDERR Message received: %s", text)


@contextlib.contextmanager
def _stderr_sink(stderr: StderrTarget, name: str) -> Iterator[tuple[TextIO | int, Callable[[], None]]]:
    """Where the server process's stderr goes, and what to call once it is spawned (the
    parent's copy of a pipe's write end is closed then, so the reader sees the end)."""
    if stderr is None:
        yield _default_stderr(), lambda: None
    elif isinstance(stderr, logging.Logger):
        read_fd, write_fd = os.pipe()
        writer = open(write_fd, "w")  # noqa: SIM115 - closed once the child holds its copy
        threading.Thread(
            target=_log_lines, args=(read_fd, stderr), name=f"mcp-stderr-{name}", daemon=True
        ).start()
        try:
            yield writer, writer.close
        finally:
            writer.close()
    elif isinstance(stderr, str | os.PathLike):
        with open(stderr, "a", encoding="utf-8") as file:
            yield file, lambda: None
    else:
        check_stderr_target(stderr)
        yield stderr, lambda: None


def check_stderr_target(stderr: object) -> None:
    """Reject what cannot receive a server's stderr (a stream without a file descriptor,
    such as ``io.StringIO``, or a closed file), naming the argument."""
    if stderr is None or isinstance(stderr, logging.Logger | str | os.PathLike):
        return
    if not _usable(cast("TextIO", stderr)):
        raise TypeError(
            "stderr must be a logging.Logger, a file path or an open file with a file "
            f"descriptor, got {type(stderr).__name__}"
        )


def stdio_transport(parameters: StdioServerParameters, stderr: StderrTarget = None) -> Transport:
    """The SDK's stdio transport: spawn the server of ``parameters`` and send its stderr
    where ``stderr`` says (:data:`StderrTarget`)."""

    @contextlib.asynccontextmanager
    async def transport() -> AsyncIterator[TransportStreams]:
        from mcp.client.stdio import stdio_client

        with _stderr_sink(stderr, os.path.basename(parameters.command)) as (sink, spawned):
            # The SDK passes errlog on to subprocess, which also takes a descriptor.
            async with stdio_client(parameters, errlog=cast("TextIO", sink)) as streams:
                spawned()
                yield streams

    opened: Transport = transport()
    return opened


async def _http_client(headers: dict[str, str], connect_timeout: float) -> httpx2.AsyncClient:
    """An HTTP client with the SDK's timeouts (``connect_timeout``, 300 s to read a
    stream), built on a worker thread: building one loads the TLS trust store, tens of
    milliseconds that would otherwise stall the loop shared by every MCP session."""
    import httpx2

    timeout = httpx2.Timeout(connect_timeout, read=300.0)
    return await run_blocking(None, lambda: httpx2.AsyncClient(headers=headers, timeout=timeout))


def streamable_http_transport(url: str, headers: dict[str, str] | None = None) -> Transport:
    """The SDK's streamable-HTTP transport to ``url``, sending ``headers``, whose HTTP
    client is built off the event loop."""

    @contextlib.asynccontextmanager
    async def transport() -> AsyncIterator[TransportStreams]:
        from mcp.client.streamable_http import streamable_http_client

        # The SDK's own defaults: 30 s to connect and write.
        async with (
            await _http_client(headers or {}, 30.0) as http_client,
            streamable_http_client(url, http_client=http_client) as streams,
        ):
            yield streams

    opened: Transport = transport()
    return opened


def _sse_transport(url: str, headers: dict[str, str]) -> Transport:
    @contextlib.asynccontextmanager
    async def transport() -> AsyncIterator[TransportStreams]:
        from mcp.client.sse import sse_client

        # The SDK's SSE defaults: 5 s for the HTTP operations.
        http_client = await _http_client(headers, 5.0)

        def prebuilt(
            headers: dict[str, str] | None = None,
            timeout: httpx2.Timeout | None = None,
            auth: httpx2.Auth | None = None,
        ) -> httpx2.AsyncClient:
            return http_client  # built above with the same headers and timeouts

        async with sse_client(url, httpx_client_factory=prebuilt) as streams:
            yield streams

    opened: Transport = transport()
    return opened


def open_sync_client(
    connection_name: str,
    connection: McpConnection,
    *,
    client_name: str = "spring-ai-mcp-client",
    client_version: str = "1.0.0",
    request_timeout: float = 20.0,
) -> McpSyncClient:
    """Open and initialize a blocking client for one configured connection, named as
    Spring's auto-configuration names it (``<client_name> - <connection_name>``)."""
    from mcp_types import Implementation

    from spring_ai_py.mcp.client import McpSyncClient

    _assert.has_text(connection_name, "connection_name cannot be null or empty")
    return McpSyncClient.from_connection(
        connection,
        connection_name,
        client_info=Implementation(name=f"{client_name} - {connection_name}", version=client_version),
        request_timeout=request_timeout,
    )


async def open_async_client(
    connection_name: str,
    connection: McpConnection,
    *,
    client_name: str = "spring-ai-mcp-client",
    client_version: str = "1.0.0",
    request_timeout: float = 20.0,
) -> McpAsyncClient:
    """The async twin of :func:`open_sync_client` (connects on the current loop)."""
    from mcp_types import Implementation

    from spring_ai_py.mcp.client import McpAsyncClient

    _assert.has_text(connection_name, "connection_name cannot be null or empty")
    return await McpAsyncClient.from_connection(
        connection,
        connection_name,
        client_info=Implementation(name=f"{client_name} - {connection_name}", version=client_version),
        request_timeout=request_timeout,
    )
