"""The one sync/async bridge (STYLE.md, "One sync/async bridge").

The call path is synchronous and the stream path is an ``AsyncIterator``; users want
both from plain scripts and from asyncio code. Everything that crosses between the two
goes through here:

* :func:`iterate_sync` consumes an async iterator from blocking code. The whole
  iteration runs as *one* task on a private event-loop thread (stepping an async
  generator item by item in separate tasks breaks OpenTelemetry span nesting), in a copy
  of the caller's ``contextvars`` context, and the iterator is closed when the caller
  stops early.
* :func:`run_sync` runs a coroutine to completion from blocking code, also when the
  calling thread already runs an event loop (an ``async def`` tool on the call path).
* :func:`run_blocking` runs a blocking function on an executor from async code,
  carrying the ``contextvars`` context (and so the current span) across the hop.
* :func:`forbid_running_loop` guards the blocking entry points: they
  (``call().content()``, a plain ``for`` over a stream) raise a ``RuntimeError`` naming
  the async spelling when the calling thread runs an event loop, instead of blocking
  it. The bridge's own thread runs a loop too, so an ``async def`` tool that iterates a
  stream with a plain ``for`` while the outer stream is read with a plain ``for`` gets
  that error instead of deadlocking the bridge.

Cancellation crosses the bridge as ``asyncio.CancelledError`` (a ``BaseException``),
never as ``concurrent.futures.CancelledError`` (an ``Exception`` that tool error
handling would turn into a tool result): a cancelled coroutine or stream raises it in
the blocking caller.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import queue
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from concurrent.futures import CancelledError, Executor
from concurrent.futures import Future as ConcurrentFuture
from typing import Any, Generic, TypeVar

from spring_ai_py._compat import running_loop
from spring_ai_py._lazy import lazy_singleton

T = TypeVar("T")

_BRIDGE_THREAD = "spring-ai-py-bridge"
@lazy_singleton
def _private_loop() -> asyncio.AbstractEventLoop:
    """The library's private event loop, running on a daemon thread, started lazily."""
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, name=_BRIDGE_THREAD, daemon=True).start()
    return loop


def _submit(coro: Coroutine[Any, Any, T]) -> ConcurrentFuture[T]:
    """Schedule ``coro`` on the private loop in a copy of the caller's context."""
    loop = _private_loop()
    context = contextvars.copy_context()
    result: ConcurrentFuture[T] = ConcurrentFuture()

    async def guarded() -> T:
        # asyncio lets SystemExit and KeyboardInterrupt escape run_forever(), which would
        # kill the shared loop thread and hang every later user of the bridge: hand them
        # to the caller instead, as any other exception.
        try:
            return await coro
        except (SystemExit, KeyboardInterrupt) as fatal:
            if not result.done():
                result.set_exception(fatal)
            raise asyncio.CancelledError from fatal

    def start() -> None:
        task = loop.create_task(guarded(), context=context)

        def done(t: asyncio.Task[T]) -> None:
            if result.done():
                return
            if t.cancelled():
                try:
                    t.result()
                except asyncio.CancelledError as cancelled:
                    result.set_exception(cancelled)
            elif (error := t.exception()) is not None:
                result.set_exception(error)
            else:
                result.set_result(t.result())

        task.add_done_callback(done)
        result.add_done_callback(lambda f: loop.call_soon_threadsafe(task.cancel) if f.cancelled() else None)

    loop.call_soon_threadsafe(start)
    return result


class BlockingCallError(RuntimeError):
    """A blocking call where it would block the event loop or deadlock.

    A programming error, never a tool failure: raised inside a tool it reaches the
    caller instead of being turned into an error message for the model.
    """


def forbid_running_loop(what: str, instead: str) -> None:
    """Raise a ``RuntimeError`` naming the async spelling when the calling thread runs an event loop.

    ``what`` is the blocking spelling (``"call().content()"``), ``instead`` the async
    one (``"await ...acontent()"``).
    """
    if running_loop() is None:
        return
    if threading.current_thread().name == _BRIDGE_THREAD:
        where = (
            "on the library's bridge thread (inside an async tool or advisor of a stream "
            "read with a plain for), where it would deadlock"
        )
    else:
        where = "from a thread that runs an event loop, where it would block the loop"
    raise BlockingCallError(f"{what} cannot be used {where}; use `{instead}` instead")


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to completion and return its result, from blocking code.

    On the bridge's own thread that would wait for itself forever: a ``RuntimeError``
    (the ``async def`` must be awaited there instead).
    """
    if threading.current_thread().name == _BRIDGE_THREAD:
        coro.close()
        raise BlockingCallError(
            "an async function cannot be run to completion from blocking code on the "
            "library's bridge thread, where it would deadlock; await it instead"
        )
    future = _submit(coro)
    try:
        return future.result()
    except BaseException:
        # Interrupted while waiting (Ctrl-C): stop the coroutine too, not only the wait.
        future.cancel()
        raise


_DONE = object()


def iterate_sync(source: AsyncIterator[T]) -> Iterator[T]:
    """Iterate ``source`` from blocking code; see the module docstring for the rules."""
    items: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
    stop = threading.Event()
    # The pump pulls one item per request of the consumer (like a Flux subscriber's
    # request(1)): running ahead would consume the stream, and fire its completion side
    # effects, even when the caller stops early.
    demand = asyncio.Semaphore(0)

    async def pump() -> None:
        outcome: tuple[bool, Any] = (False, asyncio.CancelledError())
        try:
            while True:
                await demand.acquire()
                if stop.is_set():
                    break
                try:
                    item = await anext(source)
                except StopAsyncIteration:
                    break
                items.put((True, item))
            outcome = (True, _DONE)
        except BaseException as error:  # handed to the consuming thread
            outcome = (False, error)
            if isinstance(error, asyncio.CancelledError):
                raise
        finally:
            aclose = getattr(source, "aclose", None)
            try:
                if aclose is not None:
                    await aclose()
            finally:
                items.put(outcome)

    loop = _private_loop()
    future = _submit(pump())
    try:
        while True:
            loop.call_soon_threadsafe(demand.release)
            ok, item = items.get()
            if not ok:
                raise item
            if item is _DONE:
                return
            yield item
    finally:
        stop.set()
        if not future.done():
            # Wake the pump so it closes the source, and wait for that to finish.
            loop.call_soon_threadsafe(demand.release)
            with contextlib.suppress(CancelledError):
                future.result()


async def run_blocking(executor: Executor | None, fn: Callable[..., T], *args: Any) -> T:
    """Run blocking ``fn(*args)`` on ``executor`` without losing the current context."""
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()
    return await loop.run_in_executor(executor, context.run, fn, *args)


class DualStream(Generic[T]):
    """A stream consumable with ``async for`` and with a plain ``for``.

    Each iteration runs ``factory()`` afresh (like re-subscribing to a Flux); the plain
    ``for`` goes through :func:`iterate_sync`. ``collect()`` / ``acollect()`` gather all
    items into a list.
    """

    __slots__ = ("_factory",)

    def __init__(self, factory: Callable[[], AsyncIterator[T]]) -> None:
        self._factory = factory

    def __aiter__(self) -> AsyncIterator[T]:
        return self._factory()

    def __iter__(self) -> Iterator[T]:
        forbid_running_loop("a plain `for` over a stream", "async for")
        return iterate_sync(self._factory())

    def collect(self) -> list[T]:
        """All items, blocking."""
        return list(self)

    async def acollect(self) -> list[T]:
        """All items, awaited."""
        return [item async for item in self]
