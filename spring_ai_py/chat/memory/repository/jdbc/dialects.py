"""The SQL dialects of ``JdbcChatMemoryRepository``: SQLite (stdlib) and PostgreSQL (psycopg 3)."""

from __future__ import annotations

import hashlib
import logging
import select
import sqlite3
from abc import ABC, abstractmethod
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar

from spring_ai_py.chat.memory.repository.jdbc._connections import (
    Connection,
    ConnectionSource,
    PoolConnectionSource,
    SharedConnectionSource,
    source_for,
)

logger = logging.getLogger(
    "spring_ai_py.chat.memory.repository.jdbc.JdbcChatMemoryRepositoryDialect"
)

TABLE = "SPRING_AI_CHAT_MEMORY"
TOOL_LOOP_STATE_TABLE = "SPRING_AI_TOOL_LOOP_STATE"
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class JdbcChatMemoryRepositoryDialect(ABC):
    """The database-specific SQL and connection handling of the SQL chat memory repository.

    The table is Spring's ``SPRING_AI_CHAT_MEMORY`` plus a nullable ``payload`` column
    (JSON text) holding what Spring's columns cannot: metadata, tool calls, tool
    responses and media. ``sequence_id`` is the message's position in its conversation.
    """

    _timestamp_column: ClassVar[str] = "timestamp"
    _placeholder: ClassVar[str] = "?"

    def get_select_messages_sql(self) -> str:
        """SQL reading a conversation's rows in order (content, type, timestamp, sequence_id, payload)."""
        return (
            f"SELECT content, type, {self._timestamp_column}, sequence_id, payload FROM {TABLE} "
            f"WHERE conversation_id = {self._placeholder} ORDER BY sequence_id"
        )

    def get_insert_message_sql(self) -> str:
        """SQL inserting one row."""
        p = self._placeholder
        return (
            f"INSERT INTO {TABLE} (conversation_id, content, type, {self._timestamp_column}, "
            f"sequence_id, payload) VALUES ({p}, {p}, {p}, {p}, {p}, {p})"
        )

    def get_select_conversation_ids_sql(self) -> str:
        """SQL listing the stored conversation ids."""
        return f"SELECT DISTINCT conversation_id FROM {TABLE}"

    def get_delete_messages_sql(self) -> str:
        """SQL deleting every row of one conversation."""
        return f"DELETE FROM {TABLE} WHERE conversation_id = {self._placeholder}"

    def get_select_count_sql(self) -> str:
        """SQL counting a conversation's rows and reading its highest ``sequence_id``."""
        return (
            f"SELECT COUNT(*), MAX(sequence_id) FROM {TABLE} "
            f"WHERE conversation_id = {self._placeholder}"
        )

    def get_select_system_messages_sql(self) -> str:
        """SQL reading a conversation's system message rows in order (as
        :meth:`get_select_messages_sql`)."""
        return (
            f"SELECT content, type, {self._timestamp_column}, sequence_id, payload FROM {TABLE} "
            f"WHERE conversation_id = {self._placeholder} AND type = 'SYSTEM' "
            "ORDER BY sequence_id"
        )

    def get_select_other_types_sql(self) -> str:
        """SQL reading ``sequence_id`` and ``type`` of a conversation's non-system rows after
        a ``sequence_id``, in order, at most a given number."""
        p = self._placeholder
        return (
            f"SELECT sequence_id, type FROM {TABLE} WHERE conversation_id = {p} "
            f"AND type <> 'SYSTEM' AND sequence_id > {p} ORDER BY sequence_id LIMIT {p}"
        )

    def get_delete_message_sql(self) -> str:
        """SQL deleting one row of a conversation by ``sequence_id``."""
        p = self._placeholder
        return f"DELETE FROM {TABLE} WHERE conversation_id = {p} AND sequence_id = {p}"

    @abstractmethod
    def get_schema_sql(self) -> list[str]:
        """The DDL creating the table and its indexes (idempotent statements)."""

    def get_tool_loop_state_schema_sql(self) -> list[str]:
        """The DDL of ``JdbcToolLoopStateRepository``'s table: one row per turn token,
        the snapshot as JSON, ``updated_at`` (the last save) and ``created_at`` (the
        token's first save) in epoch milliseconds, the same on every database.

        Only ``created_at`` is indexed: a save rewrites ``updated_at``, and an index on
        it would be rewritten at every save too (a second page written per commit),
        while ``created_at`` is set once, when the row is inserted. A row has expired
        only when its first save is at least as old as its last, so the expiry sweep
        finds its candidates through that index. The statements after the first bring
        a table made by an earlier version (no ``created_at``, an index on
        ``updated_at``) to this shape; its rows get ``created_at`` 0, candidates of
        every sweep, which still compares their ``updated_at``."""
        t = TOOL_LOOP_STATE_TABLE
        return [
            f"""CREATE TABLE IF NOT EXISTS {t} (
    token TEXT PRIMARY KEY,
    conversation_id TEXT,
    phase TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    payload TEXT NOT NULL,
    created_at BIGINT NOT NULL DEFAULT 0
)""",
            self._add_column_sql(t, "created_at BIGINT NOT NULL DEFAULT 0"),
            f"DROP INDEX IF EXISTS {t}_UPDATED_AT_IDX",
            f"CREATE INDEX IF NOT EXISTS {t}_CREATED_AT_IDX ON {t}(created_at)",
        ]

    def _add_column_sql(self, table: str, column: str) -> str:
        """A statement adding ``column`` to ``table`` unless it is there already."""
        return f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column}"

    def get_upsert_tool_loop_state_sql(self) -> str:
        """SQL saving one snapshot row (token, conversation_id, phase, updated_at,
        created_at, payload): ``created_at`` is written when the row is inserted only."""
        p = self._placeholder
        return (
            f"INSERT INTO {TOOL_LOOP_STATE_TABLE} (token, conversation_id, phase, updated_at, "
            f"created_at, payload) VALUES ({p}, {p}, {p}, {p}, {p}, {p}) ON CONFLICT (token) "
            "DO UPDATE SET conversation_id = excluded.conversation_id, phase = excluded.phase, "
            "updated_at = excluded.updated_at, payload = excluded.payload"
        )

    def get_placeholder(self) -> str:
        """The driver's parameter placeholder (``?`` or ``%s``)."""
        return self._placeholder

    def initialize_tool_loop_state_schema(self, cursor: Any) -> None:
        """Create the tool-loop state table if missing, or bring an earlier version's to
        the current shape (inside a write transaction)."""
        for statement in self.get_tool_loop_state_schema_sql():
            cursor.execute(statement)

    @abstractmethod
    def get_begin_transaction_sql(self) -> str:
        """The statement opening a write transaction."""

    @abstractmethod
    def initialize_schema(self, cursor: Any) -> None:
        """Create the table and indexes if missing, and add ``payload`` to a Spring-made table.

        Runs inside a write transaction.
        """

    @abstractmethod
    def lock_conversation(self, cursor: Any, conversation_id: str) -> None:
        """Serialise writers of one conversation until the current transaction ends."""

    @abstractmethod
    def prepare_connection(self, connection: Connection) -> None:
        """Put a connection in autocommit mode: the repository issues BEGIN and COMMIT itself."""

    @abstractmethod
    def to_db_timestamp(self, value: datetime) -> Any:
        """Convert an aware UTC datetime into the column's value."""

    @abstractmethod
    def from_db_timestamp(self, value: Any) -> datetime | None:
        """Convert the column's value back into an aware UTC datetime."""

    @abstractmethod
    def create_connection_source(self, dsn: str) -> ConnectionSource:
        """Build the connection source for ``dsn`` without connecting yet."""

    @staticmethod
    def from_(source: str | Path | Connection) -> JdbcChatMemoryRepositoryDialect:
        """Detect the dialect of a DSN, a file path or an open connection.

        ``postgresql://`` and ``postgres://`` URLs and ``key=value`` strings naming a
        ``host`` or ``dbname`` are PostgreSQL; any other string or path is an SQLite file
        (``sqlite:///`` prefix optional). A connection is recognised by its driver module;
        an unrecognised one defaults to PostgreSQL, as in Spring.
        """
        if isinstance(source, Path):
            return SqliteChatMemoryRepositoryDialect()
        if isinstance(source, str):
            return (
                PostgresChatMemoryRepositoryDialect()
                if _is_postgres_dsn(source)
                else SqliteChatMemoryRepositoryDialect()
            )
        module = type(source).__module__
        if module.startswith("sqlite3"):
            return SqliteChatMemoryRepositoryDialect()
        if not module.startswith("psycopg"):
            logger.warning(
                "Unrecognised connection type %s.%s, defaulting to the Postgres dialect",
                module,
                type(source).__name__,
            )
        return PostgresChatMemoryRepositoryDialect()

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _is_postgres_dsn(dsn: str) -> bool:
    text = dsn.strip()
    if text.startswith(("postgresql://", "postgres://")):
        return True
    keys = {part.split("=", 1)[0].strip() for part in text.split() if "=" in part}
    return bool(keys & {"host", "hostaddr", "dbname", "port", "user"})


def sqlite_path(dsn: str) -> str:
    """The file name in an SQLite DSN (``sqlite:///x.db`` or plain ``x.db``)."""
    return dsn[len("sqlite:///") :] if dsn.startswith("sqlite:///") else dsn


class SqliteChatMemoryRepositoryDialect(JdbcChatMemoryRepositoryDialect):
    """SQLite through the standard library's ``sqlite3``: a file path is all it needs.

    The repository shares one connection between threads; ``BEGIN IMMEDIATE`` takes the
    database's write lock at the start of every write, so a read-modify-write is atomic
    across processes too. File databases use WAL mode (readers do not block the writer)
    with ``synchronous=NORMAL``, and wait up to ``busy_timeout`` seconds for the lock.
    Timestamps are epoch milliseconds, as Spring's SQLite schema stores them.
    """

    def __init__(self, busy_timeout: float = 30.0) -> None:
        if isinstance(busy_timeout, bool) or not isinstance(busy_timeout, (int, float)):
            raise TypeError(f"busy_timeout must be a number, got {type(busy_timeout).__name__}")
        if busy_timeout < 0:
            raise ValueError("busy_timeout must not be negative")
        self.busy_timeout = float(busy_timeout)

    def get_schema_sql(self) -> list[str]:
        return [
            f"""CREATE TABLE IF NOT EXISTS {TABLE} (
    conversation_id TEXT NOT NULL,
    content TEXT NOT NULL,
    type TEXT NOT NULL,
    timestamp INTEGER NOT NULL,
    sequence_id INTEGER NOT NULL,
    payload TEXT,
    CHECK (type IN ('USER', 'ASSISTANT', 'SYSTEM', 'TOOL'))
)""",
            f"CREATE INDEX IF NOT EXISTS {TABLE}_CONVERSATION_ID_TIMESTAMP_IDX "
            f"ON {TABLE}(conversation_id, timestamp)",
            f"CREATE UNIQUE INDEX IF NOT EXISTS {TABLE}_CONVERSATION_ID_SEQUENCE_ID_IDX "
            f"ON {TABLE}(conversation_id, sequence_id)",
        ]

    def get_begin_transaction_sql(self) -> str:
        return "BEGIN IMMEDIATE"

    def initialize_schema(self, cursor: Any) -> None:
        statements = self.get_schema_sql()
        cursor.execute(statements[0])
        columns = {row[1].lower() for row in cursor.execute(f"PRAGMA table_info({TABLE})")}
        if "payload" not in columns:
            cursor.execute(f"ALTER TABLE {TABLE} ADD COLUMN payload TEXT")
        for statement in statements[1:]:
            cursor.execute(statement)

    def initialize_tool_loop_state_schema(self, cursor: Any) -> None:
        # SQLite has no ADD COLUMN IF NOT EXISTS: the column is added when missing.
        create, add_column, *rest = self.get_tool_loop_state_schema_sql()
        cursor.execute(create)
        columns = {
            row[1].lower() for row in cursor.execute(f"PRAGMA table_info({TOOL_LOOP_STATE_TABLE})")
        }
        if "created_at" not in columns:
            cursor.execute(add_column)
        for statement in rest:
            cursor.execute(statement)

    def _add_column_sql(self, table: str, column: str) -> str:
        return f"ALTER TABLE {table} ADD COLUMN {column}"

    def lock_conversation(self, cursor: Any, conversation_id: str) -> None:
        """Nothing more to do: ``BEGIN IMMEDIATE`` already excludes every other writer."""

    def prepare_connection(self, connection: Connection) -> None:
        if connection.isolation_level is not None:
            connection.isolation_level = None

    def to_db_timestamp(self, value: datetime) -> int:
        return (value - _EPOCH) // timedelta(milliseconds=1)

    def from_db_timestamp(self, value: Any) -> datetime | None:
        if value is None:
            return None
        return _EPOCH + timedelta(milliseconds=int(value))

    def create_connection_source(self, dsn: str) -> ConnectionSource:
        path = sqlite_path(dsn)

        def connect() -> sqlite3.Connection:
            connection = sqlite3.connect(
                path, timeout=self.busy_timeout, isolation_level=None, check_same_thread=False
            )
            if path != ":memory:":
                connection.execute("PRAGMA journal_mode = WAL")
                connection.execute("PRAGMA synchronous = NORMAL")
            # Once, here: the shared connection is the repository's alone, so operations
            # do not set it again (``SharedConnectionSource.prepared``).
            self.prepare_connection(connection)
            return connection

        return SharedConnectionSource(connect)

    def __repr__(self) -> str:
        return f"SqliteChatMemoryRepositoryDialect(busy_timeout={self.busy_timeout})"


_LOCK_NAMESPACE = 0x53504149  # "SPAI": the first key of this repository's advisory locks


class PostgresChatMemoryRepositoryDialect(JdbcChatMemoryRepositoryDialect):
    """PostgreSQL through psycopg 3 (``pip install 'spring_ai_py[postgres]'``).

    Every write runs in one transaction holding a transaction-scoped advisory lock on
    the conversation id, so writers of the same conversation, in any process or on any
    host, never interleave; other conversations proceed in parallel. With a DSN the
    repository borrows connections from a ``psycopg_pool.ConnectionPool`` (at most
    ``max_pool_size``) when ``psycopg_pool`` is installed, and otherwise opens a
    connection per operation.
    """

    _timestamp_column: ClassVar[str] = '"timestamp"'
    _placeholder: ClassVar[str] = "%s"

    def __init__(self, max_pool_size: int = 10) -> None:
        if isinstance(max_pool_size, bool) or not isinstance(max_pool_size, int):
            raise TypeError(f"max_pool_size must be an int, got {type(max_pool_size).__name__}")
        if max_pool_size < 1:
            raise ValueError("max_pool_size must be greater than 0")
        self.max_pool_size = max_pool_size

    def get_schema_sql(self) -> list[str]:
        return [
            f"""CREATE TABLE IF NOT EXISTS {TABLE} (
    conversation_id TEXT NOT NULL,
    content TEXT NOT NULL,
    type VARCHAR(10) NOT NULL CHECK (type IN ('USER', 'ASSISTANT', 'SYSTEM', 'TOOL')),
    "timestamp" TIMESTAMP NOT NULL,
    sequence_id BIGINT NOT NULL,
    payload TEXT
)""",
            f"ALTER TABLE {TABLE} ADD COLUMN IF NOT EXISTS payload TEXT",
            f"CREATE INDEX IF NOT EXISTS {TABLE}_CONVERSATION_ID_TIMESTAMP_IDX "
            f'ON {TABLE}(conversation_id, "timestamp")',
            f"CREATE UNIQUE INDEX IF NOT EXISTS {TABLE}_CONVERSATION_ID_SEQUENCE_ID_IDX "
            f"ON {TABLE}(conversation_id, sequence_id)",
        ]

    def get_begin_transaction_sql(self) -> str:
        return "BEGIN"

    def initialize_schema(self, cursor: Any) -> None:
        # Concurrent CREATE TABLE IF NOT EXISTS can fail in PostgreSQL; take a lock first.
        cursor.execute("SELECT pg_advisory_xact_lock(%s::int4, 0)", (_LOCK_NAMESPACE,))
        for statement in self.get_schema_sql():
            cursor.execute(statement)

    def initialize_tool_loop_state_schema(self, cursor: Any) -> None:
        cursor.execute("SELECT pg_advisory_xact_lock(%s::int4, 1)", (_LOCK_NAMESPACE,))
        super().initialize_tool_loop_state_schema(cursor)

    def lock_conversation(self, cursor: Any, conversation_id: str) -> None:
        key = int.from_bytes(
            hashlib.blake2b(conversation_id.encode(), digest_size=4).digest(), "big", signed=True
        )
        cursor.execute("SELECT pg_advisory_xact_lock(%s::int4, %s::int4)", (_LOCK_NAMESPACE, key))

    def prepare_connection(self, connection: Connection) -> None:
        if not connection.autocommit:
            connection.autocommit = True

    def to_db_timestamp(self, value: datetime) -> datetime:
        # The column is TIMESTAMP (without time zone), as in Spring's schema: store UTC.
        return value.astimezone(UTC).replace(tzinfo=None)

    def from_db_timestamp(self, value: Any) -> datetime | None:
        if value is None:
            return None
        if not isinstance(value, datetime):
            raise TypeError(f"expected a datetime timestamp, got {type(value).__name__}")
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)

    def create_connection_source(self, dsn: str) -> ConnectionSource:
        psycopg = _import_psycopg()
        try:
            from psycopg_pool import ConnectionPool
        except ImportError:
            return source_for(lambda: psycopg.connect(dsn))

        def create_pool() -> Any:
            return ConnectionPool(
                dsn,
                min_size=1,
                max_size=self.max_pool_size,
                open=True,
                name="spring_ai_py-chat-memory",
            )

        # A connection the server dropped (a restart, pg_terminate_backend) is replaced
        # when it is borrowed, instead of failing the operation that gets it.
        def check(connection: Any) -> None:
            if _may_be_dead(connection):
                ConnectionPool.check_connection(connection)

        return PoolConnectionSource(create_pool=create_pool, check=check)

    def __repr__(self) -> str:
        return f"PostgresChatMemoryRepositoryDialect(max_pool_size={self.max_pool_size})"


def _may_be_dead(connection: Any) -> bool:
    """Whether a pooled psycopg connection needs a round trip to tell it still works.

    An idle connection in good health has nothing to read: a server that ends the
    session (a restart, ``pg_terminate_backend``, an idle timeout) first sends its error
    and closes the socket, which makes it readable. So a zero-timeout poll of the socket
    replaces the round trip of ``check_connection`` for every borrow but those, which
    keeps a save on a pooled connection at one round trip. A socket that is readable for
    another reason (a notification) only costs the full check.
    """
    if connection.closed:
        return True
    descriptor = connection.fileno()
    if _poll is None:  # Windows: no poll(); select() takes sockets of any number there.
        readable, _, _ = select.select([descriptor], [], [], 0)
        return bool(readable)
    poller = _poll()
    poller.register(descriptor, select.POLLIN)
    return bool(poller.poll(0))


# poll() where there is one: select() fails for descriptors past FD_SETSIZE (1024), which a
# process holding thousands of sockets hands out.
_poll = getattr(select, "poll", None)


def _import_psycopg() -> Any:
    try:
        import psycopg
    except ImportError as e:
        raise ImportError(
            "PostgresChatMemoryRepositoryDialect needs psycopg 3: "
            "pip install 'spring_ai_py[postgres]' (or 'psycopg[binary]')"
        ) from e
    return psycopg
