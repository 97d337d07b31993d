"""An advisor written once runs on every path: call, stream with ``async for``, stream with
a plain ``for``, and the awaitable twins from asyncio (PORTING §8). Covers BaseAdvisor and
a hand-written CallAdvisor + StreamAdvisor pair, the executor hop of BaseAdvisor's stream
path, and advisors that return ``None``."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

import pytest
from opentelemetry import trace

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor.api import (
    AdvisorChain,
    BaseAdvisor,
    CallAdvisor,
    CallAdvisorChain,
    StreamAdvisor,
    StreamAdvisorChain,
)
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Polite(BaseAdvisor):
    """Adds " please" to the user text and records what ``after`` saw."""

    def __init__(self, order: int = 0, executor: Executor | None = None) -> None:
        self.order = order
        self.executor = executor
        self.before_threads: list[str] = []
        self.before_loops: list[asyncio.AbstractEventLoop | None] = []
        self.before_spans: list[str] = []
        self.after_texts: list[str | None] = []

    def get_order(self) -> int:
        return self.order

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        self.before_threads.append(threading.current_thread().name)
        self.before_loops.append(_running_loop())
        self.before_spans.append(getattr(trace.get_current_span(), "name", ""))
        prompt = chat_client_request.prompt.augment_user_message(
            lambda u: u.mutate().text(f"{u.get_text()} please").build()
        )
        return chat_client_request.mutate().prompt(prompt).context("polite", True).build()

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        chat_response = chat_client_response.chat_response
        result = chat_response.get_result() if chat_response is not None else None
        self.after_texts.append(result.get_output().get_text() if result is not None else None)
        return chat_client_response

    def get_scheduler(self) -> Executor:
        return self.executor if self.executor is not None else super().get_scheduler()


def _shout(response: ChatClientResponse) -> ChatClientResponse:
    chat_response = response.chat_response
    if chat_response is None:
        return response
    generations = [
        Generation(AssistantMessage((g.get_output().get_text() or "").upper()), g.get_metadata())
        for g in chat_response.get_results()
    ]
    return (
        response.mutate()
        .chat_response(ChatResponse(generations, chat_response.get_metadata()))
        .build()
    )


class Shout(CallAdvisor, StreamAdvisor):
    """A hand-written pair: upper-cases every answer on both paths."""

    def get_name(self) -> str:
        return "Shout"

    def get_order(self) -> int:
        return 10

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        return _shout(call_advisor_chain.next_call(chat_client_request))

    async def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        async for response in stream_advisor_chain.next_stream(chat_client_request):
            yield _shout(response)


# Each path returns the answer text; the model answers "hello world".
def _call(client: ChatClient) -> str:
    return client.prompt().user("hi").call().content() or ""


def _stream_for(client: ChatClient) -> str:
    return "".join(client.prompt().user("hi").stream().content())


def _stream_async_for(client: ChatClient) -> str:
    async def run() -> str:
        return "".join([t async for t in client.prompt().user("hi").stream().content()])

    return asyncio.run(run())


def _awaitable(client: ChatClient) -> str:
    async def run() -> str:
        return await client.prompt().user("hi").call().acontent() or ""

    return asyncio.run(run())


PATHS: dict[str, Callable[[ChatClient], str]] = {
    "call": _call,
    "stream-for": _stream_for,
    "stream-async-for": _stream_async_for,
    "acontent": _awaitable,
}

# The scripted model streams "hello world" word by word; the last chunk finishes.
FINAL_SEEN_BY_AFTER = {
    "call": "hello world",
    "stream-for": "world",
    "stream-async-for": "world",
    "acontent": "hello world",
}


@pytest.mark.parametrize("path", PATHS)
def test_base_advisor_runs_before_and_after_on_every_path(path: str) -> None:
    model = ScriptedChatModel("hello world")
    polite = Polite()
    client = ChatClient.builder(model).default_advisors(polite).build()
    assert PATHS[path](client) == "hello world"
    assert model.last_prompt.get_user_message().get_text() == "hi please"
    # on the stream path after() runs on the chunk carrying the finish reason
    assert polite.after_texts == [FINAL_SEEN_BY_AFTER[path]]


@pytest.mark.parametrize("path", PATHS)
def test_call_and_stream_advisor_pair_runs_on_every_path(path: str) -> None:
    model = ScriptedChatModel("hello world")
    client = ChatClient.builder(model).default_advisors(Shout()).build()
    assert PATHS[path](client) == "HELLO WORLD"


@pytest.mark.parametrize("path", PATHS)
def test_base_advisor_and_pair_together_on_every_path(path: str) -> None:
    model = ScriptedChatModel("hello world")
    polite = Polite(order=0)
    client = ChatClient.builder(model).default_advisors(Shout(), polite).build()
    assert PATHS[path](client) == "HELLO WORLD"
    # Polite is outside Shout, so its after() sees the upper-cased answer
    assert polite.after_texts == [FINAL_SEEN_BY_AFTER[path].upper()]


@pytest.mark.parametrize("path", ["stream-for", "stream-async-for"])
def test_stream_before_runs_on_the_scheduler_not_the_event_loop(path: str) -> None:
    executor = ThreadPoolExecutor(thread_name_prefix="custom-scheduler")
    try:
        polite = Polite(executor=executor)
        client = (
            ChatClient.builder(ScriptedChatModel("hello world")).default_advisors(polite).build()
        )
        PATHS[path](client)
        assert polite.before_threads[0].startswith("custom-scheduler")
        assert polite.before_loops == [None]
    finally:
        executor.shutdown()


def test_default_scheduler_is_used_when_not_overridden() -> None:
    polite = Polite()
    client = ChatClient.builder(ScriptedChatModel("hello world")).default_advisors(polite).build()
    _stream_for(client)
    assert polite.before_threads[0].startswith("spring-ai-py-advisor")


def test_call_path_before_runs_on_the_calling_thread() -> None:
    polite = Polite()
    client = ChatClient.builder(ScriptedChatModel("hello world")).default_advisors(polite).build()
    _call(client)
    assert polite.before_threads == [threading.current_thread().name]


@pytest.mark.parametrize("path", PATHS)
def test_before_sees_its_own_span_as_current(path: str, otel: Any) -> None:
    polite = Polite()
    client = (
        ChatClient.builder(ScriptedChatModel("hello world"), otel.provider)
        .default_advisors(polite)
        .build()
    )
    PATHS[path](client)
    assert polite.before_spans == ["polite"]


def test_default_name_is_the_class_name() -> None:
    assert Polite().get_name() == "Polite"


def test_none_scheduler_raises() -> None:
    class NoScheduler(Polite):
        def get_scheduler(self) -> Executor:
            return None  # type: ignore[return-value]

    client = ChatClient.builder(ScriptedChatModel("x")).default_advisors(NoScheduler()).build()
    with pytest.raises(ValueError, match=r"^scheduler cannot be null$"):
        _stream_for(client)


def test_advise_call_rejects_none_arguments() -> None:
    from spring_ai_py.chat.client.advisor import DefaultAroundAdvisorChain
    from spring_ai_py.chat.prompt import Prompt

    chain = DefaultAroundAdvisorChain.builder().build()
    with pytest.raises(ValueError, match=r"^chat_client_request cannot be null$"):
        Polite().advise_call(None, chain)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^call_advisor_chain cannot be null$"):
        Polite().advise_call(ChatClientRequest(Prompt("x"), {}), None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^chat_client_request cannot be null$"):
        Polite().advise_stream(None, chain)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^stream_advisor_chain cannot be null$"):
        Polite().advise_stream(ChatClientRequest(Prompt("x"), {}), None)  # type: ignore[arg-type]


class ReturnsNone(BaseAdvisor):
    def __init__(self, where: str) -> None:
        self.where = where

    def get_name(self) -> str:
        return "Sloppy"

    def get_order(self) -> int:
        return 0

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        return None if self.where == "before" else chat_client_request  # type: ignore[return-value]

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        return None if self.where == "after" else chat_client_response  # type: ignore[return-value]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("where", ["before", "after"])
def test_before_or_after_returning_none_raises_naming_the_advisor(path: str, where: str) -> None:
    client = (
        ChatClient.builder(ScriptedChatModel("hello world"))
        .default_advisors(ReturnsNone(where))
        .build()
    )
    with pytest.raises(RuntimeError, match=rf"^Advisor Sloppy returned None from {where}\(\)$"):
        PATHS[path](client)


class Failing(BaseAdvisor):
    def get_order(self) -> int:
        return 0

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        raise PermissionError("not allowed")

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        return chat_client_response


@pytest.mark.parametrize("path", PATHS)
def test_errors_from_before_keep_their_type_on_every_path(path: str) -> None:
    client = (
        ChatClient.builder(ScriptedChatModel("hello world")).default_advisors(Failing()).build()
    )
    with pytest.raises(PermissionError, match=r"^not allowed$"):
        PATHS[path](client)


def test_stream_after_runs_on_the_finish_reason_chunk_only() -> None:
    polite = Polite()
    model = ScriptedChatModel().add_stream(["a", "b", "c"])
    client = ChatClient.builder(model).default_advisors(polite).build()
    assert list(client.prompt().user("hi").stream().content()) == ["a", "b", "c"]
    assert polite.after_texts == ["c"]


def test_stream_after_can_replace_the_finish_chunk() -> None:
    class Replace(Polite):
        def after(
            self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
        ) -> ChatClientResponse:
            return _shout(chat_client_response)

    model = ScriptedChatModel().add_stream(["a", "b", "c"])
    client = ChatClient.builder(model).default_advisors(Replace()).build()
    assert list(client.prompt().user("hi").stream().content()) == ["a", "b", "C"]


def test_stopping_a_stream_early_closes_it() -> None:
    polite = Polite()
    model = ScriptedChatModel().add_stream(["a", "b", "c"])
    client = ChatClient.builder(model).default_advisors(polite).build()
    iterator: Iterator[str] = iter(client.prompt().user("hi").stream().content())
    assert next(iterator) == "a"
    iterator.close()  # type: ignore[attr-defined]
    # after() never saw a finish chunk and the aggregate path did not run either
    assert polite.after_texts == []
