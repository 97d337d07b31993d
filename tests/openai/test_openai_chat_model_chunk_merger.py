"""Port of Spring AI 2.0.1 `org.springframework.ai.openai.OpenAiChatModelChunkMergerTests`: 8 tests ported, 0 skipped.

Spring calls ``ChunkMerger.mergeChunks`` and ``chunkToChatCompletion`` on SDK chunk
objects; here the same chunks go over the wire as the server-sent events of OpenAI's
streaming Chat Completions reference (``chat.completion.chunk`` objects whose
``delta.tool_calls`` carry an ``index`` and, on continuation deltas, no ``id`` or, as
some compatible servers send, an empty ``id`` and ``name``: gh-6374), and the tests
read the tool calls of the stream's responses. Spring's ``IllegalStateException`` is
``RuntimeError``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatResponse
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test.openai_server import OpenAiTestServer


@pytest.fixture
def server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as running:
        yield running


def _stream(server: OpenAiTestServer, *chunks: dict[str, Any]) -> list[AssistantMessage.ToolCall]:
    body = "".join(f"data: {json.dumps(chunk)}\n\n" for chunk in chunks) + "data: [DONE]\n\n"
    server.enqueue_raw(200, body, "text/event-stream")
    model = OpenAiChatModel(
        options=OpenAiChatOptions(base_url=server.base_url, api_key="k", max_retries=0)
    )

    async def run() -> list[ChatResponse]:
        return [response async for response in model.stream(Prompt("Hi"))]

    responses = asyncio.run(run())
    return [
        call
        for response in responses
        for generation in response.get_results()
        for call in generation.get_output().get_tool_calls()
    ]


def _chunk(finish_reason: str | None, *tool_calls: dict[str, Any]) -> dict[str, Any]:
    delta: dict[str, Any] = {"tool_calls": list(tool_calls)} if tool_calls else {}
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "test-model",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
    }


def _delta(
    index: int, call_id: str | None, name: str | None, arguments: str | None
) -> dict[str, Any]:
    function: dict[str, Any] = {}
    if arguments is not None:
        function["arguments"] = arguments
    if name is not None:
        function["name"] = name
    call: dict[str, Any] = {"index": index, "function": function}
    if call_id is not None:
        call["id"] = call_id
    return call


def _finish() -> dict[str, Any]:
    return _chunk("tool_calls")


def test_merge_tool_call_deltas_with_absent_continuation_ids(server: OpenAiTestServer) -> None:
    calls = _stream(
        server,
        _chunk(None, _delta(0, "call_1", "get_weather", "")),
        _chunk(None, _delta(0, None, None, '{"city": ')),
        _chunk(None, _delta(0, None, None, '"Seoul"}')),
        _finish(),
    )
    assert calls == [
        AssistantMessage.ToolCall("call_1", "function", "get_weather", '{"city": "Seoul"}')
    ]


def test_merge_tool_call_deltas_with_empty_continuation_ids(server: OpenAiTestServer) -> None:
    calls = _stream(
        server,
        _chunk(None, _delta(0, "call_1d70a7ee", "show_options", "")),
        _chunk(None, _delta(0, "", "", '{"options": ["a"')),
        _chunk(None, _delta(0, "", "", ', "b"]}')),
        _finish(),
    )
    assert calls == [
        AssistantMessage.ToolCall(
            "call_1d70a7ee", "function", "show_options", '{"options": ["a", "b"]}'
        )
    ]


def test_merge_parallel_tool_call_deltas_by_index(server: OpenAiTestServer) -> None:
    calls = _stream(
        server,
        _chunk(None, _delta(0, "call_a", "tool_a", "")),
        _chunk(None, _delta(1, "call_b", "tool_b", "")),
        _chunk(None, _delta(0, None, None, '{"a": 1}')),
        _chunk(None, _delta(1, None, None, '{"b": 2}')),
        _finish(),
    )
    assert [(c.id, c.arguments) for c in calls] == [("call_a", '{"a": 1}'), ("call_b", '{"b": 2}')]


def test_merge_multiple_tool_call_deltas_in_single_chunk(server: OpenAiTestServer) -> None:
    calls = _stream(
        server,
        _chunk(None, _delta(0, "call_a", "tool_a", ""), _delta(1, "call_b", "tool_b", "")),
        _chunk(None, _delta(0, None, None, '{"a": 1}'), _delta(1, None, None, '{"b": 2}')),
        _finish(),
    )
    assert [(c.name, c.arguments) for c in calls] == [
        ("tool_a", '{"a": 1}'),
        ("tool_b", '{"b": 2}'),
    ]


def test_chunk_to_chat_completion_requires_tool_call_id(server: OpenAiTestServer) -> None:
    with pytest.raises(RuntimeError, match=r"^Tool call id is missing$"):
        _stream(server, _chunk("tool_calls", _delta(0, None, "get_weather", '{"city":"Seoul"}')))
    with pytest.raises(RuntimeError, match=r"^Tool call id is missing$"):
        _stream(server, _chunk("tool_calls", _delta(0, " ", "get_weather", '{"city":"Seoul"}')))


def test_chunk_to_chat_completion_requires_tool_call_function(server: OpenAiTestServer) -> None:
    with pytest.raises(RuntimeError, match=r"^Tool call function is missing$"):
        _stream(server, _chunk("tool_calls", {"index": 0, "id": "call_1"}))


def test_chunk_to_chat_completion_requires_tool_call_function_name(
    server: OpenAiTestServer,
) -> None:
    with pytest.raises(RuntimeError, match=r"^Tool call function name is missing$"):
        _stream(server, _chunk("tool_calls", _delta(0, "call_1", None, '{"city":"Seoul"}')))
    with pytest.raises(RuntimeError, match=r"^Tool call function name is missing$"):
        _stream(server, _chunk("tool_calls", _delta(0, "call_1", " ", '{"city":"Seoul"}')))


def test_chunk_to_chat_completion_uses_empty_default_for_missing_arguments(
    server: OpenAiTestServer,
) -> None:
    calls = _stream(server, _chunk("tool_calls", _delta(0, "call_1", "get_weather", None)))
    assert calls == [AssistantMessage.ToolCall("call_1", "function", "get_weather", "")]
