"""Port of Spring AI 2.0.1 `org.springframework.ai.openai.OpenAiChatModelTests`: 37 tests ported, 2 skipped.

Spring mocks the SDK's services and inspects ``ChatCompletionCreateParams``; here the
real ``openai`` SDK talks to the loopback ``OpenAiTestServer``: responses are scripted
as the JSON and server-sent events of OpenAI's Chat Completions reference (including
the extra fields OpenAI-compatible servers add: DeepSeek's ``reasoning_content``,
OpenRouter's ``reasoning``, Gemini's tool-call ``extra_content``), and requests are
read from the JSON body the server recorded. Where Spring calls ``createRequest``
directly, the port sends the request and reads it back. Java's default-``Locale``
tests have no Python meaning where the port has no such option (Python's
``str.lower`` does not depend on the locale); the one about the stream's finish
reason is kept.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.model import ChatResponse, MessageAggregator
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.content.media import Media
from spring_ai_py.model.tool import ToolCallingChatOptions, ToolCallingManager
from spring_ai_py.model.tool.tool_execution_result import ToolExecutionResult
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions, ResponseFormat
from spring_ai_py.test.openai_server import OpenAiTestServer
from spring_ai_py.tool.definition.tool_definition import ToolDefinition

EXTRA = OpenAiChatModel.TOOL_CALL_ADDITIONAL_PROPERTIES_METADATA_KEY


@pytest.fixture
def server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as running:
        yield running


def _model(server: OpenAiTestServer, model: str = "test-model", **kwargs: Any) -> OpenAiChatModel:
    return OpenAiChatModel(
        options=OpenAiChatOptions(
            model=model, base_url=server.base_url, api_key="k", max_retries=0
        ),
        **kwargs,
    )


def _completion(message: dict[str, Any], finish: str = "stop", **root: Any) -> dict[str, Any]:
    return {
        "id": root.pop("id", "gen-1888888888-XYZabc123NewId"),
        "object": "chat.completion",
        "created": root.pop("created", 1777799928),
        "model": root.pop("model", "test-model"),
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        "choices": [
            {
                "index": 0,
                "finish_reason": finish,
                "logprobs": None,
                "message": {"role": "assistant", "refusal": None, "annotations": [], **message},
            }
        ],
        **root,
    }


def _call(
    server: OpenAiTestServer, completion: dict[str, Any], model: str = "test-model"
) -> ChatResponse:
    server.enqueue_raw(200, json.dumps(completion))
    return _model(server, model).call(Prompt("hi"))


def _chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-123",
        "object": "chat.completion.chunk",
        "created": 1777799928,
        "model": "deepseek-reasoner",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def _stream(server: OpenAiTestServer, *chunks: dict[str, Any]) -> list[ChatResponse]:
    body = "".join(f"data: {json.dumps(chunk)}\n\n" for chunk in chunks) + "data: [DONE]\n\n"
    server.enqueue_raw(200, body, "text/event-stream")
    model = _model(server, "deepseek-reasoner")

    async def run() -> list[ChatResponse]:
        return [
            r async for r in model.stream(Prompt("Preserve reasoning metadata while streaming"))
        ]

    return asyncio.run(run())


def _aggregate(server: OpenAiTestServer, *chunks: dict[str, Any]) -> AssistantMessage:
    body = "".join(f"data: {json.dumps(chunk)}\n\n" for chunk in chunks) + "data: [DONE]\n\n"
    server.enqueue_raw(200, body, "text/event-stream")
    model = _model(server, "deepseek-reasoner")
    aggregated: list[ChatResponse] = []

    async def run() -> None:
        async for _ in MessageAggregator().aggregate(model.stream(Prompt("hi")), aggregated.append):
            pass

    asyncio.run(run())
    return aggregated[0].get_result().get_output()


def _sent(server: OpenAiTestServer, prompt: Prompt, **kwargs: Any) -> dict[str, Any]:
    server.enqueue_text("ok")
    _model(server, **kwargs).call(prompt)
    body = server.requests[-1].body
    assert isinstance(body, dict)
    return body


def _assistant_param(body: dict[str, Any]) -> dict[str, Any]:
    return next(m for m in body["messages"] if m["role"] == "assistant")


def _tool_properties(message: AssistantMessage, call_id: str) -> dict[str, Any]:
    raw = message.get_metadata()[EXTRA].get(call_id)
    return json.loads(raw) if raw else {}


class _Definitions(ToolCallingManager):
    """Spring's mocked ToolCallingManager: resolves the given definitions only."""

    def __init__(self, *definitions: ToolDefinition) -> None:
        self._definitions = list(definitions)

    def resolve_tool_definitions(
        self, chat_options: ToolCallingChatOptions
    ) -> list[ToolDefinition]:
        return list(self._definitions)

    def execute_tool_calls(
        self, prompt: Prompt, chat_response: ChatResponse
    ) -> ToolExecutionResult:
        raise NotImplementedError


def _weather(
    schema: str = '{"type":"object","properties":{"location":{"type":"string"}}}',
) -> _Definitions:
    return _Definitions(
        ToolDefinition.builder()
        .name("get_weather")
        .description("Get weather")
        .input_schema(schema)
        .build()
    )


def _tools(**settings: Any) -> OpenAiChatOptions:
    """Options naming the tool: the port consults the manager only for requests with
    tools (Spring always asks it)."""
    return OpenAiChatOptions(tool_names=["get_weather"], **settings)


def _function(body: dict[str, Any]) -> dict[str, Any]:
    (tool,) = body["tools"]
    function: dict[str, Any] = tool["function"]
    return function


# -- response metadata ------------------------------------------------------------------


def test_preserve_unmapped_root_response_metadata(server: OpenAiTestServer) -> None:
    response = _call(
        server,
        _completion(
            {"content": "hello", "tool_calls": []},
            model="moonshotai/kimi-k2.5-0127",
            string_field="abc",
            number_field=123,
            boolean_field=True,
            list_field=["abc", 123],
            object_field={"key1": 1, "key2": 2},
            null_field=None,
        ),
    )
    metadata = response.get_metadata()
    assert metadata.get("created") == 1777799928
    assert metadata.get("string_field") == "abc"
    assert metadata.get("number_field") == 123
    assert metadata.get("boolean_field") is True
    assert metadata.get("list_field") == ["abc", 123]
    assert metadata.get("object_field") == {"key1": 1, "key2": 2}
    assert not metadata.contains_key("null_field")


def test_preserve_unmapped_tool_call_additional_properties(server: OpenAiTestServer) -> None:
    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "get_current_weather", "arguments": '{"location":"Seoul"}'},
        "extra_content": {"google": {"thought_signature": "signature-123"}},
    }
    response = _call(
        server,
        _completion({"content": "", "tool_calls": [call]}, "tool_calls", model="gemini-3.5-flash"),
        "gemini-3.5-flash",
    )
    message = response.get_result().get_output()
    assert message.get_tool_calls() == [
        AssistantMessage.ToolCall(
            "call_1", "function", "get_current_weather", '{"location":"Seoul"}'
        )
    ]
    assert _tool_properties(message, "call_1")["extra_content"] == {
        "google": {"thought_signature": "signature-123"}
    }


def test_preserve_unmapped_tool_call_additional_properties_from_stream(
    server: OpenAiTestServer,
) -> None:
    responses = _stream(
        server,
        _chunk(
            {
                "tool_calls": [
                    {
                        "index": 0,
                        "id": "call_1",
                        "function": {"name": "get_current_weather", "arguments": '{"location"'},
                    }
                ]
            }
        ),
        _chunk(
            {
                "tool_calls": [
                    {
                        "index": 0,
                        "function": {"arguments": ':"Seoul"}'},
                        "extra_content": {"google": {"thought_signature": "signature-123"}},
                    }
                ]
            }
        ),
        _chunk({}, "tool_calls"),
    )
    message = responses[-1].get_result().get_output()
    assert message.get_tool_calls() == [
        AssistantMessage.ToolCall(
            "call_1", "function", "get_current_weather", '{"location":"Seoul"}'
        )
    ]
    assert _tool_properties(message, "call_1")["extra_content"] == {
        "google": {"thought_signature": "signature-123"}
    }


def test_merge_stream_tool_call_when_id_name_and_arguments_arrive_in_separate_chunks(
    server: OpenAiTestServer,
) -> None:
    responses = _stream(
        server,
        _chunk({"tool_calls": [{"index": 0, "id": "call_1"}]}),
        _chunk({"tool_calls": [{"index": 0, "function": {"name": "get_current_weather"}}]}),
        _chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"location":"Seoul"}'}}]}),
        _chunk({}, "tool_calls"),
    )
    assert responses[-1].get_result().get_output().get_tool_calls() == [
        AssistantMessage.ToolCall(
            "call_1", "function", "get_current_weather", '{"location":"Seoul"}'
        )
    ]


def test_closes_async_stream_response_on_cancellation(server: OpenAiTestServer) -> None:
    """Spring checks the SDK stream is closed after ``take(1)``; here, stopping after
    the first response gives the connection back, so the next call reuses it."""
    server.enqueue_text(
        "hello there, this stream is long", chunks=["hello", " there", ", this stream is long"]
    )
    server.enqueue_text("again")
    model = _model(server)

    async def first() -> ChatResponse:
        stream = model.stream(Prompt("hi"))
        async for response in stream:
            if response.get_result() is not None and response.get_result().get_output().get_text():
                break
        await stream.aclose()  # type: ignore[attr-defined]
        return response

    assert asyncio.run(first()).get_result().get_output().get_text() == "hello"
    assert model.call(Prompt("hi")).get_result().get_output().get_text() == "again"
    assert len(server.requests) == 2


def test_restore_unmapped_tool_call_additional_properties(server: OpenAiTestServer) -> None:
    message = AssistantMessage(
        "",
        {EXTRA: {"call_1": '{"extra_content":{"google":{"thought_signature":"signature-123"}}}'}},
        [
            AssistantMessage.ToolCall(
                "call_1", "function", "get_current_weather", '{"location":"Seoul"}'
            )
        ],
    )
    body = _sent(server, Prompt([message]), model="gemini-3.5-flash")
    (call,) = body["messages"][0]["tool_calls"]
    assert call["extra_content"] == {"google": {"thought_signature": "signature-123"}}


def test_restore_unmapped_tool_call_additional_properties_by_tool_call_id(
    server: OpenAiTestServer,
) -> None:
    message = AssistantMessage(
        "",
        {
            EXTRA: {
                "call_2": '{"extra_content":{"google":{"thought_signature":"signature-2"}}}',
                "call_1": '{"extra_content":{"google":{"thought_signature":"signature-1"}}}',
            }
        },
        [
            AssistantMessage.ToolCall(
                "call_1", "function", "get_current_weather", '{"location":"Seoul"}'
            ),
            AssistantMessage.ToolCall(
                "call_2", "function", "get_current_time", '{"timezone":"Asia/Seoul"}'
            ),
        ],
    )
    first, second = _sent(server, Prompt([message]), model="gemini-3.5-flash")["messages"][0][
        "tool_calls"
    ]
    assert (first["id"], second["id"]) == ("call_1", "call_2")
    assert first["extra_content"] == {"google": {"thought_signature": "signature-1"}}
    assert second["extra_content"] == {"google": {"thought_signature": "signature-2"}}


# -- tool choice ------------------------------------------------------------------------


def _tool_choice_sent(server: OpenAiTestServer, tool_choice: str) -> Any:
    return _sent(server, Prompt("test", OpenAiChatOptions(tool_choice=tool_choice)))["tool_choice"]


def test_tool_choice_auto(server: OpenAiTestServer) -> None:
    assert _tool_choice_sent(server, "auto") == "auto"


def test_tool_choice_none(server: OpenAiTestServer) -> None:
    assert _tool_choice_sent(server, "none") == "none"


def test_tool_choice_required(server: OpenAiTestServer) -> None:
    assert _tool_choice_sent(server, "required") == "required"


def test_tool_choice_function(server: OpenAiTestServer) -> None:
    choice = '{\n  "type": "function",\n  "function": {\n    "name": "my_function"\n  }\n}'
    assert _tool_choice_sent(server, choice) == {
        "type": "function",
        "function": {"name": "my_function"},
    }


@pytest.mark.parametrize("mode", ["auto", "required", "none"])
def test_tool_choice_json(server: OpenAiTestServer, mode: str) -> None:
    assert _tool_choice_sent(server, json.dumps({"type": mode})) == mode


def test_tool_choice_invalid_json(server: OpenAiTestServer) -> None:
    with pytest.raises(ValueError, match="Failed to parse tool_choice JSON"):
        _model(server).call(Prompt("test", OpenAiChatOptions(tool_choice="invalid-json")))
    assert server.requests == []


# -- reasoning --------------------------------------------------------------------------


def test_reasoning_content_from_reasoning_content_property(server: OpenAiTestServer) -> None:
    response = _call(
        server, _completion({"content": "hello", "reasoning_content": "Test reasoning content"})
    )
    assert (
        response.get_result().get_output().get_metadata()["reasoningContent"]
        == "Test reasoning content"
    )


def test_reasoning_content_from_reasoning_property(server: OpenAiTestServer) -> None:
    response = _call(
        server, _completion({"content": "hello", "reasoning": "Test reasoning content"})
    )
    assert (
        response.get_result().get_output().get_metadata()["reasoningContent"]
        == "Test reasoning content"
    )


def test_reasoning_content_empty_when_neither_property_present(server: OpenAiTestServer) -> None:
    response = _call(server, _completion({"content": "hello"}))
    assert response.get_result().get_output().get_metadata()["reasoningContent"] == ""


def test_created_field_passed_through_in_metadata(server: OpenAiTestServer) -> None:
    response = _call(server, _completion({"content": "hello"}, id="test-id", created=1234567890))
    assert response.get_metadata().get("created") == 1234567890


def test_reasoning_content_replayed_when_present_in_assistant_history(
    server: OpenAiTestServer,
) -> None:
    history: list[Message] = [
        UserMessage("What's 25 * 4?"),
        AssistantMessage("100", {"reasoningContent": "25 * 4 = 100."}),
        UserMessage("Now divide that by 5"),
    ]
    assert _assistant_param(_sent(server, Prompt(history)))["reasoning_content"] == "25 * 4 = 100."


@pytest.mark.parametrize("reasoning_key", ["reasoning_content", "reasoning"])
def test_streaming_reasoning_content_survives_aggregation_with_tool_calls(
    server: OpenAiTestServer, reasoning_key: str
) -> None:
    aggregated = _aggregate(
        server,
        _chunk({"role": "assistant", reasoning_key: "Think step one. "}),
        _chunk({reasoning_key: "Now call the tool."}),
        _chunk(
            {
                "tool_calls": [
                    {
                        "index": 0,
                        "id": "call_1",
                        "function": {"name": "getWeather", "arguments": '{"city":'},
                    }
                ]
            }
        ),
        _chunk(
            {
                "tool_calls": [{"index": 0, "function": {"arguments": '"Seoul"}'}}],
                reasoning_key: " One more thought.",
            }
        ),
        _chunk({}, "tool_calls"),
    )
    assert [(c.name, c.arguments) for c in aggregated.get_tool_calls()] == [
        ("getWeather", '{"city":"Seoul"}')
    ]
    thought = "Think step one. Now call the tool. One more thought."
    assert aggregated.get_metadata()["reasoningContent"] == thought
    replay: list[Message] = [
        UserMessage("What's the weather in Seoul?"),
        aggregated,
        ToolResponseMessage(
            [ToolResponseMessage.ToolResponse("call_1", "getWeather", '{"temp":20}')]
        ),
    ]
    body = _sent(server, Prompt(replay), model="deepseek-reasoner")
    assert _assistant_param(body)["reasoning_content"] == thought


def test_streaming_reasoning_content_survives_aggregation_without_tool_calls(
    server: OpenAiTestServer,
) -> None:
    aggregated = _aggregate(
        server,
        _chunk({"role": "assistant", "reasoning_content": "Quick thought. "}),
        _chunk({"reasoning_content": "Another thought."}),
        _chunk({"content": "Hello"}),
        _chunk({"content": "!"}, "stop"),
    )
    assert aggregated.get_text() == "Hello!"
    assert aggregated.get_metadata()["reasoningContent"] == "Quick thought. Another thought."


def test_streaming_reasoning_content_accumulates_across_intermediate_responses(
    server: OpenAiTestServer,
) -> None:
    # Unlike Spring, whose every intermediate response carries the reasoning so far (a
    # string rebuilt per chunk: quadratic in the number of chunks), each response
    # carries its own piece under ``reasoningDelta`` and the last one the whole
    # reasoning under ``reasoningContent``, as Spring's last one does.
    responses = _stream(
        server,
        _chunk({"role": "assistant", "reasoning_content": "Think step one. "}),
        _chunk({"reasoning_content": "Think step two."}),
        _chunk({"content": "Hello"}, "stop"),
    )
    metadata = [
        r.get_result().get_output().get_metadata() for r in responses if r.get_result() is not None
    ]
    assert [m.get("reasoningDelta") for m in metadata] == [
        "Think step one. ",
        "Think step two.",
        None,
    ]
    assert [m["reasoningContent"] for m in metadata] == ["", "", "Think step one. Think step two."]


def test_reasoning_content_omitted_when_absent_from_assistant_history(
    server: OpenAiTestServer,
) -> None:
    history: list[Message] = [
        UserMessage("What's 25 * 4?"),
        AssistantMessage("100"),
        UserMessage("Now divide that by 5"),
    ]
    assert "reasoning_content" not in _assistant_param(_sent(server, Prompt(history)))


# -- request ----------------------------------------------------------------------------


def test_prompt_cache_key_is_included_in_request(server: OpenAiTestServer) -> None:
    options = OpenAiChatOptions(model="gpt-4o-mini", prompt_cache_key="my-cache-key")
    assert _sent(server, Prompt("hi", options))["prompt_cache_key"] == "my-cache-key"


def test_user_message_pdf_media_maps_to_file_content_part(server: OpenAiTestServer) -> None:
    message = UserMessage(
        "Summarize the attached document.",
        media=[Media("application/pdf", b"%PDF-1.7", name="sample.pdf")],
    )
    parts = _sent(server, Prompt([message]))["messages"][0]["content"]
    assert len(parts) == 2
    assert parts[0] == {"type": "text", "text": "Summarize the attached document."}
    assert parts[1]["file"]["filename"] == "sample.pdf"
    assert parts[1]["file"]["file_data"] == "data:application/pdf;base64,JVBERi0xLjc="


def test_user_message_pdf_media_with_string_data_passes_it_through_as_file_data(
    server: OpenAiTestServer,
) -> None:
    message = UserMessage(
        "Summarize the attached document.",
        media=[
            Media("application/pdf", "data:application/pdf;base64,JVBERi0xLjc=", name="sample.pdf")
        ],
    )
    part = _sent(server, Prompt([message]))["messages"][0]["content"][1]
    assert part["file"]["file_data"] == "data:application/pdf;base64,JVBERi0xLjc="


def test_metadata_does_not_contain_optional_values(server: OpenAiTestServer) -> None:
    """Java's ``Optional`` has no Python counterpart: no value is an unset sentinel."""
    response = _call(server, _completion({"content": "hello"}, id="test-id"))
    generation = response.get_result()
    values = [*generation.get_output().get_metadata().values()]
    assert all(value is not None and type(value).__name__ != "Omit" for value in values)
    assert generation.get_metadata().get_finish_reason() == "STOP"


@pytest.mark.skip(
    reason="Java-only: default-Locale case mapping; the port has no output modalities (audio is out of scope)"
)
def test_output_modalities_use_root_locale_regardless_of_default_locale() -> None:
    pass


def test_reasoning_effort_uses_root_locale_regardless_of_default_locale(
    server: OpenAiTestServer,
) -> None:
    """Python's ``str.lower`` ignores the locale; the port still sends the API's
    lower-case value for an upper-case option, as Spring does."""
    options = OpenAiChatOptions(reasoning_effort="MINIMAL")
    assert _sent(server, Prompt("test", options))["reasoning_effort"] == "minimal"


@pytest.mark.skip(
    reason="Java-only: default-Locale case mapping of audio voices; audio is out of scope"
)
def test_audio_voice_uses_root_locale_regardless_of_default_locale() -> None:
    pass


def test_streaming_finish_reason_survives_round_trip_under_turkish_locale(
    server: OpenAiTestServer,
) -> None:
    responses = _stream(
        server, _chunk({"role": "assistant", "content": "Blocked"}, "content_filter")
    )
    final = [r for r in responses if r.get_result() is not None][-1]
    assert final.get_result().get_metadata().get_finish_reason() == "CONTENT_FILTER"


# -- tool strict mode -------------------------------------------------------------------


def test_tool_strict_defaults_to_false_when_unset(server: OpenAiTestServer) -> None:
    function = _function(_sent(server, Prompt("test", _tools()), tool_calling_manager=_weather()))
    assert function["strict"] is False
    assert "strict" not in function["parameters"]


def test_tool_strict_true_override_at_request_level(server: OpenAiTestServer) -> None:
    body = _sent(server, Prompt("test", _tools(strict=True)), tool_calling_manager=_weather())
    assert _function(body)["strict"] is True


def test_tool_strict_true_widens_optional_properties_to_nullable_and_backfills_required(
    server: OpenAiTestServer,
) -> None:
    manager = _weather(
        '{"type":"object","properties":{"location":{"type":"string"},"unit":{"type":"string"}},'
        '"required":["location"]}'
    )
    body = _sent(server, Prompt("test", _tools(strict=True)), tool_calling_manager=manager)
    function = _function(body)
    assert function["strict"] is True
    assert function["parameters"]["properties"]["unit"]["type"] == ["string", "null"]
    assert sorted(function["parameters"]["required"]) == ["location", "unit"]


def test_tool_strict_false_override_at_request_level(server: OpenAiTestServer) -> None:
    server.enqueue_text("ok")
    model = OpenAiChatModel(
        options=OpenAiChatOptions(
            model="test-model", strict=True, base_url=server.base_url, api_key="k"
        ),
        tool_calling_manager=_weather(),
    )
    model.call(Prompt("test", _tools(strict=False)))
    assert _function(server.requests[-1].body)["strict"] is False


def test_tool_strict_maintains_isolation_per_request(server: OpenAiTestServer) -> None:
    server.enqueue_text("a")
    server.enqueue_text("b")
    model = _model(server, tool_calling_manager=_weather())
    model.call(Prompt("test A", _tools(strict=False)))
    model.call(Prompt("test B", _tools(strict=True)))
    assert [_function(r.body)["strict"] for r in server.requests] == [False, True]


# -- response format ------------------------------------------------------------------

_SCHEMA = '{"type": "object", "properties": {"name": { "type": "string" }}}'


def test_json_schema_response_format_strict_defaults_to_true(server: OpenAiTestServer) -> None:
    options = OpenAiChatOptions(
        response_format=ResponseFormat.builder().json_schema(_SCHEMA).build()
    )
    response_format = _sent(server, Prompt("test", options))["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["strict"] is True


def test_json_schema_response_format_strict_can_be_disabled(server: OpenAiTestServer) -> None:
    options = OpenAiChatOptions(
        response_format=ResponseFormat.builder().json_schema(_SCHEMA).strict(False).build()
    )
    response_format = _sent(server, Prompt("test", options))["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["strict"] is False


def test_intermediate_streaming_chunks_have_null_finish_reason(server: OpenAiTestServer) -> None:
    responses = _stream(
        server,
        _chunk({"role": "assistant", "content": "Hello"}),
        _chunk({"content": ", "}),
        _chunk({"content": "world!"}, "stop"),
    )
    finishes = [
        r.get_result().get_metadata().get_finish_reason() for r in responses if r.get_result()
    ]
    assert finishes == [None, None, "STOP"]


def test_propagates_timeout_from_request_options(server: OpenAiTestServer) -> None:
    server.enqueue_text("hello")
    _model(server).call(Prompt("hi", OpenAiChatOptions(timeout=30)))
    assert server.requests[-1].header("x-stainless-read-timeout") == "30"
