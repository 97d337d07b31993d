"""Approval gates and durable resume with tools from a real MCP server (beyond Spring)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import ToolCallingAdvisor
from spring_ai_py.chat.memory.repository.jdbc import JdbcToolLoopStateRepository
from spring_ai_py.chat.messages import ToolResponseMessage
from spring_ai_py.mcp import McpSyncClient, SyncMcpToolCallbackProvider
from spring_ai_py.model.tool import Approve, DefaultToolCallingManager, Reject, ToolCallStatus
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


def gated_client(model: ScriptedChatModel, mcp: McpSyncClient, state: Path) -> ChatClient:
    manager = (
        DefaultToolCallingManager.builder()
        .requires_approval(lambda call: call.name == "get_weather")
        .build()
    )
    advisor = (
        ToolCallingAdvisor.builder()
        .tool_calling_manager(manager)
        .tool_loop_state_repository(JdbcToolLoopStateRepository.sqlite(state))
    )
    provider = SyncMcpToolCallbackProvider.builder().mcp_clients(mcp).build()
    return (
        ChatClient.builder(model, tool_calling_advisor_builder=advisor)
        .default_tool_callbacks(provider)
        .build()
    )


def last_tool_results(model: ScriptedChatModel) -> list[str]:
    message = model.prompts[-1].get_instructions()[-1]
    assert isinstance(message, ToolResponseMessage)
    return [r.response_data for r in message.get_responses()]


def test_an_mcp_tool_waits_for_approval_then_runs_on_resume(
    weather_client: McpSyncClient, tmp_path: Path
) -> None:
    model = ScriptedChatModel().add_tool_calls(("get_weather", {"city": "Paris"}))
    client = gated_client(model, weather_client, tmp_path / "state.db")
    pending = client.prompt("Weather in Paris?").call().chat_client_response().pending_approval
    assert pending is not None
    assert [(c.name, c.status) for c in pending.tool_calls] == [
        ("get_weather", ToolCallStatus.AWAITING_APPROVAL)
    ]
    assert len(model.prompts) == 1

    # Another client (as in another worker) resumes from the token and the database.
    model.add_response("Sunny.")
    other = gated_client(model, weather_client, tmp_path / "state.db")
    answer = other.prompt().resume(pending.token, {pending.awaiting()[0].id: Approve()}).call()
    assert answer.content() == "Sunny."
    assert last_tool_results(model) == ["Paris: sunny (weather)"]


def test_an_mcp_tool_rejected_on_the_stream_path_never_runs(
    weather_client: McpSyncClient, tmp_path: Path
) -> None:
    model = ScriptedChatModel().add_tool_calls(("get_weather", {"city": "Rome"}))
    client = gated_client(model, weather_client, tmp_path / "state.db")

    async def main() -> str:
        chunks = [c async for c in client.prompt("Rome?").stream().chat_client_response()]
        pending = chunks[-1].pending_approval
        assert pending is not None
        model.add_response("I will not look.")
        decision = {pending.awaiting()[0].id: Reject("not now")}
        return "".join([t async for t in client.prompt().resume(pending.token, decision).stream().content()])

    assert asyncio.run(main()) == "I will not look."
    assert last_tool_results(model) == ["Tool call rejected: not now"]
