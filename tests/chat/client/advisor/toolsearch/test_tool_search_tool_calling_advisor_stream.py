"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.advisor.toolsearch.ToolSearchToolCallingAdvisorStreamTests`:
5 tests ported, 0 skipped; with real components, plus the whole discover-then-call
loop on the stream path."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor.toolsearch import ToolSearchToolCallingAdvisor
from spring_ai_py.chat.memory import ChatMemory
from spring_ai_py.chat.messages import Message, SystemMessage, ToolResponseMessage, UserMessage
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.tool import ToolCallback

if TYPE_CHECKING:
    from conftest import RecordingToolIndex

Request = Callable[..., ChatClientRequest]
Stream = Callable[..., list[ChatClientResponse]]
Names = Callable[[Prompt], list[str]]
Tool = Callable[..., ToolCallback]


def advisor_for(
    index: RecordingToolIndex, suffix: str = "\n\nDefault suffix"
) -> ToolSearchToolCallingAdvisor:
    return (
        ToolSearchToolCallingAdvisor.builder()
        .tool_index(index)
        .system_message_suffix(suffix)
        .build()
    )


def text_of(responses: list[ChatClientResponse]) -> str:
    return "".join(
        r.chat_response.get_result().get_output().get_text() or ""
        for r in responses
        if r.chat_response is not None and r.chat_response.get_result() is not None
    )


def test_stream_initialize_loop_indexes_tools(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_stream: Stream,
    callback: Tool,
) -> None:
    model.add_response("response")
    options = ToolCallingChatOptions(
        tool_callbacks=[callback("tool1", "Desc 1"), callback("tool2", "Desc 2")]
    )
    run_stream(advisor_for(index, "\n\nTest suffix"), make_request(options), model)
    ((session, references),) = index.indexed
    assert session == "test-session-id"
    assert [r.tool_name for r in references] == ["tool1", "tool2"]


def test_stream_initialize_loop_augments_system_message(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_stream: Stream
) -> None:
    suffix = "\n\nCUSTOM SUFFIX"
    model.add_response("response")
    run_stream(advisor_for(index, suffix), make_request(), model)
    system = model.last_prompt.get_instructions()[0]
    assert isinstance(system, SystemMessage)
    assert system.get_text() == "System message" + suffix


def test_stream_first_request_indexes_once(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_stream: Stream
) -> None:
    model.add_response("response")
    run_stream(advisor_for(index), make_request(), model)
    assert index.cleared == ["test-session-id"]
    assert len(index.indexed) == 1


def test_stream_before_iteration_extracts_tool_references(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_stream: Stream,
    callback: Tool,
    sent_tool_names: Names,
) -> None:
    messages: list[Message] = [
        SystemMessage("System message"),
        UserMessage("test"),
        ToolResponseMessage(
            [
                ToolResponseMessage.ToolResponse(
                    "id1", "toolSearchTool", '["weatherTool", "calculatorTool"]'
                )
            ]
        ),
    ]
    model.add_response("response")
    options = ToolCallingChatOptions(
        tool_callbacks=[callback("weatherTool"), callback("emailTool")]
    )
    run_stream(advisor_for(index), make_request(options, messages=messages), model)
    assert sent_tool_names(model.last_prompt) == ["toolSearchTool", "weatherTool"]


def test_stream_uses_conversation_id_from_context(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_stream: Stream
) -> None:
    model.add_response("response")
    responses = run_stream(
        advisor_for(index), make_request(conversation_id="stream-session-42"), model
    )
    assert index.cleared == ["stream-session-42"]
    assert text_of(responses) == "response"


def test_stream_discovers_then_calls_tools(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_stream: Stream,
    callback: Tool,
    sent_tool_names: Names,
) -> None:
    options = ToolCallingChatOptions(
        tool_callbacks=[
            callback("get_weather", "Current weather forecast for a city"),
            callback("list_clothing_shops", "Clothing shops near a place"),
            callback("convert_currency", "Convert money between currencies"),
        ]
    )
    model.add_tool_calls(("toolSearchTool", {"query": "weather forecast"}))
    model.add_tool_calls(("toolSearchTool", {"query": "clothing shops"}))
    model.add_tool_calls(("get_weather", {}), ("list_clothing_shops", {}))
    model.add_response("Take an umbrella to the shop.")
    responses = run_stream(advisor_for(index), make_request(options), model)

    assert text_of(responses) == "Take an umbrella to the shop."
    assert [sent_tool_names(p) for p in model.prompts] == [
        ["toolSearchTool"],
        ["toolSearchTool", "get_weather"],
        ["toolSearchTool", "get_weather", "list_clothing_shops"],
        ["toolSearchTool", "get_weather", "list_clothing_shops"],
    ]
    last = model.last_prompt.get_instructions()[-1]
    assert isinstance(last, ToolResponseMessage)
    assert [r.response_data for r in last.get_responses()] == [
        "get_weather done",
        "list_clothing_shops done",
    ]
    first_search = model.last_prompt.get_instructions()[3]
    assert isinstance(first_search, ToolResponseMessage)
    assert json.loads(first_search.get_responses()[0].response_data) == ["get_weather"]


def test_stream_through_the_chat_client(
    index: RecordingToolIndex, callback: Tool, sent_tool_names: Names
) -> None:
    model = ScriptedChatModel()
    model.add_tool_calls(("toolSearchTool", {"query": "weather"}))
    model.add_tool_calls(("get_weather", {}))
    model.add_response("Sunny today.")
    client = ChatClient.builder(model).default_advisors(advisor_for(index)).build()
    spec = (
        client.prompt()
        .user("Weather?")
        .tool_callbacks(
            callback("get_weather", "Weather forecast"), callback("send_email", "Send an email")
        )
        .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "c-1"))
    )

    async def collect() -> list[str]:
        return [chunk async for chunk in spec.stream().content()]

    assert "".join(asyncio.run(collect())) == "Sunny today."
    assert [sent_tool_names(p) for p in model.prompts][1] == ["toolSearchTool", "get_weather"]
