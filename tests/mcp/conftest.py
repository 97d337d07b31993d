"""Real MCP servers for the MCP tests: a stdio process, streamable HTTP and SSE on
127.0.0.1 (uvicorn in a thread), all shut down by the fixtures."""

from __future__ import annotations

import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from spring_ai_py.mcp import McpStdioConnection, McpSyncClient, open_sync_client

SERVER_SCRIPT = Path(__file__).parent / "weather_server.py"
sys.path.insert(0, str(Path(__file__).parent))

from weather_server import build_server  # noqa: E402


def stdio_connection(name: str = "weather") -> McpStdioConnection:
    return McpStdioConnection(sys.executable, [str(SERVER_SCRIPT), name])


class HttpServer:
    """An ASGI app served by uvicorn on a free port of 127.0.0.1, in a daemon thread."""

    def __init__(self, app: Any) -> None:
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.bind(("127.0.0.1", 0))
        self.port = self._socket.getsockname()[1]
        config = uvicorn.Config(
            app, log_level="warning", lifespan="on", timeout_graceful_shutdown=2
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> HttpServer:
        self._thread.start()
        deadline = time.monotonic() + 15
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the test MCP HTTP server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(10)
        self._socket.close()


@pytest.fixture(scope="module")
def weather_client() -> Iterator[McpSyncClient]:
    """A stdio server process (``weather``), connected once for the module."""
    client = open_sync_client("weather", stdio_connection("weather"))
    try:
        yield client
    finally:
        client.close()


@pytest.fixture
def fresh_weather_client() -> Iterator[McpSyncClient]:
    """A stdio server process of its own, for tests that change or kill it."""
    client = open_sync_client("weather-private", stdio_connection("weather"))
    try:
        yield client
    finally:
        client.close()


@pytest.fixture(scope="module")
def http_weather_server() -> Iterator[HttpServer]:
    """The same tools (server name ``weather-http``) over streamable HTTP."""
    with HttpServer(build_server("weather-http").streamable_http_app()) as server:
        yield server


@pytest.fixture(scope="module")
def sse_weather_server() -> Iterator[HttpServer]:
    """The same tools (server name ``weather-sse``) over the legacy HTTP+SSE transport."""
    with HttpServer(build_server("weather-sse").sse_app()) as server:
        yield server
