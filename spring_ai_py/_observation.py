"""The one observation helper (STYLE.md): open, annotate, parent and close spans.

The chain, the ChatClient, the models and the tool manager all report through here.
Only ``opentelemetry-api`` is needed: without an SDK the global tracer provider is a
no-op, spans are non-recording, and this helper then skips attaching them to the
context and computing their attributes, so observability costs next to nothing.

Rules:
* a span's parent is the current OpenTelemetry context where the step *starts*
  (for a stream: where iteration starts);
* while a step runs, its span is current, also across awaits of a stream (the span is
  attached around each step of the inner iterator, never across a ``yield`` to the
  consumer) and across executor hops (``_bridge.run_blocking`` copies the context);
* an exception marks the span as an error and is re-raised unchanged.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import (
    AsyncGenerator,
    AsyncIterator,
    Awaitable,
    Callable,
    Generator,
    Iterator,
    Mapping,
)
from typing import Any, Generic, NamedTuple, TypeVar

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.trace import (
    INVALID_SPAN,
    NoOpTracer,
    Span,
    Status,
    StatusCode,
    Tracer,
    TracerProvider,
)
from opentelemetry.util.types import AttributeValue

from spring_ai_py._compat import global_tracer_provider_if_set

T = TypeVar("T")
A = TypeVar("A")

INSTRUMENTATION_NAME = "spring_ai_py"

_GLOBAL_TRACER: Tracer = trace.get_tracer(INSTRUMENTATION_NAME)
_NOOP_PROVIDERS = (trace.ProxyTracerProvider, trace.NoOpTracerProvider)
_ENV_PROVIDER = os.environ.get("OTEL_PYTHON_TRACER_PROVIDER")
_TRACERS: dict[int, tuple[TracerProvider, Tracer]] = {}

Attributes = Mapping[str, AttributeValue]


def tracer_for(tracer_provider: TracerProvider | None) -> Tracer:
    """The library's tracer for ``tracer_provider`` (``None``: the global provider).

    The global tracer is a proxy that follows ``trace.set_tracer_provider``, so it may be
    created before the application installs the SDK.
    """
    if tracer_provider is None:
        return _GLOBAL_TRACER
    entry = _TRACERS.get(id(tracer_provider))
    if entry is None or entry[0] is not tracer_provider:
        entry = (tracer_provider, tracer_provider.get_tracer(INSTRUMENTATION_NAME))
        _TRACERS[id(tracer_provider)] = entry
    return entry[1]


def is_noop(tracer: Tracer) -> bool:
    """Whether spans from ``tracer`` are certainly no-ops (no SDK behind it).

    The global tracer is a no-op until the application installs a real provider; a
    tracer from an explicit provider is one only if it is a ``NoOpTracer``. Checking this
    first spares the chain the cost of starting non-recording spans on every step.
    """
    if tracer is _GLOBAL_TRACER:
        # The OTEL_PYTHON_TRACER_PROVIDER variable is honoured too.
        provider = global_tracer_provider_if_set()
        if provider is None:
            return _ENV_PROVIDER is None
        return isinstance(provider, _NOOP_PROVIDERS)
    return isinstance(tracer, NoOpTracer)


def start_span(
    tracer: Tracer, name: str, attributes: Callable[[], Attributes]
) -> tuple[Span, object | None]:
    """Start a span under the current context and make it current.

    Returns the span and the context token (``None`` when the tracer is a no-op: no
    span at all). Pair every call with :func:`end_span`.
    """
    if is_noop(tracer):
        return INVALID_SPAN, None
    # Attributes given at start are stored once; set one by one afterwards, each takes
    # the span's lock and re-validates (the SDK's costliest path). A span the sampler
    # drops is made current all the same, so its children are dropped with it instead of
    # starting traces of their own.
    span = tracer.start_span(name, attributes=attributes())
    return span, otel_context.attach(trace.set_span_in_context(span))


def end_span(span: Span, token: object | None, error: BaseException | None = None) -> None:
    """Detach and end a span from :func:`start_span`, recording ``error`` if given."""
    if token is None:
        return
    if error is not None and span.is_recording():
        record_error(span, error)
    otel_context.detach(token)  # type: ignore[arg-type]
    span.end()


@contextlib.contextmanager
def call_step(tracer: Tracer, name: str, attributes: Callable[[], Attributes]) -> Iterator[Span]:
    """The span of one call step, for blocking and ``async`` code alike.

    ``with call_step(tracer, name, attributes) as span: ...`` (the block may ``await``):
    the span is current inside the block, an exception marks it as failed and propagates
    unchanged. ``span.is_recording()`` tells whether annotating it is worth the cost.
    The chain, the response specs, the model observation and the tool manager all run
    their call steps through here (streams go through :func:`observe_stream`).
    """
    span, token = start_span(tracer, name, attributes)
    if token is None:
        yield span
        return
    try:
        yield span
    except BaseException as error:
        end_span(span, token, error)
        raise
    end_span(span, token)


def record_error(span: Span, error: BaseException) -> None:
    """Mark ``span`` as failed with ``error``."""
    span.record_exception(error)
    span.set_status(Status(StatusCode.ERROR, f"{type(error).__name__}: {error}"))


class LazyStream(Generic[A, T]):
    """The stream ``open(argument)`` returns, opened at the first ``__anext__``.

    What a stream step without a span keeps while its stream is in flight: three slots,
    where an async generator wrapping the inner stream would keep its frame, its
    ``aclosing`` and the ``async for`` state (thousands of streams can be in flight,
    each with such a step per advisor). Once open, ``__anext__`` is the inner stream's
    own: an item costs no frame of this step. ``aclose()`` closes the inner stream if it
    was opened; a stream closed before its first item never opens it, and ends.
    """

    __slots__ = ("_argument", "_inner", "_open")

    def __init__(self, open: Callable[[A], AsyncIterator[T]], argument: A) -> None:
        self._open: Callable[[A], AsyncIterator[T]] | None = open
        self._argument: A | None = argument
        self._inner: AsyncIterator[T] | None = None

    def __aiter__(self) -> LazyStream[A, T]:
        return self

    def __anext__(self) -> Awaitable[T]:
        inner = self._inner
        if inner is not None:
            return inner.__anext__()
        return _Opening(self)

    def _opened(self) -> AsyncIterator[T]:
        open_, argument = self._open, self._argument
        if open_ is None:
            raise StopAsyncIteration
        self._open = self._argument = None
        inner = self._inner = open_(argument)  # type: ignore[arg-type]
        return inner

    async def aclose(self) -> None:
        self._open = self._argument = None
        aclose = getattr(self._inner, "aclose", None)
        if aclose is not None:
            await aclose()


class _Opening(Generic[T]):
    """The first ``__anext__`` of a :class:`LazyStream`: awaiting it opens the stream,
    then passes the await through to the inner stream's first ``__anext__``. A
    coroutine doing the same would keep a frame of its own on the stack until that
    item arrives (while the stream waits for a pooled connection, or for the model's
    first byte): one frame per step for each of the thousands of streams in flight.
    Errors of opening are raised where the item is awaited, as the coroutine's were."""

    __slots__ = ("_inner", "_stream")

    def __init__(self, stream: LazyStream[Any, T]) -> None:
        self._stream: LazyStream[Any, T] | None = stream
        self._inner: Generator[Any, Any, T] | None = None

    def __await__(self) -> Generator[Any, Any, T]:
        return self  # type: ignore[return-value]  # the generator protocol, below

    def __next__(self) -> Any:
        return self.send(None)

    def send(self, value: Any) -> Any:
        inner = self._inner
        if inner is None:
            stream = self._stream
            if stream is None:
                raise RuntimeError("cannot reuse an awaited __anext__()")
            self._stream = None
            inner = self._inner = stream._opened().__anext__().__await__()
        return inner.send(value)

    def throw(self, *error: Any) -> Any:
        inner = self._inner
        if inner is None:
            self._stream = None
            raise error[1] if len(error) > 1 and error[1] is not None else error[0]
        return inner.throw(*error)

    def close(self) -> None:
        self._stream = None
        if self._inner is not None:
            self._inner.close()


class Skip:
    """The type of :data:`SKIP`."""

    __slots__ = ()


SKIP = Skip()
"""What :meth:`Relay._item` returns for an item that does not leave the relay."""


class Relay(Generic[A, T]):
    """A stream that passes another stream's items on through hooks, with no frame of
    its own: each ``__anext__`` is a small awaitable (:class:`_RelayStep`) that passes
    the await through to the inner stream's, where an async generator doing the same
    would keep its frame, its ``aclosing`` and its ``async for`` state for as long as
    the stream is in flight (thousands of streams can be, each with a layer or two).

    A subclass gives :meth:`_next` (the inner stream's next ``__anext__()``, opening it
    on the first) and :meth:`aclose`; it may override :meth:`_item` (map an item, or
    drop it with :data:`SKIP`), :meth:`_stopped` (what follows the inner stream's end)
    and :meth:`_failed` (hear an error on its way to the consumer).
    """

    __slots__ = ()

    def __aiter__(self) -> Relay[A, T]:
        return self

    def __anext__(self) -> Awaitable[T]:
        return _RelayStep(self)

    def _next(self) -> Awaitable[A]:
        raise NotImplementedError

    async def aclose(self) -> None:
        raise NotImplementedError

    def _item(self, item: A) -> T | Skip:
        return item  # type: ignore[return-value]  # a relay that does not map: A is T

    def _stopped(self) -> Awaitable[T] | None:
        """After the inner stream's end: what to await instead, or ``None`` to end too."""
        return None

    def _failed(self, error: BaseException) -> None:
        return None


class _RelayStep(Generic[A, T]):
    """One ``__anext__`` of a :class:`Relay`: the generator protocol around the inner
    stream's ``__anext__`` (awaited again while the relay drops items)."""

    __slots__ = ("_awaiting", "_relay")

    def __init__(self, relay: Relay[A, T]) -> None:
        self._relay = relay
        self._awaiting: Generator[Any, Any, Any] | None = None

    def __await__(self) -> Generator[Any, Any, T]:
        return self  # type: ignore[return-value]  # the generator protocol, below

    def __next__(self) -> Any:
        return self.send(None)

    def send(self, value: Any) -> Any:
        awaiting = self._awaiting
        return self._step(None if awaiting is None else awaiting.send, value)

    def throw(self, *error: Any) -> Any:
        awaiting = self._awaiting
        if awaiting is None:
            raise error[1] if len(error) > 1 and error[1] is not None else error[0]
        return self._step(awaiting.throw, *error)

    def close(self) -> None:
        if self._awaiting is not None:
            self._awaiting.close()

    def _step(self, resume: Callable[..., Any] | None, *arguments: Any) -> Any:
        relay = self._relay
        while True:
            try:
                if resume is None:
                    awaiting = self._awaiting = relay._next().__await__()
                    resume, arguments = awaiting.send, (None,)
                return resume(*arguments)
            except StopIteration as stop:
                item = relay._item(stop.value)
                if item is not SKIP:
                    raise StopIteration(item) from None
            except StopAsyncIteration:
                then = relay._stopped()
                if then is None:
                    raise
                tail = self._awaiting = then.__await__()
                resume, arguments = tail.send, (None,)
                continue
            except BaseException as error:
                relay._failed(error)
                raise
            resume = None


class StreamStep(NamedTuple, Generic[T]):
    """What :func:`observe_stream` needs once iteration starts."""

    name: str
    attributes: Callable[[], Attributes]
    source: Callable[[], AsyncIterator[T]]


async def observe_stream(
    tracer: Tracer,
    begin: Callable[[], StreamStep[T]],
    on_item: Callable[[Span, T], None] | None = None,
    on_complete: Callable[[Span], None] | None = None,
    on_end: Callable[[BaseException | None], None] | None = None,
) -> AsyncGenerator[T, None]:
    """Iterate a stream inside a span that lives from the first step to completion.

    ``begin`` runs when iteration starts (so a chain pops its advisor lazily, as a Flux
    would) and names the span. The span is current whenever the inner iterator runs.
    ``on_item`` may annotate the span with each item and ``on_complete`` once the
    stream completes normally (recording spans only); ``on_end`` always, once the stream
    ends, with its error (``None`` when it completed or was closed early). Closing
    this iterator early closes the inner one and ends the span without an error.
    """
    step = begin()
    if is_noop(tracer):
        failed: BaseException | None = None
        try:
            async with contextlib.aclosing(step.source()) as iterator:  # type: ignore[type-var]
                async for item in iterator:
                    yield item
        except GeneratorExit:
            raise
        except BaseException as failure:
            failed = failure
            raise
        finally:
            if on_end is not None:
                on_end(failed)
        return
    # A real tracer: the span is current around every inner step, recording or not (a
    # span sampled out must still parent its children, or they start new traces).
    span = tracer.start_span(step.name)
    recording = span.is_recording()
    span_context = trace.set_span_in_context(span)
    inner: AsyncIterator[T] | None = None
    error: BaseException | None = None
    try:
        if recording:
            span.set_attributes(step.attributes())
        token = otel_context.attach(span_context)
        try:
            inner = step.source()
        finally:
            otel_context.detach(token)
        while True:
            token = otel_context.attach(span_context)
            try:
                item = await inner.__anext__()
            except StopAsyncIteration:
                break
            finally:
                otel_context.detach(token)
            if on_item is not None and recording:
                on_item(span, item)
            yield item
        if on_complete is not None and recording:
            on_complete(span)
    except GeneratorExit:
        raise
    except BaseException as failure:
        error = failure
        raise
    finally:
        try:
            aclose = getattr(inner, "aclose", None) if inner is not None else None
            if aclose is not None:
                token = otel_context.attach(span_context)
                try:
                    await aclose()
                finally:
                    otel_context.detach(token)
        finally:
            # The span ends, and on_end runs, whatever closing the inner iterator did.
            if error is not None and recording:
                record_error(span, error)
            span.end()
            if on_end is not None:
                on_end(error)
