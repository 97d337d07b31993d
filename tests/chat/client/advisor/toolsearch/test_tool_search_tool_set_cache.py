"""An unchanged tool set costs no per-tool work per request: the references and the
fingerprint are computed once per tool set (issue 18)."""

from __future__ import annotations

from spring_ai_py.chat.client.advisor.toolsearch import ToolSearchToolCallingAdvisor
from spring_ai_py.chat.model import ToolContext
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.definition import ToolDefinition
from tests.chat.client.advisor.toolsearch.conftest import (
    RecordingToolIndex,
    callback,
    make_request,
    run_call,
)


class CountingCallback(ToolCallback):
    """A real tool that counts how often its definition is asked for."""

    def __init__(self, name: str) -> None:
        self.inner = callback(name)
        self.definition_calls = 0

    def get_tool_definition(self) -> ToolDefinition:
        self.definition_calls += 1
        return self.inner.get_tool_definition()

    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        return self.inner.call(tool_input, tool_context)


def test_an_unchanged_tool_set_is_not_walked_again() -> None:
    index = RecordingToolIndex()
    advisor = ToolSearchToolCallingAdvisor.builder().tool_index(index).build()
    tools = [CountingCallback(f"tool{i}") for i in range(5)]
    model = ScriptedChatModel()
    for _ in range(4):
        model.add_response("ok")
    run_call(advisor, make_request(ToolCallingChatOptions(tool_callbacks=list(tools))), model)
    after_first = [t.definition_calls for t in tools]
    for _ in range(2):
        run_call(advisor, make_request(ToolCallingChatOptions(tool_callbacks=list(tools))), model)
    assert [t.definition_calls for t in tools] == after_first
    assert len(index.indexed) == 1
    # A changed set (one tool more) is walked and indexed again.
    extra = CountingCallback("tool5")
    run_call(advisor, make_request(ToolCallingChatOptions(tool_callbacks=[*tools, extra])), model)
    assert extra.definition_calls > 0
    assert len(index.indexed) == 2


def test_tool_names_whose_resolution_changes_are_indexed_again() -> None:
    """The same request shape (the same tool names) re-indexes when the resolver's answer
    for them changes (issue 22)."""
    from spring_ai_py.model.tool import ToolCallingManager

    registry = {"lookup": callback("lookup", "Looks things up")}
    manager = ToolCallingManager.builder().tool_callback_resolver(registry.get).build()
    index = RecordingToolIndex()
    advisor = ToolSearchToolCallingAdvisor.builder().tool_calling_manager(manager).tool_index(index).build()
    model = ScriptedChatModel()
    for _ in range(3):
        model.add_response("ok")

    def ask() -> None:
        run_call(advisor, make_request(ToolCallingChatOptions(tool_names=["lookup"])), model)

    ask()
    ask()
    assert len(index.indexed) == 1
    registry["lookup"] = callback("lookup", "Finds books in the catalogue")
    ask()
    assert len(index.indexed) == 2
    assert [r.summary for r in index.indexed[-1][1]] == ["Finds books in the catalogue"]


def test_an_mcp_server_that_changes_its_tools_is_indexed_again() -> None:
    """A real MCP server gains a tool while serving: the provider hands out the new
    callbacks and the advisor indexes the new set for the same conversation."""
    import threading

    import pytest

    pytest.importorskip("mcp")
    from spring_ai_py.chat.client import ChatClient
    from spring_ai_py.mcp import McpSyncClient, McpToolServer, SyncMcpToolCallbackProvider
    from spring_ai_py.tool import tool

    @tool
    def get_weather(city: str) -> str:
        """Current weather of a city."""
        return f"{city}: sunny"

    @tool
    def get_tide(port: str) -> str:
        """Tide times of a harbour."""
        return f"{port}: high at noon"

    server = McpToolServer("sea", tools=[get_weather])
    index = RecordingToolIndex()
    advisor = ToolSearchToolCallingAdvisor.builder().tool_index(index).build()
    model = ScriptedChatModel()
    model.add_response("ok")
    model.add_response("ok")
    with McpSyncClient(server, connection_name="sea") as client:
        changed = threading.Event()
        client.add_tools_change_consumer(lambda tools: changed.set())
        provider = SyncMcpToolCallbackProvider.builder().mcp_clients(client).build()
        chat_client = ChatClient.builder(model).default_advisors(advisor).default_tool_callbacks(provider).build()

        chat_client.prompt().user("q").advisors(lambda a: a.param("chat_memory_conversation_id", "c1")).call().content()
        server.add_tool(get_tide)
        assert changed.wait(15)
        chat_client.prompt().user("q").advisors(lambda a: a.param("chat_memory_conversation_id", "c1")).call().content()
    assert [sorted(r.tool_name for r in refs) for _, refs in index.indexed] == [
        ["get_weather"],
        ["get_tide", "get_weather"],
    ]
