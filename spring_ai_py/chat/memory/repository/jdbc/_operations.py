"""The connection handling both JDBC repositories share (chat memory, tool loop state).

Each operation borrows a connection from the repository's :class:`ConnectionSource`,
gives it the dialect's settings for the operation unless it got them when it was opened
(and a connection that goes back to a pool the user shares gets its ``autocommit`` back
as it was), and creates the schema once, on first use, when asked to. Transactions commit when their block succeeds and
roll back when it fails.
"""

from __future__ import annotations

import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import closing, contextmanager, nullcontext
from types import TracebackType
from typing import Any, Self

from spring_ai_py.chat.memory.repository.jdbc._connections import Connection, ConnectionSource
from spring_ai_py.chat.memory.repository.jdbc.dialects import JdbcChatMemoryRepositoryDialect

logger = logging.getLogger("spring_ai_py.chat.memory.repository.jdbc")


@contextmanager
def within_transaction(dialect: JdbcChatMemoryRepositoryDialect, cursor: Any) -> Iterator[None]:
    """Run the block in a transaction: commit when it succeeds, roll back when it fails."""
    cursor.execute(dialect.get_begin_transaction_sql())
    try:
        yield
        cursor.execute("COMMIT")
    except BaseException:
        try:
            cursor.execute("ROLLBACK")
        except Exception:
            # The connection itself may be gone; the database then discards the
            # transaction, and the original error is the one worth reporting.
            logger.debug("ROLLBACK failed", exc_info=True)
        raise


class JdbcOperations(ABC):
    """Connections, schema creation and closing for a repository over a dialect."""

    _dialect: JdbcChatMemoryRepositoryDialect

    def _open_operations(self, source: ConnectionSource, initialize_schema: bool) -> None:
        """Use ``source``; create the schema on first use when ``initialize_schema``."""
        self._source = source
        self._schema_ready = not initialize_schema
        self._schema_lock = threading.Lock()
        self._closed = False

    @abstractmethod
    def _create_schema(self, cursor: Any) -> None:
        """Create this repository's tables (inside a transaction)."""

    def close(self) -> None:
        """Close the connections this repository opened (a given pool stays open)."""
        self._closed = True
        self._source.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _create_schema_once(self) -> None:
        """Create the schema, once (the first operation of any thread does it)."""
        with self._schema_lock:
            if not self._schema_ready:
                source = self._source
                with (
                    source.connection() as conn,
                    nullcontext() if source.prepared else self._prepared(conn),
                    closing(conn.cursor()) as cursor,
                    within_transaction(self._dialect, cursor),
                ):
                    self._create_schema(cursor)
                self._schema_ready = True

    @contextmanager
    def _prepared(self, conn: Connection) -> Iterator[None]:
        """The dialect's connection settings for one operation; a connection that goes
        back to a pool the user shares gets its ``autocommit`` back as it was."""
        previous = getattr(conn, "autocommit", None)
        self._dialect.prepare_connection(conn)
        try:
            yield
        finally:
            if previous is not None and getattr(conn, "autocommit", previous) != previous:
                conn.autocommit = previous

    def _execute(self, sql: str, params: tuple[Any, ...]) -> None:
        """Run one statement on a borrowed connection (atomic by itself in autocommit).

        On the repository's own connection it is lent and used without a context
        manager of this module around it: a durable turn runs six of these."""
        source = self._source
        if self._closed or not self._schema_ready or not source.prepared:
            with self._cursor() as cursor:
                cursor.execute(sql, params)
            return
        with source.connection() as conn:
            cursor = conn.cursor()
            try:
                cursor.execute(sql, params)
            finally:
                cursor.close()

    @contextmanager
    def _cursor(self) -> Iterator[Any]:
        """A cursor on a borrowed connection, for one operation."""
        if self._closed:
            raise RuntimeError(f"{type(self).__name__} is closed")
        if not self._schema_ready:
            self._create_schema_once()
        source = self._source
        with source.connection() as conn:
            if source.prepared:
                cursor = conn.cursor()
                try:
                    yield cursor
                finally:
                    cursor.close()
            else:
                with self._prepared(conn), closing(conn.cursor()) as cursor:
                    yield cursor
