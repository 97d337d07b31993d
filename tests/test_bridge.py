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
