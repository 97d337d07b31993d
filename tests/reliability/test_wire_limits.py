"""Hostile servers against both providers: bounded time and size, masked credentials,
readable errors for bodies too deep or not UTF-8.

A trickling server sends one byte every few milliseconds, so every read gets data and
``timeout`` (which bounds each read) never fires; ``call_timeout``,
``stream_idle_timeout`` and ``stream_total_timeout`` end the exchange in the SDK's
``APITimeoutError`` on every path. Limits are small here so the tests stay fast; no
test asserts on how long anything took.
"""

from __future__ import annotations

import asyncio
import gc
from datetime import timedelta
from typing import Any

import httpx2
import pytest

from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions
from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.model import ChatModel
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model._wire_limits import Exchange
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test.faults import FaultServer
from spring_ai_py.test.spans import SpanRecorder
from tests.reliability.conftest import answer, provider_model, sdk

PATHS = ["call", "acall", "stream", "for"]
SECRET = "sk-live-0123456789abcdef"
HEADER_SECRET = "hdr-secret-42"


def _run(model: ChatModel, path: str) -> str:
    """The whole answer through ``path``: blocking call, awaited call, ``async for``
    over the model's stream, plain ``for`` over a ChatClient stream."""
    if path == "call":
        return answer(model, "call")
    if path == "stream":
        return answer(model, "stream")
    if path == "acall":
        response = asyncio.run(model.acall(Prompt("Hi")))
        return response.get_result().get_output().get_text() or ""
    return "".join(ChatClient.builder(model).build().prompt("Hi").stream().content())


@pytest.mark.parametrize("path", PATHS)
def test_a_trickling_server_ends_in_a_timeout_on_every_path(server: FaultServer, path: str) -> None:
    server.enqueue_trickle(interval=0.02)
    model = provider_model(server, call_timeout=0.3, stream_total_timeout=0.3)

    with pytest.raises(sdk(server).APITimeoutError) as raised:
        _run(model, path)

    limit = "call_timeout" if path in ("call", "acall") else "stream_total_timeout"
    assert limit in str(raised.value.__cause__)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("path", PATHS)
def test_a_server_trickling_its_headers_ends_in_a_timeout_on_every_path(
    server: FaultServer, path: str
) -> None:
    # The status line at once, then one header byte every 20 ms for ever: the head
    # never ends, and without a deadline on the socket the call would never end either.
    server.enqueue_trickled_head(interval=0.02)
    model = provider_model(server, call_timeout=0.3, stream_total_timeout=0.3)

    with pytest.raises(sdk(server).APITimeoutError) as raised:
        _run(model, path)

    limit = "call_timeout" if path in ("call", "acall") else "stream_total_timeout"
    assert limit in str(raised.value.__cause__)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("path", ["call", "stream"])
def test_a_server_trickling_its_status_line_ends_in_a_timeout(
    server: FaultServer, path: str
) -> None:
    server.enqueue_trickled_head(interval=0.02, status_line_too=True)
    model = provider_model(server, call_timeout=0.3, stream_total_timeout=0.3)

    with pytest.raises(sdk(server).APITimeoutError) as raised:
        _run(model, path)

    assert "took longer than" in str(raised.value.__cause__)


@pytest.mark.timeout(20)
def test_the_idle_limit_bounds_a_stream_whose_headers_trickle(server: FaultServer) -> None:
    server.enqueue_trickled_head(interval=0.02)
    model = provider_model(server, stream_idle_timeout=0.3, stream_total_timeout=60)

    with pytest.raises(sdk(server).APITimeoutError) as raised:
        _run(model, "stream")

    assert "stream_idle_timeout (0.3 s)" in str(raised.value.__cause__)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("path", ["stream", "for"])
def test_a_stream_gone_silent_ends_at_the_idle_limit_not_after_timeout(
    server: FaultServer, path: str
) -> None:
    server.enqueue_events(server.answer_events("one two three"), stall_after=2)
    model = provider_model(server, timeout=60.0, stream_idle_timeout=0.3)

    with pytest.raises(sdk(server).APITimeoutError) as raised:
        _run(model, path)

    assert "stream_idle_timeout (0.3 s)" in str(raised.value.__cause__)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("path", PATHS)
def test_no_retry_is_sent_after_the_deadline(server: FaultServer, path: str) -> None:
    # The first attempt takes the whole deadline; the two retries the SDK would make
    # (each after a pause) are not sent: the deadline covers the retries.
    server.enqueue_trickled_head(interval=0.02)
    server.enqueue_answer("too late")
    server.enqueue_answer("too late")
    model = provider_model(server, call_timeout=0.3, stream_total_timeout=0.3, max_retries=2)

    with pytest.raises(sdk(server).APITimeoutError):
        _run(model, path)

    assert len(server.requests) == 1


@pytest.mark.parametrize("path", ["call", "stream"])
def test_retries_within_the_deadline_are_made(server: FaultServer, path: str) -> None:
    server.enqueue_status(500, headers={"retry-after-ms": "1"})
    server.enqueue_answer("Hello")
    model = provider_model(server, call_timeout=10, stream_total_timeout=10, max_retries=1)

    assert _run(model, path) == "Hello"
    assert len(server.requests) == 2


@pytest.mark.timeout(20)
@pytest.mark.parametrize("path", PATHS)
def test_a_retry_after_longer_than_the_time_left_is_not_waited_for(
    server: FaultServer, path: str
) -> None:
    # The SDK honours a retry-after of up to two minutes; 30 s is past the deadline,
    # so the server's error is raised at once instead of after a 30 s sleep.
    server.enqueue_status(429, headers={"retry-after": "30"})
    server.enqueue_answer("too late")
    model = provider_model(server, call_timeout=2, stream_total_timeout=2, max_retries=2)

    with pytest.raises(sdk(server).RateLimitError):
        _run(model, path)

    assert len(server.requests) == 1
    model.close()  # type: ignore[attr-defined]  # its kept-alive connection


def _embedding_model(server: FaultServer, **options: Any) -> Any:
    from spring_ai_py.openai import OpenAiEmbeddingModel, OpenAiEmbeddingOptions

    settings: dict[str, Any] = {"base_url": server.base_url, "api_key": "k", "timeout": 2.0}
    return OpenAiEmbeddingModel(OpenAiEmbeddingOptions(**{**settings, **options}))


def _embed(model: Any, path: str) -> Any:
    from spring_ai_py.embedding import EmbeddingRequest

    request = EmbeddingRequest(["Hi"], None)
    if path == "acall":
        return asyncio.run(model.acall(request))
    return model.call(request)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("path", ["call", "acall"])
def test_an_embedding_call_whose_headers_trickle_ends_at_call_timeout(path: str) -> None:
    import openai

    with FaultServer("openai") as server:
        server.enqueue_trickled_head(interval=0.02)
        server.enqueue_json({"data": [], "model": "m", "object": "list"})
        model = _embedding_model(server, call_timeout=0.3, max_retries=2)

        with pytest.raises(openai.APITimeoutError) as raised:
            _embed(model, path)

        assert "call_timeout (0.3 s)" in str(raised.value.__cause__)
        assert len(server.requests) == 1


@pytest.mark.parametrize("path", ["call", "acall"])
def test_an_embedding_answer_larger_than_max_answer_bytes_is_a_validation_error(
    path: str,
) -> None:
    import openai

    with FaultServer("openai") as server:
        vector = [0.5] * 200
        body = {
            "object": "list",
            "model": "m",
            "data": [{"object": "embedding", "index": 0, "embedding": vector}],
            "usage": {"prompt_tokens": 1, "total_tokens": 1},
        }
        server.enqueue_json(body)
        model = _embedding_model(server, max_answer_bytes=500, max_retries=0)

        with pytest.raises(openai.APIResponseValidationError, match=r"max_answer_bytes \(500"):
            _embed(model, path)


def test_the_embedding_limits_are_checked_when_options_are_built() -> None:
    from spring_ai_py.openai import OpenAiEmbeddingOptions

    assert OpenAiEmbeddingOptions(call_timeout=timedelta(seconds=2)).call_timeout == 2.0
    with pytest.raises(ValueError, match="call_timeout must be positive"):
        OpenAiEmbeddingOptions(call_timeout=0)
    with pytest.raises(TypeError, match="max_answer_bytes must be an integer"):
        OpenAiEmbeddingOptions.builder().max_answer_bytes(1.5).build()


def test_the_fault_server_checks_the_trickle_interval() -> None:
    with FaultServer("openai") as server, pytest.raises(ValueError, match="interval must be"):
        server.enqueue_trickled_head(interval=0)


@pytest.mark.parametrize("path", ["stream", "for"])
def test_a_stream_without_events_ends_after_the_idle_limit(server: FaultServer, path: str) -> None:
    server.enqueue_trickle(interval=0.02)
    model = provider_model(server, stream_idle_timeout=0.3, stream_total_timeout=60)

    with pytest.raises(sdk(server).APITimeoutError) as raised:
        _run(model, path)

    assert "stream_idle_timeout (0.3 s)" in str(raised.value.__cause__)


def test_a_slow_consumer_is_not_idle_time(server: FaultServer) -> None:
    server.enqueue_answer("one two three")
    model = provider_model(server, stream_idle_timeout=0.2)

    async def consume() -> str:
        parts = []
        async for response in model.stream(Prompt("Hi")):
            parts.append(response.get_result().get_output().get_text() or "")
            await asyncio.sleep(0.1)  # three pauses: longer than the idle limit in all
        return "".join(parts)

    assert asyncio.run(consume()) == "one two three"


@pytest.mark.parametrize("path", PATHS)
def test_an_answer_larger_than_max_answer_bytes_is_a_validation_error(
    server: FaultServer, path: str
) -> None:
    server.enqueue_answer("word " * 200)
    model = provider_model(server, max_answer_bytes=500, max_retries=2)

    with pytest.raises(sdk(server).APIResponseValidationError, match=r"max_answer_bytes \(500"):
        _run(model, path)


def test_answers_within_the_limits_are_untouched(server: FaultServer, mode: str) -> None:
    server.enqueue_answer("Hello there")
    model = provider_model(
        server,
        call_timeout=5,
        stream_idle_timeout=5,
        stream_total_timeout=5,
        max_answer_bytes=10_000,
    )

    assert answer(model, mode) == "Hello there"


def test_a_finished_exchange_leaves_no_cycle_to_the_collector(server: FaultServer, mode: str) -> None:
    # The exchange holds the response and the response's body holds the exchange: unless
    # the body lets go of it when it is closed, every answer's response, request and
    # connection stream wait for the cyclic collector (thousands of them when thousands
    # of streams run at once).
    server.enqueue_answer("Hello there")
    model = provider_model(server)
    assert answer(model, mode) == "Hello there"  # warm: the client and its pool are built
    server.enqueue_answer("Hello again")
    gc.collect()
    flags = gc.get_debug()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        assert answer(model, mode) == "Hello again"
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, httpx2.Response | httpx2.Request | Exchange)]
    finally:
        gc.set_debug(flags)
        gc.garbage.clear()
        gc.enable()

    assert left == []


@pytest.mark.parametrize("options_type", [OpenAiChatOptions, AnthropicChatOptions])
def test_the_limits_are_checked_when_options_are_built(options_type: Any) -> None:
    built = options_type(call_timeout=timedelta(seconds=2), stream_idle_timeout=1.5)
    assert (built.call_timeout, built.stream_idle_timeout) == (2.0, 1.5)
    with pytest.raises(ValueError, match="stream_total_timeout must be positive"):
        options_type(stream_total_timeout=0)
    with pytest.raises(TypeError, match="call_timeout must be a number of seconds"):
        options_type(call_timeout="soon")
    with pytest.raises(TypeError, match="max_answer_bytes must be an integer, got float"):
        options_type.builder().max_answer_bytes(1.5).build()


def test_runtime_options_override_the_default_limits(server: FaultServer) -> None:
    server.enqueue_trickle(interval=0.02)
    model = provider_model(server, call_timeout=60)
    options_type = OpenAiChatOptions if server.provider == "openai" else AnthropicChatOptions

    with pytest.raises(sdk(server).APITimeoutError):
        model.call(Prompt("Hi", options_type(call_timeout=0.3)))


# -- credentials echoed by the server ----------------------------------------------


def _echoing_model(server: FaultServer, recorder: SpanRecorder) -> ChatModel:
    settings: dict[str, Any] = {
        "base_url": server.base_url,
        "api_key": SECRET,
        "max_retries": 0,
        "timeout": 2.0,
    }
    if server.provider == "openai":
        options = OpenAiChatOptions(
            **settings, custom_headers={"Authorization": f"Bearer {SECRET}"}
        )
        return OpenAiChatModel(options, tracer_provider=recorder.tracer_provider)
    options_a = AnthropicChatOptions(**settings, http_headers={"api-key": HEADER_SECRET})
    return AnthropicChatModel(options_a, tracer_provider=recorder.tracer_provider)


def _assert_no_secret(error: BaseException, recorder: SpanRecorder) -> None:
    shown = [str(error), repr(error), repr(error.args), repr(vars(error))]
    for span in recorder.spans:
        shown.append(repr(span.status.description))
        shown.extend(repr(dict(event.attributes or {})) for event in span.events)
    assert recorder.spans, "the model call made no span"
    for text in shown:
        assert SECRET not in text
        assert HEADER_SECRET not in text
    assert "***" in str(error)


@pytest.mark.parametrize("path", ["call", "acall", "stream"])
def test_credentials_the_server_echoes_are_masked(server: FaultServer, path: str) -> None:
    server.enqueue_echo_status(401)
    recorder = SpanRecorder()

    with pytest.raises(sdk(server).AuthenticationError) as raised:
        _run(_echoing_model(server, recorder), path)

    sent = server.requests[0]
    assert SECRET in (sent.header("authorization") or "") + (sent.header("x-api-key") or "")
    _assert_no_secret(raised.value, recorder)


def test_credentials_in_a_stream_error_event_are_masked(server: FaultServer) -> None:
    if server.provider == "openai":
        error_event = server.event({"error": {"message": f"bad key {SECRET}", "type": "auth"}})
    else:
        error_event = server.event(
            {"type": "error", "error": {"type": "api_error", "message": f"bad key {SECRET}"}}
        )
    server.enqueue_events([*server.answer_events("Hi")[:2], error_event])
    recorder = SpanRecorder()

    with pytest.raises(sdk(server).APIError) as raised:
        _run(_echoing_model(server, recorder), "stream")

    _assert_no_secret(raised.value, recorder)


# -- bodies and events that cannot be read ----------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000


def test_a_body_nested_too_deeply_is_a_validation_error(server: FaultServer) -> None:
    server.enqueue_raw(200, DEEP)

    with pytest.raises(sdk(server).APIResponseValidationError):
        answer(provider_model(server), "call")


def test_a_stream_event_nested_too_deeply_is_a_validation_error(server: FaultServer) -> None:
    deep_event = server.event(
        DEEP, "content_block_delta" if server.provider == "anthropic" else None
    )
    server.enqueue_events([*server.answer_events("Hi")[:2], deep_event])

    with pytest.raises(sdk(server).APIResponseValidationError, match="nested too deeply"):
        answer(provider_model(server), "stream")


def test_a_stream_event_that_is_not_utf8_is_a_validation_error(server: FaultServer) -> None:
    delta = {
        "type": "content_block_delta",
        "index": 0,
        "delta": {"type": "text_delta", "text": "x"},
    }
    if server.provider == "openai":
        delta = {
            "id": "c",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": "m",
            "choices": [{"index": 0, "delta": {"content": "x"}, "finish_reason": None}],
        }
    raw = server.event(delta).replace(b'"x"', b'"\xff\xfe"')
    server.enqueue_events([*server.answer_events("Hi")[:2], raw])

    with pytest.raises(sdk(server).APIResponseValidationError):
        answer(provider_model(server), "stream")


# -- memory per stream --------------------------------------------------------------


def _peak_bytes(run: Any) -> tuple[int, Any]:
    import tracemalloc

    tracemalloc.start()
    try:
        result = run()
        return tracemalloc.get_traced_memory()[1], result
    finally:
        tracemalloc.stop()


def test_openai_tool_argument_fragments_are_joined_once_not_kept_per_chunk() -> None:
    from spring_ai_py.openai.chat_model import _ChunkAssembler

    count = 20_000

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {
            "id": "c",
            "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    def run() -> Any:
        assembler = _ChunkAssembler()
        first = {
            "index": 0,
            "id": "call_1",
            "type": "function",
            "function": {"name": "f", "arguments": ""},
        }
        assembler.add(chunk({"tool_calls": [first]}))
        for _ in range(count):
            assembler.add(chunk({"tool_calls": [{"index": 0, "function": {"arguments": "ab"}}]}))
        return assembler.add(chunk({}, "tool_calls"))

    peak, response = _peak_bytes(run)

    assert response.get_result().get_output().get_tool_calls()[0].arguments == "ab" * count
    assert peak < 5 * 2**20  # about 20 MB when every chunk was kept


def test_openai_reasoning_fragments_are_joined_once_not_rebuilt_per_chunk() -> None:
    from spring_ai_py.openai.chat_model import _ChunkAssembler

    count = 20_000

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {
            "id": "c",
            "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    def run() -> Any:
        assembler = _ChunkAssembler()
        pieces, carried = [], 0
        for number in range(count):
            response = assembler.add(chunk({"reasoning_content": f"r{number % 10}"}))
            metadata = response.get_result().get_output().get_metadata()
            pieces.append(metadata.get("reasoningDelta"))
            carried += len(metadata["reasoningContent"])
            del response, metadata  # a consumer keeps none of the chunks
        return pieces, carried, assembler.add(chunk({"content": "42"}, "stop"))

    peak, (pieces, carried, last) = _peak_bytes(run)

    whole = "".join(f"r{number % 10}" for number in range(count))
    assert "".join(pieces) == whole
    metadata = last.get_result().get_output().get_metadata()
    assert metadata["reasoningContent"] == whole
    assert "reasoningDelta" not in metadata
    # The reasoning so far in every chunk would be 400 million characters built, one
    # string per chunk; each chunk carries its piece, the last one the whole.
    assert carried == 0
    assert peak < 5 * 2**20


def test_the_chat_client_stream_aggregate_keeps_no_chunk_objects() -> None:
    from spring_ai_py.chat.client import ChatClientResponse
    from spring_ai_py.chat.client.message_aggregator import ChatClientStreamAggregation
    from spring_ai_py.chat.messages import AssistantMessage
    from spring_ai_py.chat.model import ChatResponse, Generation

    count = 20_000

    def run() -> Any:
        aggregation = ChatClientStreamAggregation({"k": "v"})
        for number in range(count):
            response = ChatResponse([Generation(AssistantMessage(f"w{number % 10} "))])
            aggregation.add(ChatClientResponse(response, {"n": number}))
        return aggregation.result()

    peak, result = _peak_bytes(run)

    assert result.chat_response.get_result().get_output().get_text().count("w") == count
    assert result.context == {"k": "v", "n": count - 1}
    assert peak < 5 * 2**20  # about 20 MB when every chunk was kept
