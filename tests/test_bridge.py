"""The sync/async bridge: iterate_sync, run_sync, run_blocking and DualStream."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from opentelemetry import trace

from spring_ai_py._bridge import DualStream, iterate_sync, run_blocking, run_sync

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="unset")


class Source:
    """An async iterator that records how far it was pulled and whether it was closed."""

    def __init__(self, items: list[Any], fail_at: int | None = None) -> None:
        self.items = items
        self.fail_at = fail_at
        self.pulled = 0
        self.closed = False
        self.tasks: set[int] = set()

    def __aiter__(self) -> Source:
        return self

    async def __anext__(self) -> Any:
        task = asyncio.current_task()
        assert task is not None
        self.tasks.add(id(task))
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


def test_iterate_sync_yields_every_item_in_order_and_closes() -> None:
    source = Source([1, 2, 3])
    assert list(iterate_sync(source)) == [1, 2, 3]
    assert source.closed


def test_iterate_sync_runs_the_whole_iteration_in_one_task() -> None:
    source = Source(list(range(5)))
    list(iterate_sync(source))
    assert len(source.tasks) == 1


def test_iterate_sync_is_lazy() -> None:
    source = Source([1])
    iterator = iterate_sync(source)
    assert source.pulled == 0
    assert next(iterator) == 1


def test_iterate_sync_pulls_only_what_the_consumer_asks_for() -> None:
    source = Source(list(range(10)))
    iterator = iterate_sync(source)
    assert next(iterator) == 0
    assert next(iterator) == 1
    iterator.close()  # type: ignore[attr-defined]
    assert source.pulled == 2
    assert source.closed


def test_iterate_sync_closes_the_source_on_break() -> None:
    source = Source(list(range(10)))
    for item in iterate_sync(source):
        if item == 3:
            break
    assert source.closed
    assert source.pulled == 4


def test_iterate_sync_reraises_the_original_exception() -> None:
    source = Source([1, 2, 3], fail_at=2)
    seen: list[int] = []
    with pytest.raises(ValueError, match=r"^failed at 2$"):
        for item in iterate_sync(source):
            seen.append(item)
    assert seen == [1, 2]
    assert source.closed


def test_iterate_sync_carries_the_callers_context() -> None:
    async def gen() -> AsyncIterator[str]:
        yield request_id.get()

    token = request_id.set("abc")
    try:
        assert list(iterate_sync(gen())) == ["abc"]
    finally:
        request_id.reset(token)


def test_iterate_sync_keeps_the_callers_span_as_parent(otel: Any) -> None:
    tracer = otel.provider.get_tracer("test")

    async def gen() -> AsyncIterator[str]:
        with tracer.start_as_current_span("inner"):
            yield "x"
            await asyncio.sleep(0)
            yield "y"

    with tracer.start_as_current_span("outer"):
        assert list(iterate_sync(gen())) == ["x", "y"]
    assert otel.tree() == "outer\n  inner"


def test_iterate_sync_works_from_inside_a_running_event_loop() -> None:
    async def gen() -> AsyncIterator[int]:
        yield 1
        yield 2

    async def main() -> list[int]:
        return list(iterate_sync(gen()))

    assert asyncio.run(main()) == [1, 2]


def test_run_sync_returns_the_result() -> None:
    async def add(a: int, b: int) -> int:
        await asyncio.sleep(0)
        return a + b

    assert run_sync(add(1, 2)) == 3


def test_run_sync_reraises_the_exception() -> None:
    async def fail() -> None:
        raise KeyError("k")

    with pytest.raises(KeyError):
        run_sync(fail())


def test_run_sync_works_when_the_thread_runs_an_event_loop() -> None:
    async def value() -> str:
        return request_id.get()

    async def main() -> str:
        request_id.set("from-loop")
        return run_sync(value())

    assert asyncio.run(main()) == "from-loop"


def test_run_blocking_runs_on_the_executor_with_the_context() -> None:
    executor = ThreadPoolExecutor(thread_name_prefix="bridge-test")

    def work(suffix: str) -> tuple[str, str]:
        return threading.current_thread().name, request_id.get() + suffix

    async def main() -> tuple[str, str]:
        request_id.set("ctx")
        return await run_blocking(executor, work, "!")

    try:
        thread, value = asyncio.run(main())
    finally:
        executor.shutdown()
    assert thread.startswith("bridge-test")
    assert value == "ctx!"


def test_run_blocking_keeps_the_current_span(otel: Any) -> None:
    tracer = otel.provider.get_tracer("test")

    def current_name() -> str:
        return getattr(trace.get_current_span(), "name", "")

    async def main() -> str:
        with tracer.start_as_current_span("parent"):
            return await run_blocking(None, current_name)

    assert asyncio.run(main()) == "parent"


def test_dual_stream_supports_async_for_and_for_and_reruns_the_factory() -> None:
    calls: list[int] = []

    def factory() -> AsyncIterator[int]:
        calls.append(1)

        async def gen() -> AsyncIterator[int]:
            yield 1
            yield 2

        return gen()

    stream = DualStream(factory)
    assert calls == []
    assert list(stream) == [1, 2]
    assert stream.collect() == [1, 2]
    assert asyncio.run(stream.acollect()) == [1, 2]

    async def consume() -> list[int]:
        return [i async for i in stream]

    assert asyncio.run(consume()) == [1, 2]
    assert len(calls) == 4


def test_run_sync_on_the_bridge_thread_raises_instead_of_deadlocking() -> None:
    """PORTING §8: a blocking wait for the bridge on the bridge's own thread is refused."""
    from spring_ai_py._bridge import run_sync

    async def inner() -> int:
        return 1

    async def outer() -> str:
        try:
            run_sync(inner())
        except RuntimeError as error:
            return str(error)
        return "no error"

    message = run_sync(outer())
    assert "deadlock" in message and "await it instead" in message
    assert run_sync(inner()) == 1


def test_system_exit_in_a_bridged_coroutine_reaches_the_caller_and_the_loop_survives() -> None:
    import sys

    from spring_ai_py._bridge import run_sync

    async def leave() -> None:
        sys.exit(3)

    async def answer() -> int:
        return 42

    with pytest.raises(SystemExit) as caught:
        run_sync(leave())
    assert caught.value.code == 3
    assert run_sync(answer()) == 42  # the shared loop thread is still alive


def test_iterate_sync_closes_the_source_when_the_iterator_is_dropped_unclosed() -> None:
    source = Source(list(range(10)))
    iterator = iterate_sync(source)
    assert next(iterator) == 0
    del iterator  # no close(), no break: the collected generator still stops the pump
    assert source.closed
    assert source.pulled == 1


def test_iterate_sync_closes_the_source_when_a_cycle_holding_it_is_collected() -> None:
    import gc

    source = Source(list(range(10)))

    class Holder:
        pass

    holder = Holder()
    holder.cycle = holder  # type: ignore[attr-defined]
    holder.iterator = iterate_sync(source)  # type: ignore[attr-defined]
    assert next(holder.iterator) == 0  # type: ignore[attr-defined]
    del holder
    gc.collect()
    assert source.closed
    assert source.pulled == 1


def test_iterate_sync_closes_when_collected_on_the_bridge_thread_without_deadlock() -> None:
    """A collection on the loop's own thread cannot wait for the pump there: it only stops it."""
    source = Source(list(range(10)))
    iterator = iterate_sync(source)
    assert next(iterator) == 0
    holder = [iterator]
    del iterator

    async def drop_on_the_loop() -> None:
        holder.clear()  # the last reference goes here: close() runs on the bridge thread
        await asyncio.sleep(0)

    run_sync(drop_on_the_loop())
    run_sync(asyncio.sleep(0.01))
    assert source.closed
    assert source.pulled == 1


def test_iterate_sync_raises_a_failure_to_close_on_early_stop() -> None:
    class FailingClose(Source):
        async def aclose(self) -> None:
            raise OSError("close failed")

    iterator = iterate_sync(FailingClose([1, 2, 3]))
    assert next(iterator) == 1
    with pytest.raises(OSError, match="close failed"):
        iterator.close()  # type: ignore[attr-defined]


def test_iterate_sync_raises_a_failure_to_close_at_the_end() -> None:
    class FailingClose(Source):
        async def aclose(self) -> None:
            raise OSError("close failed")

    with pytest.raises(OSError, match="close failed"):
        list(iterate_sync(FailingClose([1, 2])))


def test_iterate_sync_hands_a_cancelled_source_over_as_cancelled_error() -> None:
    async def gen() -> AsyncIterator[int]:
        yield 1
        raise asyncio.CancelledError

    iterator = iterate_sync(gen())
    assert next(iterator) == 1
    with pytest.raises(asyncio.CancelledError):
        next(iterator)


def test_system_exit_in_a_streamed_source_reaches_the_consumer_and_the_loop_survives() -> None:
    import sys

    async def leave() -> AsyncIterator[int]:
        yield 1
        sys.exit(4)

    with pytest.raises(SystemExit) as caught:
        list(iterate_sync(leave()))
    assert caught.value.code == 4
    assert list(iterate_sync(Source([7]))) == [7]  # the shared loop thread is still alive


def test_an_interrupted_consumer_cancels_the_pump_inside_the_source() -> None:
    """Ctrl-C while the pump waits inside the source: the pump is cancelled, the source closed."""
    import signal

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
        # To the consuming thread itself, as a terminal's Ctrl-C reaches the main thread,
        # and again until it is seen: a signal landing just before the thread blocks in
        # the lock is only seen when the lock is released.
        entered.wait(5)
        while not interrupted.wait(0.05):
            signal.pthread_kill(main, signal.SIGINT)

    iterator = iterate_sync(slow())
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
    assert closed.wait(5)
    assert list(iterate_sync(Source([7]))) == [7]


def test_many_threads_each_get_their_own_stream_in_order() -> None:
    results: dict[int, list[int]] = {}

    def consume(index: int) -> None:
        results[index] = list(iterate_sync(Source([index * 100 + i for i in range(20)])))

    threads = [threading.Thread(target=consume, args=(i,)) for i in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == {i: [i * 100 + k for k in range(20)] for i in range(50)}
