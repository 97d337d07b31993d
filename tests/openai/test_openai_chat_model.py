"""OpenAiChatModel over the official openai SDK against the loopback OpenAiTestServer."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from typing import Any

import openai
import pytest
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.messages import (
    AssistantMessage,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.model import ChatResponse, MessageAggregator
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.content.media import Media
from spring_ai_py.openai import (
    OpenAiChatModel,
    OpenAiChatOptions,
    OpenAiEmbeddingModel,
    OpenAiEmbeddingOptions,
    ResponseFormat,
)
from spring_ai_py.test.openai_server import OpenAiTestServer, OpenAiUsage
from spring_ai_py.tool import tool

API_KEY = "sk-test-SECRET-0123456789"


@tool
def weather(city: str) -> str:
    """Get the current weather in a city."""
    return f"Sunny in {city}"


@pytest.fixture
def server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as running:
        yield running


def _model(server: OpenAiTestServer, **kwargs: Any) -> OpenAiChatModel:
    options = (
        OpenAiChatOptions.builder()
        .model("gpt-4o-mini")
        .api_key(API_KEY)
        .base_url(server.base_url)
        .max_retries(0)
        .build()
    )
    return OpenAiChatModel(options=options, **kwargs)


@pytest.fixture
def model(server: OpenAiTestServer) -> OpenAiChatModel:
    return _model(server)


def _collect(stream: AsyncIterator[ChatResponse]) -> list[ChatResponse]:
    async def run() -> list[ChatResponse]:
        return [chunk async for chunk in stream]

    return asyncio.run(run())


def _text(chunks: list[ChatResponse]) -> str:
    return "".join(
        r.get_result().get_output().get_text() or ""
        for r in chunks
        if r.get_result() is not None  # type: ignore[union-attr]
    )


# --- call ------------------------------------------------------------------------------


def test_call_returns_text_finish_reason_usage_and_metadata(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_text(
        "Hello there", usage=OpenAiUsage(12, 7, cached_tokens=3, reasoning_tokens=2)
    )

    response = model.call(Prompt("Hi"))

    generation = response.get_result()
    assert generation is not None
    assert generation.get_output().get_text() == "Hello there"
    assert generation.get_metadata().get_finish_reason() == "STOP"
    properties = generation.get_output().get_metadata()
    assert properties["id"] == response.get_metadata().get_id()
    assert properties["role"] == "assistant"
    assert properties["finishReason"] == "STOP"
    assert properties["refusal"] == ""
    assert properties["reasoningContent"] == ""
    metadata = response.get_metadata()
    assert metadata.get_id().startswith("chatcmpl-")
    assert metadata.get_model() == "gpt-4o-mini"
    assert isinstance(metadata.get("created"), int)
    usage = metadata.get_usage()
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        12,
        7,
        19,
    )
    assert usage.get_cache_read_input_tokens() == 3
    assert usage.get_native_usage()["completion_tokens_details"]["reasoning_tokens"] == 2


def test_call_with_text_returns_the_text(server: OpenAiTestServer, model: OpenAiChatModel) -> None:
    server.enqueue_text("Hi back")
    assert model.call("Hi") == "Hi back"


def test_request_maps_messages_and_sends_api_key(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_text("ok")
    history = [
        SystemMessage("Be brief"),
        UserMessage("What is the weather?"),
        AssistantMessage(
            "",
            tool_calls=[
                AssistantMessage.ToolCall("call_1", "function", "weather", '{"city":"Paris"}')
            ],
        ),
        ToolResponseMessage([ToolResponseMessage.ToolResponse("call_1", "weather", "Sunny")]),
        AssistantMessage("It is sunny."),
        UserMessage("Thanks"),
    ]

    model.call(Prompt(history))

    request = server.requests[0]
    assert request.header("authorization") == f"Bearer {API_KEY}"
    assert request.body["model"] == "gpt-4o-mini"
    assert "stream" not in request.body
    assert request.body["messages"] == [
        {"role": "system", "content": "Be brief"},
        {"role": "user", "content": "What is the weather?"},
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "weather", "arguments": '{"city":"Paris"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "Sunny"},
        {"role": "assistant", "content": "It is sunny."},
        {"role": "user", "content": "Thanks"},
    ]


def test_user_media_become_content_parts(server: OpenAiTestServer, model: OpenAiChatModel) -> None:
    server.enqueue_text("ok")
    media = [
        Media("image/png", "https://example.com/cat.png"),
        Media("image/jpeg", b"\xff\xd8"),
        Media("audio/mp3", b"ID3"),
        Media("application/pdf", b"%PDF", name="doc.pdf"),
    ]

    model.call(Prompt(UserMessage("Look", media)))

    parts = server.requests[0].body["messages"][0]["content"]
    assert parts == [
        {"type": "text", "text": "Look"},
        {"type": "image_url", "image_url": {"url": "https://example.com/cat.png"}},
        {"type": "image_url", "image_url": {"url": "data:image/jpeg;base64,/9g="}},
        {"type": "input_audio", "input_audio": {"data": "SUQz", "format": "mp3"}},
        {
            "type": "file",
            "file": {"file_data": "data:application/pdf;base64,JVBERg==", "filename": "doc.pdf"},
        },
    ]


def test_audio_media_must_be_bytes(model: OpenAiChatModel) -> None:
    with pytest.raises(ValueError, match="Unsupported audio data type: str"):
        model.call(Prompt(UserMessage("Hear", [Media("audio/wav", "https://x/a.wav")])))


def test_default_model_is_used_when_no_options_name_one(server: OpenAiTestServer) -> None:
    server.enqueue_text("ok")
    model = OpenAiChatModel(
        options=OpenAiChatOptions(api_key=API_KEY, base_url=server.base_url, max_retries=0)
    )
    assert model.get_options().model is None

    model.call(Prompt("Hi"))

    assert server.requests[0].body["model"] == OpenAiChatOptions.DEFAULT_CHAT_MODEL


def test_runtime_options_override_defaults_field_by_field(server: OpenAiTestServer) -> None:
    server.enqueue_text("ok")
    defaults = OpenAiChatOptions(
        model="base-model",
        temperature=0.5,
        max_tokens=100,
        api_key=API_KEY,
        base_url=server.base_url,
        max_retries=0,
    )
    model = OpenAiChatModel(options=defaults)

    model.call(Prompt("Hi", OpenAiChatOptions(model="override-model", top_p=0.9, seed=7)))

    body = server.requests[0].body
    assert (
        body["model"],
        body["temperature"],
        body["max_tokens"],
        body["top_p"],
        body["seed"],
    ) == (
        "override-model",
        0.5,
        100,
        0.9,
        7,
    )


def test_portable_chat_options_are_merged_too(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_text("ok")
    model.call(Prompt("Hi", ChatOptions(temperature=0.2, stop_sequences=["END"])))
    body = server.requests[0].body
    assert (body["model"], body["temperature"], body["stop"]) == ("gpt-4o-mini", 0.2, "END")


def test_every_request_option_is_sent(server: OpenAiTestServer, model: OpenAiChatModel) -> None:
    server.enqueue_text("ok")
    options = (
        OpenAiChatOptions.builder()
        .frequency_penalty(0.1)
        .presence_penalty(0.2)
        .logit_bias({"50256": -100})
        .logprobs(True)
        .top_logprobs(2)
        .max_completion_tokens(64)
        .n(1)
        .seed(42)
        .stop(["a", "b"])
        .user("u-1")
        .parallel_tool_calls(False)
        .reasoning_effort("LOW")
        .verbosity("low")
        .store(True)
        .metadata({"k": "v"})
        .service_tier("flex")
        .prompt_cache_key("cache-1")
        .response_format(ResponseFormat(type=ResponseFormat.Type.JSON_OBJECT))
        .extra_body({"top_k_sampler": 3})
        .custom_headers({"X-Trace": "t-1"})
        .build()
    )

    model.call(Prompt("Hi", options))

    request = server.requests[0]
    body = request.body
    assert body["frequency_penalty"] == 0.1
    assert body["presence_penalty"] == 0.2
    assert body["logit_bias"] == {"50256": -100}
    assert body["logprobs"] is True
    assert body["top_logprobs"] == 2
    assert body["max_completion_tokens"] == 64
    assert "max_tokens" not in body
    assert body["n"] == 1
    assert body["seed"] == 42
    assert body["stop"] == ["a", "b"]
    assert body["user"] == "u-1"
    assert body["parallel_tool_calls"] is False
    assert body["reasoning_effort"] == "low"
    assert body["verbosity"] == "low"
    assert body["store"] is True
    assert body["metadata"] == {"k": "v"}
    assert body["service_tier"] == "flex"
    assert body["prompt_cache_key"] == "cache-1"
    assert body["response_format"] == {"type": "json_object"}
    assert body["top_k_sampler"] == 3
    assert request.header("x-trace") == "t-1"


def test_top_k_of_portable_options_is_ignored_with_a_warning(
    server: OpenAiTestServer, model: OpenAiChatModel, caplog: pytest.LogCaptureFixture
) -> None:
    server.enqueue_text("ok")
    model.call(Prompt("Hi", ChatOptions(top_k=5)))
    assert "top_k" not in server.requests[0].body
    assert "The top_k option is not supported by OpenAI chat models. Ignoring." in caplog.text


def test_json_schema_response_format_is_strict_by_default(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    schema = '{"type":"object","properties":{"name":{"type":"string"}}}'
    server.enqueue_text('{"name":"Ada"}')
    server.enqueue_text('{"name":"Ada"}')

    model.call(Prompt("Hi", OpenAiChatOptions(output_schema=schema)))
    model.call(
        Prompt(
            "Hi",
            OpenAiChatOptions(response_format=ResponseFormat(json_schema=schema, strict=False)),
        )
    )

    first, second = (r.body["response_format"] for r in server.requests)
    assert first == {
        "type": "json_schema",
        "json_schema": {"name": "json_schema", "strict": True, "schema": json.loads(schema)},
    }
    assert second["json_schema"]["strict"] is False


def test_invalid_json_schema_is_rejected(model: OpenAiChatModel) -> None:
    with pytest.raises(ValueError, match="Failed to parse JSON schema: not json"):
        model.call(Prompt("Hi", OpenAiChatOptions(output_schema="not json")))


@pytest.mark.parametrize(
    ("choice", "expected"),
    [
        ("auto", "auto"),
        ("none", "none"),
        ("required", "required"),
        (
            '{"type":"function","function":{"name":"weather"}}',
            {"type": "function", "function": {"name": "weather"}},
        ),
        ('{"type":"required"}', "required"),
        (
            {"type": "function", "function": {"name": "weather"}},
            {"type": "function", "function": {"name": "weather"}},
        ),
    ],
)
def test_tool_choice_is_mapped(
    server: OpenAiTestServer, model: OpenAiChatModel, choice: Any, expected: Any
) -> None:
    server.enqueue_text("ok")
    model.call(Prompt("Hi", OpenAiChatOptions(tool_choice=choice)))
    assert server.requests[0].body["tool_choice"] == expected


@pytest.mark.parametrize(
    ("choice", "message"),
    [
        ("{not json", "Failed to parse tool_choice JSON: {not json"),
        ('{"type":"bogus"}', "Unknown tool_choice type: bogus"),
    ],
)
def test_invalid_tool_choice_is_rejected(model: OpenAiChatModel, choice: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("{", r"\{")):
        model.call(Prompt("Hi", OpenAiChatOptions(tool_choice=choice)))


# --- tools -----------------------------------------------------------------------------


def test_tool_definitions_are_sent_and_tool_calls_returned(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Paris"}, "id": "call_9"}])

    response = model.call(Prompt("Weather?", OpenAiChatOptions(tool_callbacks=[weather])))

    tools = server.requests[0].body["tools"]
    assert tools == [
        {
            "type": "function",
            "function": {
                "name": "weather",
                "description": "Get the current weather in a city.",
                "parameters": json.loads(weather.get_tool_definition().input_schema),
                "strict": False,
            },
        }
    ]
    generation = response.get_result()
    assert generation is not None
    assert generation.get_metadata().get_finish_reason() == "TOOL_CALLS"
    assert generation.get_output().get_tool_calls() == [
        AssistantMessage.ToolCall("call_9", "function", "weather", '{"city": "Paris"}')
    ]


def test_strict_tools_require_every_property_and_widen_optional_ones(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    @tool
    def search(query: str, limit: int | None = None) -> str:
        """Search."""
        return query

    server.enqueue_text("ok")
    model.call(Prompt("Hi", OpenAiChatOptions(tool_callbacks=[search], strict=True)))

    function = server.requests[0].body["tools"][0]["function"]
    assert function["strict"] is True
    parameters = function["parameters"]
    assert parameters["required"] == ["query", "limit"]
    limit = parameters["properties"]["limit"]
    assert "null" in json.dumps(limit)


def test_tool_call_additional_properties_round_trip(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    body = {
        "id": "chatcmpl-x",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4o-mini",
        "provider_extra": {"region": "eu"},
        "choices": [
            {
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_1",
                            "type": "function",
                            "function": {"name": "weather", "arguments": "{}"},
                            "extra_content": {"google": {"thought_signature": "sig"}},
                        }
                    ],
                },
            }
        ],
    }
    server.enqueue_raw(200, json.dumps(body))
    server.enqueue_text("ok")

    response = model.call(Prompt("Hi"))
    generation = response.get_result()
    assert generation is not None
    assert response.get_metadata().get("provider_extra") == {"region": "eu"}
    output = generation.get_output()
    assert output.get_metadata()[OpenAiChatModel.TOOL_CALL_ADDITIONAL_PROPERTIES_METADATA_KEY] == {
        "call_1": '{"extra_content": {"google": {"thought_signature": "sig"}}}'
    }
    model.call(Prompt([UserMessage("Hi"), output]))

    replayed = server.requests[1].body["messages"][1]["tool_calls"][0]
    assert replayed["extra_content"] == {"google": {"thought_signature": "sig"}}


def test_reasoning_content_is_read_and_replayed(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    body = {
        "id": "chatcmpl-r",
        "object": "chat.completion",
        "created": 1,
        "model": "deepseek",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": "42", "reasoning_content": "I thought"},
            }
        ],
    }
    server.enqueue_raw(200, json.dumps(body))
    server.enqueue_text("ok")

    response = model.call(Prompt("Hi"))
    output = response.get_result().get_output()  # type: ignore[union-attr]
    assert output.get_metadata()["reasoningContent"] == "I thought"
    model.call(Prompt([UserMessage("Hi"), output, UserMessage("Sure?")]))
    assert server.requests[1].body["messages"][1]["reasoning_content"] == "I thought"
    model_without = AssistantMessage("plain")
    server.enqueue_text("ok")
    model.call(Prompt([UserMessage("Hi"), model_without]))
    assert "reasoning_content" not in server.requests[2].body["messages"][1]


def test_no_choices_gives_an_empty_response(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_raw(
        200,
        json.dumps(
            {"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": []}
        ),
    )
    assert model.call(Prompt("Hi")).get_results() == []


# --- stream ----------------------------------------------------------------------------


def test_stream_emits_text_chunks_then_finish_then_usage(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_text(
        "Hello big world", chunks=["Hello", " big", " world"], usage=OpenAiUsage(3, 4)
    )

    chunks = _collect(model.stream(Prompt("Hi")))

    assert _text(chunks) == "Hello big world"
    finish_reasons = [
        r.get_result().get_metadata().get_finish_reason() for r in chunks if r.get_result()
    ]  # type: ignore[union-attr]
    assert finish_reasons[:-1] == [None] * (len(finish_reasons) - 1)
    assert finish_reasons[-1] == "STOP"
    assert chunks[-1].get_results() == []
    usage = chunks[-1].get_metadata().get_usage()
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        3,
        4,
        7,
    )
    assert server.requests[0].body["stream"] is True
    assert server.requests[0].body["stream_options"] == {"include_usage": True}


def test_stream_usage_can_be_turned_off(server: OpenAiTestServer, model: OpenAiChatModel) -> None:
    server.enqueue_text("Hi")
    chunks = _collect(model.stream(Prompt("Hi", OpenAiChatOptions(stream_usage=False))))
    assert server.requests[0].body["stream_options"] == {"include_usage": False}
    assert all(r.get_results() for r in chunks)


def test_stream_does_nothing_before_iteration(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    stream = model.stream(Prompt("Hi", OpenAiChatOptions(output_schema="not json")))
    assert server.requests == []

    async def first() -> None:
        await anext(stream)

    with pytest.raises(ValueError, match="Failed to parse JSON schema"):
        asyncio.run(first())


def test_stream_assembles_tool_call_argument_deltas(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_tool_calls(
        [
            {"name": "weather", "arguments": {"city": "Paris"}, "id": "call_a"},
            {"name": "weather", "arguments": {"city": "Rome"}, "id": "call_b"},
        ]
    )

    chunks = _collect(model.stream(Prompt("Hi", OpenAiChatOptions(tool_callbacks=[weather]))))

    with_calls = [r for r in chunks if r.has_tool_calls()]
    assert len(with_calls) == 1
    generation = with_calls[0].get_result()
    assert generation is not None
    assert generation.get_metadata().get_finish_reason() == "TOOL_CALLS"
    assert generation.get_output().get_tool_calls() == [
        AssistantMessage.ToolCall("call_a", "function", "weather", '{"city": "Paris"}'),
        AssistantMessage.ToolCall("call_b", "function", "weather", '{"city": "Rome"}'),
    ]
    aggregated: list[ChatResponse] = []

    async def aggregate() -> None:
        server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Oslo"}}])
        async for _ in MessageAggregator().aggregate(model.stream(Prompt("Hi")), aggregated.append):
            pass

    asyncio.run(aggregate())
    assert [
        call.arguments for call in aggregated[0].get_result().get_output().get_tool_calls()
    ] == [  # type: ignore[union-attr]
        '{"city": "Oslo"}'
    ]


def _sse(*events: dict[str, Any]) -> str:
    return "".join(f"data: {json.dumps(event)}\n\n" for event in events) + "data: [DONE]\n\n"


def _chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "id": "chatcmpl-s",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        **extra,
    }


def test_stream_merges_tool_call_when_id_name_and_arguments_arrive_separately(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_raw(
        200,
        _sse(
            _chunk(
                {"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {}}]}
            ),
            _chunk({"tool_calls": [{"index": 0, "id": "", "function": {"name": "weather"}}]}),
            _chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"city":'}}]}),
            _chunk(
                {"tool_calls": [{"index": 0, "function": {"arguments": '"Paris"}'}, "extra": 1}]}
            ),
            _chunk({}, "tool_calls"),
        ),
        "text/event-stream",
    )

    chunks = _collect(model.stream(Prompt("Hi")))

    assert len(chunks) == 1
    output = chunks[0].get_result().get_output()  # type: ignore[union-attr]
    assert output.get_tool_calls() == [
        AssistantMessage.ToolCall("call_1", "function", "weather", '{"city":"Paris"}')
    ]
    assert output.get_metadata()[OpenAiChatModel.TOOL_CALL_ADDITIONAL_PROPERTIES_METADATA_KEY] == {
        "call_1": '{"extra": 1}'
    }


def test_stream_tool_call_without_id_is_an_error(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_raw(
        200,
        _sse(
            _chunk({"tool_calls": [{"index": 0, "function": {"name": "weather"}}]}),
            _chunk({}, "tool_calls"),
        ),
        "text/event-stream",
    )
    with pytest.raises(RuntimeError, match="Tool call id is missing"):
        _collect(model.stream(Prompt("Hi")))


def test_stream_reasoning_accumulates_across_chunks(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_raw(
        200,
        _sse(
            _chunk({"reasoning_content": "I "}),
            _chunk({"reasoning_content": "think"}),
            _chunk({"content": "42"}, "stop"),
        ),
        "text/event-stream",
    )
    chunks = _collect(model.stream(Prompt("Hi")))
    assert chunks[-1].get_result().get_output().get_metadata()["reasoningContent"] == "I think"  # type: ignore[union-attr]


def test_stream_flushes_buffered_tool_calls_when_the_stream_ends(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_raw(
        200,
        _sse(
            _chunk(
                {
                    "tool_calls": [
                        {"index": 0, "id": "c1", "function": {"name": "weather", "arguments": "{}"}}
                    ]
                }
            ),
            _chunk({}, "stop"),
        ),
        "text/event-stream",
    )
    chunks = _collect(model.stream(Prompt("Hi")))
    assert len(chunks) == 1
    assert chunks[0].has_tool_calls()
    assert chunks[0].get_result().get_metadata().get_finish_reason() == "STOP"  # type: ignore[union-attr]


def test_stream_reuses_the_connection(server: OpenAiTestServer, model: OpenAiChatModel) -> None:
    async def run() -> None:
        for _ in range(3):
            server.enqueue_text("Hi there")
            assert _text([r async for r in model.stream(Prompt("Hi"))]) == "Hi there"

    asyncio.run(run())
    assert server.connection_count == 1


def test_closing_a_stream_early_releases_it(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    async def run() -> None:
        server.enqueue_text("one two three four")
        stream = model.stream(Prompt("Hi"))
        await anext(stream)
        await stream.aclose()  # type: ignore[attr-defined]
        server.enqueue_text("again")
        assert _text([r async for r in model.stream(Prompt("Hi"))]) == "again"

    asyncio.run(run())


# --- errors ----------------------------------------------------------------------------


def test_401_is_the_sdks_authentication_error_without_the_key(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_error(401, "Incorrect API key provided")
    with pytest.raises(openai.AuthenticationError) as caught:
        model.call(Prompt("Hi"))
    assert caught.value.status_code == 401
    assert "Incorrect API key provided" in str(caught.value)
    assert API_KEY not in str(caught.value)
    assert API_KEY not in repr(caught.value)


def test_429_is_retried_with_the_sdks_backoff(server: OpenAiTestServer) -> None:
    model = OpenAiChatModel(
        options=OpenAiChatOptions(
            model="m", api_key=API_KEY, base_url=server.base_url, max_retries=1
        )
    )
    server.enqueue_error(429, "Rate limit reached", headers={"retry-after-ms": "10"})
    server.enqueue_text("after retry")
    assert model.call("Hi") == "after retry"
    assert len(server.requests) == 2


def test_429_without_retries_is_the_sdks_rate_limit_error(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_error(429, "Rate limit reached")
    with pytest.raises(openai.RateLimitError) as caught:
        model.call(Prompt("Hi"))
    assert caught.value.status_code == 429
    assert caught.value.response.headers["retry-after"] == "1"


def test_runtime_max_retries_overrides_the_client(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_error(500, "boom", headers={"retry-after-ms": "1"})
    server.enqueue_text("recovered")
    assert (
        model.call(Prompt("Hi", OpenAiChatOptions(max_retries=1)))
        .get_result()
        .get_output()
        .get_text()
        == "recovered"
    )  # type: ignore[union-attr]


def test_500_is_the_sdks_internal_server_error(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_error(500, "The server had an error")
    with pytest.raises(openai.InternalServerError, match="The server had an error"):
        model.call(Prompt("Hi"))


def test_malformed_json_is_an_api_response_validation_error(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_raw(200, "{not json")
    with pytest.raises(openai.APIResponseValidationError, match="not valid JSON"):
        model.call(Prompt("Hi"))


def test_stream_errors_keep_the_sdks_types(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    server.enqueue_error(401, "Incorrect API key provided")
    with pytest.raises(openai.AuthenticationError):
        _collect(model.stream(Prompt("Hi")))
    server.enqueue_text("one two three four five", cut_after=3)
    with pytest.raises(openai.APIConnectionError):
        _collect(model.stream(Prompt("Hi")))
    server.enqueue_raw(200, "data: {broken\n\n", "text/event-stream")
    with pytest.raises(openai.APIResponseValidationError):
        _collect(model.stream(Prompt("Hi")))
    server.enqueue_raw(200, 'data: {"error": {"message": "overloaded"}}\n\n', "text/event-stream")
    with pytest.raises(openai.APIError, match="overloaded"):
        _collect(model.stream(Prompt("Hi")))


def test_missing_api_key_fails_when_the_model_is_built(
    server: OpenAiTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(
        ValueError,
        match=r"^OpenAiChatModel needs an API key: set the OPENAI_API_KEY environment "
        r"variable or pass api_key in its options",
    ):
        OpenAiChatModel(options=OpenAiChatOptions(base_url=server.base_url))
    with pytest.raises(ValueError, match=r"^OpenAiEmbeddingModel needs an API key"):
        OpenAiEmbeddingModel(options=OpenAiEmbeddingOptions(base_url=server.base_url))


def test_an_empty_api_key_or_a_client_of_ones_own_needs_no_key_at_build(
    server: OpenAiTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    server.enqueue_text("ok")
    model = OpenAiChatModel(options=OpenAiChatOptions(base_url=server.base_url, api_key=""))
    assert model.call("Hi") == "ok"
    assert server.requests[0].header("authorization") is None
    client = openai.OpenAI(api_key="sk-own", base_url=server.base_url)
    OpenAiChatModel(openai_client=client)
    OpenAiEmbeddingModel(openai_client=client)


def test_api_key_comes_from_the_environment(
    server: OpenAiTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    server.enqueue_text("ok")
    OpenAiChatModel(options=OpenAiChatOptions(base_url=server.base_url)).call("Hi")
    assert server.requests[0].header("authorization") == "Bearer sk-from-env"


# --- secrets, observability, laziness --------------------------------------------------


def test_reprs_never_show_the_api_key(server: OpenAiTestServer, model: OpenAiChatModel) -> None:
    options = OpenAiChatOptions(
        api_key=API_KEY, custom_headers={"Authorization": "Bearer x", "X-Ok": "1"}
    )
    assert API_KEY not in repr(options)
    assert "api_key='***'" in repr(options)
    assert "'Authorization': '***'" in repr(options)
    assert API_KEY not in repr(model)
    assert API_KEY not in repr(model.get_options().mutate())
    assert API_KEY not in str(OpenAiChatModel.builder().options(options))


def test_call_span_and_metrics(server: OpenAiTestServer, otel: Any) -> None:
    reader = InMemoryMetricReader()
    model = _model(
        server, tracer_provider=otel.provider, meter_provider=MeterProvider(metric_readers=[reader])
    )
    server.enqueue_text("Hello", usage=OpenAiUsage(11, 4))

    model.call(
        Prompt("Hi", OpenAiChatOptions(temperature=0.3, max_tokens=50, stop_sequences=["x"]))
    )

    span = otel.span("chat gpt-4o-mini")
    attributes = dict(span.attributes or {})
    assert attributes["gen_ai.operation.name"] == "chat"
    assert attributes["gen_ai.system"] == "openai"
    assert attributes["gen_ai.request.model"] == "gpt-4o-mini"
    assert attributes["gen_ai.request.temperature"] == 0.3
    assert attributes["gen_ai.request.max_tokens"] == 50
    assert attributes["gen_ai.request.stop_sequences"] == ("x",)
    assert attributes["gen_ai.response.model"] == "gpt-4o-mini"
    assert str(attributes["gen_ai.response.id"]).startswith("chatcmpl-")
    assert attributes["gen_ai.response.finish_reasons"] == ("STOP",)
    assert attributes["gen_ai.usage.input_tokens"] == 11
    assert attributes["gen_ai.usage.output_tokens"] == 4
    assert isinstance(attributes["gen_ai.usage.input_tokens"], int)
    assert not any(API_KEY in str(value) for value in attributes.values())
    assert "Hi" not in [str(value) for value in attributes.values()]

    points = _metric_points(reader)
    tokens = {p.attributes["gen_ai.token.type"]: p.sum for p in points["gen_ai.client.token.usage"]}
    assert tokens == {"input": 11, "output": 4}
    (duration,) = points["gen_ai.client.operation.duration"]
    assert duration.count == 1
    assert duration.attributes["gen_ai.response.model"] == "gpt-4o-mini"


def test_failed_call_marks_the_span_and_the_duration(server: OpenAiTestServer, otel: Any) -> None:
    reader = InMemoryMetricReader()
    model = _model(
        server, tracer_provider=otel.provider, meter_provider=MeterProvider(metric_readers=[reader])
    )
    server.enqueue_error(401, "Incorrect API key provided")

    with pytest.raises(openai.AuthenticationError):
        model.call("Hi")

    span = otel.span("chat gpt-4o-mini")
    assert span.status.status_code.name == "ERROR"
    assert API_KEY not in str(span.events) + str(span.status.description)
    (duration,) = _metric_points(reader)["gen_ai.client.operation.duration"]
    assert duration.attributes["error.type"] == "AuthenticationError"


def test_stream_span_lives_until_the_stream_ends(server: OpenAiTestServer, otel: Any) -> None:
    model = _model(server, tracer_provider=otel.provider)
    server.enqueue_text("Hello world", usage=OpenAiUsage(2, 3))

    _collect(model.stream(Prompt("Hi")))

    attributes = dict(otel.span("chat gpt-4o-mini").attributes or {})
    assert attributes["gen_ai.request.stream"] is True
    assert attributes["gen_ai.response.finish_reasons"] == ("STOP",)
    assert attributes["gen_ai.usage.input_tokens"] == 2
    assert attributes["gen_ai.usage.output_tokens"] == 3


def test_an_untraced_stream_records_its_metrics_however_it_ends(server: OpenAiTestServer) -> None:
    from opentelemetry.trace import NoOpTracerProvider

    reader = InMemoryMetricReader()
    model = _model(
        server,
        tracer_provider=NoOpTracerProvider(),
        meter_provider=MeterProvider(metric_readers=[reader]),
    )

    def durations() -> list[Any]:
        return list(_metric_points(reader).get("gen_ai.client.operation.duration", []))

    def outcomes() -> dict[str, int]:
        counts: dict[str, int] = {}
        for point in durations():
            kind = str(point.attributes.get("error.type", "ok"))
            counts[kind] = counts.get(kind, 0) + point.count
        return counts

    server.enqueue_text("Hello world", usage=OpenAiUsage(2, 3))
    assert _text(_collect(model.stream(Prompt("Hi")))) == "Hello world"
    assert outcomes() == {"ok": 1}
    tokens = {p.attributes["gen_ai.token.type"]: p.sum for p in _metric_points(reader)["gen_ai.client.token.usage"]}
    assert tokens == {"input": 2, "output": 3}

    async def first_then(close: bool) -> None:
        stream = model.stream(Prompt("Hi")).__aiter__()
        await stream.__anext__()
        if close:
            await stream.aclose()  # type: ignore[attr-defined]
        # else: dropped here, unclosed

    server.enqueue_text("one two three")
    asyncio.run(first_then(close=True))
    server.enqueue_text("one two three")
    asyncio.run(first_then(close=False))
    assert outcomes() == {"ok": 3}

    server.enqueue_error(500, "boom")
    with pytest.raises(openai.InternalServerError):
        _collect(model.stream(Prompt("Hi")))
    assert outcomes() == {"ok": 3, "InternalServerError": 1}


def _metric_points(reader: InMemoryMetricReader) -> dict[str, list[Any]]:
    data = reader.get_metrics_data()
    points: dict[str, list[Any]] = {}
    assert data is not None
    for resource in data.resource_metrics:
        for scope in resource.scope_metrics:
            for metric in scope.metrics:
                points.setdefault(metric.name, []).extend(metric.data.data_points)
    return points


def test_importing_the_package_does_not_import_the_sdk() -> None:
    code = (
        "import sys, spring_ai_py.openai, spring_ai_py.anthropic; "
        "m = spring_ai_py.openai.OpenAiChatModel("
        "options=spring_ai_py.openai.OpenAiChatOptions(api_key='sk-test')); "
        "print('openai' in sys.modules, 'anthropic' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False False"


# --- ChatClient ------------------------------------------------------------------------


def test_chat_client_call_stream_and_tool_round_trip(
    server: OpenAiTestServer, model: OpenAiChatModel
) -> None:
    client = ChatClient.builder(model).build()
    server.enqueue_text("Plain answer")
    assert client.prompt("Hi").call().content() == "Plain answer"

    server.enqueue_text("Streamed answer")
    assert "".join(client.prompt("Hi").stream().content()) == "Streamed answer"

    server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Paris"}, "id": "call_1"}])
    server.enqueue_text("It is sunny in Paris.")
    assert (
        client.prompt("Weather in Paris?").tools(weather).call().content()
        == "It is sunny in Paris."
    )
    second = server.requests[-1].body["messages"]
    assert second[-1] == {"role": "tool", "tool_call_id": "call_1", "content": "Sunny in Paris"}


def test_timeouts_reach_the_sdk_per_client_and_per_request(server: OpenAiTestServer) -> None:
    model = OpenAiChatModel(
        options=OpenAiChatOptions(model="m", api_key=API_KEY, base_url=server.base_url, timeout=12)
    )
    server.enqueue_text("ok")
    server.enqueue_text("ok")
    model.call("Hi")
    _collect(model.stream(Prompt("Hi", OpenAiChatOptions(timeout=3))))
    assert [r.header("x-stainless-read-timeout") for r in server.requests] == ["12", "3"]
