"""``LazyStream``: the untraced stream step (the chain's, the ChatClient's) opens its
inner stream at the first item, passes items and errors through unchanged, and closes
what it opened."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest

from spring_ai_py._observation import LazyStream
from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor.api import StreamAdvisor, StreamAdvisorChain
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse
from spring_ai_py.test import ScriptedChatModel


class Source:
    """Opens a stream of ``items`` (then ``error``, if any) and records what happened."""

    def __init__(self, items: list[str], error: Exception | None = None) -> None:
        self.items = items
        self.error = error
        self.opened: list[str] = []
        self.closed = False

    def open(self, argument: str) -> AsyncIterator[str]:
        self.opened.append(argument)
        return self._stream()

    async def _stream(self) -> AsyncIterator[str]:
        try:
            for item in self.items:
                yield item
            if self.error is not None:
                raise self.error
        finally:
            self.closed = True


def run(coroutine: object) -> object:
    return asyncio.run(coroutine)  # type: ignore[arg-type]


def test_opens_at_the_first_item_and_passes_items_through() -> None:
    source = Source(["a", "b"])
    stream = LazyStream(source.open, "arg")
    assert source.opened == []

    async def read() -> list[str]:
        return [item async for item in stream]

    assert run(read()) == ["a", "b"]
    assert source.opened == ["arg"]
    assert source.closed


def test_an_exhausted_stream_stays_exhausted() -> None:
    source = Source(["a"])
    stream = LazyStream(source.open, "arg")

    async def read() -> None:
        assert [item async for item in stream] == ["a"]
        with pytest.raises(StopAsyncIteration):
            await stream.__anext__()

    run(read())
    assert source.opened == ["arg"]


def test_errors_of_the_inner_stream_pass_unchanged() -> None:
    failure = KeyError("boom")
    source = Source(["a"], failure)
    stream = LazyStream(source.open, "arg")

    async def read() -> list[str]:
        return [item async for item in stream]

    with pytest.raises(KeyError) as raised:
        run(read())
    assert raised.value is failure


def test_an_error_of_open_is_raised_where_the_first_item_is_awaited() -> None:
    def open_(argument: str) -> AsyncIterator[str]:
        raise RuntimeError(f"cannot open {argument}")

    stream = LazyStream(open_, "arg")
    pending = stream.__anext__()  # calling does not open: awaiting does

    async def read() -> object:
        return await pending  # type: ignore[misc]

    with pytest.raises(RuntimeError, match="cannot open arg"):
        run(read())


def test_closed_before_the_first_item_it_never_opens_and_ends() -> None:
    source = Source(["a"])
    stream = LazyStream(source.open, "arg")

    async def close_then_read() -> list[str]:
        await stream.aclose()
        return [item async for item in stream]

    assert run(close_then_read()) == []
    assert source.opened == []


def test_closing_early_closes_the_inner_stream_at_once() -> None:
    source = Source(["a", "b", "c"])
    stream = LazyStream(source.open, "arg")

    async def first_then_close() -> str:
        async with contextlib.aclosing(stream):
            async for item in stream:
                return item
        raise AssertionError("unreachable")

    assert run(first_then_close()) == "a"
    assert source.closed


class Recording(StreamAdvisor):
    """Records when the chain hands it the stream (iteration start), passes it on."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        self.log.append("advised")
        return stream_advisor_chain.next_stream(chat_client_request)

    def get_name(self) -> str:
        return "recording"

    def get_order(self) -> int:
        return 0


def test_the_untraced_chain_takes_its_advisors_when_iteration_starts() -> None:
    log: list[str] = []
    model = ScriptedChatModel().add_stream(["hi ", "there"])
    client = ChatClient.builder(model).default_advisors(Recording(log)).build()
    stream = client.prompt().user("hello").stream().content()
    iterator = aiter(stream)
    assert log == []

    async def read() -> str:
        return "".join([text async for text in iterator])

    assert run(read()) == "hi there"
    assert log == ["advised"]
