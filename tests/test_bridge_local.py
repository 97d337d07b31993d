"""A plain ``for`` driven on the consuming thread (``iterate_locally``), and the OpenAI
model reading a stream with its blocking client there.

The bridge behaviours are those of ``iterate_sync`` (tests/test_bridge.py): one task and
one context for the whole iteration, one item per request, the source closed on an early
stop, a dropped iterator or a collected cycle, exceptions and cancellation handed over,
Ctrl-C. The model tests run against the wire-level fake OpenAI server.
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
import os
import signal
import threading
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import openai
import pytest

from spring_ai_py._bridge import (
    BlockingCallError,
    DualStream,
    blocking_io_allowed,
    iterate_locally,
    iterate_sync,
    run_sync,
)
from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import (
    ChatMemory,
    InMemoryChatMemoryRepository,
    MessageWindowChatMemory,
)
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test import OpenAiTestServer

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="unset")


class Source:
    """An async iterator that records how far it was pulled, its tasks and threads, and
    whether it was closed."""

    def __init__(self, items: list[Any], fail_at: int | None = None) -> None:
        self.items = items
        self.fail_at = fail_at
        self.pulled = 0
        self.closed = False
        self.tasks: set[int] = set()
        self.threads: set[int] = set()

    def __aiter__(self) -> Source:
        return self

    async def __anext__(self) -> Any:
        task = asyncio.current_task()
        assert task is not None
        self.tasks.add(id(task))
        self.threads.add(threading.get_ident())
        await asyncio.sleep(0)
        if self.fail_at is not None and self.pulled == self.fail_at:
            raise ValueError(f"failed at {self.pulled}")
        if self.pulled >= len(self.items):
            raise StopAsyncIteration
        item = self.items[self.pulled]
        self.pulled += 1
        return item

    async def aclose(self) -> None:
        self.closed = True


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def other_threads() -> set[str]:
    """The live threads but the shared default pool's workers (at most its size) and the
    fake server's connection handlers."""
    names = [t.name for t in threading.enumerate()]
    assert sum(name.startswith("spring-ai-py-local") for name in names) <= min(
        32, (os.cpu_count() or 1) + 4
    )
    return {
        name
        for name in names
        if not name.startswith("spring-ai-py-local") and "process_request" not in name
    }


# -- the bridge -------------------------------------------------------------------------


def test_runs_on_the_consuming_thread_in_one_task_and_closes() -> None:
    source = Source([1, 2, 3])
    assert list(iterate_locally(source)) == [1, 2, 3]
    assert source.closed
    assert len(source.tasks) == 1
    assert source.threads == {threading.get_ident()}


def test_is_lazy_and_pulls_only_what_the_consumer_asks_for() -> None:
    source = Source(list(range(10)))
    iterator = iterate_locally(source)
    assert source.pulled == 0
    assert next(iterator) == 0
    assert next(iterator) == 1
    assert source.pulled == 2  # demand of one: nothing runs ahead of the consumer
    iterator.close()  # type: ignore[attr-defined]
    assert source.closed
    assert source.pulled == 2


def test_closes_the_source_on_break() -> None:
    source = Source(list(range(10)))
    for item in iterate_locally(source):
        if item == 3:
            break
    assert source.closed
    assert source.pulled == 4


def test_reraises_the_original_exception_and_closes() -> None:
    source = Source([1, 2, 3], fail_at=1)
    with pytest.raises(ValueError, match="failed at 1"):
        list(iterate_locally(source))
    assert source.closed


def test_keeps_one_context_for_the_whole_iteration() -> None:
    """A context variable set by the source at one item is still set at the next (a
    span attached before a yield and detached after the last one)."""

    async def gen() -> AsyncIterator[str]:
        yield request_id.get()
        request_id.set("set inside")
        yield request_id.get()
        await asyncio.sleep(0)
        yield request_id.get()

    token = request_id.set("caller")
    try:
        assert list(iterate_locally(gen())) == ["caller", "set inside", "set inside"]
        assert request_id.get() == "caller"  # the caller's context is not changed
    finally:
        request_id.reset(token)


def test_keeps_the_callers_span_as_parent(otel: Any) -> None:
    tracer = otel.provider.get_tracer("test")

    async def gen() -> AsyncIterator[str]:
        with tracer.start_as_current_span("inner"):
            yield "x"
            await asyncio.sleep(0)
            yield "y"

    with tracer.start_as_current_span("outer"):
        assert list(iterate_locally(gen())) == ["x", "y"]
    assert otel.tree() == "outer\n  inner"


def test_closes_the_source_when_the_iterator_is_dropped_unclosed() -> None:
    source = Source(list(range(10)))
    iterator = iterate_locally(source)
    assert next(iterator) == 0
    del iterator
    assert source.closed
    assert source.pulled == 1


def test_closes_the_source_when_a_cycle_holding_it_is_collected() -> None:
    source = Source(list(range(10)))

    class Holder:
        pass

    holder = Holder()
    holder.cycle = holder  # type: ignore[attr-defined]
    holder.iterator = iterate_locally(source)  # type: ignore[attr-defined]
    assert next(holder.iterator) == 0  # type: ignore[attr-defined]
    del holder
    gc.collect()
    assert source.closed
    assert source.pulled == 1


def test_closes_when_collected_on_a_thread_that_runs_another_loop() -> None:
    """Its loop cannot run where another one runs: it is finished on a thread of its own."""
    closed = threading.Event()

    class Closing(Source):
        async def aclose(self) -> None:
            self.closed = True
            closed.set()

    source = Closing(list(range(10)))
    iterator = iterate_locally(source)
    assert next(iterator) == 0
    holder = [iterator]
    del iterator

    async def drop() -> None:
        holder.clear()  # the last reference goes here, while this loop runs

    asyncio.run(drop())
    assert closed.wait(5)
    assert source.pulled == 1


def test_a_first_item_asked_for_on_a_running_loop_fails_and_leaves_nothing_open() -> None:
    held = [iterate_locally(Source([1]))]
    fds = open_fds()

    async def main() -> None:
        next(held[0])

    with pytest.raises(RuntimeError, match="another loop is running"):
        asyncio.run(main())
    held.clear()
    for _ in range(100):  # the loop is closed on a thread of its own
        if open_fds() <= fds:
            break
        threading.Event().wait(0.02)
    assert open_fds() <= fds


def test_raises_a_failure_to_close_on_early_stop_and_at_the_end() -> None:
    class FailingClose(Source):
        async def aclose(self) -> None:
            raise OSError("close failed")

    iterator = iterate_locally(FailingClose([1, 2, 3]))
    assert next(iterator) == 1
    with pytest.raises(OSError, match="close failed"):
        iterator.close()  # type: ignore[attr-defined]
    with pytest.raises(OSError, match="close failed"):
        list(iterate_locally(FailingClose([1, 2])))


def test_hands_a_cancelled_source_over_as_cancelled_error() -> None:
    async def gen() -> AsyncIterator[int]:
        yield 1
        raise asyncio.CancelledError

    iterator = iterate_locally(gen())
    assert next(iterator) == 1
    with pytest.raises(asyncio.CancelledError):
        next(iterator)


def test_system_exit_in_the_source_reaches_the_consumer() -> None:
    import sys

    async def leave() -> AsyncIterator[int]:
        yield 1
        sys.exit(4)

    with pytest.raises(SystemExit) as caught:
        list(iterate_locally(leave()))
    assert caught.value.code == 4
    assert list(iterate_locally(Source([7]))) == [7]


def test_an_interrupted_consumer_cancels_the_pump_inside_the_source() -> None:
    """Ctrl-C while the loop waits inside the source: the pump is cancelled, the source
    closed, before the KeyboardInterrupt reaches the caller."""
    entered = threading.Event()
    closed = threading.Event()
    interrupted = threading.Event()

    async def slow() -> AsyncIterator[int]:
        try:
            yield 1
            entered.set()
            await asyncio.sleep(60)
            yield 2
        finally:
            closed.set()

    def once(signum: int, frame: object) -> None:
        if not interrupted.is_set():
            interrupted.set()
            raise KeyboardInterrupt

    def press_ctrl_c(main: int) -> None:
        entered.wait(5)
        while not interrupted.wait(0.05):
            signal.pthread_kill(main, signal.SIGINT)

    iterator = iterate_locally(slow())
    assert next(iterator) == 1
    previous = signal.signal(signal.SIGINT, once)
    timer = threading.Thread(target=press_ctrl_c, args=(threading.get_ident(),))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            next(iterator)
    finally:
        interrupted.set()
        timer.join()
        signal.signal(signal.SIGINT, previous)
    assert closed.is_set()
    assert list(iterate_locally(Source([7]))) == [7]


def test_blocking_io_is_allowed_only_in_the_iterations_own_task() -> None:
    async def gen() -> AsyncIterator[tuple[bool, bool]]:
        async def other() -> bool:
            return blocking_io_allowed()

        # A task the iteration starts shares the loop: it may not block it.
        yield blocking_io_allowed(), await asyncio.create_task(other())

    assert list(iterate_locally(gen())) == [(True, False)]
    assert list(iterate_sync(gen())) == [(False, False)]  # the shared bridge loop
    assert blocking_io_allowed() is False


def test_a_plain_for_inside_the_stream_gets_the_blocking_call_error() -> None:
    inner = DualStream(lambda: Source([1]))

    async def gen() -> AsyncIterator[int]:
        yield sum(inner)

    with pytest.raises(BlockingCallError, match=r"would block the loop.*async for"):
        list(iterate_locally(gen()))


def test_run_sync_and_the_default_executor_work_inside() -> None:
    async def answer() -> int:
        return 42

    async def gen() -> AsyncIterator[tuple[int, str]]:
        name = await asyncio.to_thread(lambda: threading.current_thread().name)
        yield run_sync(answer()), name

    [(value, name)] = list(iterate_locally(gen()))
    assert value == 42
    assert name.startswith("spring-ai-py-local")  # one shared pool, not one per stream


def test_many_streams_leave_no_file_descriptor_or_thread_behind() -> None:
    async def gen(index: int) -> AsyncIterator[int]:
        await asyncio.to_thread(int)  # starts the shared default executor's threads
        yield index

    assert list(iterate_locally(gen(0))) == [0]
    fds, threads = open_fds(), other_threads()
    for index in range(200):
        iterator = iterate_locally(gen(index))
        assert next(iterator) == index
        if index % 2:
            iterator.close()  # type: ignore[attr-defined]
        else:
            del iterator
    assert open_fds() == fds
    assert other_threads() == threads


def test_many_threads_each_run_their_own_stream() -> None:
    results: dict[int, list[int]] = {}

    def consume(index: int) -> None:
        results[index] = list(iterate_locally(Source([index * 100 + i for i in range(20)])))

    workers = [threading.Thread(target=consume, args=(i,)) for i in range(50)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert results == {i: [i * 100 + k for k in range(20)] for i in range(50)}


# -- the OpenAI model on the fake server ---------------------------------------------------


@pytest.fixture
def server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as running:
        yield running


def options(server: OpenAiTestServer) -> OpenAiChatOptions:
    return OpenAiChatOptions(
        model="gpt-4o-mini", api_key="sk-test", base_url=server.base_url, max_retries=0
    )


def test_a_plain_for_reads_the_openai_stream_with_the_blocking_client(
    server: OpenAiTestServer,
) -> None:
    with OpenAiChatModel(options=options(server)) as model:
        client = ChatClient.builder(model).build()
        for _ in range(3):
            server.enqueue_text("one two three")
        assert "".join(client.prompt("hi").stream().content()) == "one two three"
        assert list(client.prompt("hi").stream().content()) == ["one", " two", " three"]
        assert model._clients._sync_client is not None
        assert len(model._clients._async_by_loop) == 0  # no async client was made
        # ``async for`` still reads with the async client of its loop.

        async def read() -> str:
            return "".join([t async for t in client.prompt("hi").stream().content()])

        assert asyncio.run(read()) == "one two three"


def test_the_blocking_read_keeps_the_sdk_errors(server: OpenAiTestServer) -> None:
    with OpenAiChatModel(options=options(server)) as model:
        client = ChatClient.builder(model).build()
        server.enqueue_error(500, "boom")
        with pytest.raises(openai.InternalServerError, match="boom"):
            list(client.prompt("hi").stream().content())
        server.enqueue_text("one two three", cut_after=2)
        with pytest.raises(openai.APIConnectionError):
            list(client.prompt("hi").stream().content())
        server.enqueue_text("still fine")
        assert "".join(client.prompt("hi").stream().content()) == "still fine"


def test_stopping_early_closes_the_response_and_the_memory_stores_nothing(
    server: OpenAiTestServer,
) -> None:
    memory = MessageWindowChatMemory.builder().build()
    with OpenAiChatModel(options=options(server)) as model:
        client = (
            ChatClient.builder(model)
            .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
            .build()
        )
        server.enqueue_text("one two three four five")

        def stream(cid: str) -> Any:
            return (
                client.prompt("hi")
                .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, cid))
                .stream()
                .content()
            )

        for text in stream("early"):
            assert text == "one"
            break
        assert memory.get("early") == []  # the turn is saved only when the stream completes
        server.enqueue_text("all of it")
        assert "".join(stream("full")) == "all of it"
        assert [m.get_text() for m in memory.get("full")] == ["hi", "all of it"]


class ReadsFrom(InMemoryChatMemoryRepository):
    """Records the thread of every window read."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: list[str] = []

    def find_by_conversation_id(self, conversation_id: str) -> Any:
        self.threads.append(threading.current_thread().name)
        return super().find_by_conversation_id(conversation_id)

    def update_by_conversation_id(self, conversation_id: str, update: Any) -> Any:
        self.threads.append(threading.current_thread().name)
        return super().update_by_conversation_id(conversation_id, update)


def test_the_memory_is_read_and_written_on_the_consuming_thread(server: OpenAiTestServer) -> None:
    repository = ReadsFrom()
    memory = MessageWindowChatMemory.builder().chat_memory_repository(repository).build()
    given = ThreadPoolExecutor(1, thread_name_prefix="given")
    with OpenAiChatModel(options=options(server)) as model:

        def read(advisor: MessageChatMemoryAdvisor, *, plain_for: bool) -> str:
            client = ChatClient.builder(model).default_advisors(advisor).build()
            server.enqueue_text("an answer")
            stream = (
                client.prompt("hi")
                .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "c"))
                .stream()
                .content()
            )
            if plain_for:
                return "".join(stream)

            async def collect() -> str:
                return "".join([text async for text in stream])

            return asyncio.run(collect())

        default = MessageChatMemoryAdvisor.builder(memory).build()
        assert read(default, plain_for=True) == "an answer"
        # A plain for on its own thread may block: the window is read, and the turn
        # written, right there.
        assert set(repository.threads) == {threading.current_thread().name}
        assert [m.get_text() for m in memory.get("c")] == ["hi", "an answer"]
        repository.threads.clear()
        # async for shares its loop: the read hops to the advisor executor.
        assert read(default, plain_for=False) == "an answer"
        assert repository.threads and all(
            name.startswith("spring-ai-py-advisor") for name in repository.threads
        )
        repository.threads.clear()
        # A scheduler the user gave is where they want before() to run.
        assert read(MessageChatMemoryAdvisor.builder(memory).scheduler(given).build(), plain_for=True) == "an answer"
        assert repository.threads and all(name.startswith("given") for name in repository.threads)
    given.shutdown()


def test_a_model_given_only_an_async_client_keeps_the_bridge(server: OpenAiTestServer) -> None:
    sdk = openai.AsyncOpenAI(api_key="sk-test", base_url=server.base_url, max_retries=0)
    model = OpenAiChatModel(options=options(server), openai_client_async=sdk)
    assert not model.can_stream_blocking()
    server.enqueue_text("via the bridge")
    assert "".join(ChatClient.builder(model).build().prompt("hi").stream().content()) == (
        "via the bridge"
    )
    assert model._clients._sync_client is None  # no blocking client was built
    run_sync(sdk.close())


def test_many_model_streams_from_threads_leave_no_descriptor_behind(
    server: OpenAiTestServer,
) -> None:
    with OpenAiChatModel(options=options(server)) as model:
        client = ChatClient.builder(model).build()
        server.enqueue_text("warm up")
        assert "".join(client.prompt("hi").stream().content()) == "warm up"
        fds, threads = open_fds(), other_threads()
        results: list[str] = []

        def consume() -> None:
            for _ in range(5):
                results.append("".join(client.prompt("hi").stream().content()))

        for _ in range(40):
            server.enqueue_text("a b c")
        workers = [threading.Thread(target=consume) for _ in range(8)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        assert results == ["a b c"] * 40
        assert other_threads() == threads
        # Pooled keep-alive connections stay open, at most one per consuming thread, and
        # each has both its ends here (the fake server runs in this process); the loops'
        # poll selectors and wake-up socket pairs are all closed.
        assert open_fds() <= fds + 2 * 8
