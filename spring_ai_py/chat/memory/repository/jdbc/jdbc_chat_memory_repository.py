"""``JdbcChatMemoryRepository``: chat memory in an SQL database (SQLite or PostgreSQL)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.memory._support import messages_to_save, validate_conversation_id
from spring_ai_py.chat.memory._window import (
    StoredView,
    WindowedRepository,
    WindowPlan,
    WindowPlanner,
)
from spring_ai_py.chat.memory.chat_memory_repository import ChatMemoryRepository
from spring_ai_py.chat.memory.repository.jdbc import _message_codec
from spring_ai_py.chat.memory.repository.jdbc._connections import (
    Connection,
    ConnectionPool,
    ConnectionSource,
    source_for,
)
from spring_ai_py.chat.memory.repository.jdbc._operations import JdbcOperations, within_transaction
from spring_ai_py.chat.memory.repository.jdbc.dialects import (
    JdbcChatMemoryRepositoryDialect,
    PostgresChatMemoryRepositoryDialect,
    SqliteChatMemoryRepositoryDialect,
)
from spring_ai_py.chat.messages import Message, MessageType

logger = logging.getLogger("spring_ai_py.chat.memory.repository.jdbc.JdbcChatMemoryRepository")

DataSource = Callable[[], Connection] | ConnectionPool


class JdbcChatMemoryRepository(
    JdbcOperations, ChatMemoryRepository, WindowedRepository, Buildable
):
    """A ``ChatMemoryRepository`` on Spring's ``SPRING_AI_CHAT_MEMORY`` table.

    Unlike Spring 2.0.1, which drops tool-call and tool-response messages and keeps only
    text and type, every message round-trips: metadata, tool calls, tool responses and
    media are kept in a JSON ``payload`` column, and the order is the ``sequence_id``
    column. Read-back messages carry their creation time (an aware UTC ``datetime``)
    under ``CONVERSATION_TS`` in their metadata; saving them again keeps it.

    ``save_all``, ``delete_by_conversation_id`` and ``update_by_conversation_id`` each
    run in one transaction that locks the conversation: a failure leaves the
    conversation exactly as it was, and writers of one conversation, in any thread or
    process, never interleave. The table is created on first use unless
    ``initialize_schema`` is false. Rows that cannot be turned back into messages raise
    ``RuntimeError`` naming the conversation.

    Build it from a DSN (the dialect is detected from it) or from a ``data_source``,
    which is either a callable returning a new DB-API connection (closed after each
    operation) or a pool with a ``connection()`` context manager such as
    ``psycopg_pool.ConnectionPool``::

        JdbcChatMemoryRepository.sqlite("memory.db")
        JdbcChatMemoryRepository.postgres("postgresql://app@db/app")
        JdbcChatMemoryRepository.builder().data_source(pool)
            .dialect(PostgresChatMemoryRepositoryDialect()).build()

    ``builder().jdbc_template(x)`` is the same setter as ``data_source(x)`` (Spring's
    ``JdbcTemplate`` wraps a ``DataSource``; the port has no template class).

    Call ``close()`` (or use it as a context manager) to release its connections.
    """

    CONVERSATION_TS: ClassVar[str] = _message_codec.CONVERSATION_TS
    """Metadata key of a read-back message's creation time."""

    _builder_aliases: ClassVar[dict[str, str]] = {"jdbc_template": "data_source"}
    """Spring's ``builder().jdbcTemplate(t)``: here anything ``data_source`` accepts."""

    def __init__(
        self,
        dsn: str | Path | None = None,
        data_source: DataSource | None = None,
        dialect: JdbcChatMemoryRepositoryDialect | None = None,
        initialize_schema: bool = True,
    ) -> None:
        if dialect is not None and not isinstance(dialect, JdbcChatMemoryRepositoryDialect):
            raise TypeError(
                f"dialect must be a JdbcChatMemoryRepositoryDialect, got {type(dialect).__name__}"
            )
        if dsn is not None and data_source is not None:
            raise ValueError("Only one of data_source and dsn can be set")
        source: ConnectionSource
        if dsn is not None:
            if not isinstance(dsn, (str, Path)):
                raise TypeError(f"dsn must be a str or a Path, got {type(dsn).__name__}")
            dsn_text = _assert.has_text(str(dsn), "dsn cannot be empty")
            detected = JdbcChatMemoryRepositoryDialect.from_(dsn)
            resolved = _prefer_explicit(dialect, detected)
            source = resolved.create_connection_source(dsn_text)
        elif data_source is not None:
            source = source_for(data_source)
            resolved = dialect if dialect is not None else _detect(source)
        else:
            raise ValueError(
                "DataSource must be set (either via data_source(), jdbc_template() or dsn())"
            )
        self._dsn = dsn
        self._data_source = data_source
        self._dialect = resolved
        self._initialize_schema = bool(initialize_schema)
        self._open_operations(source, self._initialize_schema)

    @classmethod
    def sqlite(
        cls, path: str | Path, *, busy_timeout: float = 30.0, initialize_schema: bool = True
    ) -> JdbcChatMemoryRepository:
        """A repository in the SQLite file ``path`` (``":memory:"`` for a private in-memory one)."""
        return cls(
            dsn=path,
            dialect=SqliteChatMemoryRepositoryDialect(busy_timeout),
            initialize_schema=initialize_schema,
        )

    @classmethod
    def postgres(
        cls, dsn: str, *, max_pool_size: int = 10, initialize_schema: bool = True
    ) -> JdbcChatMemoryRepository:
        """A repository in the PostgreSQL database at ``dsn`` (a URL or ``key=value`` string)."""
        return cls(
            dsn=dsn,
            dialect=PostgresChatMemoryRepositoryDialect(max_pool_size),
            initialize_schema=initialize_schema,
        )

    def get_dialect(self) -> JdbcChatMemoryRepositoryDialect:
        """The dialect in use (given or detected)."""
        return self._dialect

    def find_conversation_ids(self) -> list[str]:
        with self._cursor() as cursor:
            cursor.execute(self._dialect.get_select_conversation_ids_sql())
            return [str(row[0]) for row in cursor.fetchall()]

    def find_by_conversation_id(self, conversation_id: str) -> list[Message]:
        validate_conversation_id(conversation_id)
        with self._cursor() as cursor:
            return self._select(cursor, conversation_id)

    def save_all(self, conversation_id: str, messages: Sequence[Message]) -> None:
        validate_conversation_id(conversation_id)
        rows = self._encode(conversation_id, messages_to_save(messages))
        with self._transaction(conversation_id) as cursor:
            self._replace(cursor, conversation_id, rows)

    def delete_by_conversation_id(self, conversation_id: str) -> None:
        validate_conversation_id(conversation_id)
        with self._transaction(conversation_id) as cursor:
            cursor.execute(self._dialect.get_delete_messages_sql(), (conversation_id,))

    def update_by_conversation_id(
        self,
        conversation_id: str,
        update: Callable[[list[Message]], Sequence[Message]],
    ) -> list[Message]:
        """Read, update and save a conversation in one locked transaction.

        ``update`` runs while the conversation is locked: it must not write to this
        repository itself.
        """
        validate_conversation_id(conversation_id)
        _assert.not_none(update, "update cannot be null")
        with self._transaction(conversation_id) as cursor:
            updated = messages_to_save(update(self._select(cursor, conversation_id)))
            self._replace(cursor, conversation_id, self._encode(conversation_id, updated))
        return updated

    def update_window(self, conversation_id: str, planner: WindowPlanner) -> WindowPlan:
        """Apply a ``MessageWindowChatMemory`` plan in one locked transaction: delete the
        evicted rows and insert the new ones after the last, touching no other row."""
        validate_conversation_id(conversation_id)
        with self._transaction(conversation_id) as cursor:
            view = _StoredRows(self, cursor, conversation_id)
            plan = planner(view)
            if plan.delete:
                cursor.executemany(
                    self._dialect.get_delete_message_sql(),
                    [(conversation_id, key) for key in plan.delete],
                )
            if plan.append:
                first = view.count() - len(plan.delete)
                rows = self._encode(conversation_id, plan.append, first)
                offset = view.last_sequence_id() + 1 - first
                rows = [(*row[:4], row[4] + offset, row[5]) for row in rows]
                cursor.executemany(self._dialect.get_insert_message_sql(), rows)
        return plan

    def _encode(
        self, conversation_id: str, messages: list[Message], first: int = 0
    ) -> list[tuple[Any, ...]]:
        """Rows for ``messages`` at positions ``first``, ``first + 1``, ... (the
        ``sequence_id``)."""
        now = datetime.now(UTC)
        rows = []
        for index, message in enumerate(messages, first):
            encoded = _message_codec.encode(message, conversation_id, index, now)
            rows.append(
                (
                    conversation_id,
                    encoded.content,
                    encoded.type,
                    self._dialect.to_db_timestamp(encoded.timestamp),
                    index,
                    encoded.payload,
                )
            )
        return rows

    def _select(self, cursor: Any, conversation_id: str) -> list[Message]:
        cursor.execute(self._dialect.get_select_messages_sql(), (conversation_id,))
        return [self._decode(conversation_id, row) for row in cursor.fetchall()]

    def _decode(self, conversation_id: str, row: Sequence[Any]) -> Message:
        """The message of a row read by ``get_select_messages_sql``."""
        content, type_name, timestamp, sequence_id, payload = row
        return _message_codec.decode(
            conversation_id,
            sequence_id,
            content,
            type_name,
            timestamp,
            payload,
            self._dialect.from_db_timestamp,
        )

    def _replace(self, cursor: Any, conversation_id: str, rows: list[tuple[Any, ...]]) -> None:
        cursor.execute(self._dialect.get_delete_messages_sql(), (conversation_id,))
        if rows:
            cursor.executemany(self._dialect.get_insert_message_sql(), rows)

    def _create_schema(self, cursor: Any) -> None:
        self._dialect.initialize_schema(cursor)

    @contextmanager
    def _transaction(self, conversation_id: str) -> Iterator[Any]:
        with self._cursor() as cursor, within_transaction(self._dialect, cursor):
            self._dialect.lock_conversation(cursor, conversation_id)
            yield cursor

    def __repr__(self) -> str:
        return f"JdbcChatMemoryRepository(dialect={self._dialect!r})"

    def _builder_state(self) -> dict[str, Any]:
        return {
            "dsn": self._dsn,
            "data_source": self._data_source,
            "dialect": self._dialect,
            "initialize_schema": self._initialize_schema,
        }

    # --- generated builder ---
    class Builder(_builder.Builder["JdbcChatMemoryRepository"]):
        """The builder of :class:`JdbcChatMemoryRepository`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def dsn(self, dsn: str | Path | None, /) -> Self:
            return self._set("dsn", (dsn,))

        def data_source(self, data_source: DataSource | None, /) -> Self:
            return self._set("data_source", (data_source,))

        def dialect(self, dialect: JdbcChatMemoryRepositoryDialect | None, /) -> Self:
            return self._set("dialect", (dialect,))

        def initialize_schema(self, initialize_schema: bool, /) -> Self:
            return self._set("initialize_schema", (initialize_schema,))

        def jdbc_template(self, data_source: DataSource | None, /) -> Self:
            return self._set("data_source", (data_source,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> JdbcChatMemoryRepository: ...

    @classmethod
    def builder(cls) -> JdbcChatMemoryRepository.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> JdbcChatMemoryRepository.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class _StoredRows(StoredView):
    """A conversation's rows as the window rules see them, read only as far as needed
    (inside the repository's transaction; keys are ``sequence_id`` values)."""

    _PAGE = 16

    def __init__(
        self, repository: JdbcChatMemoryRepository, cursor: Any, conversation_id: str
    ) -> None:
        self._repository = repository
        self._cursor = cursor
        self._conversation_id = conversation_id
        cursor.execute(repository.get_dialect().get_select_count_sql(), (conversation_id,))
        count, last = cursor.fetchone()
        self._count = int(count)
        self._last = -1 if last is None else int(last)

    def count(self) -> int:
        return self._count

    def last_sequence_id(self) -> int:
        return self._last

    def system_messages(self) -> list[tuple[Hashable, Message]]:
        repository = self._repository
        self._cursor.execute(
            repository.get_dialect().get_select_system_messages_sql(), (self._conversation_id,)
        )
        return [
            (int(row[3]), repository._decode(self._conversation_id, row))
            for row in self._cursor.fetchall()
        ]

    def other_types(self) -> Iterator[tuple[Hashable, MessageType]]:
        sql = self._repository.get_dialect().get_select_other_types_sql()
        after, page = -1, self._PAGE
        while True:
            self._cursor.execute(sql, (self._conversation_id, after, page))
            rows = self._cursor.fetchall()
            for sequence_id, type_name in rows:
                if type_name not in MessageType.__members__:
                    raise RuntimeError(
                        f"Corrupt chat memory row in conversation '{self._conversation_id}' "
                        f"(sequence_id {sequence_id}): unknown message type {type_name!r}"
                    )
                yield int(sequence_id), MessageType[type_name]
            if len(rows) < page:
                return
            after, page = int(rows[-1][0]), page * 2


def _prefer_explicit(
    explicit: JdbcChatMemoryRepositoryDialect | None, detected: JdbcChatMemoryRepositoryDialect
) -> JdbcChatMemoryRepositoryDialect:
    if explicit is None:
        return detected
    if type(explicit) is not type(detected):
        logger.warning(
            "Explicitly set dialect %s will be used instead of detected dialect %s from the DSN",
            type(explicit).__name__,
            type(detected).__name__,
        )
    return explicit


def _detect(source: ConnectionSource) -> JdbcChatMemoryRepositoryDialect:
    try:
        with source.connection() as conn:
            return JdbcChatMemoryRepositoryDialect.from_(conn)
    except Exception:
        logger.warning(
            "Could not open a connection to detect the database, defaulting to the Postgres "
            "dialect",
            exc_info=True,
        )
        return PostgresChatMemoryRepositoryDialect()
