"""Bounds on one provider exchange, and credentials kept out of the SDKs' errors.

``timeout`` bounds each read of an answer only, so a server that trickles a byte now
and then holds a call or a stream open forever. An :class:`Exchange` adds what bounds
the whole exchange: a deadline (the call's or the stream's total time), for a stream
the longest time between two events, and the most bytes an answer may take. The HTTP
client the model builds for its SDK (:func:`http_client`) enforces it at two levels:
every socket operation (connecting, the TLS handshake, writing the request, reading
the status line, the headers and the body) gets at most the time left as its timeout
(:mod:`spring_ai_py.model._socket_deadline`), and every chunk of the body is checked
as it arrives (time and size), through a response hook. An exchange past its deadline
raises :class:`ExchangeExpired`, which :meth:`Exchange.sending` and the providers'
stream readers turn into the SDK's ``APITimeoutError``; it is a ``BaseException`` so
that the SDKs' retry loops (which catch ``Exception``) do not retry it, as no time is
left for another attempt. Both levels look the request's exchange up in a context
variable that :meth:`Exchange.sending` sets while the SDK sends the request (a chat
call or stream, an OpenAI embedding call); requests sent outside it (a user's own use
of the client) are not touched.

Retries count toward the deadline: the SDK's attempts and its pauses between them all
run inside one exchange. An attempt that would start after the deadline is not sent,
and an error answer whose ``retry-after`` asks for a longer wait than the time left is
marked ``x-should-retry: false``, so the SDK raises it at once instead of sleeping past
the deadline.

Servers may echo the request's credentials in an error body (``Incorrect API key
provided: sk-...``). :class:`MaskedErrors` replaces every credential of the client in
an SDK error's message, arguments and body with ``***`` before the error leaves the
model, so neither the caller, nor a log line, nor the span's exception event sees it.
"""

from __future__ import annotations

import contextlib
import importlib
import math
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from contextvars import ContextVar, Token
from datetime import timedelta
from types import TracebackType
from typing import Any

from spring_ai_py.chat.observation._chat_model import MASK, SENSITIVE_HEADER_NAMES

LIMIT_FIELDS = ("call_timeout", "stream_idle_timeout", "stream_total_timeout", "max_answer_bytes")
"""The options fields that bound an exchange (see :func:`check_limits`)."""
CALL_LIMIT_FIELDS = ("call_timeout", "max_answer_bytes")
"""The limit fields of a model without streams (embeddings)."""

_CURRENT: ContextVar[Exchange | None] = ContextVar("spring_ai_py_exchange", default=None)
_MIN_SECRET = 3
"""Shorter credentials are not masked: they would mask ordinary words of the message."""
_MAX_BODY_DEPTH = 32


class ExchangeExpired(BaseException):
    """An exchange past its deadline or its idle limit (the message names which).

    A ``BaseException`` on purpose: the SDKs retry any ``Exception`` of the transport,
    but once the time is up no attempt can succeed. It never reaches the caller:
    :meth:`Exchange.sending` and the providers' stream readers raise the SDK's
    ``APITimeoutError`` from it."""


class AnswerTooLargeError(Exception):
    """An answer larger than ``max_answer_bytes``; the provider turns it into the SDK's
    ``APIResponseValidationError``."""


class Exchange:
    """The bounds of one call or stream, from the moment it is created."""

    __slots__ = (
        "_deadline",
        "_idle",
        "_idle_deadline",
        "_max_bytes",
        "_total",
        "_total_name",
        "bytes_left",
        "converts",
        "limit",
        "request",
        "response",
    )

    def __init__(
        self,
        total: float,
        total_name: str,
        idle: float | None = None,
        max_bytes: int | None = None,
    ) -> None:
        now = time.monotonic()
        self._total = total
        self._total_name = total_name
        self._deadline = now + total
        self._idle = idle
        self._idle_deadline = now + idle if idle is not None else math.inf
        self._max_bytes = max_bytes
        self.limit = min(self._deadline, self._idle_deadline)
        """The earliest bound in time (``time.monotonic()``): past it, :meth:`expired`."""
        self.bytes_left: float = max_bytes if max_bytes is not None else math.inf
        """Bytes the answer may still take: below zero, :meth:`too_large`."""
        self.request: Any = None
        """The last HTTP request sent in this exchange (an attempt of the SDK)."""
        self.response: Any = None
        """The last HTTP response bounded by this exchange."""
        self.converts = False
        """Whether an expiry is raised as :class:`ExchangeExpired` (sent through
        :meth:`sending` with the SDK module that turns it into ``APITimeoutError``)."""

    @classmethod
    def for_call(cls, options: Any) -> Exchange:
        """The bounds of a call with ``options`` (a provider's chat options)."""
        defaults = type(options)
        total = options.call_timeout
        size = options.max_answer_bytes
        return cls(
            total if total is not None else defaults.DEFAULT_CALL_TIMEOUT,
            "call_timeout",
            None,
            size if size is not None else defaults.DEFAULT_MAX_ANSWER_BYTES,
        )

    @classmethod
    def for_stream(cls, options: Any) -> Exchange:
        """The bounds of a stream with ``options`` (a provider's chat options)."""
        defaults = type(options)
        total = options.stream_total_timeout
        idle = options.stream_idle_timeout
        size = options.max_answer_bytes
        return cls(
            total if total is not None else defaults.DEFAULT_STREAM_TOTAL_TIMEOUT,
            "stream_total_timeout",
            idle if idle is not None else defaults.DEFAULT_STREAM_IDLE_TIMEOUT,
            size if size is not None else defaults.DEFAULT_MAX_ANSWER_BYTES,
        )

    def sending(self, sdk: Any = None) -> _Sending:
        """A context in which requests the SDK sends are bounded by this exchange; an
        exchange that expires in it leaves as ``sdk.APITimeoutError`` (``sdk`` is the
        ``openai`` or ``anthropic`` module), its ``__cause__`` naming the limit. Without
        ``sdk`` (an SDK on ``httpx``, whose timeouts are its HTTP library's
        ``ReadTimeout``) nothing is converted."""
        return _Sending(self, sdk)

    def event(self) -> None:
        """A stream event arrived, or the consumer took one and asked for the next: the
        idle time starts again."""
        if self._idle is not None:
            self._idle_deadline = time.monotonic() + self._idle
            self.limit = min(self._deadline, self._idle_deadline)

    def expired(self, library: str = "httpx2") -> BaseException:
        """The error of an exchange past :attr:`limit`, naming the bound it passed: an
        :class:`ExchangeExpired` when the exchange was sent with the SDK module that
        turns it into its ``APITimeoutError`` (openai, anthropic: see :meth:`sending`);
        else the ``ReadTimeout`` of the HTTP ``library`` the SDK reads with, for an SDK
        that reports its HTTP library's timeouts as they are (ollama, google-genai)."""
        if self._idle is None or time.monotonic() >= self._deadline:
            message = f"The answer took longer than {self._total_name} ({self._total:g} s)"
        else:
            message = (
                f"The stream sent no event for longer than stream_idle_timeout ({self._idle:g} s)"
            )
        if self.converts and library == "httpx2":
            return ExchangeExpired(message)
        return _read_timeout(message, library)

    def time_left(self) -> float:
        """Seconds until the deadline (the total time, not the idle limit)."""
        return self._deadline - time.monotonic()

    def too_large(self) -> Exception:
        """The error of an answer past ``max_answer_bytes``."""
        return AnswerTooLargeError(
            f"The answer is larger than max_answer_bytes ({self._max_bytes} bytes)"
        )

    def check_too_large(self, error: BaseException, sdk: Any) -> None:
        """Raise the SDK's ``APIResponseValidationError`` when ``error`` is, or was
        caused by, an answer past ``max_answer_bytes`` (an SDK may pass the error of a
        body it reads through, or wrap it in its connection error)."""
        cause = error if isinstance(error, AnswerTooLargeError) else error.__cause__
        if isinstance(cause, AnswerTooLargeError) and self.response is not None:
            raise sdk.APIResponseValidationError(self.response, None, message=str(cause)) from cause


class _Sending:
    __slots__ = ("_exchange", "_sdk", "_token")

    def __init__(self, exchange: Exchange, sdk: Any) -> None:
        self._exchange = exchange
        self._sdk = sdk
        self._token: Token[Exchange | None] | None = None

    def __enter__(self) -> Exchange:
        if self._sdk is not None:
            self._exchange.converts = True
        self._token = _CURRENT.set(self._exchange)
        return self._exchange

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._token is not None:
            _CURRENT.reset(self._token)
            self._token = None
        if self._sdk is not None and isinstance(error, ExchangeExpired):
            raise timeout_error(self._sdk, self._exchange.request) from error


def _read_timeout(message: str, library: str) -> Exception:
    http: Any = importlib.import_module(library)
    error: Exception = http.ReadTimeout(message)
    return error


def _library_of(response: Any) -> str:
    """The HTTP library of ``response``: ``httpx2`` (the openai and anthropic SDKs) or
    ``httpx`` (the ollama SDK)."""
    return type(response).__module__.partition(".")[0]


def timeout_error(sdk: Any, request: Any) -> Exception:
    """The SDK's ``APITimeoutError`` for ``request`` (an HTTP request of the exchange,
    or ``None`` when none was built yet)."""
    if request is None:
        import httpx2

        request = httpx2.Request("POST", "http://localhost/")
    error: Exception = sdk.APITimeoutError(request=request)
    return error


def _on_request(request: Any) -> None:
    exchange = _CURRENT.get()
    if exchange is not None:
        exchange.request = request
        if time.monotonic() >= exchange.limit:
            raise exchange.expired()  # an attempt past the deadline is not sent


async def _aon_request(request: Any) -> None:
    _on_request(request)


_RETRY_AFTER = (("retry-after-ms", 1000.0), ("retry-after", 1.0))


def _no_retry_past_deadline(exchange: Exchange, response: Any) -> None:
    """Mark an error answer ``x-should-retry: false`` when the wait its ``retry-after``
    (or ``retry-after-ms``) asks for ends after the exchange's deadline."""
    headers = response.headers
    for name, divisor in _RETRY_AFTER:
        value = headers.get(name)
        if value is None:
            continue
        try:
            wait = float(value) / divisor
        except ValueError:
            continue
        if wait >= exchange.time_left():
            headers["x-should-retry"] = "false"
        return


def _bound(response: Any) -> None:
    exchange = _CURRENT.get()
    if exchange is not None:
        exchange.response = response
        if response.status_code >= 400:
            _no_retry_past_deadline(exchange, response)
        stream_type = _bounded_stream_types(_library_of(response))[0]
        response.stream = stream_type(response.stream, exchange)


async def _abound(response: Any) -> None:
    exchange = _CURRENT.get()
    if exchange is not None:
        exchange.response = response
        if response.status_code >= 400:
            _no_retry_past_deadline(exchange, response)
        stream_type = _bounded_stream_types(_library_of(response))[1]
        response.stream = stream_type(response.stream, exchange)


_STREAM_TYPES: dict[str, tuple[type, type]] = {}


def _bounded_stream_types(library: str) -> tuple[type, type]:
    """The response bodies (sync, async) that check their exchange on every chunk; they
    subclass the HTTP ``library``'s stream types, which it requires (imported on first
    use)."""
    found = _STREAM_TYPES.get(library)
    if found is not None:
        return found
    http: Any = importlib.import_module(library)

    class BoundedStream(http.SyncByteStream):  # type: ignore[misc]
        __slots__ = ("_exchange", "_inner")

        def __init__(self, inner: Any, exchange: Exchange) -> None:
            self._inner = inner
            self._exchange: Exchange | None = exchange

        def __iter__(self) -> Iterator[bytes]:
            exchange, now = self._exchange, time.monotonic
            if exchange is None:  # closed: nothing more to read
                return
            chunks = iter(self._inner)
            while True:
                # A stream's body is read after its request was sent, outside
                # ``sending`` (a plain ``for`` reading with the blocking client): its
                # socket reads are bounded by the exchange all the same.
                token = _CURRENT.set(exchange)
                try:
                    chunk = next(chunks)
                except StopIteration:
                    return
                finally:
                    _CURRENT.reset(token)
                # Inlined (a call per chunk is most of the cost): time, then size.
                if now() > exchange.limit:
                    raise exchange.expired(library)
                exchange.bytes_left -= len(chunk)
                if exchange.bytes_left < 0:
                    raise exchange.too_large()
                yield chunk

        def close(self) -> None:
            self._inner.close()
            # The exchange holds the response, which holds this body: dropping the
            # exchange once the body is closed breaks the cycle, so the response and its
            # request are freed now rather than by the cyclic collector, much later
            # when thousands of exchanges run at once.
            self._exchange = None

    class AsyncBoundedStream(http.AsyncByteStream):  # type: ignore[misc]
        __slots__ = ("_exchange", "_inner")

        def __init__(self, inner: Any, exchange: Exchange) -> None:
            self._inner = inner
            self._exchange: Exchange | None = exchange

        async def __aiter__(self) -> AsyncIterator[bytes]:
            exchange, now = self._exchange, time.monotonic
            if exchange is None:  # closed: nothing more to read
                return
            chunks = self._inner.__aiter__()
            while True:
                # A stream's body is read after its request was sent, outside
                # ``sending``: its socket reads are bounded by the exchange all the same.
                token = _CURRENT.set(exchange)
                try:
                    chunk = await chunks.__anext__()
                except StopAsyncIteration:
                    return
                finally:
                    _CURRENT.reset(token)
                if now() > exchange.limit:
                    raise exchange.expired(library)
                exchange.bytes_left -= len(chunk)
                if exchange.bytes_left < 0:
                    raise exchange.too_large()
                yield chunk

        async def aclose(self) -> None:
            await self._inner.aclose()
            self._exchange = None  # the cycle through the response (see close())

    types = (BoundedStream, AsyncBoundedStream)
    _STREAM_TYPES[library] = types
    return types


def http_client(factory: Any) -> Any:
    """An HTTP client from the SDK's own ``factory`` (``DefaultHttpxClient`` or
    ``DefaultAsyncHttpxClient``, which keep the SDK's defaults) that bounds every
    socket operation and each response by the exchange it was sent in. A blocking one
    also closes its connections when it is garbage-collected unclosed, as the client
    the SDK builds itself does (an async one is closed with its event loop by the
    model that owns it)."""
    import httpx2

    from spring_ai_py.model._socket_deadline import bound_sockets

    if issubclass(factory, httpx2.AsyncClient):
        hooks: dict[str, list[Any]] = {"request": [_aon_request], "response": [_abound]}
    else:
        hooks = {"request": [_on_request], "response": [_bound]}
        factory = _closed_when_collected(factory)
    client = factory(event_hooks=hooks)
    bound_sockets(client)
    return client


_CLOSED_WHEN_COLLECTED: dict[type[Any], type[Any]] = {}


def _closed_when_collected(factory: type[Any]) -> type[Any]:
    """A subclass of the blocking HTTP client class ``factory`` whose instances close
    their connections when collected unclosed, as the SDKs' own default client
    (``SyncHttpxClientWrapper``) does: a model dropped without ``close()`` then leaves
    no socket to the interpreter's finalizer, which reports each one as an
    unclosed-socket ``ResourceWarning``."""
    found = _CLOSED_WHEN_COLLECTED.get(factory)
    if found is None:

        def __del__(self: Any) -> None:
            if not self.is_closed:
                # A finalizer must not raise (at interpreter shutdown, say).
                with contextlib.suppress(Exception):
                    self.close()

        found = _CLOSED_WHEN_COLLECTED[factory] = type(
            factory.__name__,
            (factory,),
            {
                "__del__": __del__,
                "__qualname__": factory.__qualname__,
                "__module__": factory.__module__,
            },
        )
    return found


def response_hooks(asynchronous: bool) -> dict[str, list[Callable[[Any], Any]]]:
    """The ``event_hooks`` of an HTTP client (``httpx2`` or ``httpx``, blocking or
    ``asynchronous``) that bound each response by the exchange it was sent in, for an
    SDK that builds its HTTP client itself from keyword arguments (ollama, google-genai)."""
    return {"response": [_abound if asynchronous else _bound]}


def limit_values(source: object) -> dict[str, Any]:
    """The limit fields ``source`` sets (a properties section), as options keywords:
    durations in seconds, unset ones left out."""
    values: dict[str, Any] = {}
    for name in LIMIT_FIELDS:
        value = getattr(source, name, None)
        if value is not None:
            values[name] = value.total_seconds() if isinstance(value, timedelta) else value
    return values


def check_limits(options: Any, fields: tuple[str, ...] = LIMIT_FIELDS) -> None:
    """Normalize and check the limit ``fields`` of the frozen ``options``: positive
    seconds (or a ``timedelta``) and a positive number of bytes."""
    for name in fields:
        value: Any = getattr(options, name)
        if value is None:
            continue
        if name != "max_answer_bytes" and isinstance(value, timedelta):
            value = value.total_seconds()
            object.__setattr__(options, name, value)
        integral = name == "max_answer_bytes"
        if isinstance(value, bool) or not isinstance(value, int if integral else int | float):
            expected = "an integer" if integral else "a number of seconds or a timedelta"
            raise TypeError(f"{name} must be {expected}, got {type(value).__name__}: {value!r:.80}")
        if value <= 0:
            raise ValueError(f"{name} must be positive")


def secrets_of(client: Any, headers: Mapping[str, str] | None) -> tuple[str, ...]:
    """The credentials a request of ``client`` sends: its API key (and Anthropic's
    ``auth_token``) and the values of credential headers in its default headers and in
    the request's ``headers``."""
    found: list[str] = []
    for value in (getattr(client, "api_key", None), getattr(client, "auth_token", None)):
        if isinstance(value, str):
            found.append(value)
    for header_map in (getattr(client, "default_headers", None), headers):
        for name, value in (header_map or {}).items():
            if name.lower() in SENSITIVE_HEADER_NAMES and isinstance(value, str):
                found.append(value)
                scheme, _, token = value.partition(" ")
                if token and scheme.lower() in ("bearer", "basic"):
                    found.append(token)
    # Longest first, so a header value is masked whole before the key inside it.
    return tuple(sorted({s for s in found if len(s) >= _MIN_SECRET}, key=len, reverse=True))


class MaskedErrors:
    """A context in which an SDK error (an instance of ``error_type``) leaves with the
    credentials of ``client`` and of the credential headers in ``headers`` (see
    :func:`secrets_of`) replaced by ``***`` in its message, arguments and body."""

    __slots__ = ("_client", "_error_type", "_headers")

    def __init__(
        self, error_type: type[BaseException], client: Any, headers: Mapping[str, str] | None
    ) -> None:
        self._error_type = error_type
        self._client = client
        self._headers = headers

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if error is not None and isinstance(error, self._error_type):
            secrets = secrets_of(self._client, self._headers)
            if secrets:
                mask_error(error, secrets)


def mask_error(error: BaseException, secrets: tuple[str, ...]) -> None:
    """Replace ``secrets`` in ``error`` (in place): its arguments and every text, object
    or list attribute (the SDKs' ``message``, ``body``, Anthropic's ``api_message``)."""
    error.args = tuple(_masked(arg, secrets, 0) for arg in error.args)
    for name, value in vars(error).items():
        if isinstance(value, str | dict | list):
            setattr(error, name, _masked(value, secrets, 0))


def _masked(value: Any, secrets: tuple[str, ...], depth: int) -> Any:
    if isinstance(value, str):
        for secret in secrets:
            if secret in value:
                value = value.replace(secret, MASK)
        return value
    if depth >= _MAX_BODY_DEPTH:
        return MASK  # too deep to look through: hidden whole
    if isinstance(value, dict):
        return {key: _masked(item, secrets, depth + 1) for key, item in value.items()}
    if isinstance(value, list):
        return [_masked(item, secrets, depth + 1) for item in value]
    return value
