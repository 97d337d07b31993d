"""The one sync/async bridge (STYLE.md, "One sync/async bridge").

The call path is synchronous and the stream path is an ``AsyncIterator``; users want
both from plain scripts and from asyncio code. Everything that crosses between the two
goes through here:

* :func:`iterate_sync` consumes an async iterator from blocking code. The whole
  iteration runs as *one* task on a private event-loop thread (stepping an async
  generator item by item in separate tasks breaks OpenTelemetry span nesting), in a copy
  of the caller's ``contextvars`` context, and the iterator is closed when the caller
  stops early.
* :func:`iterate_locally` is the same contract for a stream whose source can read with
  blocking I/O (the ChatClient picks it when its chat model says so): the iteration
  runs as one task on a private event loop *of the consuming thread*, run between two
  items only, so the thread's own work is done there and nothing crosses threads per
  item. :func:`blocking_io_allowed` tells the source, inside that one task, that it may
  block (read its HTTP response with a blocking client): nothing else waits on that
  loop. Code the chain hands to an executor (blocking advisors, repositories) still runs
  there; loop-bound objects of other loops (the bridge's, an MCP session's) are reached
  as from any other loop; an async SDK client made on this loop lives as long as the
  stream (the loop is closed, its async generators and default executor shut down, when
  the stream ends, stops early or is collected).
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
import collections
import contextvars
import os
import selectors
import sys
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Generator, Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
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
        result.add_done_callback(
            lambda f: loop.call_soon_threadsafe(task.cancel) if f.cancelled() else None
        )

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
    loop = running_loop()
    if loop is None:
        return
    here = _HERE.get()
    if threading.current_thread().name == _BRIDGE_THREAD:
        where = (
            "on the library's bridge thread (inside an async tool or advisor of a stream "
            "read with a plain for), where it would deadlock"
        )
    elif here is not None and here.loop is loop:
        where = (
            "inside an async tool or advisor of a stream read with a plain for, where it "
            "would block the loop that runs that stream"
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


class _Handoff:
    """One plain ``for`` over a stream: the consuming thread and its pump task on the loop.

    The pump pulls one item per request of the consumer (like a Flux subscriber's
    ``request(1)``): running ahead would consume the stream, and fire its completion side
    effects, even when the caller stops early. Per item the pump stores it and releases
    ``ready`` (a lock used as a latch: the consumer blocks acquiring it), then awaits
    ``waiter``; the consumer's next request resolves ``waiter`` through the loop's
    :class:`_Requests`, which wakes the loop once for all requests made since it last ran.
    """

    __slots__ = ("abandoned", "finished", "item", "ok", "ready", "stop", "task", "waiter")

    def __init__(self) -> None:
        self.ready = threading.Lock()
        self.ready.acquire()
        self.ok = True
        self.item: Any = None
        self.finished = False  # the pump delivered its last outcome and closed the source
        self.stop = False  # the consumer stopped early: the pump closes the source
        self.abandoned = False  # the consumer was interrupted and takes nothing more
        self.waiter: asyncio.Future[None] | None = None
        self.task: asyncio.Task[None] | None = None

    def deliver(self, ok: bool, item: Any) -> None:
        """On the loop: hand ``item`` (``ok``) or an exception (not ``ok``) to the consumer.

        The pump delivers only after the consumer took the previous item (it requested
        the next one, or stopped), so ``ready`` is held here, unless the consumer was
        interrupted and may have left an item untaken.
        """
        self.ok = ok
        self.item = item
        if not self.abandoned:
            self.ready.release()

    def interrupt(self) -> None:
        """On the loop: the consumer was interrupted (Ctrl-C) and does not wait for the end.

        A pump awaiting the next request stops and closes the source; a pump inside the
        source is cancelled.
        """
        self.abandoned = True
        self.item = None
        if self.waiter is not None and not self.waiter.done():
            self.stop = True
            self.waiter.set_result(None)
        elif self.task is not None and not self.finished:
            self.task.cancel()


class _Requests:
    """The consumers' requests to the bridge loop, coalesced into one wake-up per loop turn.

    ``call_soon_threadsafe`` per request writes to the loop's self-pipe every time; with
    many consuming threads most requests arrive while a wake-up is already scheduled,
    and join it instead.
    """

    __slots__ = ("_loop", "_pending", "_scheduled")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._pending: collections.deque[_Handoff] = collections.deque()
        self._scheduled = False

    def request(self, handoff: _Handoff) -> None:
        """From any thread: resolve ``handoff``'s waiter on the loop."""
        self._pending.append(handoff)
        # Appended before the flag is read, and _drain clears the flag before it pops:
        # either the scheduled drain sees this handoff or this call schedules another.
        if not self._scheduled:
            self._scheduled = True
            try:
                self._loop.call_soon_threadsafe(self._drain)
            except BaseException:  # Ctrl-C right here must not leave the flag set for good
                self._scheduled = False
                raise

    def _drain(self) -> None:
        self._scheduled = False
        pending = self._pending
        while pending:
            waiter = pending.popleft().waiter
            if waiter is not None and not waiter.done():
                waiter.set_result(None)


@lazy_singleton
def _requests() -> _Requests:
    return _Requests(_private_loop())


class _Local:
    """One plain ``for`` driven on a private loop of the consuming thread (:func:`iterate_locally`).

    The consumer runs ``loop`` until the pump delivers an item (``deliver`` stops the
    loop), takes it, and requests the next by resolving ``waiter`` before it runs the
    loop again: the pump's ``request(1)`` protocol of :class:`_Handoff`, in one thread.
    """

    __slots__ = ("finished", "item", "loop", "ok", "stop", "task", "tasks", "waiter")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.tasks: list[asyncio.Task[Any]] = []  # every task made on the loop (its factory)
        loop.set_task_factory(self._new_task)
        self.ok = True
        self.item: Any = None
        self.finished = False
        self.stop = False
        self.waiter: asyncio.Future[None] | None = None
        self.task: asyncio.Task[None] | None = None

    def _new_task(
        self,
        loop: asyncio.AbstractEventLoop,
        coro: Coroutine[Any, Any, Any] | Generator[Any, None, Any],
        /,
        context: contextvars.Context | None = None,
    ) -> asyncio.Task[Any]:
        # asyncio.all_tasks(loop) would scan every task of every loop of the process at
        # each stream's end: with many consuming threads, a cost that grows with their
        # number squared.
        task = asyncio.Task(coro, loop=loop, context=context)
        self.tasks.append(task)
        return task

    def deliver(self, ok: bool, item: Any) -> None:
        """On the loop: hand over ``item`` (``ok``) or an exception, and return to the consumer."""
        self.ok = ok
        self.item = item
        self.loop.stop()


_HERE: contextvars.ContextVar[_Local | None] = contextvars.ContextVar(
    "spring_ai_py_local_stream", default=None
)


def blocking_io_allowed() -> bool:
    """Whether the running code may block its thread on I/O.

    True only inside the one task of a plain ``for`` driven by :func:`iterate_locally`:
    that loop runs only while its consumer waits for the next item, and runs nothing
    but that iteration (tasks the iteration starts, such as parallel tool calls, get
    ``False``: they share the loop).
    """
    here = _HERE.get()
    return (
        here is not None
        and running_loop() is here.loop
        and asyncio.current_task(here.loop) is here.task
    )


async def _pump(source: AsyncIterator[Any], handoff: _Handoff | _Local) -> None:
    """The whole iteration of ``source`` as one task, item by request."""
    loop = asyncio.get_running_loop()
    ok, outcome = True, _DONE
    try:
        while True:
            try:
                item = await anext(source)
            except StopAsyncIteration:
                break
            waiter = handoff.waiter = loop.create_future()
            handoff.deliver(True, item)
            await waiter
            if handoff.stop:
                break
    except BaseException as error:  # handed to the consuming thread
        ok, outcome = False, error
        # asyncio lets SystemExit and KeyboardInterrupt escape run_forever(), which would
        # kill the shared loop thread and hang every later user of the bridge: they end
        # here, as any other exception, and only cancellation ends the task as cancelled.
        if isinstance(error, asyncio.CancelledError):
            raise
    finally:
        handoff.waiter = None
        try:
            aclose = getattr(source, "aclose", None)
            if aclose is not None:
                await aclose()
        except BaseException as error:
            if ok:  # a failure to close is the outcome when nothing failed before
                ok, outcome = False, error
            if isinstance(error, asyncio.CancelledError):
                raise
        finally:
            handoff.finished = True
            handoff.deliver(ok, outcome)


_DONE = object()


def iterate_sync(source: AsyncIterator[T]) -> Iterator[T]:
    """Iterate ``source`` from blocking code; see the module docstring for the rules."""
    loop = _private_loop()
    requests = _requests()
    handoff = _Handoff()
    context = contextvars.copy_context()

    def start() -> None:
        handoff.task = loop.create_task(_pump(source, handoff), context=context)

    loop.call_soon_threadsafe(start)
    holding = False  # the consumer holds an item and the pump awaits its next request
    try:
        while True:
            handoff.ready.acquire()
            if not handoff.ok:
                raise handoff.item
            item = handoff.item
            if item is _DONE:
                return
            handoff.item = None
            holding = True
            yield item
            holding = False
            requests.request(handoff)
    finally:
        if holding:
            # Stopped early (break, close(), the iterator collected): the pump closes the
            # source; wait for that to finish, except on the loop's own thread (a
            # collection there) or at interpreter exit, where the wait would not end.
            handoff.stop = True
            requests.request(handoff)
            if threading.current_thread().name != _BRIDGE_THREAD and not sys.is_finalizing():
                handoff.ready.acquire()
                if not handoff.ok and not isinstance(handoff.item, asyncio.CancelledError):
                    raise handoff.item
        elif not handoff.finished:
            # Interrupted while waiting for an item (Ctrl-C): cancel, without waiting.
            loop.call_soon_threadsafe(handoff.interrupt)


class _SharedPool(ThreadPoolExecutor):
    """A pool that the event loops using it as their default executor do not shut down
    (``loop.close()`` shuts its default executor down): it outlives each of them."""

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        return


@lazy_singleton
def _local_default_executor() -> ThreadPoolExecutor:
    """The default executor of every :func:`iterate_locally` loop (``run_in_executor(None,
    ...)``, ``asyncio.to_thread``): one pool for all, as the bridge loop has one, not a
    pool (and its threads) per stream."""
    return _SharedPool(min(32, (os.cpu_count() or 1) + 4), thread_name_prefix="spring-ai-py-local")


def iterate_locally(source: AsyncIterator[T]) -> Iterator[T]:
    """Iterate ``source`` from blocking code on a private event loop of this thread.

    The rules of :func:`iterate_sync` (one task and one context for the whole iteration,
    one item per request, the source closed when the caller stops early or drops the
    iterator, exceptions and cancellation handed over as they are), without the bridge
    thread: the loop runs here while the caller waits for an item, and the source may
    block it (:func:`blocking_io_allowed`). The loop is made at the first item (a poll
    selector and its wake-up socket pair: two file descriptors while the stream is
    open) and closed when the iteration ends.
    """
    loop = asyncio.SelectorEventLoop(selectors.PollSelector())
    loop.set_default_executor(_local_default_executor())
    local = _Local(loop)
    context = contextvars.copy_context()
    context.run(_HERE.set, local)
    holding = False  # the consumer holds an item and the pump awaits its next request
    try:
        local.task = loop.create_task(_pump(source, local), context=context)
        while True:
            loop.run_forever()
            if not local.ok:
                raise local.item
            item = local.item
            if item is _DONE:
                return
            local.item = None
            holding = True
            yield item
            holding = False
            waiter = local.waiter
            if waiter is not None and not waiter.done():
                waiter.set_result(None)
    finally:
        if running_loop() is None:
            _close_local(local, holding)
        elif not sys.is_finalizing():
            # Collected where another loop runs (this thread's, or the bridge's): this
            # loop cannot run here, so it finishes on a thread of its own.
            threading.Thread(
                target=_close_local, args=(local, holding, False), daemon=True
            ).start()


def _close_local(local: _Local, holding: bool, reraise: bool = True) -> None:
    """Stop the pump (closing the source), then shut the loop down and close it."""
    loop = local.loop
    task = local.task
    try:
        if task is not None and not task.done():
            waiter = local.waiter
            if holding and waiter is not None and not waiter.done():
                local.stop = True  # stopped early: the pump closes the source
                waiter.set_result(None)
            else:
                task.cancel()  # interrupted (Ctrl-C) while the pump ran
                # A pump cancelled before its first step never delivers (which stops
                # the loop): its end does.
                task.add_done_callback(lambda _: None if local.finished else loop.stop())
            while not task.done():
                loop.run_forever()
            if (
                reraise
                and holding
                and not local.ok
                and not isinstance(local.item, asyncio.CancelledError)
            ):
                raise local.item  # a failure to close the source
        rest = [other for other in local.tasks if not other.done()]
        for other in rest:
            other.cancel()
        if rest:
            loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
    finally:
        local.item = None
        local.tasks.clear()
        loop.close()


async def run_blocking(executor: Executor | None, fn: Callable[..., T], *args: Any) -> T:
    """Run blocking ``fn(*args)`` on ``executor`` without losing the current context."""
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()
    return await loop.run_in_executor(executor, context.run, fn, *args)


class DualStream(Generic[T]):
    """A stream consumable with ``async for`` and with a plain ``for``.

    Each iteration runs ``factory()`` afresh (like re-subscribing to a Flux); the plain
    ``for`` goes through :func:`iterate_sync`, or :func:`iterate_locally` when ``local``
    (the stream's source can read with blocking I/O). ``collect()`` / ``acollect()`` gather all
    items into a list.
    """

    __slots__ = ("_factory", "_local")

    def __init__(self, factory: Callable[[], AsyncIterator[T]], local: bool = False) -> None:
        self._factory = factory
        self._local = local

    def __aiter__(self) -> AsyncIterator[T]:
        return self._factory()

    def __iter__(self) -> Iterator[T]:
        forbid_running_loop("a plain `for` over a stream", "async for")
        if self._local:
            return iterate_locally(self._factory())
        return iterate_sync(self._factory())

    def collect(self) -> list[T]:
        """All items, blocking."""
        return list(self)

    async def acollect(self) -> list[T]:
        """All items, awaited."""
        return [item async for item in self]
