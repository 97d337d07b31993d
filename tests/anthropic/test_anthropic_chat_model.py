"""AnthropicChatModel over the official anthropic SDK against the loopback AnthropicTestServer."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import anthropic
import pytest
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader

from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions
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
from spring_ai_py.test.anthropic_server import AnthropicTestServer, AnthropicUsage
from spring_ai_py.tool import tool

API_KEY = "sk-ant-SECRET-987654321"
THINKING = AnthropicChatModel.ANTHROPIC_THINKING_CONTENTS_PROPERTY


@tool
def weather(city: str) -> str:
    """Get the current weather in a city."""
    return f"Sunny in {city}"


@pytest.fixture
def server() -> Iterator[AnthropicTestServer]:
    with AnthropicTestServer() as running:
        yield running


def _model(server: AnthropicTestServer, **kwargs: Any) -> AnthropicChatModel:
    options = (
        AnthropicChatOptions.builder()
        .model("claude-opus-4-1")
        .api_key(API_KEY)
        .base_url(server.base_url)
        .max_retries(0)
        .build()
    )
    return AnthropicChatModel(options=options, **kwargs)


@pytest.fixture
def model(server: AnthropicTestServer) -> AnthropicChatModel:
    return _model(server)


def _collect(stream: AsyncIterator[ChatResponse]) -> list[ChatResponse]:
    async def run() -> list[ChatResponse]:
        return [chunk async for chunk in stream]

    return asyncio.run(run())


def test_call_with_simple_user_message(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_text(
        "Hello!",
        usage=AnthropicUsage(15, 6, cache_creation_input_tokens=4, cache_read_input_tokens=9),
    )

    response = model.call(Prompt("Hi"))

    generation = response.get_result()
    assert generation is not None
    assert generation.get_output().get_text() == "Hello!"
    assert generation.get_metadata().get_finish_reason() == "end_turn"
    metadata = response.get_metadata()
    assert metadata.get_id().startswith("msg_")
    assert metadata.get_model() == "claude-opus-4-1"
    usage = metadata.get_usage()
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        15,
        6,
        21,
    )
    assert (usage.get_cache_read_input_tokens(), usage.get_cache_write_input_tokens()) == (9, 4)
    assert metadata.get("anthropic-response").id == metadata.get_id()
    request = server.requests[0]
    assert request.header("authorization") == f"Bearer {API_KEY}"
    assert request.body == {
        "model": "claude-opus-4-1",
        "max_tokens": AnthropicChatOptions.DEFAULT_MAX_TOKENS,
        "messages": [{"role": "user", "content": "Hi"}],
    }


def test_system_messages_become_the_system_prompt(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_text("ok")
    model.call(
        Prompt([SystemMessage("Be brief."), UserMessage("Hi"), SystemMessage("Use English.")])
    )
    body = server.requests[0].body
    assert body["system"] == "Be brief.\n\nUse English."
    assert body["messages"] == [{"role": "user", "content": "Hi"}]


def test_runtime_options_override_defaults(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_text("ok")
    options = (
        AnthropicChatOptions.builder()
        .model("claude-opus-4-1")
        .max_tokens(256)
        .temperature(0.2)
        .top_p(0.8)
        .top_k(5)
        .stop_sequences(["END"])
        .metadata({"user_id": "u-1"})
        .thinking_enabled(1024)
        .service_tier("auto")
        .http_headers({"anthropic-beta": "b1"})
        .build()
    )
    model.call(Prompt("Hi", options))
    request = server.requests[0]
    body = request.body
    assert (
        body["model"],
        body["max_tokens"],
        body["temperature"],
        body["top_p"],
        body["top_k"],
    ) == (
        "claude-opus-4-1",
        256,
        0.2,
        0.8,
        5,
    )
    assert body["stop_sequences"] == ["END"]
    assert body["metadata"] == {"user_id": "u-1"}
    assert body["thinking"] == {"type": "enabled", "budget_tokens": 1024}
    assert body["service_tier"] == "auto"
    assert request.header("anthropic-beta") == "b1"


def test_penalties_of_portable_options_are_never_sent(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_text("ok")
    model.call(
        Prompt("Hi", ChatOptions(frequency_penalty=0.5, presence_penalty=0.5, temperature=0.1))
    )
    body = server.requests[0].body
    assert "frequency_penalty" not in body and "presence_penalty" not in body
    assert body["temperature"] == 0.1


def test_output_schema_and_effort_go_to_output_config(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_text('{"name":"Ada"}')
    schema = '{"type":"object","properties":{"name":{"type":"string"}}}'
    model.call(
        Prompt("Hi", AnthropicChatOptions.builder().effort("high").output_schema(schema).build())
    )
    assert server.requests[0].body["output_config"] == {
        "effort": "high",
        "format": {"type": "json_schema", "schema": json.loads(schema)},
    }


def test_tool_use_round_trip_maps_tools_calls_and_results(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_tool_calls(
        [{"name": "weather", "arguments": {"city": "Paris"}, "id": "toolu_1"}]
    )
    options = AnthropicChatOptions(
        tool_callbacks=[weather], tool_choice="any", disable_parallel_tool_use=True
    )

    response = model.call(Prompt("Weather?", options))

    body = server.requests[0].body
    assert body["tools"] == [
        {
            "name": "weather",
            "description": "Get the current weather in a city.",
            "input_schema": {
                "type": "object",
                "properties": {"city": {"type": "string"}},
                "required": ["city"],
            },
        }
    ]
    assert body["tool_choice"] == {"type": "any", "disable_parallel_tool_use": True}
    output = response.get_result().get_output()  # type: ignore[union-attr]
    assert response.get_result().get_metadata().get_finish_reason() == "tool_use"  # type: ignore[union-attr]
    assert output.get_tool_calls() == [
        AssistantMessage.ToolCall("toolu_1", "function", "weather", '{"city": "Paris"}')
    ]

    server.enqueue_text("Sunny.")
    history = [
        UserMessage("Weather?"),
        output,
        ToolResponseMessage(
            [ToolResponseMessage.ToolResponse("toolu_1", "weather", "Sunny in Paris")]
        ),
    ]
    model.call(Prompt(history, options))
    messages = server.requests[1].body["messages"]
    assert messages[1] == {
        "role": "assistant",
        "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "weather", "input": {"city": "Paris"}}
        ],
    }
    assert messages[2] == {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "Sunny in Paris"}],
    }


def test_tool_choice_is_sent_only_with_tools(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_text("ok")
    model.call(Prompt("Hi", AnthropicChatOptions(tool_choice="auto")))
    assert "tool_choice" not in server.requests[0].body


def test_thinking_block_is_a_generation_and_replayed_before_tool_use(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_tool_calls(
        [{"name": "weather", "arguments": {"city": "Paris"}, "id": "toolu_1"}],
        thinking="thinking text",
    )
    response = model.call(Prompt("Weather?", AnthropicChatOptions(tool_callbacks=[weather])))

    assert len(response.get_results()) == 2
    thinking, answer = response.get_results()
    assert thinking.get_output().get_text() == "thinking text"
    signature = thinking.get_output().get_metadata()["signature"]
    assert signature
    assert answer.get_output().has_tool_calls()

    server.enqueue_text("Done.")
    tool_result = ToolResponseMessage(
        [ToolResponseMessage.ToolResponse("toolu_1", "weather", "Sunny")]
    )
    model.call(Prompt([UserMessage("Weather?"), answer.get_output(), tool_result]))
    blocks = server.requests[1].body["messages"][1]["content"]
    assert blocks[0] == {"type": "thinking", "thinking": "thinking text", "signature": signature}
    assert blocks[1]["type"] == "tool_use"


def test_thinking_only_response_keeps_replay_state(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_text("Final answer.", thinking="thinking text")
    response = model.call(Prompt("Explain it"))
    final = response.get_results()[1].get_output()
    assert final.get_text() == "Final answer."
    assert final.get_metadata()[THINKING][0]["thinking"] == "thinking text"
    assert final.copy().get_metadata()[THINKING] == final.get_metadata()[THINKING]


def test_redacted_thinking_is_replayed(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_text("ok")
    previous = AssistantMessage(
        "",
        {THINKING: [{"type": "redacted_thinking", "data": "opaque"}]},
        [AssistantMessage.ToolCall("toolu_1", "function", "weather", "not json")],
    )
    model.call(Prompt([UserMessage("Hi"), previous]))
    blocks = server.requests[0].body["messages"][1]["content"]
    assert blocks == [
        {"type": "redacted_thinking", "data": "opaque"},
        {"type": "tool_use", "id": "toolu_1", "name": "weather", "input": {}},
    ]


def test_media_become_image_and_document_blocks(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_text("ok")
    media = [
        Media("image/png", b"\x89PNG"),
        Media("image/jpeg", "https://example.com/cat.jpg"),
        Media("application/pdf", b"%PDF"),
    ]
    model.call(Prompt(UserMessage("Look", media)))
    assert server.requests[0].body["messages"][0]["content"] == [
        {"type": "text", "text": "Look"},
        {
            "type": "image",
            "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw=="},
        },
        {"type": "image", "source": {"type": "url", "url": "https://example.com/cat.jpg"}},
        {
            "type": "document",
            "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERg=="},
        },
    ]


@pytest.mark.parametrize(
    ("media", "message"),
    [
        (Media("audio/wav", b"RIFF"), "Unsupported media type: audio/wav"),
        (Media("image/bmp", b"BM"), "Unsupported image type: image/bmp"),
        (Media("image/png", 42), "Unsupported media data type: int"),
    ],
)
def test_unsupported_media_is_rejected(
    model: AnthropicChatModel, media: Media, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        model.call(Prompt(UserMessage("Look", [media])))


def test_rate_limit_headers_are_in_the_metadata(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_error(429, "slow down", headers={"retry-after": "0"})
    server.enqueue_text("ok")
    with pytest.raises(anthropic.RateLimitError):
        model.call("Hi")
    assert model.call(Prompt("Hi")).get_metadata().get_rate_limit().get_requests_limit() is None


def test_stream_emits_text_then_a_final_response_with_tool_calls_and_usage(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_tool_calls(
        [{"name": "weather", "arguments": {"city": "Paris", "unit": "C"}, "id": "toolu_1"}],
        text="Let me check",
        thinking="thinking text",
        usage=AnthropicUsage(20, 9),
    )

    chunks = _collect(model.stream(Prompt("Weather?")))

    texts = [c.get_result().get_output().get_text() for c in chunks]  # type: ignore[union-attr]
    assert "".join(t for t in texts if t) == "Let me check"
    flags = [c.get_result().get_output().get_metadata() for c in chunks]  # type: ignore[union-attr]
    assert any(f.get("thinking") is True for f in flags)
    assert any("signature" in f for f in flags)
    final = chunks[-1]
    generation = final.get_result()
    assert generation is not None
    assert generation.get_metadata().get_finish_reason() == "tool_use"
    assert generation.get_output().get_tool_calls() == [
        AssistantMessage.ToolCall(
            "toolu_1", "function", "weather", '{"city": "Paris", "unit": "C"}'
        )
    ]
    assert generation.get_output().get_metadata()[THINKING][0]["thinking"] == "thinking text"
    usage = final.get_metadata().get_usage()
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        20,
        9,
        29,
    )
    assert final.get_metadata().get_id().startswith("msg_")
    assert server.requests[0].body["stream"] is True


def test_streamed_thinking_is_replayed_after_aggregation(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_tool_calls(
        [{"name": "weather", "arguments": {"city": "Paris"}}], thinking="thinking text"
    )
    aggregated: list[ChatResponse] = []

    async def run() -> None:
        async for _ in MessageAggregator().aggregate(
            model.stream(Prompt("Weather?")), aggregated.append
        ):
            pass

    asyncio.run(run())
    server.enqueue_text("Done.")
    output = aggregated[0].get_result().get_output()  # type: ignore[union-attr]
    model.call(Prompt([UserMessage("Weather?"), output]))
    blocks = server.requests[1].body["messages"][1]["content"]
    assert blocks[0]["type"] == "thinking"
    assert blocks[0]["thinking"] == "thinking text"
    assert blocks[1]["type"] == "tool_use"


def test_errors_keep_the_sdks_types_without_the_key(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    server.enqueue_error(401, "invalid x-api-key")
    with pytest.raises(anthropic.AuthenticationError) as caught:
        model.call("Hi")
    assert API_KEY not in str(caught.value) and API_KEY not in repr(caught.value)
    server.enqueue_error(529, "Overloaded")
    with pytest.raises(anthropic.InternalServerError, match="Overloaded"):
        model.call("Hi")
    server.enqueue_raw(200, "{not json")
    with pytest.raises(anthropic.APIResponseValidationError):
        model.call("Hi")
    server.enqueue_error(401, "invalid x-api-key")
    with pytest.raises(anthropic.AuthenticationError):
        _collect(model.stream(Prompt("Hi")))
    server.enqueue_text("one two three four", cut_after=4)
    with pytest.raises(anthropic.APIConnectionError):
        _collect(model.stream(Prompt("Hi")))


def test_429_is_retried_by_the_sdk(server: AnthropicTestServer) -> None:
    model = AnthropicChatModel(
        options=AnthropicChatOptions(api_key=API_KEY, base_url=server.base_url, max_retries=1)
    )
    server.enqueue_error(429, "slow down", headers={"retry-after-ms": "10"})
    server.enqueue_text("after retry")
    assert model.call("Hi") == "after retry"
    assert len(server.requests) == 2


def test_api_key_comes_from_the_environment(
    server: AnthropicTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-env")
    server.enqueue_text("ok")
    AnthropicChatModel(options=AnthropicChatOptions(base_url=server.base_url)).call("Hi")
    assert server.requests[0].header("authorization") == "Bearer sk-ant-env"


def test_reprs_never_show_the_api_key(model: AnthropicChatModel) -> None:
    options = AnthropicChatOptions(api_key=API_KEY, http_headers={"x-api-key": API_KEY})
    assert API_KEY not in repr(options)
    assert API_KEY not in repr(model)


def test_span_and_metrics(server: AnthropicTestServer, otel: Any) -> None:
    reader = InMemoryMetricReader()
    model = _model(
        server, tracer_provider=otel.provider, meter_provider=MeterProvider(metric_readers=[reader])
    )
    server.enqueue_text("Hello", usage=AnthropicUsage(8, 3))
    server.enqueue_text("Hello", usage=AnthropicUsage(8, 3))

    model.call(Prompt("Hi", AnthropicChatOptions(top_k=3)))
    _collect(model.stream(Prompt("Hi")))

    spans = [s for s in otel.spans() if s.name == "chat claude-opus-4-1"]
    assert len(spans) == 2
    for span in spans:
        attributes = dict(span.attributes or {})
        assert attributes["gen_ai.system"] == "anthropic"
        assert attributes["gen_ai.response.finish_reasons"] == ("end_turn",)
        assert attributes["gen_ai.usage.input_tokens"] == 8
        assert attributes["gen_ai.usage.output_tokens"] == 3
        assert not any(API_KEY in str(value) for value in attributes.values())
    assert dict(spans[0].attributes or {})["gen_ai.request.top_k"] == 3
    data = reader.get_metrics_data()
    assert data is not None
    names = {m.name for r in data.resource_metrics for s in r.scope_metrics for m in s.metrics}
    assert names == {"gen_ai.client.token.usage", "gen_ai.client.operation.duration"}


def test_chat_client_tool_round_trip(
    server: AnthropicTestServer, model: AnthropicChatModel
) -> None:
    client = ChatClient.builder(model).default_system("Be brief.").build()
    server.enqueue_tool_calls(
        [{"name": "weather", "arguments": {"city": "Paris"}, "id": "toolu_1"}]
    )
    server.enqueue_text("Sunny in Paris.")

    assert client.prompt("Weather in Paris?").tools(weather).call().content() == "Sunny in Paris."

    second = server.requests[1].body
    assert second["system"] == "Be brief."
    assert second["messages"][-1]["content"][0]["content"] == "Sunny in Paris"
    server.enqueue_text("Streamed.")
    assert "".join(client.prompt("Hi").stream().content()) == "Streamed."


def test_timeouts_reach_the_sdk_per_client_and_per_request(server: AnthropicTestServer) -> None:
    model = AnthropicChatModel(
        options=AnthropicChatOptions(api_key=API_KEY, base_url=server.base_url, timeout=12)
    )
    server.enqueue_text("ok")
    server.enqueue_text("ok")
    model.call("Hi")
    _collect(model.stream(Prompt("Hi", AnthropicChatOptions(timeout=3))))
    assert [r.header("x-stainless-timeout") for r in server.requests] == ["12", "3"]


def test_missing_api_key_fails_when_the_model_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    with pytest.raises(
        ValueError,
        match=r"^AnthropicChatModel needs an API key: set the ANTHROPIC_API_KEY or "
        r"ANTHROPIC_AUTH_TOKEN environment variable or pass api_key in its options",
    ):
        AnthropicChatModel(options=AnthropicChatOptions(model="claude-sonnet-4-5"))
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-env")
    AnthropicChatModel(options=AnthropicChatOptions(model="claude-sonnet-4-5"))
