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
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from spring_ai_py import _assert
from spring_ai_py._sanitize import sanitized_map

if TYPE_CHECKING:
    from mcp.client import Transport
    from mcp.client._transport import TransportStreams  # the Transport protocol's item type
    from mcp.client.stdio import StdioServerParameters

    from spring_ai_py.mcp.client import McpAsyncClient, McpServerTarget, McpSyncClient


def _join(url: str, endpoint: str) -> str:
    if not endpoint:
        return url
    return url.rstrip("/") + "/" + endpoint.lstrip("/")


@dataclass(frozen=True)
class McpStdioConnection:
    """Spawn ``command args...`` and speak MCP over its stdin/stdout; ``env`` is added to
    the SDK's default environment."""

    command: str
    args: Sequence[str] = ()
    env: Mapping[str, str] | None = None
    cwd: str | None = None

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

    def server_target(self) -> McpServerTarget:
        if not self.headers:
            return self.endpoint_url
        return _streamable_http_transport(self.endpoint_url, dict(self.headers))


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
        from mcp.client.sse import sse_client

        transport: Transport = sse_client(
            self.endpoint_url, headers=dict(self.headers) if self.headers else None
        )
        return transport


McpConnection: TypeAlias = McpStdioConnection | McpStreamableHttpConnection | McpSseConnection
"""Any of the connection configs."""


def _streamable_http_transport(url: str, headers: dict[str, str]) -> Transport:
    @contextlib.asynccontextmanager
    async def transport() -> AsyncIterator[TransportStreams]:
        import httpx2
        from mcp.client.streamable_http import streamable_http_client

        # The SDK's own defaults: 30 s to connect and write, 300 s to read a stream.
        timeout = httpx2.Timeout(30.0, read=300.0)
        async with (
            httpx2.AsyncClient(headers=headers, timeout=timeout) as http_client,
            streamable_http_client(url, http_client=http_client) as streams,
        ):
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
