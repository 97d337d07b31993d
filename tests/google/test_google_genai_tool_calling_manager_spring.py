"""Port of Spring AI 2.0.1 `org.springframework.ai.google.genai.schema.GoogleGenAiToolCallingManagerTests`: 2 tests ported, 0 skipped.

Beyond Spring, the last test checks the definitions the wrapper resolves: Gemini's
OpenAPI dialect with upper-case types.
"""

from __future__ import annotations

import json

import pytest

from spring_ai_py.chat.messages import AssistantMessage, ToolResponseMessage, UserMessage
from spring_ai_py.chat.model import ChatResponse, Generation, ToolContext
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.google.genai import GoogleGenAiToolCallingManager
from spring_ai_py.model.tool import (
    DefaultToolCallingManager,
    ToolCallingChatOptions,
    ToolCallLimitExceededException,
)
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.definition import DefaultToolDefinition, ToolDefinition
from spring_ai_py.tool.resolution import StaticToolCallbackResolver

ToolResponse = ToolResponseMessage.ToolResponse


class TestToolCallback(ToolCallback):
    """Spring's ``TestToolCallback``."""

    __test__ = False

    def __init__(self, name: str, schema: str = "{}") -> None:
        self.definition = DefaultToolDefinition.builder().name(name).input_schema(schema).build()

    def get_tool_definition(self) -> ToolDefinition:
        return self.definition

    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        return "Mission accomplished!"


def _chat_response_requesting_tool(name: str) -> ChatResponse:
    message = AssistantMessage("", {}, [AssistantMessage.ToolCall(name, "function", name, "{}")])
    return ChatResponse([Generation(message)])


def test_execute_tool_calls_delegates_to_wrapped_manager() -> None:
    delegate = (
        DefaultToolCallingManager.builder()
        .tool_callback_resolver(StaticToolCallbackResolver([TestToolCallback("toolA")]))
        .resolution_fallback_enabled(True)
        .build()
    )
    manager = GoogleGenAiToolCallingManager(delegate)
    prompt = Prompt(UserMessage("Hello"), ToolCallingChatOptions.builder().build())
    result = manager.execute_tool_calls(prompt, _chat_response_requesting_tool("toolA"))
    expected = (
        ToolResponseMessage.builder()
        .responses([ToolResponse("toolA", "toolA", "Mission accomplished!")])
        .build()
    )
    assert expected in result.conversation_history


def test_execute_tool_calls_propagates_tool_call_limit_exceeded_exception_from_delegate() -> None:
    delegate = (
        DefaultToolCallingManager.builder()
        .tool_callback_resolver(StaticToolCallbackResolver([TestToolCallback("toolA")]))
        .resolution_fallback_enabled(True)
        .max_calls_per_tool("toolA", 1)
        .build()
    )
    manager = GoogleGenAiToolCallingManager(delegate)
    prior = (
        ToolResponseMessage.builder()
        .responses([ToolResponse("priorId", "toolA", "Mission accomplished!")])
        .build()
    )
    prompt = Prompt([UserMessage("Hello"), prior], ToolCallingChatOptions.builder().build())
    with pytest.raises(ToolCallLimitExceededException) as raised:
        manager.execute_tool_calls(prompt, _chat_response_requesting_tool("toolA"))
    assert raised.value.get_tool_name() == "toolA"
    assert raised.value.get_limit() == 1
    assert raised.value.get_partial_tool_execution_result() is not None


def test_resolved_definitions_use_the_open_api_dialect_with_upper_case_types() -> None:
    schema = json.dumps(
        {
            "type": "object",
            "properties": {"city": {"type": ["string", "null"]}, "days": {"type": "integer"}},
            "required": ["days"],
        }
    )
    manager = GoogleGenAiToolCallingManager(DefaultToolCallingManager.builder().build())
    options = ToolCallingChatOptions.builder().tool_callbacks(TestToolCallback("w", schema)).build()
    (definition,) = manager.resolve_tool_definitions(options)
    converted = json.loads(definition.input_schema)
    assert converted["openapi"] == "3.0.0"
    assert converted["type"] == "OBJECT"
    assert converted["properties"] == {
        "city": {"type": "STRING", "nullable": True},
        "days": {"type": "INTEGER"},
    }
    with pytest.raises(ValueError, match="Delegate tool calling manager must not be null"):
        GoogleGenAiToolCallingManager(None)  # type: ignore[arg-type]
