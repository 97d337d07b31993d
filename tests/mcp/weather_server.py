"""A small MCP server on the SDK's own ``MCPServer``, for the MCP tests.

Run as a script it serves over stdio (``python weather_server.py [name]``); the HTTP
tests import :func:`build_server` and mount its streamable-HTTP or SSE app.
"""

from __future__ import annotations

import json
import os
import sys

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError


def build_server(name: str = "weather") -> MCPServer:
    server: MCPServer = MCPServer(name, version="1.0.0")

    @server.tool(description="Current weather of a city.")
    def get_weather(city: str) -> str:
        return f"{city}: sunny ({name})"

    @server.tool(description="Always fails.")
    def broken(reason: str) -> str:
        raise ToolError(f"weather station offline: {reason}")

    @server.tool(description="Echoes the request's _meta as JSON.")
    def echo_meta(ctx: Context) -> str:
        return json.dumps(ctx.request_context.meta or {}, sort_keys=True)

    @server.tool(description="Kills the server process in the middle of the call.")
    def crash() -> str:
        os._exit(3)

    @server.tool(description="Adds the forecast tool and tells the client.")
    async def enable_forecast(ctx: Context) -> str:
        def forecast(city: str) -> str:
            return f"{city}: rain tomorrow"

        server.add_tool(forecast, name="forecast", description="Tomorrow's weather.")
        await ctx.session.send_tool_list_changed()
        return "forecast enabled"

    return server


if __name__ == "__main__":
    server_name = sys.argv[1] if len(sys.argv) > 1 else "weather"
    print(f"weather server {server_name} ready", file=sys.stderr, flush=True)
    build_server(server_name).run("stdio")
