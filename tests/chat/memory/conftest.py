"""Fixtures for the chat memory tests: repositories on every backend, and PostgreSQL.

PostgreSQL comes from ``SPRING_AI_PY_PG_DSN`` or, when that is unset, from the file
``.pg/dsn`` that ``scripts/postgres.sh start`` writes. Without a reachable server the
PostgreSQL tests are skipped with the reason, except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import os
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

from spring_ai_py.chat.memory import ChatMemoryRepository, InMemoryChatMemoryRepository
from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
from spring_ai_py.chat.messages import AbstractMessage, Message

REPO_ROOT = Path(__file__).resolve().parents[3]
PG_DSN_ENV = "SPRING_AI_PY_PG_DSN"

RepositoryFactory = Callable[[], ChatMemoryRepository]


def configured_pg_dsn() -> str | None:
    """The DSN from the environment, else from ``.pg/dsn``; ``None`` when neither is set."""
    dsn = os.environ.get(PG_DSN_ENV, "").strip()
    if dsn:
        return dsn
    dsn_file = REPO_ROOT / ".pg" / "dsn"
    if dsn_file.is_file():
        return dsn_file.read_text().strip() or None
    return None


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is required when CI=true: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def pg_dsn() -> str:
    """The DSN of a reachable PostgreSQL server (skips, or fails under CI, without one)."""
    dsn = configured_pg_dsn()
    if dsn is None:
        _unavailable(f"no PostgreSQL server: set {PG_DSN_ENV} or run 'scripts/postgres.sh start'")
    try:
        import psycopg
    except ImportError:
        _unavailable("psycopg is not installed (pip install 'spring_ai_py[postgres]')")
    try:
        psycopg.connect(dsn, connect_timeout=5).close()
    except psycopg.Error as e:
        _unavailable(f"PostgreSQL at {PG_DSN_ENV} / .pg/dsn is unreachable: {e}")
    return dsn


@pytest.fixture
def pg_schema_dsn(pg_dsn: str) -> Iterator[str]:
    """A DSN whose ``search_path`` is a new, empty schema, dropped after the test."""
    import psycopg
    from psycopg.conninfo import make_conninfo

    schema = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield make_conninfo(pg_dsn, options=f"-c search_path={schema}")
    finally:
        with psycopg.connect(pg_dsn, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


class SqlBackend:
    """One SQL database for a test: new repositories on it, and raw SQL against it."""

    def __init__(self, name: str, dsn: str) -> None:
        self.name = name
        self.dsn = dsn
        self._repositories: list[JdbcChatMemoryRepository] = []

    @property
    def placeholder(self) -> str:
        return "?" if self.name == "sqlite" else "%s"

    def repository(self, **options: Any) -> JdbcChatMemoryRepository:
        if self.name == "sqlite":
            repository = JdbcChatMemoryRepository.sqlite(self.dsn, **options)
        else:
            repository = JdbcChatMemoryRepository.postgres(self.dsn, **options)
        self._repositories.append(repository)
        return repository

    def connect(self) -> Any:
        """A new autocommit DB-API connection (the caller closes it)."""
        if self.name == "sqlite":
            return sqlite3.connect(self.dsn, isolation_level=None)
        import psycopg

        return psycopg.connect(self.dsn, autocommit=True)

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run one statement (``?`` placeholders on both backends) and return its rows."""
        conn = self.connect()
        try:
            cursor = conn.cursor()
            cursor.execute(sql.replace("?", self.placeholder), params)
            rows = cursor.fetchall() if cursor.description else []
            return [tuple(row) for row in rows]
        finally:
            conn.close()

    def table_exists(self) -> bool:
        if self.name == "sqlite":
            rows = self.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name = 'SPRING_AI_CHAT_MEMORY'"
            )
        else:
            rows = self.execute("SELECT to_regclass('spring_ai_chat_memory')::text")
            rows = [row for row in rows if row[0] is not None]
        return bool(rows)

    def close(self) -> None:
        for repository in self._repositories:
            repository.close()


def _sql_backend(name: str, request: pytest.FixtureRequest, tmp_path: Path) -> SqlBackend:
    if name == "sqlite":
        return SqlBackend("sqlite", str(tmp_path / "chat_memory.db"))
    return SqlBackend("postgres", request.getfixturevalue("pg_schema_dsn"))


SQL_BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(params=SQL_BACKENDS)
def sql_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SqlBackend]:
    """An empty SQLite file or PostgreSQL schema."""
    backend = _sql_backend(request.param, request, tmp_path)
    try:
        yield backend
    finally:
        backend.close()


@pytest.fixture(params=["in_memory", *SQL_BACKENDS])
def repository_factory(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[RepositoryFactory]:
    """Makes repositories that share one store: in memory, SQLite or PostgreSQL."""
    if request.param == "in_memory":
        shared = InMemoryChatMemoryRepository()
        yield lambda: shared
        return
    backend = _sql_backend(request.param, request, tmp_path)
    try:
        yield backend.repository
    finally:
        backend.close()


@pytest.fixture
def repository(repository_factory: RepositoryFactory) -> ChatMemoryRepository:
    """A repository on each backend in turn."""
    return repository_factory()


def without_timestamp(messages: list[Message]) -> list[Message]:
    """Copies of ``messages`` without the creation time the SQL repository adds on read."""
    copies: list[Message] = []
    for message in messages:
        assert isinstance(message, AbstractMessage)
        copy = message.copy()
        copy.get_metadata().pop(JdbcChatMemoryRepository.CONVERSATION_TS, None)
        copies.append(copy)
    return copies


@pytest.fixture
def strip_timestamps() -> Callable[[list[Message]], list[Message]]:
    """``without_timestamp``, for comparing read-back messages with what was saved."""
    return without_timestamp
