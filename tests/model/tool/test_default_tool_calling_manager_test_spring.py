"""Port of Spring AI 2.0.1 `org.springframework.ai.model.tool.DefaultToolCallingManagerTest`:
7 tests ported, 0 skipped.

Spring's anonymous ``ToolCallback`` classes are one recording tool; its lambda resolvers
are plain functions of the tool name. Each test also checks what the tool received and
what went back to the model, not only that nothing was raised.
"""

from __future__ import annotations

import json

from spring_ai_py.chat.messages import AssistantMessage, ToolResponseMessage, UserMessage
from spring_ai_py.chat.model import ChatResponse, Generation, ToolContext
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import DefaultToolCallingManager, ToolExecutionResult
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.definition import DefaultToolDefinition, ToolDefinition
from spring_ai_py.tool.metadata import ToolMetadata


class RecordingTool(ToolCallback):
    def __init__(
        self, name: str, schema: str = "{}", result: str | None = '{"result": "success"}'
    ) -> None:
        self.definition = (
            DefaultToolDefinition.builder()
            .name(name)
            .description(f"{name} tool")
            .input_schema(schema)
            .build()
        )
        self.result = result
        self.inputs: list[str] = []

    def get_tool_definition(self) -> ToolDefinition:
        return self.definition

    def get_tool_metadata(self) -> ToolMetadata:
        return ToolMetadata.builder().build()

    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        self.inputs.append(tool_input)
        return self.result  # type: ignore[return-value]


def _response(*tool_calls: AssistantMessage.ToolCall) -> ChatResponse:
    message = (
        AssistantMessage.builder().content("").properties({}).tool_calls(list(tool_calls)).build()
    )
    return ChatResponse([Generation(message)])


def _manager(*tools: RecordingTool) -> DefaultToolCallingManager:
    by_name = {t.get_tool_definition().name: t for t in tools}
    return (
        DefaultToolCallingManager.builder()
        .tracer_provider(None)
        .resolution_fallback_enabled(True)
        .tool_callback_resolver(by_name.get)
        .build()
    )


def _responses(result: ToolExecutionResult) -> list[ToolResponseMessage.ToolResponse]:
    last = result.conversation_history[-1]
    assert isinstance(last, ToolResponseMessage)
    return last.get_responses()


def test_should_handle_null_arguments_in_stream_mode() -> None:
    tool = RecordingTool("testTool")
    result = _manager(tool).execute_tool_calls(
        Prompt([UserMessage("test")]),
        _response(AssistantMessage.ToolCall("1", "function", "testTool", None)),  # type: ignore[arg-type]
    )
    assert tool.inputs == ["{}"]
    assert _responses(result)[0].response_data == '{"result": "success"}'


def test_should_handle_empty_arguments_in_stream_mode() -> None:
    tool = RecordingTool("testTool")
    _manager(tool).execute_tool_calls(
        Prompt([UserMessage("test")]),
        _response(AssistantMessage.ToolCall("1", "function", "testTool", "")),
    )
    assert tool.inputs == ["{}"]


def test_should_handle_multiple_tool_calls_in_single_response() -> None:
    tool1 = RecordingTool(
        "tool1",
        '{"type": "object", "properties": {"param": {"type": "string"}}}',
        '{"result": "tool1_success"}',
    )
    tool2 = RecordingTool(
        "tool2",
        '{"type": "object", "properties": {"value": {"type": "number"}}}',
        '{"result": "tool2_success"}',
    )
    result = _manager(tool1, tool2).execute_tool_calls(
        Prompt([UserMessage("test multiple tools")]),
        _response(
            AssistantMessage.ToolCall("1", "function", "tool1", '{"param": "test"}'),
            AssistantMessage.ToolCall("2", "function", "tool2", '{"value": 42}'),
        ),
    )
    assert (tool1.inputs, tool2.inputs) == (['{"param": "test"}'], ['{"value": 42}'])
    assert [(r.id, r.response_data) for r in _responses(result)] == [
        ("1", '{"result": "tool1_success"}'),
        ("2", '{"result": "tool2_success"}'),
    ]


def test_should_handle_tool_call_with_complex_json_arguments() -> None:
    tool = RecordingTool(
        "complexTool", '{"type": "object", "properties": {"nested": {"type": "object"}}}'
    )
    complex_json = '{"nested": {"level1": {"level2": "value"}}, "array": [1, 2, 3]}'
    _manager(tool).execute_tool_calls(
        Prompt([UserMessage("test complex json")]),
        _response(AssistantMessage.ToolCall("1", "function", "complexTool", complex_json)),
    )
    assert json.loads(tool.inputs[0]) == {
        "nested": {"level1": {"level2": "value"}},
        "array": [1, 2, 3],
    }


def test_should_handle_tool_call_with_malformed_json() -> None:
    tool = RecordingTool("testTool", result='{"result": "handled"}')
    result = _manager(tool).execute_tool_calls(
        Prompt([UserMessage("test malformed json")]),
        _response(AssistantMessage.ToolCall("1", "function", "testTool", "{invalid json}")),
    )
    assert tool.inputs == ["{invalid json}"]
    assert _responses(result)[0].response_data == '{"result": "handled"}'


def test_should_handle_tool_call_returning_null() -> None:
    tool = RecordingTool("nullReturningTool", result=None)
    result = _manager(tool).execute_tool_calls(
        Prompt([UserMessage("test null return")]),
        _response(AssistantMessage.ToolCall("1", "function", "nullReturningTool", "{}")),
    )
    assert _responses(result)[0].response_data == ""


def test_should_handle_multiple_generations_with_tool_calls() -> None:
    """As in Spring, the first generation with tool calls is the one executed."""
    tool = RecordingTool("multiGenTool")
    first = (
        AssistantMessage.builder()
        .content("")
        .tool_calls([AssistantMessage.ToolCall("1", "function", "multiGenTool", "{}")])
        .build()
    )
    second = (
        AssistantMessage.builder()
        .content("")
        .tool_calls([AssistantMessage.ToolCall("2", "function", "multiGenTool", "{}")])
        .build()
    )
    result = _manager(tool).execute_tool_calls(
        Prompt([UserMessage("test multiple generations")]),
        ChatResponse([Generation(first), Generation(second)]),
    )
    assert [r.id for r in _responses(result)] == ["1"]
    assert tool.inputs == ["{}"]
