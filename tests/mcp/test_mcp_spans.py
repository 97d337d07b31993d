"""The SDK's own MCP client spans nest under the tool-calling span of the call that
made them (the request runs on the session's loop in the caller's context).

The SDK traces through the global tracer provider, so this runs in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import json
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

exporter = InMemorySpanExporter()
provider = TracerProvider()
provider.add_span_processor(SimpleSpanProcessor(exporter))
trace.set_tracer_provider(provider)

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.mcp import McpSyncClient, McpToolServer, SyncMcpToolCallbackProvider
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.tool import tool


@tool
def get_weather(city: str) -> str:
    '''The weather.'''
    return "sunny"


with McpSyncClient(McpToolServer("w", tools=[get_weather])) as client:
    model = ScriptedChatModel(options=ToolCallingChatOptions(model="m"))
    model.add_tool_calls(("get_weather", {"city": "Paris"}))
    model.add_response("ok")
    tools = SyncMcpToolCallbackProvider.builder().mcp_clients(client).build()
    ChatClient.builder(model).default_tool_callbacks(tools).build().prompt().user("q").call().content()

spans = exporter.get_finished_spans()
names = {s.context.span_id: s.name for s in spans}
print(json.dumps({s.name: names.get(s.parent.span_id) if s.parent else None for s in spans}))
"""


def test_mcp_request_spans_nest_under_execute_tool() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60,
        cwd=str(Path(__file__).parent.parent.parent),
    )
    assert result.returncode == 0, result.stderr
    parents = json.loads(result.stdout.strip().splitlines()[-1])
    assert parents["MCP send tools/call get_weather"] == "execute_tool get_weather"
    assert parents["execute_tool get_weather"] == "tool_calling"
