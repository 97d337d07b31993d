"""HTTP/1.1 machinery shared by the wire-level fake servers.

:class:`WireTestServer` runs a real ``ThreadingHTTPServer`` on ``127.0.0.1`` (a free port)
in a background thread, keeps connections alive between requests as HTTP/1.1 servers do,
counts the connections clients open, records every request and answers each one with
whatever the concrete server (OpenAI, Anthropic) renders for it: a complete response, a
chunked ``text/event-stream`` that may be cut after some events, or a dropped connection.
"""

from __future__ import annotations

import contextlib
import json
import re
import select
import socket
import threading
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Self, TypeVar
from urllib.parse import urlsplit

SENSITIVE_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key", "cookie"}
)
"""Header names whose values a :class:`RecordedRequest` repr shows as ``***``."""

_MASK = "***"

T = TypeVar("T")

JSON_HEADERS = (("Content-Type", "application/json"),)
"""The headers of a JSON response."""

EVENT_STREAM_HEADERS = (
    ("Content-Type", "text/event-stream; charset=utf-8"),
    ("Cache-Control", "no-cache"),
)
"""The headers of a server-sent event stream."""

NO_RETRY_HEADERS = (("x-should-retry", "false"),)
"""Tell the SDKs not to retry a response (they honour ``x-should-retry``)."""


@dataclass(frozen=True, repr=False)
class RecordedRequest:
    """One HTTP request as a fake server received it.

    ``headers`` maps lower-case header names to their values and keeps credentials, so a
    test can check what the SDK sent; ``repr()`` masks the credential headers.
    ``body`` is the parsed JSON body, or ``None`` when the body is empty or not JSON
    (``raw_body`` always holds the bytes).
    """

    method: str
    path: str
    query: str
    headers: dict[str, str]
    body: Any
    raw_body: bytes = field(default=b"", compare=False)

    def header(self, name: str) -> str | None:
        """The value of header ``name`` (any case), or ``None`` when it was not sent."""
        return self.headers.get(name.lower())

    def __repr__(self) -> str:
        shown = {
            name: _MASK if name in SENSITIVE_HEADERS else value
            for name, value in self.headers.items()
        }
        return (
            f"RecordedRequest(method={self.method!r}, path={self.path!r}, "
            f"query={self.query!r}, headers={shown!r}, body={self.body!r})"
        )


@dataclass(frozen=True)
class FullResponse:
    """A complete response; with ``cut`` only half the body is sent before the close."""

    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes
    cut: bool = False
    delay: float = 0.0
    """Seconds to wait before the status line (a slow server, for timeout tests)."""
    trickle: float = 0.0
    """Seconds between the body's bytes, sent one at a time (a server that answers
    slowly but never goes silent)."""


@dataclass(frozen=True)
class StreamResponse:
    """A ``200`` chunked event stream: one HTTP chunk per event.

    With ``cut_after`` set, the connection closes after that many events, without the
    terminating chunk, so the client sees an incomplete body.
    """

    events: tuple[bytes, ...]
    headers: tuple[tuple[str, str], ...] = ()
    cut_after: int | None = None
    stall_after: int | None = None
    """After that many events the server stops sending, without closing, until the
    client gives up (closes the connection) or ``stall_timeout`` seconds pass."""
    stall_timeout: float = 10.0
    trickle: float = 0.0
    """Seconds between the bytes of the events, sent one at a time."""


@dataclass(frozen=True)
class DropConnection:
    """No response at all: the connection closes as soon as the request is read."""


@dataclass(frozen=True)
class StallResponse:
    """No answer until the client gives up: the handler waits for the client to close
    the connection (a cancelled request) and counts it as aborted."""

    timeout: float


@dataclass(frozen=True)
class TrickledHead:
    """A response whose head never ends: the status line, then a header whose value
    grows by one byte every ``interval`` seconds, until the client closes the connection
    (or the server stops). With ``status_line_too`` the status line itself is sent one
    byte at a time first."""

    interval: float
    status_line_too: bool = False


WireResponse = FullResponse | StreamResponse | DropConnection | StallResponse | TrickledHead


@dataclass(frozen=True)
class FixedReply:
    """A scripted reply that is the same for streaming and non-streaming requests."""

    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes


@dataclass(frozen=True)
class DisconnectReply:
    """A scripted dropped connection."""


@dataclass(frozen=True)
class TrickledHeadReply:
    """A scripted reply whose head never ends (see :class:`TrickledHead`)."""

    interval: float
    status_line_too: bool = False


@dataclass(frozen=True)
class StallReply:
    """A scripted request that is never answered (see :class:`StallResponse`)."""

    timeout: float


def json_bytes(value: Any) -> bytes:
    """``value`` as compact UTF-8 JSON."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def split_words(text: str) -> list[str]:
    """Split ``text`` into token-like pieces (a word with its leading blanks) that join back."""
    return re.findall(r"\s*\S+|\s+", text)


def split_fragments(text: str, parts: int = 3) -> list[str]:
    """Split ``text`` into at most ``parts`` consecutive, nearly equal, non-empty pieces."""
    if len(text) <= 1:
        return [text]
    size = -(-len(text) // parts)
    return [text[i : i + size] for i in range(0, len(text), size)]


def check_chunks(text: str, chunks: list[str] | None) -> list[str]:
    """The stream pieces for ``text``: ``chunks`` when given (they must join to ``text``)."""
    if chunks is None:
        return split_words(text)
    if not all(isinstance(chunk, str) for chunk in chunks):
        raise ValueError("chunks must be strings")
    if "".join(chunks) != text:
        raise ValueError("chunks must join to the text")
    return list(chunks)


def text_chunks(text: str, chunks: Sequence[str] | None) -> tuple[str, ...]:
    """The stream pieces of a scripted text reply; ``text`` must be a string."""
    if not isinstance(text, str):
        raise ValueError("text must be a string")
    return tuple(check_chunks(text, None if chunks is None else list(chunks)))


def check_cut_after(cut_after: int | None) -> int | None:
    """Validate the number of events to send before a stream is cut."""
    if cut_after is not None and (isinstance(cut_after, bool) or cut_after < 0):
        raise ValueError("cut_after must be a non-negative number of events")
    return cut_after


def tool_call_specs(
    tool_calls: Sequence[Mapping[str, Any]], arguments: Callable[[Any], T]
) -> list[tuple[str | None, str, T]]:
    """The ``(id, name, arguments)`` of scripted tool calls, in order; at least one.

    Each tool call is a mapping with ``name``, ``arguments`` (``{}`` when absent,
    converted by ``arguments``, which raises ``ValueError`` for a value its API cannot
    send) and an optional ``id``.
    """
    specs = [_tool_call_spec(spec, arguments) for spec in tool_calls]
    if not specs:
        raise ValueError("tool_calls must not be empty")
    return specs


def _tool_call_spec(
    spec: Mapping[str, Any], arguments: Callable[[Any], T]
) -> tuple[str | None, str, T]:
    if not isinstance(spec, Mapping):
        raise ValueError("each tool call must be a mapping with name, arguments and id")
    unknown = set(spec) - {"name", "arguments", "id"}
    if unknown:
        raise ValueError(f"unknown tool call keys: {sorted(unknown)}")
    name = spec.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError("a tool call needs a non-empty name")
    converted = arguments(spec.get("arguments", {}))
    call_id = spec.get("id")
    if call_id is not None and not isinstance(call_id, str):
        raise ValueError("a tool call id must be a string")
    return call_id, name, converted


def error_headers(status: int, headers: Mapping[str, str]) -> dict[str, str]:
    """The headers of a scripted error reply with ``status`` (which must be 400-599).

    A ``429`` gets ``retry-after: 1`` unless ``headers`` has a retry-after header.
    """
    if isinstance(status, bool) or not 400 <= status <= 599:
        raise ValueError("an error status must be between 400 and 599")
    extra = dict(headers)
    if status == 429 and not {"retry-after", "retry-after-ms"} & {h.lower() for h in extra}:
        extra["retry-after"] = "1"
    return extra


def no_reply_message(path: str) -> str:
    """The error message of a request to ``path`` that no scripted reply is left for."""
    return (
        f"No reply is scripted for POST {path}: script one with enqueue_text(), "
        "enqueue_tool_calls(), enqueue_error(), enqueue_raw() or enqueue_disconnect()."
    )


class _HttpServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, owner: WireTestServer, port: int) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.owner = owner


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Streamed replies are many small writes on a kept-alive connection; without
    # TCP_NODELAY the last one waits for the client's delayed ACK (~40 ms).
    disable_nagle_algorithm = True
    server: _HttpServer

    def setup(self) -> None:
        super().setup()
        self.server.owner._connection_opened(self.connection)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            self.server.owner._connection_closed(self.connection)

    def handle(self) -> None:
        try:
            super().handle()
        except ConnectionError:
            # Clients drop kept-alive connections at will, and may stop reading a stream
            # early: neither is the server's failure.
            self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:
        """Keep test output quiet: requests are recorded, not logged."""

    def do_GET(self) -> None:
        self._serve()

    def do_POST(self) -> None:
        self._serve()

    def do_PUT(self) -> None:
        self._serve()

    def do_PATCH(self) -> None:
        self._serve()

    def do_DELETE(self) -> None:
        self._serve()

    def _serve(self) -> None:
        declared = self.headers.get("Content-Length") or "0"
        if not declared.isdigit():
            self.send_error(400, "Bad Content-Length")
            return
        length = int(declared)
        raw_body = self.rfile.read(length) if length > 0 else b""
        try:
            body: Any = json.loads(raw_body) if raw_body else None
        except ValueError:
            body = None
        target = urlsplit(self.path)
        request = RecordedRequest(
            method=self.command,
            path=target.path,
            query=target.query,
            headers={name.lower(): value for name, value in self.headers.items()},
            body=body,
            raw_body=raw_body,
        )
        self._write(self.server.owner._record_and_respond(request))

    def _write(self, response: WireResponse) -> None:
        if isinstance(response, DropConnection):
            self.close_connection = True
            return
        if isinstance(response, StallResponse):
            self.server.owner._stall(self.connection, response.timeout)
            self.close_connection = True
            return
        if isinstance(response, TrickledHead):
            self.close_connection = True
            self._trickle_head(response)
            return
        if isinstance(response, FullResponse):
            if response.delay:
                time.sleep(response.delay)
            self.send_response(response.status)
            for name, value in response.headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(response.body)))
            self.end_headers()
            if response.cut:
                self.wfile.write(response.body[: len(response.body) // 2])
                self.close_connection = True
            elif response.trickle:
                self._trickle(response.body, response.trickle, chunked=False)
            else:
                self.wfile.write(response.body)
            return
        self.send_response(200)
        for name, value in response.headers:
            self.send_header(name, value)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for sent, event in enumerate(response.events):
            if response.cut_after is not None and sent >= response.cut_after:
                self.close_connection = True
                return
            if response.stall_after is not None and sent >= response.stall_after:
                self.wfile.flush()
                self.server.owner._stall(self.connection, response.stall_timeout)
                self.close_connection = True
                return
            if response.trickle:
                self._trickle(event, response.trickle, chunked=True)
            else:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(event), event))
        self.wfile.write(b"0\r\n\r\n")

    def _trickle_head(self, response: TrickledHead) -> None:
        """The status line, then ``x-trickle: aaa...`` one byte at a time, for ever."""
        status_line = b"HTTP/1.1 200 OK\r\n"
        if response.status_line_too:
            self._trickle(status_line, response.interval, chunked=False)
        else:
            self.wfile.write(status_line)
        self._trickle(b"x-trickle: ", response.interval, chunked=False)
        while True:
            self._trickle(b"a", response.interval, chunked=False)

    def _trickle(self, data: bytes, interval: float, chunked: bool) -> None:
        """Send ``data`` one byte at a time, ``interval`` seconds apart, until the client
        closes the connection (a write then fails) or the server stops."""
        for position in range(len(data)):
            if self.server.owner._stopped:
                raise ConnectionAbortedError("the server stopped")
            byte = data[position : position + 1]
            self.wfile.write(b"1\r\n%s\r\n" % byte if chunked else byte)
            self.wfile.flush()
            time.sleep(interval)


class WireTestServer(ABC):
    """A fake HTTP API on loopback: scripted replies in, recorded requests out.

    Use it as a context manager, or call :meth:`start` and :meth:`stop`. Connections are
    kept alive between requests; :attr:`connection_count` says how many a client opened.
    """

    _PATH_PREFIX = ""

    def __init__(self, models: Iterable[str] | None = None) -> None:
        if isinstance(models, str):
            raise TypeError("models must be a collection of model names, not a str")
        self.models: frozenset[str] | None = None if models is None else frozenset(models)
        """The model names the server accepts; ``None`` (the default) accepts any."""
        self._lock = threading.Lock()
        self._requests: list[RecordedRequest] = []
        self._connection_count = 0
        self._open_connections: set[socket.socket] = set()
        self._http: _HttpServer | None = None
        self._thread: threading.Thread | None = None
        self._stopped = False
        self._sequence = 0
        self._queues: dict[str, deque[object]] = {}
        self._aborted = 0
        self.stalled = threading.Event()
        """Set when a stalled request (:meth:`enqueue_stall`) has arrived."""

    def start(self, port: int = 0) -> Self:
        """Bind ``port`` (by default a free one) on ``127.0.0.1`` and serve on a
        background thread."""
        if self._http is not None or self._stopped:
            raise RuntimeError(f"{type(self).__name__} can only be started once")
        if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
            raise ValueError(f"port must be an int from 0 to 65535, got {port!r}")
        self._http = _HttpServer(self, port)
        self._thread = threading.Thread(
            target=self._http.serve_forever,
            kwargs={"poll_interval": 0.05},
            name=f"{type(self).__name__}-{self.port}",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close every open connection; stopping twice is harmless."""
        http, thread = self._http, self._thread
        if http is None or self._stopped:
            self._stopped = True
            return
        self._stopped = True
        http.shutdown()
        with self._lock:
            open_connections = list(self._open_connections)
        for connection in open_connections:
            # A connection the client already closed may be half gone.
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        http.server_close()
        if thread is not None:
            thread.join()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def port(self) -> int:
        """The port the server listens on."""
        if self._http is None:
            raise RuntimeError(f"{type(self).__name__} is not started")
        return int(self._http.server_address[1])

    @property
    def base_url(self) -> str:
        """The URL to give the SDK client as its ``base_url``."""
        return f"http://127.0.0.1:{self.port}{self._PATH_PREFIX}"

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, oldest first (a copy)."""
        with self._lock:
            return list(self._requests)

    @property
    def connection_count(self) -> int:
        """How many TCP connections clients have opened so far."""
        with self._lock:
            return self._connection_count

    def enqueue_raw(
        self,
        status: int,
        body: str | bytes,
        content_type: str = "application/json",
        *,
        headers: dict[str, str] | None = None,
    ) -> None:
        """Script a reply sent exactly as given, for example malformed JSON."""
        self._enqueue(raw_reply(status, body, content_type, headers))

    def enqueue_disconnect(self) -> None:
        """Script a dropped connection: the request is read, then the socket closes."""
        self._enqueue(DisconnectReply())

    def enqueue_stall(self, *, timeout: float = 10.0, queue: str = "chat") -> None:
        """Script a request that is never answered: the server holds it until the client
        closes the connection (counted in :attr:`aborted_count`), at most ``timeout``
        seconds. :attr:`stalled` is set once the request has arrived."""
        self._enqueue(StallReply(timeout), queue)

    @property
    def aborted_count(self) -> int:
        """How many stalled requests the client abandoned by closing the connection."""
        with self._lock:
            return self._aborted

    def wait_aborted(self, count: int = 1, timeout: float = 5.0) -> bool:
        """Wait until ``count`` stalled requests were abandoned; whether they were."""
        deadline = time.monotonic() + timeout
        while self.aborted_count < count:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True

    def _stall(self, connection: socket.socket, timeout: float) -> None:
        self.stalled.set()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self._stopped:
            readable, _, _ = select.select([connection], [], [], 0.02)
            if not readable:
                continue
            try:
                data = connection.recv(1, socket.MSG_PEEK)
            except OSError:
                data = b""
            if not data:
                with self._lock:
                    self._aborted += 1
                return

    def _enqueue(self, reply: object, queue: str = "chat") -> None:
        with self._lock:
            self._queue(queue).append(reply)

    def _unknown_model(self, body: dict[str, Any]) -> str | None:
        """The request's model when :attr:`models` is set and does not list it."""
        model = str(body["model"])
        return None if self.models is None or model in self.models else model

    def _next_reply(self, queue: str = "chat") -> object | None:
        with self._lock:
            replies = self._queue(queue)
            return replies.popleft() if replies else None

    def _queue(self, name: str) -> deque[object]:
        return self._queues.setdefault(name, deque())

    def _next_id(self) -> int:
        with self._lock:
            self._sequence += 1
            return self._sequence

    def _record_and_respond(self, request: RecordedRequest) -> WireResponse:
        with self._lock:
            self._requests.append(request)
        return self._respond(request)

    def _connection_opened(self, connection: socket.socket) -> None:
        with self._lock:
            self._connection_count += 1
            self._open_connections.add(connection)

    def _connection_closed(self, connection: socket.socket) -> None:
        with self._lock:
            self._open_connections.discard(connection)

    @staticmethod
    def _render_fixed(reply: object) -> WireResponse | None:
        """The response for the API-independent replies, ``None`` for any other."""
        if isinstance(reply, FixedReply):
            return FullResponse(reply.status, reply.headers, reply.body)
        if isinstance(reply, DisconnectReply):
            return DropConnection()
        if isinstance(reply, StallReply):
            return StallResponse(reply.timeout)
        if isinstance(reply, TrickledHeadReply):
            return TrickledHead(reply.interval, reply.status_line_too)
        return None

    @abstractmethod
    def _respond(self, request: RecordedRequest) -> WireResponse:
        """Render the response to ``request`` (called on the connection's thread)."""

    def __repr__(self) -> str:
        where = self.base_url if self._http is not None and not self._stopped else None
        return f"{type(self).__name__}(base_url={where!r})"


def raw_reply(
    status: int, body: str | bytes, content_type: str, headers: dict[str, str] | None
) -> FixedReply:
    """A :class:`FixedReply` carrying ``body`` as is."""
    data = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    return FixedReply(status, (("Content-Type", content_type), *(headers or {}).items()), data)
