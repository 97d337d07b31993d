"""AnthropicTestServer driven by the official anthropic SDK over real loopback HTTP."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import anthropic
import httpx2
import pytest

from spring_ai_py.test.anthropic_server import AnthropicTestServer, AnthropicUsage

MODEL = "claude-sonnet-4-6"
MESSAGES: list[Any] = [{"role": "user", "content": "Hi"}]


@pytest.fixture
def server() -> Iterator[AnthropicTestServer]:
    with AnthropicTestServer() as running:
        yield running


@pytest.fixture
def client(server: AnthropicTestServer) -> Iterator[anthropic.Anthropic]:
    sdk = anthropic.Anthropic(base_url=server.base_url, api_key="test-key", max_retries=0)
    yield sdk
    sdk.close()


def _create(client: anthropic.Anthropic, **kwargs: Any) -> Any:
    return client.messages.create(model=MODEL, max_tokens=256, messages=MESSAGES, **kwargs)


def _post(server: AnthropicTestServer, data: bytes, stream: bool = False) -> tuple[int, str]:
    request = urllib.request.Request(
        f"{server.base_url}/v1/messages",
        data=data,
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


# --- messages, non-streaming ----------------------------------------------------------


def test_call_returns_scripted_text_with_usage(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_text(
        "Hello there",
        usage=AnthropicUsage(
            input_tokens=21,
            output_tokens=4,
            cache_creation_input_tokens=7,
            cache_read_input_tokens=3,
        ),
    )

    message = _create(client)

    assert message.type == "message"
    assert message.role == "assistant"
    assert message.id.startswith("msg_")
    assert message.model == MODEL
    assert [block.type for block in message.content] == ["text"]
    assert message.content[0].text == "Hello there"
    assert message.stop_reason == "end_turn"
    assert message.stop_sequence is None
    usage = message.usage
    assert (usage.input_tokens, usage.output_tokens) == (21, 4)
    assert (usage.cache_creation_input_tokens, usage.cache_read_input_tokens) == (7, 3)


def test_scripted_stop_reason_stop_sequence_and_model(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_text("one two", stop_reason="stop_sequence", stop_sequence="three")
    server.enqueue_text("long", stop_reason="max_tokens", model="claude-opus-4-1")

    first = _create(client)
    second = _create(client)

    assert (first.stop_reason, first.stop_sequence) == ("stop_sequence", "three")
    assert (second.stop_reason, second.model) == ("max_tokens", "claude-opus-4-1")


def test_call_returns_tool_use_blocks_after_the_text(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_tool_calls(
        [
            {"name": "get_weather", "arguments": {"city": "Paris"}, "id": "toolu_abc"},
            {"name": "get_time", "arguments": '{"zone": "CET"}'},
        ],
        text="Checking.",
    )

    message = _create(client)

    assert message.stop_reason == "tool_use"
    assert [block.type for block in message.content] == ["text", "tool_use", "tool_use"]
    text, weather, time = message.content
    assert text.text == "Checking."
    assert (weather.id, weather.name, weather.input) == (
        "toolu_abc",
        "get_weather",
        {"city": "Paris"},
    )
    assert time.id.startswith("toolu_")
    assert (time.name, time.input) == ("get_time", {"zone": "CET"})


def test_thinking_comes_first_as_a_signed_block(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_text("42", thinking="Let me add it up.")

    message = _create(client)

    thinking, text = message.content
    assert thinking.type == "thinking"
    assert thinking.thinking == "Let me add it up."
    assert thinking.signature
    assert text.text == "42"


def test_replies_are_served_in_the_order_they_were_scripted(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_text("first")
    server.enqueue_text("second")

    assert [_create(client).content[0].text for _ in range(2)] == ["first", "second"]


# --- messages, streaming --------------------------------------------------------------


def test_stream_emits_the_event_sequence_and_text_deltas(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_text("Hello world", chunks=["Hel", "lo", " world"], usage=AnthropicUsage(9, 3))

    events = list(_create(client, stream=True))

    assert [event.type for event in events] == [
        "message_start",
        "content_block_start",
        "content_block_delta",
        "content_block_delta",
        "content_block_delta",
        "content_block_stop",
        "message_delta",
        "message_stop",
    ]
    start = events[0].message
    assert (start.content, start.stop_reason, start.usage.input_tokens) == ([], None, 9)
    assert events[1].content_block.type == "text" and events[1].content_block.text == ""
    assert [event.delta.text for event in events[2:5]] == ["Hel", "lo", " world"]
    assert {event.delta.type for event in events[2:5]} == {"text_delta"}
    assert events[6].delta.stop_reason == "end_turn"
    assert events[6].usage.output_tokens == 3


def test_stream_sends_a_ping_after_the_first_block_opens(server: AnthropicTestServer) -> None:
    server.enqueue_text("Hi")
    body = {"model": MODEL, "max_tokens": 5, "messages": MESSAGES, "stream": True}

    status, text = _post(server, json.dumps(body).encode())

    event_names = [
        line[len("event: ") :] for line in text.splitlines() if line.startswith("event:")
    ]
    assert status == 200
    assert event_names[:3] == ["message_start", "content_block_start", "ping"]
    assert 'data: {"type":"ping"}' in text


def test_sdk_text_stream_concatenates_to_the_text(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_text("The quick brown fox")

    with client.messages.stream(model=MODEL, max_tokens=64, messages=MESSAGES) as stream:
        pieces = list(stream.text_stream)
        final: Any = stream.get_final_message()

    assert pieces == ["The", " quick", " brown", " fox"]
    assert final.content[0].text == "The quick brown fox"
    assert server.requests[0].body["stream"] is True


def test_stream_tool_input_json_deltas_reassemble(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    arguments = {"city": "Paris", "unit": "celsius", "days": [1, 2]}
    server.enqueue_tool_calls([{"name": "get_weather", "arguments": arguments, "id": "toolu_1"}])

    partials: list[str] = []
    opening = None
    for event in _create(client, stream=True):
        if event.type == "content_block_start":
            opening = event.content_block
        if event.type == "content_block_delta":
            assert event.delta.type == "input_json_delta"
            partials.append(event.delta.partial_json)
        if event.type == "message_delta":
            assert event.delta.stop_reason == "tool_use"

    assert opening is not None and opening.type == "tool_use"
    assert (opening.id, opening.name, opening.input) == ("toolu_1", "get_weather", {})
    assert len(partials) > 1
    assert json.loads("".join(partials)) == arguments


def test_sdk_stream_helper_accumulates_thinking_text_and_tool_use(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_tool_calls(
        [{"name": "lookup", "arguments": {"q": "spring ai"}}],
        text="Looking it up.",
        thinking="I should search.",
    )

    with client.messages.stream(model=MODEL, max_tokens=64, messages=MESSAGES) as stream:
        final: Any = stream.get_final_message()

    assert [block.type for block in final.content] == ["thinking", "text", "tool_use"]
    thinking, text, tool_use = final.content
    assert thinking.thinking == "I should search." and thinking.signature
    assert text.text == "Looking it up."
    assert (tool_use.name, tool_use.input) == ("lookup", {"q": "spring ai"})
    assert final.stop_reason == "tool_use"


# --- request recording and secrets ----------------------------------------------------


def test_every_request_is_recorded_with_what_the_sdk_sent(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    tools: list[Any] = [
        {
            "name": "get_weather",
            "description": "Weather for a city",
            "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
        }
    ]
    server.enqueue_text("ok")

    _create(client, system="Be brief.", tools=tools, stop_sequences=["END"])

    (request,) = server.requests
    assert (request.method, request.path) == ("POST", "/v1/messages")
    assert request.body["messages"] == MESSAGES
    assert request.body["system"] == "Be brief."
    assert request.body["tools"] == tools
    assert request.body["max_tokens"] == 256
    assert request.body["stop_sequences"] == ["END"]
    assert request.header("anthropic-version")
    credential = request.header("x-api-key") or request.header("authorization")
    assert credential is not None and "test-key" in credential


def test_recorded_request_repr_masks_the_api_key(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_text("ok")
    _create(client)

    text = repr(server.requests[0])

    assert "test-key" not in text
    assert "'***'" in text


def test_responses_never_echo_the_api_key(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_text("ok")
    raw = client.messages.with_raw_response.create(model=MODEL, max_tokens=5, messages=MESSAGES)
    with pytest.raises(anthropic.InternalServerError) as unscripted:
        _create(client)
    with pytest.raises(anthropic.NotFoundError) as unknown:
        client.models.list()

    for body in (
        raw.http_response.text,
        unscripted.value.response.text,
        unknown.value.response.text,
    ):
        assert "test-key" not in body


# --- errors ---------------------------------------------------------------------------


def test_401_raises_authentication_error_with_anthropic_error_body(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_error(401, "invalid x-api-key")

    with pytest.raises(anthropic.AuthenticationError) as raised:
        _create(client)

    body = raised.value.body
    assert isinstance(body, dict)
    assert body["type"] == "error"
    assert body["error"] == {"type": "authentication_error", "message": "invalid x-api-key"}
    assert body["request_id"] == raised.value.response.headers["request-id"]


def test_429_raises_rate_limit_error_with_retry_after(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_error(429, "Number of request tokens has exceeded your rate limit")

    with pytest.raises(anthropic.RateLimitError) as raised:
        _create(client)

    assert raised.value.response.headers["retry-after"] == "1"
    assert isinstance(raised.value.body, dict)
    assert raised.value.body["error"]["type"] == "rate_limit_error"


def test_429_is_retried_by_the_sdk_when_retries_are_allowed(server: AnthropicTestServer) -> None:
    server.enqueue_error(429, "slow down", headers={"retry-after-ms": "1"})
    server.enqueue_text("after the retry")
    retrying = anthropic.Anthropic(base_url=server.base_url, api_key="test-key", max_retries=1)

    message = _create(retrying)

    assert message.content[0].text == "after the retry"
    assert [r.header("x-stainless-retry-count") for r in server.requests] == ["0", "1"]
    retrying.close()


@pytest.mark.parametrize(
    ("status", "error_class", "error_type"),
    [
        (400, anthropic.BadRequestError, "invalid_request_error"),
        (403, anthropic.PermissionDeniedError, "permission_error"),
        (404, anthropic.NotFoundError, "not_found_error"),
        (500, anthropic.InternalServerError, "api_error"),
        (529, anthropic.OverloadedError, "overloaded_error"),
    ],
)
def test_error_status_maps_to_the_sdk_exception_and_error_type(
    server: AnthropicTestServer,
    client: anthropic.Anthropic,
    status: int,
    error_class: type[anthropic.APIStatusError],
    error_type: str,
) -> None:
    server.enqueue_error(status, "boom")

    with pytest.raises(error_class) as raised:
        _create(client)

    assert raised.value.status_code == status
    assert isinstance(raised.value.body, dict)
    assert raised.value.body["error"] == {"type": error_type, "message": "boom"}


def test_error_type_and_headers_can_be_scripted(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_error(413, "too big", error_type="request_too_large", headers={"x-extra": "1"})

    with pytest.raises(anthropic.APIStatusError) as raised:
        _create(client)

    assert raised.value.status_code == 413
    assert isinstance(raised.value.body, dict)
    assert raised.value.body["error"]["type"] == "request_too_large"
    assert raised.value.response.headers["x-extra"] == "1"


def test_error_before_a_stream_raises_from_create(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_error(500, "Internal server error")

    with pytest.raises(anthropic.InternalServerError):
        _create(client, stream=True)


def test_malformed_json_body_fails_in_the_sdk(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_raw(200, '{"type": "message", "content": [', "application/json")

    with pytest.raises(json.JSONDecodeError):
        _create(client)


def test_malformed_stream_event_fails_the_iteration(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_raw(200, "event: message_start\ndata: {oops\n\n", "text/event-stream")

    stream = _create(client, stream=True)
    with pytest.raises(json.JSONDecodeError):
        list(stream)


def test_stream_cut_mid_way_raises_from_the_iteration_after_the_sent_events(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_text("one two three", cut_after=4)

    received: list[str] = []
    stream = _create(client, stream=True)
    # This SDK version lets the transport's error through unwrapped during iteration.
    with pytest.raises((anthropic.APIConnectionError, httpx2.RemoteProtocolError)):
        for event in stream:
            received.append(event.type)

    # message_start, content_block_start and one text delta (the ping is not surfaced).
    assert received == ["message_start", "content_block_start", "content_block_delta"]


def test_cut_reply_to_a_non_streaming_request_and_disconnect_raise_connection_errors(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_text("never complete", cut_after=1)
    server.enqueue_disconnect()

    with pytest.raises(anthropic.APIConnectionError):
        _create(client)
    with pytest.raises(anthropic.APIConnectionError):
        _create(client)


def test_empty_queue_answers_500_saying_no_reply_is_scripted_without_retries(
    server: AnthropicTestServer,
) -> None:
    retrying = anthropic.Anthropic(base_url=server.base_url, api_key="test-key", max_retries=2)

    with pytest.raises(anthropic.InternalServerError) as raised:
        _create(retrying)

    assert isinstance(raised.value.body, dict)
    assert raised.value.body["error"]["type"] == "api_error"
    assert "No reply is scripted for POST /v1/messages" in raised.value.body["error"]["message"]
    assert len(server.requests) == 1
    retrying.close()


@pytest.mark.parametrize("missing", ["model", "max_tokens", "messages"])
def test_missing_required_field_answers_400_without_using_up_a_reply(
    server: AnthropicTestServer, client: anthropic.Anthropic, missing: str
) -> None:
    server.enqueue_text("kept")
    body = {"model": MODEL, "max_tokens": 5, "messages": MESSAGES}
    del body[missing]

    status, text = _post(server, json.dumps(body).encode())

    assert status == 400
    assert json.loads(text)["error"] == {
        "type": "invalid_request_error",
        "message": f"{missing}: Field required",
    }
    assert _create(client).content[0].text == "kept"


def test_invalid_json_request_body_answers_400(server: AnthropicTestServer) -> None:
    status, text = _post(server, b"{oops")

    assert status == 400
    assert json.loads(text)["error"]["type"] == "invalid_request_error"


# --- connections ----------------------------------------------------------------------


def test_keep_alive_reuses_one_connection_per_client(
    server: AnthropicTestServer, client: anthropic.Anthropic
) -> None:
    server.enqueue_text("one")
    server.enqueue_text("two")
    server.enqueue_text("three")

    _create(client)
    list(_create(client, stream=True))
    _create(client)
    assert server.connection_count == 1

    other = anthropic.Anthropic(base_url=server.base_url, api_key="test-key", max_retries=0)
    server.enqueue_text("four")
    _create(other)
    assert server.connection_count == 2
    other.close()


# --- async client ---------------------------------------------------------------------


def test_async_client_calls_streams_and_fails(server: AnthropicTestServer) -> None:
    server.enqueue_text("async call")
    server.enqueue_text("async stream", chunks=["async", " stream"])
    server.enqueue_tool_calls([{"name": "f", "arguments": {"x": [1, 2, 3]}}])
    server.enqueue_error(429, "slow down")

    async def scenario() -> tuple[str, list[str], dict[str, Any]]:
        async with anthropic.AsyncAnthropic(
            base_url=server.base_url, api_key="test-key", max_retries=0
        ) as client:
            message: Any = await client.messages.create(
                model=MODEL, max_tokens=9, messages=MESSAGES
            )
            async with client.messages.stream(
                model=MODEL, max_tokens=9, messages=MESSAGES
            ) as stream:
                pieces = [piece async for piece in stream.text_stream]
            async with client.messages.stream(
                model=MODEL, max_tokens=9, messages=MESSAGES
            ) as stream:
                final: Any = await stream.get_final_message()
            with pytest.raises(anthropic.RateLimitError):
                await client.messages.create(model=MODEL, max_tokens=9, messages=MESSAGES)
        tool_use = final.content[0]
        assert tool_use.type == "tool_use"
        return message.content[0].text, pieces, tool_use.input

    text, pieces, tool_input = asyncio.run(scenario())

    assert text == "async call"
    assert pieces == ["async", " stream"]
    assert tool_input == {"x": [1, 2, 3]}
    assert server.connection_count == 1


# --- lifecycle and bad scripting ------------------------------------------------------


def test_base_url_has_no_path_prefix_and_lifecycle_is_guarded() -> None:
    server = AnthropicTestServer()
    with pytest.raises(RuntimeError, match="is not started"):
        _ = server.port

    with server:
        assert server.base_url == f"http://127.0.0.1:{server.port}"
        with pytest.raises(RuntimeError, match="can only be started once"):
            server.start()

    assert repr(server) == "AnthropicTestServer(base_url=None)"


@pytest.mark.parametrize(
    ("script", "message"),
    [
        (lambda s: s.enqueue_text("abc", chunks=["ab"]), "chunks must join to the text"),
        (lambda s: s.enqueue_text(3), "text must be a string"),
        (lambda s: s.enqueue_text("a", cut_after=-2), "cut_after must be a non-negative"),
        (lambda s: s.enqueue_tool_calls([]), "tool_calls must not be empty"),
        (lambda s: s.enqueue_tool_calls([{"name": ""}]), "needs a non-empty name"),
        (lambda s: s.enqueue_tool_calls([{"name": "f", "input": {}}]), "unknown tool call keys"),
        (lambda s: s.enqueue_tool_calls([{"name": "f", "arguments": "[1]"}]), "JSON object"),
        (lambda s: s.enqueue_tool_calls([{"name": "f", "arguments": "{x"}]), "JSON object"),
        (lambda s: s.enqueue_tool_calls([{"name": "f", "id": 1}]), "id must be a string"),
        (lambda s: s.enqueue_tool_calls([("f", {})]), "must be a mapping"),
        (lambda s: s.enqueue_error(302, "moved"), "between 400 and 599"),
    ],
)
def test_bad_scripts_are_rejected(script: Any, message: str) -> None:
    server = AnthropicTestServer()

    with pytest.raises(ValueError, match=message):
        script(server)
