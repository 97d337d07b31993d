"""Whole conversations through ChatClient and chat memory while the Ollama server
misbehaves, call and stream (the Ollama twin of tests/reliability/test_turns_under_faults.py).

A failed turn raises one of the SDK's errors (``ollama.ResponseError``,
``ConnectionError``, ``httpx.TimeoutException``) and stores nothing; the retry stores the
turn once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import ollama
import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.ollama import OllamaApi, OllamaChatModel, OllamaChatOptions
from spring_ai_py.test import OllamaTestServer

CID = ChatMemory.CONVERSATION_ID
SDK_ERRORS = (ollama.ResponseError, ConnectionError, httpx.TimeoutException)

Fault = Callable[[OllamaTestServer, str], None]


def _status(status: int) -> Fault:
    return lambda server, mode: server.enqueue_error(status, "injected fault")


def _cut(server: OllamaTestServer, mode: str) -> None:
    server.enqueue_text("Half an answer here", cut_after=2)


def _no_done(server: OllamaTestServer, mode: str) -> None:
    if mode == "stream":
        server.enqueue_lines([server.chunk("Half"), server.chunk(" an answer")])
    else:
        server.enqueue_raw(200, '{"model": "llama3.2", "done": false}')


def _not_json(server: OllamaTestServer, mode: str) -> None:
    if mode == "stream":
        server.enqueue_lines([server.chunk("Half"), "{not json", server.chunk("", done=True)])
    else:
        server.enqueue_raw(200, "{not json")


def _wrong_shape(server: OllamaTestServer, mode: str) -> None:
    if mode == "stream":
        server.enqueue_lines([server.chunk("Half"), '{"message": "oops"}', server.chunk("", done=True)])
    else:
        server.enqueue_raw(200, '{"message": "oops"}')


def _stalled(server: OllamaTestServer, mode: str) -> None:
    if mode == "stream":
        server.enqueue_text("Half an answer here", stall_after=2)
    else:
        server.enqueue_stall()


def _error_line(server: OllamaTestServer, mode: str) -> None:
    if mode == "stream":
        server.enqueue_stream_error("out of memory", after=["Half"])
    else:
        server.enqueue_error(500, "out of memory")


FAULTS: dict[str, Fault] = {
    "status 429": _status(429),
    "status 500": _status(500),
    "status 503": _status(503),
    "unknown model": _status(404),
    "dropped connection": lambda server, mode: server.enqueue_disconnect(),
    "stalled": _stalled,
    "cut": _cut,
    "no done chunk": _no_done,
    "not JSON": _not_json,
    "wrong shape": _wrong_shape,
    "error line": _error_line,
}


@pytest.fixture
def server() -> Iterator[OllamaTestServer]:
    with OllamaTestServer() as running:
        yield running


def _ask(client: ChatClient, text: str, mode: str) -> str:
    spec = client.prompt(text).advisors(lambda a: a.param(CID, "c"))
    if mode == "stream":
        return "".join(spec.stream().content())
    return spec.call().content() or ""


@pytest.mark.parametrize("mode", ["call", "stream"])
@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_failed_turn_stores_nothing_and_its_retry_stores_it_once(
    server: OllamaTestServer, mode: str, fault: str
) -> None:
    memory = MessageWindowChatMemory.builder().max_messages(100).build()
    api = OllamaApi(base_url=server.base_url, timeout=0.3)
    with OllamaChatModel(OllamaChatOptions(model="llama3.2"), api) as model:
        client = ChatClient.builder(model).default_advisors(
            MessageChatMemoryAdvisor.builder(memory).build()
        ).build()
        server.enqueue_text("First answer")
        assert _ask(client, "First question", mode) == "First answer"

        FAULTS[fault](server, mode)
        with pytest.raises(SDK_ERRORS):
            _ask(client, "Second question", mode)
        assert [m.get_text() for m in memory.get("c")] == ["First question", "First answer"]

        server.enqueue_text("Second answer")
        assert _ask(client, "Second question", mode) == "Second answer"
    assert [m.get_text() for m in memory.get("c")] == [
        "First question",
        "First answer",
        "Second question",
        "Second answer",
    ]
