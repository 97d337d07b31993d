"""Where the SQL repository gets its connections: one shared, one per call, or a pool."""

from __future__ import annotations

import os
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Protocol

# DB-API 2 connections (sqlite3, psycopg) are typed loosely: the dialect knows the driver.
Connection = Any


class ConnectionPool(Protocol):
    """A pool lending connections (``psycopg_pool.ConnectionPool`` has this shape)."""

    def connection(self) -> AbstractContextManager[Connection]: ...


class ConnectionSource(ABC):
    """Lends a connection for the duration of one repository operation."""

    prepared: bool = False
    """Whether the connections it lends are the repository's own, given the dialect's
    settings when opened: an operation then need not set (and restore) them again."""

    @abstractmethod
    def connection(self) -> AbstractContextManager[Connection]:
        """Return a context manager yielding a connection that is ours until it exits."""

    @abstractmethod
    def close(self) -> None:
        """Release what this source owns (never a pool or connection it was given)."""


class SharedConnectionSource(ConnectionSource):
    """One connection for all threads, lent to one operation at a time.

    SQLite serialises writers anyway, and a single connection makes ``:memory:``
    databases work. The connection is opened on first use and again in a forked child,
    which must never reuse its parent's connection. ``connect`` gives the connection the
    dialect's settings, and nothing else uses it (``prepared``). The source is its own
    context manager: holding its lock is what lending the connection means.
    """

    prepared = True

    def __init__(self, connect: Callable[[], Connection]) -> None:
        self._connect = connect
        self._lock = threading.RLock()
        self._connection: Connection | None = None
        self._inherited: list[Connection] = []
        self._pid = 0

    def __enter__(self) -> Connection:
        self._lock.acquire()
        try:
            if self._connection is None or self._pid != os.getpid():
                if self._connection is not None:
                    # Inherited through fork: never use it, and never close it here either
                    # (closing would act on the parent's database state), so keep it alive.
                    self._inherited.append(self._connection)
                self._connection = self._connect()
                self._pid = os.getpid()
        except BaseException:
            self._lock.release()
            raise
        return self._connection

    def __exit__(self, *exc_info: object) -> None:
        self._lock.release()

    def connection(self) -> AbstractContextManager[Connection]:
        return self

    def close(self) -> None:
        with self._lock:
            if self._connection is not None and self._pid == os.getpid():
                self._connection.close()
            self._connection = None


class FactoryConnectionSource(ConnectionSource):
    """A new connection from ``factory`` for every operation, closed afterwards."""

    def __init__(self, factory: Callable[[], Connection]) -> None:
        self._factory = factory

    @contextmanager
    def _lend(self) -> Iterator[Connection]:
        conn = self._factory()
        try:
            yield conn
        finally:
            conn.close()

    def connection(self) -> AbstractContextManager[Connection]:
        return self._lend()

    def close(self) -> None:
        """Nothing to release: every connection is closed after its operation."""


class PoolConnectionSource(ConnectionSource):
    """Connections borrowed from a pool; an owned pool is created on first use.

    With ``check`` (a callable raising when a connection no longer works, such as
    ``psycopg_pool.ConnectionPool.check_connection``) every borrowed connection is
    checked first. A dead one (the server restarted, or killed its backend) goes back
    to the pool, which discards it; the pool's other idle connections are checked at
    once (its ``check()``), and a fresh connection is borrowed, so a restart costs no
    operation, and no waiting either.
    """

    def __init__(
        self,
        pool: ConnectionPool | None = None,
        create_pool: Callable[[], ConnectionPool] | None = None,
        check: Callable[[Connection], object] | None = None,
    ) -> None:
        self._pool = pool
        self._create_pool = create_pool
        self._check = check
        self._lock = threading.Lock()

    def connection(self) -> AbstractContextManager[Connection]:
        pool = self._pool
        if pool is None:
            with self._lock:
                if self._pool is None and self._create_pool is not None:
                    self._pool = self._create_pool()
                pool = self._pool
        if pool is None:
            raise RuntimeError("The connection pool is closed")
        if self._check is None:
            return pool.connection()
        return self._checked(pool, self._check)

    @staticmethod
    @contextmanager
    def _checked(pool: Any, check: Callable[[Connection], object]) -> Iterator[Connection]:
        conn = pool.getconn()
        try:
            check(conn)
        except Exception:
            # Broken: the pool discards it. Its idle siblings are likely dead too.
            pool.putconn(conn)
            recheck = getattr(pool, "check", None)
            if recheck is not None:
                recheck()
            conn = pool.getconn()
        try:
            yield conn
        finally:
            pool.putconn(conn)

    def close(self) -> None:
        with self._lock:
            if self._create_pool is not None and self._pool is not None:
                close = getattr(self._pool, "close", None)
                if close is not None:
                    close()
                self._pool = None
                self._create_pool = None


def source_for(data_source: Callable[[], Connection] | ConnectionPool) -> ConnectionSource:
    """Wrap a user's data source: a pool (has ``connection()``) or a connection factory."""
    if hasattr(data_source, "connection"):
        return PoolConnectionSource(pool=data_source)
    if callable(data_source):
        return FactoryConnectionSource(data_source)
    raise TypeError(
        "data_source must be a callable returning a DB-API connection or a pool with "
        f"connection(), got {type(data_source).__name__}"
    )
