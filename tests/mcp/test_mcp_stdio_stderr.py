"""Where a stdio server's stderr goes: a logger, a file, an open file, or this process's
stderr as it is when the server starts (also when ``sys.stderr`` was replaced)."""

from __future__ import annotations

import io
import logging
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from mcp_test_servers import SERVER_SCRIPT, stdio_connection

from spring_ai_py.mcp import McpStdioConnection, McpSyncClient, open_sync_client


def eventually(condition: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + 15
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def connection(stderr: object) -> McpStdioConnection:
    return McpStdioConnection(sys.executable, [str(SERVER_SCRIPT), "noisy"], stderr=stderr)  # type: ignore[arg-type]


def test_stderr_lines_go_to_a_logger(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("tests.mcp.server_stderr")
    with caplog.at_level(logging.INFO, logger=logger.name):
        with open_sync_client("noisy", connection(logger)) as client:
            assert "get_weather" in [t.name for t in client.list_tools().tools]
        assert eventually(lambda: "STDERR Message received: weather server noisy ready" in caplog.text)
    (record,) = [r for r in caplog.records if r.name == logger.name]
    assert record.levelno == logging.INFO


def test_stderr_goes_to_a_file_path(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    log.write_text("earlier\n", encoding="utf-8")
    with open_sync_client("noisy", connection(log)) as client:
        client.list_tools()
    assert eventually(lambda: "weather server noisy ready" in log.read_text(encoding="utf-8"))
    assert log.read_text(encoding="utf-8").startswith("earlier\n")  # appended


def test_stderr_goes_to_an_open_file(tmp_path: Path) -> None:
    with open(tmp_path / "server.log", "w", encoding="utf-8") as file:
        client = McpSyncClient(connection(None).server_target(), connection_name="noisy", stderr=file)
        with client:
            client.list_tools()
    assert eventually(lambda: "weather server noisy ready" in (tmp_path / "server.log").read_text(encoding="utf-8"))


def test_a_stream_without_a_file_descriptor_is_rejected_naming_the_argument() -> None:
    with pytest.raises(TypeError, match=r"stderr must be a logging\.Logger, a file path or an open file .* got StringIO"):
        McpSyncClient(connection(None).server_target(), stderr=io.StringIO())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="got StringIO"):
        open_sync_client("noisy", connection(io.StringIO()))


def test_a_replaced_sys_stderr_does_not_break_stdio_connections() -> None:
    """As in a notebook: ``sys.stderr`` is a stream without a file descriptor from before
    the MCP SDK was imported; the server's stderr falls back to the process's own."""
    script = """
import io, sys
sys.stderr = io.StringIO()
from spring_ai_py.mcp import open_sync_client
from mcp_test_servers import stdio_connection
with open_sync_client("nb", stdio_connection("notebook")) as client:
    print(client.list_tools().tools[0].name)
"""
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=Path(__file__).parent,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "get_weather"
    assert "weather server notebook ready" in result.stderr  # the original stderr


def test_the_default_follows_sys_stderr_as_it_is_when_the_server_starts(tmp_path: Path) -> None:
    with open(tmp_path / "now.log", "w", encoding="utf-8") as now:
        original = sys.stderr
        sys.stderr = now
        try:
            with open_sync_client("now", stdio_connection("now")) as client:
                client.list_tools()
        finally:
            sys.stderr = original
    assert eventually(lambda: "weather server now ready" in (tmp_path / "now.log").read_text(encoding="utf-8"))
