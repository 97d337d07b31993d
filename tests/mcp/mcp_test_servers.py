"""Helpers for the MCP tests: the stdio server command and an HTTP server thread."""

from __future__ import annotations

import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn

from spring_ai_py.mcp import McpStdioConnection

SERVER_SCRIPT = Path(__file__).parent / "weather_server.py"


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
