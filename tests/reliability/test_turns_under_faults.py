"""Whole conversations through ChatClient and chat memory while the server misbehaves.

A failed turn raises and stores nothing (PORTING §7.8, §7.16); the retry stores the turn
once. Over every fault on both providers, call and stream, no turn is lost and none is
stored twice. The figures go into docs/reliability.md.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.test.faults import FaultServer
from tests.reliability.conftest import provider_model, sdk

CID = ChatMemory.CONVERSATION_ID

Fault = Callable[[FaultServer, str], None]


def _status(status: int) -> Fault:
    return lambda server, mode: server.enqueue_status(status)


def _truncated(server: FaultServer, mode: str) -> None:
    if mode == "stream":
        server.enqueue_events(server.truncated_events("Half an answer"))
    else:
        server.enqueue_cut_body(server.answer_body("Half an answer, cut"))


def _cut(server: FaultServer, mode: str) -> None:
    if mode == "stream":
        server.enqueue_events(server.answer_events("Half an answer here"), cut_after=3)
    else:
        server.enqueue_cut_body(server.answer_body("Half an answer here"))


def _not_json(server: FaultServer, mode: str) -> None:
    if mode == "stream":
        events = server.answer_events("Half an answer")
        events.insert(2, server.event("{not json", "content_block_delta"))
        server.enqueue_events(events)
    else:
        server.enqueue_raw(200, "{not json")


def _wrong_shape(server: FaultServer, mode: str) -> None:
    openai = server.provider == "openai"
    if mode == "stream":
        events = server.answer_events("Half an answer")
        bad = (
            {"choices": "oops"}
            if openai
            else {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use"}}
        )
        events.insert(2, server.event(bad))
        server.enqueue_events(events)
    else:
        server.enqueue_json({"choices": "oops"} if openai else {"id": "m", "content": "oops"})


def _stalled(server: FaultServer, mode: str) -> None:
    if mode == "stream":
        server.enqueue_events(server.answer_events("Half an answer here"), stall_after=3)
    else:
        server.enqueue_stall()


FAULTS: dict[str, Fault] = {
    "status 429": _status(429),
    "status 500": _status(500),
    "status 503": _status(503),
    "dropped connection": lambda server, mode: server.enqueue_disconnect(),
    "stalled": _stalled,
    "cut": _cut,
    "no terminal event": _truncated,
    "not JSON": _not_json,
    "wrong shape": _wrong_shape,
}


def _ask(client: ChatClient, text: str, mode: str) -> str:
    spec = client.prompt(text).advisors(lambda a: a.param(CID, "c"))
    if mode == "stream":
        return "".join(spec.stream().content())
    return spec.call().content() or ""


@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_failed_turn_stores_nothing_and_its_retry_stores_it_once(
    server: FaultServer, mode: str, fault: str
) -> None:
    memory = MessageWindowChatMemory.builder().max_messages(100).build()
    client = (
        ChatClient.builder(provider_model(server, timeout=0.2))
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .build()
    )
    server.enqueue_answer("First answer")
    assert _ask(client, "First question", mode) == "First answer"

    FAULTS[fault](server, mode)
    with pytest.raises(sdk(server).APIError):
        _ask(client, "Second question", mode)
    assert [m.get_text() for m in memory.get("c")] == ["First question", "First answer"]

    server.enqueue_answer("Second answer")
    assert _ask(client, "Second question", mode) == "Second answer"
    assert [m.get_text() for m in memory.get("c")] == [
        "First question",
        "First answer",
        "Second question",
        "Second answer",
    ]


def test_a_conversation_through_every_fault_loses_no_turn() -> None:
    """The figure docs/reliability.md reports: every fault, both providers, call and
    stream, each followed by one retry; the stored history has every turn exactly once."""
    tried = 0
    for provider in ("openai", "anthropic"):
        for mode in ("call", "stream"):
            with FaultServer(provider) as server:  # type: ignore[arg-type]
                memory = MessageWindowChatMemory.builder().max_messages(1000).build()
                client = (
                    ChatClient.builder(provider_model(server, timeout=0.2))
                    .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
                    .build()
                )
                expected: list[str] = []
                for number, fault in enumerate(FAULTS.values()):
                    question, reply = f"Question {number}", f"Answer {number}"
                    fault(server, mode)
                    server.enqueue_answer(reply)
                    try:
                        _ask(client, question, mode)
                    except sdk(server).APIError:
                        tried += 1
                        assert _ask(client, question, mode) == reply
                    expected += [question, reply]
                assert [m.get_text() for m in memory.get("c")] == expected
    assert tried == len(FAULTS) * 4


@pytest.mark.parametrize("fault", ["no terminal event", "not JSON", "cut", "wrong shape"])
def test_neither_memory_advisor_stores_an_incomplete_stream(
    server: FaultServer, fault: str
) -> None:
    """§7.16: both memory advisors, the message one and the vector store one, store
    nothing for a stream that did not complete."""
    from spring_ai_py.chat.client.advisor.vectorstore import VectorStoreChatMemoryAdvisor
    from spring_ai_py.embedding import HashingEmbeddingModel
    from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore

    memory = MessageWindowChatMemory.builder().build()
    store = SimpleVectorStore(HashingEmbeddingModel())
    client = (
        ChatClient.builder(provider_model(server))
        .default_advisors(
            MessageChatMemoryAdvisor.builder(memory).build(),
            VectorStoreChatMemoryAdvisor.builder(store).build(),
        )
        .build()
    )
    FAULTS[fault](server, "stream")

    with pytest.raises(sdk(server).APIError):
        _ask(client, "Tell me a story", "stream")

    assert memory.get("c") == []
    assert store.similarity_search(SearchRequest.builder().query("story").top_k(10).build()) == []


def test_both_memory_advisors_store_a_completed_stream(server: FaultServer, mode: str) -> None:
    from spring_ai_py.chat.client.advisor.vectorstore import VectorStoreChatMemoryAdvisor
    from spring_ai_py.embedding import HashingEmbeddingModel
    from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore

    memory = MessageWindowChatMemory.builder().build()
    store = SimpleVectorStore(HashingEmbeddingModel())
    client = (
        ChatClient.builder(provider_model(server))
        .default_advisors(
            MessageChatMemoryAdvisor.builder(memory).build(),
            VectorStoreChatMemoryAdvisor.builder(store).build(),
        )
        .build()
    )
    server.enqueue_answer("Once upon a time")

    assert _ask(client, "Tell me a story", mode) == "Once upon a time"

    assert [m.get_text() for m in memory.get("c")] == ["Tell me a story", "Once upon a time"]
    found = store.similarity_search(SearchRequest.builder().query("story").top_k(10).build())
    assert sorted(d.get_text() or "" for d in found) == ["Once upon a time", "Tell me a story"]
