"""Real MCP servers for the MCP tests: a stdio process, streamable HTTP and SSE on
127.0.0.1 (uvicorn in a thread), all shut down by the fixtures."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from mcp_test_servers import HttpServer, stdio_connection
from weather_server import build_server

from spring_ai_py.mcp import McpSyncClient, open_sync_client


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
