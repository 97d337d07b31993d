"""The JSON form of model objects matches what Spring's Jackson writes."""

from __future__ import annotations

import json

from spring_ai_py.chat.client import ChatClientResponse
from spring_ai_py.chat.messages import AssistantMessage, ToolResponseMessage, UserMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.document import Document
from spring_ai_py.model.json import to_json, to_json_value
from spring_ai_py.openai import OpenAiChatOptions


def test_chat_response_has_springs_property_names() -> None:
    metadata = ChatGenerationMetadata.builder().finish_reason("STOP").build()
    response = ChatResponse([Generation(AssistantMessage("hi"), metadata)])
    value = to_json_value(response)
    assert isinstance(value, dict)
    assert set(value) == {"metadata", "results", "result"}
    assert value["result"] == value["results"][0]
    assert value["result"]["output"] == {
        "messageType": "ASSISTANT",
        "metadata": {"messageType": "ASSISTANT"},
        "toolCalls": [],
        "media": [],
        "text": "hi",
    }
    assert value["result"]["metadata"]["finishReason"] == "STOP"
    assert set(value["metadata"]["usage"]) == {"promptTokens", "completionTokens", "totalTokens"}


def test_messages_tool_calls_and_tool_responses() -> None:
    call = AssistantMessage.ToolCall("c1", "function", "weather", '{"city":"Paris"}')
    assistant = AssistantMessage.builder().content("").tool_calls([call]).build()
    assert to_json_value(assistant)["toolCalls"] == [
        {"id": "c1", "type": "function", "name": "weather", "arguments": '{"city":"Paris"}'}
    ]
    tool = ToolResponseMessage.builder().responses([ToolResponseMessage.ToolResponse("c1", "weather", "sunny")]).build()
    assert to_json_value(tool)["responses"] == [{"id": "c1", "name": "weather", "responseData": "sunny"}]
    assert to_json_value(UserMessage("u"))["messageType"] == "USER"


def test_options_leave_out_unset_fields_and_secrets() -> None:
    options = OpenAiChatOptions.builder().model("gpt-4o-mini").temperature(0.2).max_tokens(50).api_key("sk-secret").build()
    value = to_json_value(options)
    assert value == {"model": "gpt-4o-mini", "temperature": 0.2, "maxTokens": 50}
    assert "sk-secret" not in to_json(options)


def test_documents_and_chat_client_responses() -> None:
    document = Document.builder().id("d1").text("t").metadata({"source": "a.txt"}).build()
    assert to_json_value(document) == {"id": "d1", "text": "t", "media": None, "metadata": {"source": "a.txt"}, "score": None}
    response = ChatClientResponse(ChatResponse([Generation(AssistantMessage("x"))]), {"k": 1})
    value = to_json_value(response)
    assert value["context"] == {"k": 1}
    assert value["chatResponse"]["result"]["output"]["text"] == "x"
    assert json.loads(to_json(response, indent=2)) == value
