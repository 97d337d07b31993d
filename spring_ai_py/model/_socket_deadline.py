"""The exchange's deadline on every socket operation of the SDK clients a model builds.

A response hook only runs once the status line and the headers have arrived, so a
server that trickles its head (``HTTP/1.1 200 OK``, then a header byte every half
second) would hold a request open with only ``timeout`` (which bounds each read)
against it. Here the HTTP library's network backend is wrapped: connecting, the TLS
handshake, every write of the request and every read of the answer (status line,
headers, body) get at most the time left until the current exchange's limit
(:attr:`Exchange.limit`) as their timeout, and an operation that starts past it, or
times out on that bound, raises the exchange's :class:`ExchangeExpired` instead of
waiting. There is no thread and no timer: one clock read per socket operation.

The exchange is the one :meth:`Exchange.sending` made current (a context variable, so
it follows the request into the async client's task and stays with the calling thread
in the blocking client, and the body of a stream sets it again for each of its reads);
socket operations outside one keep their own timeouts.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from typing import Any

import httpcore2
from httpcore2._utils import is_socket_readable as _is_socket_readable

from spring_ai_py._compat import connection_pools
from spring_ai_py.model._wire_limits import _CURRENT, Exchange

logger = logging.getLogger(__name__)
_monotonic = time.monotonic


def _budget(exchange: Exchange, timeout: float | None) -> tuple[float, bool]:
    """The timeout of one socket operation in ``exchange``: the time left until its
    limit when that is shorter than ``timeout``, and whether it is (an operation timing
    out on it passed the limit). Past the limit, the exchange's error."""
    left = exchange.limit - time.monotonic()
    if left <= 0:
        raise exchange.expired()
    if timeout is None or left < timeout:
        return left, True
    return timeout, False


def bound_sockets(client: Any) -> None:
    """Wrap the network backend of every connection pool of ``client`` (an
    ``httpx2.Client`` or ``AsyncClient``: its transport and its proxy mounts), so each
    socket operation is bounded by the current exchange."""
    wrapped = 0
    for pool in connection_pools(client):
        backend = pool._network_backend
        if isinstance(backend, httpcore2.AsyncNetworkBackend):
            pool._network_backend = AsyncBackend(backend)
            wrapped += 1
        elif isinstance(backend, httpcore2.NetworkBackend):
            pool._network_backend = Backend(backend)
            wrapped += 1
    if not wrapped:
        logger.warning(
            "The HTTP client %s has no connection pool this version of spring_ai_py knows: "
            "call_timeout and stream_total_timeout bound the body of an answer only",
            type(client).__name__,
        )


class Stream(httpcore2.NetworkStream):
    """A connection whose reads, writes and TLS handshake are bounded by the current
    exchange."""

    __slots__ = ("_inner",)

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        exchange = _CURRENT.get()
        if exchange is None:
            data: bytes = self._inner.read(max_bytes, timeout)
            return data
        # Inlined _budget (a read per piece of body is the hot path).
        left = exchange.limit - _monotonic()
        if left <= 0:
            raise exchange.expired()
        ours = timeout is None or left < timeout
        try:
            data = self._inner.read(max_bytes, left if ours else timeout)
        except httpcore2.TimeoutException as error:
            if ours:
                raise exchange.expired() from error
            raise
        return data

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        exchange = _CURRENT.get()
        if exchange is None:
            self._inner.write(buffer, timeout)
            return
        bounded, ours = _budget(exchange, timeout)
        try:
            self._inner.write(buffer, bounded)
        except httpcore2.TimeoutException as error:
            if ours:
                raise exchange.expired() from error
            raise

    def close(self) -> None:
        self._inner.close()

    def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> Any:
        exchange = _CURRENT.get()
        if exchange is None:
            return Stream(self._inner.start_tls(ssl_context, server_hostname, timeout))
        bounded, ours = _budget(exchange, timeout)
        try:
            return Stream(self._inner.start_tls(ssl_context, server_hostname, bounded))
        except httpcore2.TimeoutException as error:
            if ours:
                raise exchange.expired() from error
            raise

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class Backend(httpcore2.NetworkBackend):
    """A network backend whose connecting is bounded by the current exchange and whose
    connections are :class:`Stream` objects."""

    __slots__ = ("_inner",)

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> Any:
        exchange = _CURRENT.get()
        ours = False
        if exchange is not None:
            timeout, ours = _budget(exchange, timeout)
        try:
            return Stream(
                self._inner.connect_tcp(host, port, timeout, local_address, socket_options)
            )
        except httpcore2.TimeoutException as error:
            if ours and exchange is not None:
                raise exchange.expired() from error
            raise

    def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> Any:
        exchange = _CURRENT.get()
        ours = False
        if exchange is not None:
            timeout, ours = _budget(exchange, timeout)
        try:
            return Stream(self._inner.connect_unix_socket(path, timeout, socket_options))
        except httpcore2.TimeoutException as error:
            if ours and exchange is not None:
                raise exchange.expired() from error
            raise

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


class AsyncStream(httpcore2.AsyncNetworkStream):
    """The async :class:`Stream`.

    ``get_extra_info("is_readable")`` (asked for every idle connection of the pool each
    time the pool assigns requests: quadratic in the connections under many concurrent
    streams) checks the raw socket, looked up once: anyio's lookup builds its attribute
    table and asks the kernel for the peer's address on every call.
    """

    __slots__ = ("_inner", "_socket")

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self._socket: Any = None

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        exchange = _CURRENT.get()
        if exchange is None:
            data: bytes = await self._inner.read(max_bytes, timeout)
            return data
        # Inlined _budget (a read per piece of body is the hot path).
        left = exchange.limit - _monotonic()
        if left <= 0:
            raise exchange.expired()
        ours = timeout is None or left < timeout
        try:
            data = await self._inner.read(max_bytes, left if ours else timeout)
        except httpcore2.TimeoutException as error:
            if ours:
                raise exchange.expired() from error
            raise
        return data

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        exchange = _CURRENT.get()
        if exchange is None:
            await self._inner.write(buffer, timeout)
            return
        bounded, ours = _budget(exchange, timeout)
        try:
            await self._inner.write(buffer, bounded)
        except httpcore2.TimeoutException as error:
            if ours:
                raise exchange.expired() from error
            raise

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> Any:
        exchange = _CURRENT.get()
        if exchange is None:
            return AsyncStream(await self._inner.start_tls(ssl_context, server_hostname, timeout))
        bounded, ours = _budget(exchange, timeout)
        try:
            return AsyncStream(await self._inner.start_tls(ssl_context, server_hostname, bounded))
        except httpcore2.TimeoutException as error:
            if ours:
                raise exchange.expired() from error
            raise

    def get_extra_info(self, info: str) -> Any:
        if info == "is_readable":
            sock = self._socket
            if sock is None:
                sock = self._socket = self._inner.get_extra_info("socket")
            # A closed socket (fileno -1) or none counts as readable: the next read ends.
            return _is_socket_readable(sock)
        return self._inner.get_extra_info(info)


class AsyncBackend(httpcore2.AsyncNetworkBackend):
    """The async :class:`Backend`."""

    __slots__ = ("_inner",)

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> Any:
        exchange = _CURRENT.get()
        ours = False
        if exchange is not None:
            timeout, ours = _budget(exchange, timeout)
        try:
            inner = await self._inner.connect_tcp(
                host, port, timeout, local_address, socket_options
            )
        except httpcore2.TimeoutException as error:
            if ours and exchange is not None:
                raise exchange.expired() from error
            raise
        return AsyncStream(inner)

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> Any:
        exchange = _CURRENT.get()
        ours = False
        if exchange is not None:
            timeout, ours = _budget(exchange, timeout)
        try:
            inner = await self._inner.connect_unix_socket(path, timeout, socket_options)
        except httpcore2.TimeoutException as error:
            if ours and exchange is not None:
                raise exchange.expired() from error
            raise
        return AsyncStream(inner)

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)
