"""OpenAiTestServer driven by the official openai SDK over real loopback HTTP."""

from __future__ import annotations

import asyncio
import json
import math
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import openai
import pydantic
import pytest

from spring_ai_py.test.openai_server import OpenAiTestServer, OpenAiUsage

MODEL = "gpt-4o-mini"
MESSAGES: list[Any] = [{"role": "user", "content": "Hi"}]


@pytest.fixture
def server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as running:
        yield running


@pytest.fixture
def client(server: OpenAiTestServer) -> Iterator[openai.OpenAI]:
    sdk = openai.OpenAI(base_url=server.base_url, api_key="test-key", max_retries=0)
    yield sdk
    sdk.close()


def _async_client(server: OpenAiTestServer) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=server.base_url, api_key="test-key", max_retries=0)


def _post(server: OpenAiTestServer, path: str, data: bytes) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{server.port}{path}",
        data=data,
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


# --- chat completions, non-streaming -------------------------------------------------


def test_call_returns_scripted_text_usage_and_metadata(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_text(
        "Hello there",
        usage=OpenAiUsage(
            prompt_tokens=12, completion_tokens=3, cached_tokens=4, reasoning_tokens=2
        ),
    )

    completion = client.chat.completions.create(model=MODEL, messages=MESSAGES)

    assert completion.object == "chat.completion"
    assert completion.id.startswith("chatcmpl-")
    assert completion.model == MODEL
    assert completion.system_fingerprint
    assert completion.service_tier == "default"
    choice = completion.choices[0]
    assert choice.index == 0
    assert choice.message.role == "assistant"
    assert choice.message.content == "Hello there"
    assert choice.message.tool_calls is None
    assert choice.finish_reason == "stop"
    assert choice.logprobs is None
    usage = completion.usage
    assert usage is not None
    assert (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens) == (12, 3, 15)
    assert usage.prompt_tokens_details is not None
    assert usage.prompt_tokens_details.cached_tokens == 4
    assert usage.completion_tokens_details is not None
    assert usage.completion_tokens_details.reasoning_tokens == 2


def test_scripted_model_and_finish_reason_replace_the_defaults(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_text("cut short", model="gpt-4o-2024-08-06", finish_reason="length")

    completion = client.chat.completions.create(model=MODEL, messages=MESSAGES)

    assert completion.model == "gpt-4o-2024-08-06"
    assert completion.choices[0].finish_reason == "length"


def test_replies_are_served_in_the_order_they_were_scripted(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_text("first")
    server.enqueue_text("second")

    texts = [
        client.chat.completions.create(model=MODEL, messages=MESSAGES).choices[0].message.content
        for _ in range(2)
    ]

    assert texts == ["first", "second"]


def test_call_returns_tool_calls(server: OpenAiTestServer, client: openai.OpenAI) -> None:
    server.enqueue_tool_calls(
        [
            {"name": "get_weather", "arguments": {"city": "Paris"}, "id": "call_abc"},
            {"name": "get_time", "arguments": '{"zone": "CET"}'},
        ]
    )

    completion = client.chat.completions.create(model=MODEL, messages=MESSAGES)

    choice = completion.choices[0]
    assert choice.finish_reason == "tool_calls"
    assert choice.message.content is None
    calls = choice.message.tool_calls
    assert calls is not None
    assert [call.type for call in calls] == ["function", "function"]
    first, second = (call for call in calls if call.type == "function")
    assert first.id == "call_abc"
    assert first.function.name == "get_weather"
    assert json.loads(first.function.arguments) == {"city": "Paris"}
    assert second.id.startswith("call_")
    assert second.function.arguments == '{"zone": "CET"}'


def test_string_tool_arguments_are_sent_verbatim_even_when_malformed(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_tool_calls([{"name": "broken", "arguments": '{"city": '}])

    completion = client.chat.completions.create(model=MODEL, messages=MESSAGES)

    calls = completion.choices[0].message.tool_calls
    assert calls is not None and calls[0].type == "function"
    assert calls[0].function.arguments == '{"city": '


def test_parse_reads_json_text_as_the_response_format(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    class Person(pydantic.BaseModel):
        name: str
        age: int

    server.enqueue_text('{"name": "Ada", "age": 36}')

    completion = client.chat.completions.parse(
        model=MODEL, messages=MESSAGES, response_format=Person
    )

    assert completion.choices[0].message.parsed == Person(name="Ada", age=36)
    sent = server.requests[0].body
    assert sent["response_format"]["type"] == "json_schema"
    assert sent["response_format"]["json_schema"]["name"] == "Person"


# --- chat completions, streaming ------------------------------------------------------


def test_stream_sends_role_first_then_chunks_then_finish_reason_then_done(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_text("Hello world", chunks=["Hel", "lo", " world"])

    chunks = list(client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True))

    assert all(chunk.object == "chat.completion.chunk" for chunk in chunks)
    assert len({chunk.id for chunk in chunks}) == 1
    assert chunks[0].choices[0].delta.role == "assistant"
    assert [chunk.choices[0].delta.content for chunk in chunks[1:-1]] == ["Hel", "lo", " world"]
    assert [chunk.choices[0].finish_reason for chunk in chunks] == [None, None, None, None, "stop"]
    assert all(chunk.usage is None for chunk in chunks)
    assert server.requests[0].body["stream"] is True


def test_stream_splits_text_into_words_by_default(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_text("The quick brown fox")

    stream = client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True)
    pieces = [chunk.choices[0].delta.content for chunk in stream if chunk.choices]

    assert pieces[1:-1] == ["The", " quick", " brown", " fox"]
    assert "".join(piece or "" for piece in pieces) == "The quick brown fox"


def test_stream_with_include_usage_ends_with_a_usage_chunk_without_choices(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_text("Hi", usage=OpenAiUsage(prompt_tokens=7, completion_tokens=1))

    chunks = list(
        client.chat.completions.create(
            model=MODEL, messages=MESSAGES, stream=True, stream_options={"include_usage": True}
        )
    )

    assert chunks[-1].choices == []
    usage = chunks[-1].usage
    assert usage is not None
    assert (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens) == (7, 1, 8)
    assert all(chunk.usage is None for chunk in chunks[:-1])
    assert chunks[-2].choices[0].finish_reason == "stop"


def test_stream_tool_call_deltas_reassemble_to_the_full_arguments(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    arguments = {"city": "Paris", "unit": "celsius", "days": 3}
    server.enqueue_tool_calls(
        [
            {"name": "get_weather", "arguments": arguments, "id": "call_1"},
            {"name": "get_time", "arguments": {"zone": "CET"}, "id": "call_2"},
        ],
        text="Let me check.",
    )

    stream = client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True)
    text = ""
    calls: dict[int, dict[str, Any]] = {}
    fragments: dict[int, int] = {}
    finish_reasons = []
    for chunk in stream:
        choice = chunk.choices[0]
        finish_reasons.append(choice.finish_reason)
        text += choice.delta.content or ""
        for delta in choice.delta.tool_calls or []:
            assert delta.function is not None
            if delta.index not in calls:
                assert delta.id is not None and delta.type == "function"
                calls[delta.index] = {"id": delta.id, "name": delta.function.name, "args": ""}
            else:
                assert delta.id is None and delta.function.name is None
                fragments[delta.index] = fragments.get(delta.index, 0) + 1
            calls[delta.index]["args"] += delta.function.arguments or ""

    assert text == "Let me check."
    assert calls[0]["id"] == "call_1" and calls[0]["name"] == "get_weather"
    assert json.loads(calls[0]["args"]) == arguments
    assert calls[1]["name"] == "get_time" and json.loads(calls[1]["args"]) == {"zone": "CET"}
    assert fragments[0] > 1 and fragments[1] > 1
    assert finish_reasons[-1] == "tool_calls"


def test_sdk_stream_helper_accumulates_the_streamed_tool_calls(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_tool_calls([{"name": "lookup", "arguments": {"q": "spring ai"}}])

    with client.chat.completions.stream(model=MODEL, messages=MESSAGES) as stream:
        final = stream.get_final_completion()

    calls = final.choices[0].message.tool_calls
    assert calls is not None and calls[0].type == "function"
    assert calls[0].function.name == "lookup"
    assert json.loads(calls[0].function.arguments) == {"q": "spring ai"}


# --- request recording and secrets ----------------------------------------------------


def test_every_request_is_recorded_with_what_the_sdk_sent(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    tools: list[Any] = [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "Weather for a city",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
            },
        }
    ]
    server.enqueue_text("ok")

    client.chat.completions.create(
        model=MODEL, messages=MESSAGES, tools=tools, temperature=0.2, max_tokens=50
    )

    (request,) = server.requests
    assert request.method == "POST"
    assert request.path == "/v1/chat/completions"
    assert request.header("Authorization") == "Bearer test-key"
    assert request.headers["content-type"] == "application/json"
    assert request.body["messages"] == MESSAGES
    assert request.body["tools"] == tools
    assert request.body["temperature"] == 0.2
    assert request.body["max_tokens"] == 50
    assert json.loads(request.raw_body) == request.body


def test_recorded_request_repr_masks_the_api_key(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_text("ok")
    client.chat.completions.create(model=MODEL, messages=MESSAGES)

    text = repr(server.requests[0])

    assert "test-key" not in text
    assert "'authorization': '***'" in text
    assert "'content-type': 'application/json'" in text


def test_responses_never_echo_the_api_key(server: OpenAiTestServer, client: openai.OpenAI) -> None:
    server.enqueue_text("ok")
    server.enqueue_error(401, "Incorrect API key provided")
    raw_ok = client.chat.completions.with_raw_response.create(model=MODEL, messages=MESSAGES)
    with pytest.raises(openai.AuthenticationError) as unauthorized:
        client.chat.completions.create(model=MODEL, messages=MESSAGES)
    with pytest.raises(openai.InternalServerError) as unscripted:
        client.chat.completions.create(model=MODEL, messages=MESSAGES)

    bodies = [
        raw_ok.http_response.text,
        unauthorized.value.response.text,
        unscripted.value.response.text,
    ]
    assert all("test-key" not in body for body in bodies)
    assert all("test-key" not in value for value in raw_ok.headers.values())


# --- errors ---------------------------------------------------------------------------


def test_401_raises_authentication_error_with_openai_error_body(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_error(401, "Incorrect API key provided")

    with pytest.raises(openai.AuthenticationError) as raised:
        client.chat.completions.create(model=MODEL, messages=MESSAGES)

    assert raised.value.status_code == 401
    assert raised.value.body == {
        "message": "Incorrect API key provided",
        "type": "invalid_request_error",
        "param": None,
        "code": "invalid_api_key",
    }
    assert raised.value.response.json() == {"error": raised.value.body}


def test_429_raises_rate_limit_error_with_retry_after(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_error(429, "Rate limit reached")

    with pytest.raises(openai.RateLimitError) as raised:
        client.chat.completions.create(model=MODEL, messages=MESSAGES)

    assert raised.value.response.headers["retry-after"] == "1"
    assert raised.value.code == "rate_limit_exceeded"
    assert raised.value.type == "requests"
    assert len(server.requests) == 1


def test_429_is_retried_by_the_sdk_when_retries_are_allowed(server: OpenAiTestServer) -> None:
    server.enqueue_error(429, "Rate limit reached", headers={"retry-after-ms": "1"})
    server.enqueue_text("after the retry")
    retrying = openai.OpenAI(base_url=server.base_url, api_key="test-key", max_retries=1)

    completion = retrying.chat.completions.create(model=MODEL, messages=MESSAGES)

    assert completion.choices[0].message.content == "after the retry"
    assert [r.header("x-stainless-retry-count") for r in server.requests] == ["0", "1"]
    retrying.close()


def test_error_type_code_param_and_headers_can_be_scripted(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_error(
        400,
        "Invalid value for temperature",
        error_type="invalid_request_error",
        code="invalid_value",
        param="temperature",
        headers={"x-custom": "yes"},
    )

    with pytest.raises(openai.BadRequestError) as raised:
        client.chat.completions.create(model=MODEL, messages=MESSAGES)

    assert (raised.value.code, raised.value.param) == ("invalid_value", "temperature")
    assert raised.value.response.headers["x-custom"] == "yes"


def test_500_raises_internal_server_error_also_for_a_stream(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_error(500, "The server had an error")
    server.enqueue_error(503, "Overloaded")

    with pytest.raises(openai.InternalServerError) as call_error:
        client.chat.completions.create(model=MODEL, messages=MESSAGES)
    with pytest.raises(openai.InternalServerError) as stream_error:
        client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True)

    assert call_error.value.type == "server_error"
    assert stream_error.value.status_code == 503


def test_malformed_json_body_fails_in_the_sdk(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_raw(200, '{"id": "chatcmpl-1", "choices": [', "application/json")

    with pytest.raises(json.JSONDecodeError):
        client.chat.completions.create(model=MODEL, messages=MESSAGES)


def test_malformed_stream_event_fails_the_iteration(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_raw(200, "data: {not json\n\n", "text/event-stream")

    stream = client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True)
    with pytest.raises(json.JSONDecodeError):
        list(stream)


def test_stream_cut_mid_way_raises_from_the_iteration_after_the_sent_chunks(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_text("one two three four", cut_after=3)

    received: list[str | None] = []
    stream = client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True)
    with pytest.raises(openai.APIConnectionError):
        for chunk in stream:
            received.append(chunk.choices[0].delta.content)

    assert received == ["", "one", " two"]


def test_cut_reply_to_a_non_streaming_request_raises_connection_error(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_text("never complete", cut_after=0)

    with pytest.raises(openai.APIConnectionError):
        client.chat.completions.create(model=MODEL, messages=MESSAGES)


def test_disconnect_raises_connection_error(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_disconnect()

    with pytest.raises(openai.APIConnectionError):
        client.chat.completions.create(model=MODEL, messages=MESSAGES)


def test_empty_queue_answers_500_saying_no_reply_is_scripted_without_retries(
    server: OpenAiTestServer,
) -> None:
    retrying = openai.OpenAI(base_url=server.base_url, api_key="test-key", max_retries=2)

    with pytest.raises(openai.InternalServerError) as raised:
        retrying.chat.completions.create(model=MODEL, messages=MESSAGES)

    assert "No reply is scripted for POST /v1/chat/completions" in raised.value.message
    assert raised.value.response.headers["x-should-retry"] == "false"
    assert len(server.requests) == 1
    retrying.close()


def test_missing_required_parameter_answers_400_without_using_up_a_reply(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_text("kept")

    no_messages_status, no_messages = _post(server, "/v1/chat/completions", b'{"model": "m"}')
    no_model_status, no_model = _post(server, "/v1/chat/completions", b'{"messages": []}')

    assert (no_messages_status, no_model_status) == (400, 400)
    assert no_messages["error"] == {
        "message": "Missing required parameter: 'messages'.",
        "type": "invalid_request_error",
        "param": "messages",
        "code": "missing_required_parameter",
    }
    assert no_model["error"]["param"] == "model"
    completion = client.chat.completions.create(model=MODEL, messages=MESSAGES)
    assert completion.choices[0].message.content == "kept"


def test_invalid_json_request_body_answers_400(server: OpenAiTestServer) -> None:
    status, body = _post(server, "/v1/chat/completions", b"{oops")

    assert status == 400
    assert body["error"]["type"] == "invalid_request_error"
    assert "could not parse the JSON body" in body["error"]["message"]


def test_bad_content_length_answers_400_and_closes(server: OpenAiTestServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port)) as connection:
        connection.sendall(
            b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n"
        )
        reply = b""
        while chunk := connection.recv(4096):
            reply += chunk

    assert reply.startswith(b"HTTP/1.1 400 ")
    assert server.requests == []


def test_unknown_path_answers_404(server: OpenAiTestServer, client: openai.OpenAI) -> None:
    with pytest.raises(openai.NotFoundError) as raised:
        client.models.list()

    assert raised.value.message.endswith("Invalid URL (GET /v1/models)")
    assert server.requests[0].method == "GET"


# --- connections ----------------------------------------------------------------------


def test_keep_alive_reuses_one_connection_per_client(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_text("one")
    server.enqueue_text("two")
    server.enqueue_text("three")

    client.chat.completions.create(model=MODEL, messages=MESSAGES)
    client.chat.completions.create(model=MODEL, messages=MESSAGES)
    assert server.connection_count == 1

    other = openai.OpenAI(base_url=server.base_url, api_key="test-key", max_retries=0)
    other.chat.completions.create(model=MODEL, messages=MESSAGES)
    assert server.connection_count == 2
    other.close()


# --- async client ---------------------------------------------------------------------


def test_async_client_calls_and_streams(server: OpenAiTestServer) -> None:
    server.enqueue_text("async call")
    server.enqueue_text("async stream", chunks=["async", " stream"])
    server.enqueue_tool_calls([{"name": "f", "arguments": {"x": [1, 2, 3]}}])

    async def scenario() -> tuple[str | None, list[str], str]:
        async with _async_client(server) as client:
            completion = await client.chat.completions.create(model=MODEL, messages=MESSAGES)
            stream = await client.chat.completions.create(
                model=MODEL, messages=MESSAGES, stream=True
            )
            pieces = [chunk.choices[0].delta.content or "" async for chunk in stream]
            arguments = ""
            async for chunk in await client.chat.completions.create(
                model=MODEL, messages=MESSAGES, stream=True
            ):
                for delta in chunk.choices[0].delta.tool_calls or []:
                    assert delta.function is not None
                    arguments += delta.function.arguments or ""
            return completion.choices[0].message.content, pieces, arguments

    content, pieces, arguments = asyncio.run(scenario())

    assert content == "async call"
    assert pieces == ["", "async", " stream", ""]
    assert json.loads(arguments) == {"x": [1, 2, 3]}
    # The async SDK drains a finished stream, so all three requests share one connection.
    assert server.connection_count == 1


def test_async_client_sees_errors_and_cut_streams(server: OpenAiTestServer) -> None:
    server.enqueue_error(429, "slow down")
    server.enqueue_text("a b c", cut_after=2)

    async def scenario() -> list[str | None]:
        received: list[str | None] = []
        async with _async_client(server) as client:
            with pytest.raises(openai.RateLimitError):
                await client.chat.completions.create(model=MODEL, messages=MESSAGES)
            stream = await client.chat.completions.create(
                model=MODEL, messages=MESSAGES, stream=True
            )
            with pytest.raises(openai.APIConnectionError):
                async for chunk in stream:
                    received.append(chunk.choices[0].delta.content)
        return received

    assert asyncio.run(scenario()) == ["", "a"]


# --- embeddings -----------------------------------------------------------------------


def test_scripted_embeddings_are_returned_in_float_and_base64_encodings(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_embeddings([[0.5, -0.25], [1.0, 0.0]], prompt_tokens=9)
    server.enqueue_embeddings([[0.125, 0.75]], model="text-embedding-3-large")

    as_floats = client.embeddings.create(
        model="text-embedding-3-small", input=["a", "b"], encoding_format="float"
    )
    as_base64 = client.embeddings.create(model="text-embedding-3-small", input="c")

    assert [item.embedding for item in as_floats.data] == [[0.5, -0.25], [1.0, 0.0]]
    assert [item.index for item in as_floats.data] == [0, 1]
    assert as_floats.usage.prompt_tokens == as_floats.usage.total_tokens == 9
    assert as_floats.model == "text-embedding-3-small"
    assert as_base64.data[0].embedding == [0.125, 0.75]
    assert as_base64.model == "text-embedding-3-large"
    assert server.requests[1].body["encoding_format"] == "base64"


def test_unscripted_embeddings_are_deterministic_unit_vectors(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    texts = ["the cat sat on the mat", "the cat sat", "quarterly revenue figures"]

    first = client.embeddings.create(model="e", input=texts)
    again = client.embeddings.create(model="e", input=texts[0])

    vectors = [item.embedding for item in first.data]
    assert all(len(vector) == 16 for vector in vectors)
    assert all(math.isclose(sum(v * v for v in vector), 1.0, rel_tol=1e-5) for vector in vectors)
    assert again.data[0].embedding == vectors[0]

    def cosine(a: list[float], b: list[float]) -> float:
        return sum(x * y for x, y in zip(a, b, strict=True))

    assert cosine(vectors[0], vectors[1]) > cosine(vectors[0], vectors[2])
    assert first.usage.prompt_tokens == 6 + 3 + 3


def test_embedding_dimensions_come_from_the_server_or_the_request() -> None:
    with OpenAiTestServer(embedding_dimensions=5) as server:
        client = openai.OpenAI(base_url=server.base_url, api_key="k", max_retries=0)
        by_server = client.embeddings.create(model="e", input="hello")
        by_request = client.embeddings.create(model="e", input="hello", dimensions=3)
        by_tokens = client.embeddings.create(model="e", input=[[1, 2, 3], [4]])
        client.close()

    assert len(by_server.data[0].embedding) == 5
    assert len(by_request.data[0].embedding) == 3
    assert [len(item.embedding) for item in by_tokens.data] == [5, 5]


def test_embeddings_use_their_own_queue(server: OpenAiTestServer, client: openai.OpenAI) -> None:
    server.enqueue_text("chat reply")
    server.enqueue_error(400, "input too long", endpoint="embeddings")

    with pytest.raises(openai.BadRequestError):
        client.embeddings.create(model="e", input="x")
    client.embeddings.create(model="e", input="x")
    completion = client.chat.completions.create(model=MODEL, messages=MESSAGES)

    assert completion.choices[0].message.content == "chat reply"


def test_embedding_raw_and_disconnect_replies(
    server: OpenAiTestServer, client: openai.OpenAI
) -> None:
    server.enqueue_raw(200, "not json", "application/json", endpoint="embeddings")
    server.enqueue_disconnect(endpoint="embeddings")

    with pytest.raises(json.JSONDecodeError):
        client.embeddings.create(model="e", input="x")
    with pytest.raises(openai.APIConnectionError):
        client.embeddings.create(model="e", input="x")


def test_invalid_embedding_input_answers_400(server: OpenAiTestServer) -> None:
    status, body = _post(server, "/v1/embeddings", b'{"model": "e", "input": [1.5]}')
    missing_status, missing = _post(server, "/v1/embeddings", b'{"model": "e"}')

    assert status == 400 and body["error"]["param"] == "input"
    assert missing_status == 400 and missing["error"]["param"] == "input"


# --- lifecycle and bad scripting ------------------------------------------------------


def test_lifecycle_start_stop_and_repr() -> None:
    server = OpenAiTestServer()
    with pytest.raises(RuntimeError, match="is not started"):
        _ = server.base_url
    assert repr(server) == "OpenAiTestServer(base_url=None)"

    server.start()
    assert server.base_url == f"http://127.0.0.1:{server.port}/v1"
    assert repr(server) == f"OpenAiTestServer(base_url='{server.base_url}')"
    with pytest.raises(RuntimeError, match="can only be started once"):
        server.start()
    client = openai.OpenAI(base_url=server.base_url, api_key="test-key", max_retries=0)
    server.enqueue_text("hi")
    client.chat.completions.create(model=MODEL, messages=MESSAGES)

    server.stop()
    server.stop()
    with pytest.raises(openai.APIConnectionError):
        client.chat.completions.create(model=MODEL, messages=MESSAGES)
    with pytest.raises(RuntimeError, match="can only be started once"):
        server.start()
    client.close()


@pytest.mark.parametrize(
    ("script", "message"),
    [
        (lambda s: s.enqueue_text("abc", chunks=["a", "b"]), "chunks must join to the text"),
        (lambda s: s.enqueue_text("ab", chunks=["a", 1]), "chunks must be strings"),
        (lambda s: s.enqueue_text(None), "text must be a string"),
        (lambda s: s.enqueue_text("a", cut_after=-1), "cut_after must be a non-negative"),
        (lambda s: s.enqueue_tool_calls([]), "tool_calls must not be empty"),
        (lambda s: s.enqueue_tool_calls([{"arguments": {}}]), "needs a non-empty name"),
        (lambda s: s.enqueue_tool_calls([{"name": "f", "args": {}}]), "unknown tool call keys"),
        (lambda s: s.enqueue_tool_calls([{"name": "f", "arguments": 3}]), "mapping or a JSON"),
        (lambda s: s.enqueue_tool_calls([{"name": "f", "id": 7}]), "id must be a string"),
        (lambda s: s.enqueue_tool_calls(["f"]), "must be a mapping"),
        (lambda s: s.enqueue_error(200, "fine"), "between 400 and 599"),
        (lambda s: s.enqueue_embeddings([]), "vectors must not be empty"),
    ],
)
def test_bad_scripts_are_rejected(script: Any, message: str) -> None:
    server = OpenAiTestServer()

    with pytest.raises(ValueError, match=message):
        script(server)


def test_embedding_dimensions_must_be_positive() -> None:
    with pytest.raises(ValueError, match="embedding_dimensions must be positive"):
        OpenAiTestServer(embedding_dimensions=0)
