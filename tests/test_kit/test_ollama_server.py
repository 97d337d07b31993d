"""OllamaTestServer speaks Ollama's native API to the official ``ollama`` SDK: chat (JSON
and NDJSON streams, thinking, tool calls), embed, tags/show/pull/delete, errors and
faults, and the shell command."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
from collections.abc import Iterator

import httpx
import ollama
import pytest

from spring_ai_py.test import OllamaTestServer


@pytest.fixture
def server() -> Iterator[OllamaTestServer]:
    with OllamaTestServer() as running:
        yield running


@pytest.fixture
def client(server: OllamaTestServer) -> Iterator[ollama.Client]:
    with ollama.Client(host=server.base_url) as sdk_client:
        yield sdk_client


def test_chat_answers_the_scripted_text_with_counts(
    server: OllamaTestServer, client: ollama.Client
) -> None:
    server.enqueue_text("Hello!", thinking="Greeting.", prompt_eval_count=7, eval_count=2)
    response = client.chat(model="llama3.2", messages=[{"role": "user", "content": "Hi"}])
    assert response.message.content == "Hello!"
    assert response.message.thinking == "Greeting."
    assert (response.prompt_eval_count, response.eval_count) == (7, 2)
    assert response.done is True and response.done_reason == "stop"
    assert response.model == "llama3.2"
    recorded = server.requests[-1]
    assert recorded.method == "POST" and recorded.path == "/api/chat"
    assert recorded.body["messages"] == [{"role": "user", "content": "Hi"}]


def test_chat_streams_ndjson_chunks_ending_with_done(
    server: OllamaTestServer, client: ollama.Client
) -> None:
    server.enqueue_text("one two three", chunks=["one", " two", " three"], thinking="a b")
    chunks = list(client.chat(model="m", messages=[{"role": "user", "content": "x"}], stream=True))
    assert [c.message.thinking for c in chunks[:2]] == ["a", " b"]
    assert [c.message.content for c in chunks[2:5]] == ["one", " two", " three"]
    assert chunks[-1].done is True and chunks[-1].eval_count == 5
    assert all(c.done is False for c in chunks[:-1])


def test_tool_calls_arrive_whole_with_object_arguments(
    server: OllamaTestServer, client: ollama.Client
) -> None:
    server.enqueue_tool_calls([{"name": "weather", "arguments": '{"city": "Rome"}'}])
    response = client.chat(model="m", messages=[{"role": "user", "content": "x"}])
    calls = response.message.tool_calls or []
    assert [(c.function.name, dict(c.function.arguments)) for c in calls] == [
        ("weather", {"city": "Rome"})
    ]
    server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Oslo"}}])
    streamed = list(client.chat(model="m", messages=[{"role": "user", "content": "x"}], stream=True))
    assert streamed[0].message.tool_calls is not None
    assert streamed[-1].done is True


def test_async_client_streams_too(server: OllamaTestServer) -> None:
    server.enqueue_text("async works")

    async def run() -> str:
        client = ollama.AsyncClient(host=server.base_url)
        pieces = [
            chunk.message.content or ""
            async for chunk in await client.chat(
                model="m", messages=[{"role": "user", "content": "x"}], stream=True
            )
        ]
        return "".join(pieces)

    assert asyncio.run(run()) == "async works"


def test_embed_hashes_words_unless_scripted(server: OllamaTestServer, client: ollama.Client) -> None:
    first = client.embed(model="nomic-embed-text", input=["a cat", "a cat"])
    assert len(first.embeddings) == 2 and len(first.embeddings[0]) == 16
    assert first.embeddings[0] == first.embeddings[1]
    assert first.prompt_eval_count == 4
    sized = client.embed(model="nomic-embed-text", input="dogs", dimensions=4)
    assert len(sized.embeddings[0]) == 4
    server.enqueue_embeddings([[1.0, 2.0]], prompt_eval_count=3, model="other")
    scripted = client.embed(model="nomic-embed-text", input="x")
    assert [list(v) for v in scripted.embeddings] == [[1.0, 2.0]]
    assert scripted.model == "other"


def test_models_pull_show_and_delete(client: ollama.Client) -> None:
    with OllamaTestServer(models=["llama3.2"]) as server, ollama.Client(host=server.base_url) as sdk:
        assert [m.model for m in sdk.list().models] == ["llama3.2:latest"]
        assert sdk.show("llama3.2").modelfile == "FROM llama3.2"
        with pytest.raises(ollama.ResponseError) as missing:
            sdk.chat(model="gemma3", messages=[{"role": "user", "content": "x"}])
        assert missing.value.status_code == 404
        statuses = [p.status for p in sdk.pull("gemma3", stream=True)]
        assert statuses[0] == "pulling manifest" and statuses[-1] == "success"
        assert server.installed_models == ["llama3.2:latest", "gemma3:latest"]
        server.enqueue_text("now it answers")
        assert sdk.chat(model="gemma3", messages=[]).message.content == "now it answers"
        sdk.delete("gemma3")
        with pytest.raises(ollama.ResponseError):
            sdk.delete("gemma3")
        with pytest.raises(ollama.ResponseError):
            sdk.show("gemma3")
        server.enqueue_pull_error("pull model manifest: file does not exist")
        with pytest.raises(ollama.ResponseError, match="file does not exist"):
            list(sdk.pull("nope", stream=True))


def test_errors_and_faults(server: OllamaTestServer, client: ollama.Client) -> None:
    messages = [{"role": "user", "content": "x"}]
    server.enqueue_error(503, "overloaded")
    with pytest.raises(ollama.ResponseError) as raised:
        client.chat(model="m", messages=messages)
    assert (raised.value.status_code, raised.value.error) == (503, "overloaded")
    server.enqueue_error(400, "bad embed", endpoint="embed")
    with pytest.raises(ollama.ResponseError, match="bad embed"):
        client.embed(model="m", input="x")
    server.enqueue_stream_error("crashed", after=["par", "tial"])
    with pytest.raises(ollama.ResponseError, match="crashed"):
        list(client.chat(model="m", messages=messages, stream=True))
    server.enqueue_text("one two three", cut_after=1)
    with pytest.raises(httpx.RemoteProtocolError):
        list(client.chat(model="m", messages=messages, stream=True))
    with pytest.raises(ollama.ResponseError, match="No reply is scripted"):
        client.chat(model="m", messages=messages)
    server.enqueue_raw(200, "{not json")
    with pytest.raises(json.JSONDecodeError):
        client.chat(model="m", messages=messages)
    assert client.chat  # the client still works after the faults
    bad = httpx.post(f"{server.base_url}/api/chat", content=b"[]")
    assert bad.status_code == 400 and "error" in bad.json()
    assert httpx.get(f"{server.base_url}/nowhere").status_code == 404


def test_bad_scripts_are_rejected(server: OllamaTestServer) -> None:
    with pytest.raises(ValueError, match="chunks must join"):
        server.enqueue_text("abc", chunks=["a", "b"])
    with pytest.raises(ValueError, match="JSON object"):
        server.enqueue_tool_calls([{"name": "f", "arguments": "[1]"}])
    with pytest.raises(ValueError, match="tool_calls must not be empty"):
        server.enqueue_tool_calls([])
    with pytest.raises(ValueError, match="endpoint"):
        server.enqueue_error(500, "x", endpoint="pull")
    with pytest.raises(ValueError, match="between 400 and 599"):
        server.enqueue_error(200, "x")
    with pytest.raises(ValueError, match="embedding_dimensions"):
        OllamaTestServer(embedding_dimensions=0)


def test_ollama_from_the_shell() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "spring_ai_py.test.server", "ollama", "--reply", "Local hi"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        banner = process.stdout.readline()
        assert banner.startswith("Fake ollama server on http://127.0.0.1:")
        base_url = banner.split(" on ")[1].split(" ")[0]
        with ollama.Client(host=base_url) as client:
            reply = client.chat(model="llama3.2", messages=[{"role": "user", "content": "Hi"}])
        assert reply.message.content == "Local hi"
    finally:
        process.send_signal(signal.SIGTERM)
        with process:  # closes its pipes (left open, they leak into a later test's gc)
            assert process.wait(timeout=30) == 0
