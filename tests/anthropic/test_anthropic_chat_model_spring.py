"""Port of Spring AI 2.0.1 `org.springframework.ai.anthropic.AnthropicChatModelTests`: 22 tests ported, 0 skipped.

Spring mocks the SDK's ``MessageService`` and captures ``MessageCreateParams``; here
the real ``anthropic`` SDK talks to the loopback ``AnthropicTestServer`` and the
tests read the JSON body and headers the server recorded. Where Spring checks that a
generation's output is an ``AnthropicAssistantMessage``, the port checks the message's
``anthropicThinkingContents`` property, which carries the same replay state
(PORTING: the port keeps one ``AssistantMessage`` type).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from spring_ai_py.anthropic import (
    AnthropicCacheOptions,
    AnthropicCacheStrategy,
    AnthropicChatModel,
    AnthropicChatOptions,
    AnthropicSkill,
)
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.model import ChatResponse, MessageAggregator
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import ToolCallingManager
from spring_ai_py.test.anthropic_server import AnthropicTestServer, AnthropicUsage
from spring_ai_py.tool import tool

THINKING = AnthropicChatModel.ANTHROPIC_THINKING_CONTENTS_PROPERTY


@tool
def get_current_weather(location: str) -> str:
    """Get the current weather for a location."""
    return f"Sunny in {location}"


@pytest.fixture
def server() -> Iterator[AnthropicTestServer]:
    with AnthropicTestServer() as running:
        yield running


@pytest.fixture
def chat_model(server: AnthropicTestServer) -> AnthropicChatModel:
    """Spring's ``setUp`` (its claude-sonnet-4-5 is deprecated in the SDK: 4-6 here)."""
    return AnthropicChatModel(
        options=AnthropicChatOptions(
            model="claude-sonnet-4-6",
            max_tokens=1024,
            temperature=0.7,
            api_key="sk-ant-test",
            base_url=server.base_url,
            max_retries=0,
        )
    )


def _collect(stream: AsyncIterator[ChatResponse]) -> list[ChatResponse]:
    async def run() -> list[ChatResponse]:
        return [chunk async for chunk in stream]

    return asyncio.run(run())


def _rate_limit_headers() -> dict[str, str]:
    reset_at = (datetime.now(UTC) + timedelta(seconds=30)).isoformat().replace("+00:00", "Z")
    return {
        "anthropic-ratelimit-requests-limit": "100",
        "anthropic-ratelimit-requests-remaining": "99",
        "anthropic-ratelimit-requests-reset": reset_at,
        "anthropic-ratelimit-tokens-limit": "50000",
        "anthropic-ratelimit-tokens-remaining": "49000",
        "anthropic-ratelimit-tokens-reset": reset_at,
    }


def _tool_calling_conversation() -> list[Message]:
    return [
        UserMessage("What's the weather in Paris?"),
        _assistant_tool_call("toolu_1", "Paris"),
        _tool_result("toolu_1", "Sunny and 25C in Paris."),
    ]


def _assistant_tool_call(tool_id: str, city: str) -> AssistantMessage:
    call = AssistantMessage.ToolCall(tool_id, "function", "getWeather", f'{{"city":"{city}"}}')
    return AssistantMessage("", None, [call])


def _tool_result(tool_id: str, data: str) -> ToolResponseMessage:
    return ToolResponseMessage([ToolResponseMessage.ToolResponse(tool_id, "getWeather", data)])


def _tool_result_blocks(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        block
        for message in body["messages"]
        if message["role"] == "user" and isinstance(message["content"], list)
        for block in message["content"]
        if block["type"] == "tool_result"
    ]


def _assistant_blocks(body: dict[str, Any]) -> list[dict[str, Any]]:
    return next(m["content"] for m in body["messages"] if m["role"] == "assistant")


def test_call_with_simple_user_message(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Hello! How can I help you today?")
    response = chat_model.call(Prompt("Hello"))
    result = response.get_result()
    assert result is not None
    assert result.get_output().get_text() == "Hello! How can I help you today?"
    request = server.requests[0].body
    assert request["model"] == "claude-sonnet-4-6"
    assert request["max_tokens"] == 1024


def test_call_with_system_and_user_messages(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("I am a helpful assistant.")
    response = chat_model.call(
        Prompt([SystemMessage("You are a helpful assistant."), UserMessage("Who are you?")])
    )
    assert response.get_result().get_output().get_text() == "I am a helpful assistant."
    assert server.requests[0].body["system"] == "You are a helpful assistant."


def test_call_with_runtime_options_override(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Response with override")
    runtime = AnthropicChatOptions(model="claude-3-opus-20240229", max_tokens=2048, temperature=0.3)
    assert chat_model.call(Prompt("Test", runtime)) is not None
    request = server.requests[0].body
    assert request["model"] == "claude-3-opus-20240229"
    assert request["max_tokens"] == 2048
    assert request["temperature"] == 0.3


def test_response_contains_usage_metadata(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Test response", usage=AnthropicUsage(10, 20))
    usage = chat_model.call(Prompt("Test")).get_metadata().get_usage()
    assert usage.get_prompt_tokens() == 10
    assert usage.get_completion_tokens() == 20
    assert usage.get_total_tokens() == 30


def test_response_contains_finish_reason(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Stopped at max tokens", stop_reason="max_tokens")
    response = chat_model.call(Prompt("Test"))
    assert response.get_result().get_metadata().get_finish_reason() == "max_tokens"


def test_response_with_tool_use_block(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_tool_calls(
        [
            {
                "name": "getCurrentWeather",
                "arguments": {"location": "San Francisco"},
                "id": "toolu_123",
            }
        ]
    )
    response = chat_model.call(Prompt("What's the weather?", AnthropicChatOptions()))
    output = response.get_result().get_output()
    assert len(output.get_tool_calls()) == 1
    call = output.get_tool_calls()[0]
    assert call.id == "toolu_123"
    assert call.name == "getCurrentWeather"
    assert "San Francisco" in call.arguments


def test_thinking_block_is_replayed_before_tool_use_block(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_tool_calls(
        [{"name": "get_current_weather", "arguments": {"location": "Paris"}, "id": "toolu_123"}],
        thinking="thinking text",
    )
    server.enqueue_text("Done.")
    options = AnthropicChatOptions(tool_callbacks=[get_current_weather])
    prompt = Prompt("What's the weather?", options)

    response = chat_model.call(prompt)
    assert len(response.get_results()) == 2
    thinking, tool_call = response.get_results()
    assert thinking.get_output().get_text() == "thinking text"
    signature = thinking.get_output().get_metadata()["signature"]
    assert signature
    assert THINKING in tool_call.get_output().get_metadata()
    assert len(tool_call.get_output().get_tool_calls()) == 1

    result = ToolCallingManager.builder().build().execute_tool_calls(prompt, response)
    chat_model.call(Prompt(result.conversation_history, options))

    replayed = _assistant_blocks(server.requests[1].body)
    assert len(replayed) == 2
    assert replayed[0] == {"type": "thinking", "thinking": "thinking text", "signature": signature}
    assert replayed[1]["type"] == "tool_use"
    assert len(_tool_result_blocks(server.requests[1].body)) == 1


def test_redacted_thinking_block_is_replayed_before_tool_use_block(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    # A redacted_thinking block before the tool_use, as the API returns when a
    # thinking block was flagged by its safety systems.
    server.enqueue_content(
        [
            {"type": "redacted_thinking", "data": "redacted-data"},
            {
                "type": "tool_use",
                "id": "toolu_123",
                "name": "get_current_weather",
                "input": {"location": "Paris"},
            },
        ],
        stop_reason="tool_use",
    )
    server.enqueue_text("Done.")
    options = AnthropicChatOptions(tool_callbacks=[get_current_weather])
    prompt = Prompt("What's the weather?", options)

    response = chat_model.call(prompt)
    assert len(response.get_results()) == 2
    redacted, tool_call = response.get_results()
    assert redacted.get_output().get_metadata()["data"] == "redacted-data"
    assert THINKING in tool_call.get_output().get_metadata()
    assert len(tool_call.get_output().get_tool_calls()) == 1

    result = ToolCallingManager.builder().build().execute_tool_calls(prompt, response)
    chat_model.call(Prompt(result.conversation_history, options))
    replayed = _assistant_blocks(server.requests[1].body)
    assert len(replayed) == 2
    assert replayed[0] == {"type": "redacted_thinking", "data": "redacted-data"}
    assert replayed[1]["type"] == "tool_use"


def test_thinking_only_response_exposes_thinking_generation_and_keeps_replay_state(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Final answer.", thinking="thinking text")
    response = chat_model.call(Prompt("Explain it"))
    assert len(response.get_results()) == 2
    thinking, final = response.get_results()
    assert thinking.get_output().get_text() == "thinking text"
    assert thinking.get_output().get_metadata()["signature"]
    assert final.get_output().get_text() == "Final answer."
    assert final.get_output().get_metadata()[THINKING]  # hasThinkingContents()


def test_streaming_thinking_block_is_replayed_before_tool_use_block(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_tool_calls(
        [{"name": "get_current_weather", "arguments": {"location": "Paris"}, "id": "toolu_123"}],
        thinking="thinking text",
    )
    server.enqueue_text("Done.")
    options = AnthropicChatOptions(tool_callbacks=[get_current_weather])
    prompt = Prompt("What's the weather?", options)
    aggregated: list[ChatResponse] = []

    _collect(MessageAggregator().aggregate(chat_model.stream(prompt), aggregated.append))
    result = ToolCallingManager.builder().build().execute_tool_calls(prompt, aggregated[0])
    chat_model.call(Prompt(result.conversation_history, options))

    replayed = _assistant_blocks(server.requests[1].body)
    assert len(replayed) == 2
    assert replayed[0]["type"] == "thinking"
    assert replayed[0]["thinking"] == "thinking text"
    assert replayed[0]["signature"]
    assert replayed[1]["type"] == "tool_use"


def test_cache_options_is_merged_from_runtime_prompt(server: AnthropicTestServer) -> None:
    model = AnthropicChatModel(
        options=AnthropicChatOptions(
            model="default-model", max_tokens=1000, base_url=server.base_url, api_key="k"
        )
    )
    cache_options = (
        AnthropicCacheOptions.builder().strategy(AnthropicCacheStrategy.SYSTEM_ONLY).build()
    )
    runtime = AnthropicChatOptions.builder().cache_options(cache_options).build()
    prompt = Prompt("Test", runtime)
    merged = prompt.get_options()
    assert isinstance(merged, AnthropicChatOptions)
    assert merged.get_cache_options().get_strategy() is AnthropicCacheStrategy.SYSTEM_ONLY
    # And the model sends with them: the system-only strategy with no system message
    # places no breakpoint.
    server.enqueue_text("ok")
    model.call(prompt)
    assert "cache_control" not in str(server.requests[0].body)


def test_cache_tool_results_places_breakpoint_on_last_tool_result_block(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Done.")
    cache = AnthropicCacheOptions(
        strategy=AnthropicCacheStrategy.CONVERSATION_HISTORY, cache_tool_results=True
    )
    chat_model.call(Prompt(_tool_calling_conversation(), AnthropicChatOptions(cache_options=cache)))
    assert _tool_result_blocks(server.requests[0].body)[-1]["cache_control"] == {
        "type": "ephemeral",
        "ttl": "5m",
    }


def test_cache_tool_results_disabled_by_default_leaves_tool_results_uncached(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Done.")
    cache = AnthropicCacheOptions(strategy=AnthropicCacheStrategy.CONVERSATION_HISTORY)
    chat_model.call(Prompt(_tool_calling_conversation(), AnthropicChatOptions(cache_options=cache)))
    assert "cache_control" not in _tool_result_blocks(server.requests[0].body)[-1]


def test_cache_tool_results_only_breaks_the_last_tool_result_message(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Done.")
    cache = AnthropicCacheOptions(
        strategy=AnthropicCacheStrategy.CONVERSATION_HISTORY, cache_tool_results=True
    )
    messages: list[Message] = [
        UserMessage("What's the weather in Paris and Berlin?"),
        _assistant_tool_call("toolu_1", "Paris"),
        _tool_result("toolu_1", "Sunny and 25C in Paris."),
        _assistant_tool_call("toolu_2", "Berlin"),
        _tool_result("toolu_2", "Cloudy and 12C in Berlin."),
    ]
    chat_model.call(Prompt(messages, AnthropicChatOptions(cache_options=cache)))
    results = _tool_result_blocks(server.requests[0].body)
    assert len(results) == 2
    assert "cache_control" not in results[0]
    assert "cache_control" in results[1]


def test_multi_turn_conversation(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Paris is the capital of France.")
    response = chat_model.call(
        Prompt(
            [
                UserMessage("What is the capital of France?"),
                AssistantMessage("The capital of France is Paris."),
                UserMessage("What is its population?"),
            ]
        )
    )
    assert response.get_result().get_output().get_text() == "Paris is the capital of France."
    assert len(server.requests[0].body["messages"]) == 3


def test_call_with_output_config(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text('{ "name": "test" }')
    options = AnthropicChatOptions(output_config={"effort": "high"})
    assert chat_model.call(Prompt("Generate JSON", options)) is not None
    assert server.requests[0].body["output_config"]["effort"] == "high"


def test_call_with_output_schema(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text('{ "name": "France" }')
    options = AnthropicChatOptions(
        output_schema='{"type":"object","properties":{"name":{"type":"string"}}}'
    )
    assert chat_model.call(Prompt("Generate JSON", options)) is not None
    assert server.requests[0].body["output_config"]["format"]["type"] == "json_schema"


def test_call_with_http_headers(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Hello")
    options = AnthropicChatOptions(
        http_headers={"X-Custom-Header": "custom-value", "X-Request-Id": "req-123"}
    )
    assert chat_model.call(Prompt("Hello", options)) is not None
    request = server.requests[0]
    assert request.header("X-Custom-Header") == "custom-value"
    assert request.header("X-Request-Id") == "req-123"


def test_call_with_skill_container_wires_additional_body_and_beta_headers(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Created spreadsheet")
    options = AnthropicChatOptions.builder().skill(AnthropicSkill.XLSX).build()
    assert chat_model.call(Prompt("Create an Excel file", options)) is not None
    request = server.requests[0]
    beta = request.header("anthropic-beta") or ""
    assert "skills-2025-10-02" in beta
    assert "code-execution-2025-08-25" in beta
    assert "files-api-2025-04-14" in beta
    assert request.body["container"] == {
        "skills": [{"type": "anthropic", "skill_id": "xlsx", "version": "latest"}]
    }
    assert {"type": "code_execution_20260120", "name": "code_execution"} in request.body["tools"]


def test_rate_limit_headers_are_populated_in_metadata(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("OK", headers=_rate_limit_headers())
    rate_limit = chat_model.call(Prompt("test")).get_metadata().get_rate_limit()
    assert rate_limit.get_requests_limit() == 100
    assert rate_limit.get_requests_remaining() == 99
    assert rate_limit.requests_reset is not None and rate_limit.requests_reset > 0
    assert rate_limit.get_tokens_limit() == 50000
    assert rate_limit.get_tokens_remaining() == 49000
    assert rate_limit.tokens_reset is not None and rate_limit.tokens_reset > 0


def test_streaming_closes_stream_response(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    """Spring checks the SDK's StreamResponse is closed; here: the connection is given
    back after the stream ends, so the next request reuses it."""
    server.enqueue_text("one")
    server.enqueue_text("two")

    async def run() -> None:
        async for _ in chat_model.stream(Prompt("test")):
            pass
        async for _ in chat_model.stream(Prompt("test")):
            pass

    asyncio.run(run())
    assert len(server.requests) == 2
    assert server.connection_count == 1


def test_streaming_attaches_rate_limit_headers_to_response(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("OK", headers=_rate_limit_headers())
    responses = _collect(chat_model.stream(Prompt("test")))
    rate_limit = responses[-1].get_metadata().get_rate_limit()
    assert rate_limit.get_requests_limit() == 100
    assert rate_limit.get_requests_remaining() == 99
    assert rate_limit.get_tokens_limit() == 50000
    assert rate_limit.get_tokens_remaining() == 49000
    assert rate_limit.tokens_reset is not None and rate_limit.tokens_reset > 0
