"""An ``McpToolServer`` run as a stdio process, for the tool-list-change tests: its
``add_echo`` tool serves one more tool while the client is connected."""

from __future__ import annotations

from spring_ai_py.mcp import McpToolServer
from spring_ai_py.tool import tool


def build_server() -> McpToolServer:
    server = McpToolServer("changing-tools")

    @tool
    def echo(text: str) -> str:
        """Echoes the text."""
        return text

    @tool
    def add_echo() -> str:
        """Serves the echo tool from now on."""
        server.add_tool(echo)
        return "added"

    @tool
    def remove_echo() -> str:
        """Stops serving the echo tool."""
        server.remove_tool("echo")
        return "removed"

    server.add_tool(add_echo)
    server.add_tool(remove_echo)
    return server


if __name__ == "__main__":
    build_server().run_stdio()
