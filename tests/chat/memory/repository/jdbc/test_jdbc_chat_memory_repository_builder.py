"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.memory.repository.jdbc.JdbcChatMemoryRepositoryBuilderTests`: 9 tests ported, 5 skipped.

Spring's mocked ``DataSource`` is a ``data_source`` here: a callable returning a DB-API
connection (or a pool). The port ships the SQLite and PostgreSQL dialects only, so the
MySQL, SQL Server, HSQLDB and Oracle detection tests are skipped (SQLite detection
is tested instead); like Spring, an unrecognised database falls back to PostgreSQL.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.chat.memory.repository.jdbc import (
    JdbcChatMemoryRepository,
    JdbcChatMemoryRepositoryDialect,
    PostgresChatMemoryRepositoryDialect,
    SqliteChatMemoryRepositoryDialect,
)
from spring_ai_py.chat.messages import UserMessage

NO_DATA_SOURCE = (
    r"^DataSource must be set \(either via data_source\(\), jdbc_template\(\) or dsn\(\)\)$"
)


class _UnknownConnection:
    """A DB-API connection of a driver the port does not know."""

    def close(self) -> None:
        pass


def _never_connect() -> Any:
    raise AssertionError("an explicit dialect needs no connection to build the repository")


def test_builder_with_explicit_dialect() -> None:
    dialect = SqliteChatMemoryRepositoryDialect()
    repository = (
        JdbcChatMemoryRepository.builder().data_source(_never_connect).dialect(dialect).build()
    )
    assert repository is not None
    assert repository.get_dialect() is dialect


@pytest.mark.skip(
    reason="Java-only: Spring's PlatformTransactionManager; the repository runs "
    "its own transactions on the connection"
)
def test_builder_with_explicit_dialect_and_transaction_manager() -> None:
    pass


@pytest.mark.postgres
def test_builder_with_dialect_from_data_source(pg_dsn: str) -> None:
    import psycopg

    repository = (
        JdbcChatMemoryRepository.builder().data_source(lambda: psycopg.connect(pg_dsn)).build()
    )
    assert isinstance(repository.get_dialect(), PostgresChatMemoryRepositoryDialect)


@pytest.mark.skip(reason="no MySQL dialect in the port (SQLite and PostgreSQL only)")
def test_builder_with_mysql_dialect_from_data_source() -> None:
    pass


@pytest.mark.skip(reason="no SQL Server dialect in the port (SQLite and PostgreSQL only)")
def test_builder_with_sql_server_dialect_from_data_source() -> None:
    pass


@pytest.mark.skip(reason="no HSQLDB dialect in the port (SQLite and PostgreSQL only)")
def test_builder_with_hsqldb_dialect_from_data_source() -> None:
    pass


@pytest.mark.skip(reason="no Oracle dialect in the port (SQLite and PostgreSQL only)")
def test_builder_with_oracle_dialect_from_data_source() -> None:
    pass


def test_builder_with_sqlite_dialect_from_data_source(tmp_path: Path) -> None:
    """Port addition: the port's other dialect is detected from a data source too."""
    repository = (
        JdbcChatMemoryRepository.builder()
        .data_source(lambda: sqlite3.connect(tmp_path / "m.db"))
        .build()
    )
    assert isinstance(repository.get_dialect(), SqliteChatMemoryRepositoryDialect)
    repository.save_all("c", [UserMessage("per-call connection")])
    assert [m.get_text() for m in repository.find_by_conversation_id("c")] == [
        "per-call connection"
    ]


def test_builder_with_unknown_dialect_from_data_source(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        repository = JdbcChatMemoryRepository.builder().data_source(_UnknownConnection).build()
    assert isinstance(repository.get_dialect(), PostgresChatMemoryRepositoryDialect)
    assert "defaulting to the Postgres dialect" in caplog.text
    assert isinstance(
        JdbcChatMemoryRepositoryDialect.from_(_UnknownConnection()),
        PostgresChatMemoryRepositoryDialect,
    )


def test_builder_with_exception_in_data_source_connection(caplog: pytest.LogCaptureFixture) -> None:
    def broken() -> Any:
        raise OSError("Connection failed")

    with caplog.at_level(logging.WARNING):
        repository = JdbcChatMemoryRepository.builder().data_source(broken).build()
    assert isinstance(repository.get_dialect(), PostgresChatMemoryRepositoryDialect)
    assert "Could not open a connection to detect the database" in caplog.text


def test_builder_with_null_data_source() -> None:
    with pytest.raises(ValueError, match=NO_DATA_SOURCE):
        JdbcChatMemoryRepository.builder().build()


def test_builder_with_null_data_source_but_explicit_dialect() -> None:
    repository = (
        JdbcChatMemoryRepository.builder()
        .data_source(_never_connect)
        .dialect(PostgresChatMemoryRepositoryDialect())
        .build()
    )
    assert isinstance(repository.get_dialect(), PostgresChatMemoryRepositoryDialect)


def test_builder_with_null_data_source_and_dialect() -> None:
    with pytest.raises(ValueError, match=NO_DATA_SOURCE):
        JdbcChatMemoryRepository.builder().dialect(SqliteChatMemoryRepositoryDialect()).build()


def test_builder_preference_for_explicit_dialect(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        repository = (
            JdbcChatMemoryRepository.builder()
            .dsn("postgresql://localhost:5432/testdb")
            .dialect(SqliteChatMemoryRepositoryDialect())
            .build()
        )
    assert isinstance(repository.get_dialect(), SqliteChatMemoryRepositoryDialect)
    assert (
        "Explicitly set dialect SqliteChatMemoryRepositoryDialect will be used instead of "
        "detected dialect PostgresChatMemoryRepositoryDialect"
    ) in caplog.text


def test_repository_should_use_provided_jdbc_template(tmp_path: Path) -> None:
    """``jdbc_template(x)`` takes anything ``data_source`` accepts, and keeps it as given."""

    def jdbc_template() -> sqlite3.Connection:
        return sqlite3.connect(tmp_path / "template.db")

    repository = JdbcChatMemoryRepository.builder().jdbc_template(jdbc_template).build()
    assert repository.mutate()._values["data_source"] is jdbc_template
    repository.save_all("c", [UserMessage("through the template")])
    assert [m.get_text() for m in repository.find_by_conversation_id("c")] == [
        "through the template"
    ]
