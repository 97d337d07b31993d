"""MCP: our tools served by a real MCP server process, and used through an MCP client.

Runs offline against the scripted model from ``spring_ai_py.test``:

    python examples/mcp_tools.py

The example starts itself a second time as an MCP server over stdio (``--serve``),
serving two ``@tool`` functions on the SDK's own server. The ChatClient gets that
server's tools from a ``SyncMcpToolCallbackProvider``; the scripted model plays the
LLM, asks for them, and answers. Needs the ``mcp`` extra.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.messages import ToolResponseMessage
from spring_ai_py.mcp import (
    McpStdioConnection,
    McpToolServer,
    SyncMcpToolCallbackProvider,
    open_sync_client,
)
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.tool import ToolParam, tool


@tool
def get_weather(city: Annotated[str, ToolParam(description="The city, e.g. Paris")]) -> str:
    """The current weather of a city."""
    return {"Paris": "sunny, 24°C", "Oslo": "rain, 9°C"}.get(city, "unknown")


@tool
def get_time(city: str) -> str:
    """The local time of a city."""
    return {"Paris": "14:05", "Oslo": "14:05"}.get(city, "unknown")


def serve() -> None:
    """The MCP server process: stdout is the MCP wire, so it prints nothing."""
    McpToolServer("weather", tools=[get_weather, get_time]).run_stdio()


def main() -> None:
    # The server process is this file again. The SDK starts it with a minimal
    # environment, so pass on an import path set for this run (a source checkout).
    env = {"PYTHONPATH": os.environ["PYTHONPATH"]} if "PYTHONPATH" in os.environ else None
    connection = McpStdioConnection(sys.executable, [__file__, "--serve"], env)
    with open_sync_client("weather", connection) as client:
        info = client.get_current_initialization_result()
        print("connected to:", info.server_info.name if info else "?")
        provider = SyncMcpToolCallbackProvider.builder().mcp_clients(client).build()
        print("tools:", [c.get_tool_definition().name for c in provider.get_tool_callbacks()])

        model = ScriptedChatModel(options=ToolCallingChatOptions(model="scripted"))
        chat_client = ChatClient.builder(model).default_tool_callbacks(provider).build()

        # The model asks for both tools of the MCP server in one batch, then answers.
        model.add_tool_calls(("get_weather", {"city": "Oslo"}), ("get_time", {"city": "Oslo"}))
        model.add_response("In Oslo it is 14:05 and raining, 9°C.")
        print("answer:", chat_client.prompt().user("Weather and time in Oslo?").call().content())
        message = model.last_prompt.get_instructions()[-1]
        assert isinstance(message, ToolResponseMessage)
        for response in message.get_responses():
            print(f"  {response.name} -> {response.response_data}")


if __name__ == "__main__":
    if "--serve" in sys.argv:
        serve()
    else:
        main()
