"""``stream().events()`` with tools from a real MCP server (beyond Spring)."""

from __future__ import annotations

import json

from spring_ai_py.chat.client import (
    ApprovalRequested,
    ChatClient,
    Finished,
    TextDelta,
    ToolCallFinished,
    ToolCallStarted,
)
from spring_ai_py.chat.client.advisor import ToolCallingAdvisor
from spring_ai_py.mcp import McpSyncClient, SyncMcpToolCallbackProvider
from spring_ai_py.model.tool import DefaultToolCallingManager
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


def client_of(model: ScriptedChatModel, mcp: McpSyncClient, gated: bool = False) -> ChatClient:
    advisor = ToolCallingAdvisor.builder()
    if gated:
        advisor.tool_calling_manager(
            DefaultToolCallingManager.builder().requires_approval(lambda call: True).build()
        )
    builder = ChatClient.builder(model, tool_calling_advisor_builder=advisor)
    provider = SyncMcpToolCallbackProvider.builder().mcp_clients(mcp).build()
    return builder.default_tool_callbacks(provider).build()


def test_an_mcp_tool_call_streams_its_start_and_finish(weather_client: McpSyncClient) -> None:
    model = ScriptedChatModel().add_tool_calls(("get_weather", {"city": "Oslo"}))
    model.add_response("Sunny in Oslo.")
    events = list(client_of(model, weather_client).prompt("Oslo?").stream().events())

    started, finished = [e for e in events if isinstance(e, ToolCallStarted | ToolCallFinished)]
    assert isinstance(started, ToolCallStarted) and started.name == "get_weather"
    assert json.loads(started.arguments) == {"city": "Oslo"}
    assert isinstance(finished, ToolCallFinished)
    assert (finished.result, finished.error) == ("Oslo: sunny (weather)", None)
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "Sunny in Oslo."
    assert isinstance(events[-1], Finished)


def test_a_gated_mcp_tool_streams_approval_requested(weather_client: McpSyncClient) -> None:
    model = ScriptedChatModel().add_tool_calls(("get_weather", {"city": "Rome"}))
    events = list(client_of(model, weather_client, gated=True).prompt("Rome?").stream().events())
    requested = [e for e in events if isinstance(e, ApprovalRequested)]
    assert [c.name for c in requested[0].pending.awaiting()] == ["get_weather"]
    assert not any(isinstance(e, ToolCallStarted) for e in events)
