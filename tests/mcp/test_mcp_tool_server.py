"""``McpToolServer`` over every transport (in process, stdio, streamable HTTP, SSE): it
advertises ``tools.listChanged`` and tells connected clients when ``add_tool()`` /
``remove_tool()`` change its tools (Spring's ``McpSyncServer.addTool``).

Also the port of Spring AI 2.0.1 `org.springframework.ai.mcp.server.webflux.autoconfigure.McpToolCallProviderCachingIT`:
1 test ported, 0 skipped."""

from __future__ import annotations

import queue
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import mcp_types as types
import pytest
from mcp_test_servers import HttpServer
from tool_server import build_server

from spring_ai_py.mcp import (
    McpSseConnection,
    McpStdioConnection,
    McpStreamableHttpConnection,
    McpSyncClient,
    McpToolServer,
    SyncMcpToolCallbackProvider,
    open_sync_client,
)
from spring_ai_py.tool import tool

TOOL_SERVER_SCRIPT = Path(__file__).parent / "tool_server.py"


@tool
def shout(text: str) -> str:
    """Shouts the text."""
    return text.upper()


def _connect(transport: str, server: McpToolServer) -> Iterator[McpSyncClient]:
    if transport == "in-process":
        with McpSyncClient(server, connection_name="in-process") as client:
            yield client
    elif transport == "stdio":
        connection = McpStdioConnection(sys.executable, [str(TOOL_SERVER_SCRIPT)])
        with open_sync_client("stdio", connection) as client:
            yield client
    elif transport == "streamable-http":
        with HttpServer(server.streamable_http_app()) as http, open_sync_client(
            "http", McpStreamableHttpConnection(http.url)
        ) as client:
            yield client
    else:
        with HttpServer(server.sse_app()) as http, open_sync_client(
            "sse", McpSseConnection(http.url)
        ) as client:
            yield client


@pytest.fixture(params=["in-process", "stdio", "streamable-http", "sse"])
def connected(request: pytest.FixtureRequest) -> Iterator[tuple[McpToolServer, McpSyncClient]]:
    server = build_server()
    yield from ((server, client) for client in _connect(request.param, server))


@pytest.fixture(params=["in-process", "streamable-http", "sse"])
def connected_in_this_process(request: pytest.FixtureRequest) -> Iterator[tuple[McpToolServer, McpSyncClient]]:
    server = build_server()
    yield from ((server, client) for client in _connect(request.param, server))


def _names(tools: list[types.Tool]) -> list[str]:
    return sorted(t.name for t in tools)


def test_the_server_advertises_and_sends_tool_list_changes(
    connected: tuple[McpToolServer, McpSyncClient],
) -> None:
    server, client = connected
    result = client.get_current_initialization_result()
    assert result is not None
    assert result.capabilities.tools is not None
    assert result.capabilities.tools.list_changed is True

    changes: queue.Queue[list[str]] = queue.Queue()
    client.add_tools_change_consumer(lambda tools: changes.put(_names(tools)))
    provider = SyncMcpToolCallbackProvider.builder().mcp_clients(client).build()
    assert [c.get_tool_definition().name for c in provider.get_tool_callbacks()] == ["add_echo", "remove_echo"]
    callbacks = {c.get_tool_definition().name: c for c in provider.get_tool_callbacks()}

    change: Callable[[str], object]
    if client.connection_name == "stdio":  # the server process changes its own tools
        change = lambda name: callbacks[name].call("{}")  # noqa: E731
    else:
        change = lambda name: server.add_tool(shout) if name == "add_echo" else server.remove_tool("shout")  # noqa: E731
    added = "echo" if client.connection_name == "stdio" else "shout"

    change("add_echo")
    assert changes.get(timeout=15) == sorted(["add_echo", "remove_echo", added])
    assert added in [c.get_tool_definition().name for c in provider.get_tool_callbacks()]

    change("remove_echo")
    assert changes.get(timeout=15) == ["add_echo", "remove_echo"]
    assert added not in [c.get_tool_definition().name for c in provider.get_tool_callbacks()]


def test_removing_a_tool_that_is_not_served_sends_nothing(
    connected_in_this_process: tuple[McpToolServer, McpSyncClient],
) -> None:
    server, client = connected_in_this_process
    changes: queue.Queue[list[str]] = queue.Queue()
    client.add_tools_change_consumer(lambda tools: changes.put(_names(tools)))
    server.remove_tool("unknown")
    server.add_tool(shout)
    # The first change the client sees is the addition: the removal sent nothing.
    assert changes.get(timeout=15) == ["add_echo", "remove_echo", "shout"]


@pytest.mark.parametrize("app", ["streamable_http_app", "sse_app"])
def test_a_client_that_disconnects_is_no_longer_notified(app: str) -> None:
    server = build_server()
    with HttpServer(getattr(server, app)()) as http:
        connection = (McpStreamableHttpConnection if app == "streamable_http_app" else McpSseConnection)(http.url)
        with open_sync_client("leaving", connection) as client:
            client.list_tools()
            assert len(server._connections) == 1
        deadline = time.monotonic() + 15
        while server._connections and time.monotonic() < deadline:
            time.sleep(0.02)
        assert server._connections == {}  # the server keeps nothing of a gone client
        server.add_tool(shout)
        assert "shout" in [t.name for t in server.get_tools()]


@dataclass
class TimeRequest:
    location: str


def test_client_tool_callbacks_update_when_server_tools_change(tmp_path: Path) -> None:
    """Port of Spring's ``McpToolCallProviderCachingIT.clientToolCallbacksUpdateWhenServerToolsChangeAsync``:
    the context's ``mcp_tool_callbacks()`` over streamable HTTP follows the server's
    ``add_tool`` / ``remove_tool``."""
    from spring_ai_py.autoconfigure import SpringApplication
    from spring_ai_py.tool.function import FunctionToolCallback

    @tool
    def weather(city_name: str) -> str:
        """Provides weather information by city name"""
        return "Weather is 22C with rain "

    server = McpToolServer("test-mcp-server", tools=[weather])
    current_time = (
        FunctionToolCallback.builder(
            "currentTime", lambda request: f"The time in {request.location} is 12:00 PM."
        )
        .description("Get the current time by location")
        .input_type(TimeRequest)
        .build()
    )
    with HttpServer(server.streamable_http_app()) as http, SpringApplication.run(
        config_dir=tmp_path,
        environ={},
        overrides={
            "spring.ai.mcp.client.streamable-http.connections.server1.url": http.url,
            "spring.ai.mcp.client.initialized": False,
        },
    ) as context:
        tcp = context.mcp_tool_callbacks()
        assert len(tcp.get_tool_callbacks()) == 1

        server.add_tool(current_time)
        deadline = time.monotonic() + 5
        while len(tcp.get_tool_callbacks()) != 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(tcp.get_tool_callbacks()) == 2

        server.remove_tool("weather")
        deadline = time.monotonic() + 5
        while len(tcp.get_tool_callbacks()) != 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [c.get_tool_definition().name for c in tcp.get_tool_callbacks()] == ["currentTime"]
