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
