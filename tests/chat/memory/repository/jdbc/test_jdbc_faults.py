"""Database faults under the SQL chat memory: a locked SQLite file, a dropped table, and a
PostgreSQL server that restarts (or kills the pool's connections) mid-run.

A fault either fails the operation with the driver's error, leaving what was stored as
it was (and the turn's retry stores it once), or, for the dead connections a restart
leaves in the pool, costs nothing at all: no turn is lost.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import uuid
from pathlib import Path

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
from spring_ai_py.chat.messages import AssistantMessage, UserMessage
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from tests.chat.memory.conftest import REPO_ROOT, SqlBackend

CID = ChatMemory.CONVERSATION_ID


def _client(repository: JdbcChatMemoryRepository, model: ScriptedChatModel) -> ChatClient:
    memory = (
        MessageWindowChatMemory.builder()
        .chat_memory_repository(repository)
        .max_messages(1000)
        .build()
    )
    return (
        ChatClient.builder(model)
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .build()
    )


def _ask(client: ChatClient, text: str) -> str | None:
    return client.prompt(text).advisors(lambda a: a.param(CID, "c")).call().content()


def _texts(repository: JdbcChatMemoryRepository) -> list[str | None]:
    return [m.get_text() for m in repository.find_by_conversation_id("c")]


def test_a_locked_sqlite_file_fails_the_turn_and_its_retry_stores_it_once(
    tmp_path: Path,
) -> None:
    path = tmp_path / "memory.db"
    with JdbcChatMemoryRepository.sqlite(path, busy_timeout=0.05) as repository:
        model = ScriptedChatModel().add_response("One").add_response("Two").add_response("Two")
        client = _client(repository, model)
        assert _ask(client, "First") == "One"

        locker = sqlite3.connect(path, isolation_level=None)
        try:
            locker.execute("BEGIN EXCLUSIVE")
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                _ask(client, "Second")
            locker.execute("ROLLBACK")
        finally:
            locker.close()
        assert _texts(repository) == ["First", "One"]

        assert _ask(client, "Second") == "Two"
        assert _texts(repository) == ["First", "One", "Second", "Two"]


def test_a_dropped_table_is_a_clear_error_and_stores_nothing_half(
    sql_backend: SqlBackend,
) -> None:
    repository = sql_backend.repository()
    repository.save_all("c", [UserMessage("Hi"), AssistantMessage("Hello")])
    sql_backend.execute("DROP TABLE SPRING_AI_CHAT_MEMORY")
    driver_error: type[Exception] = sqlite3.Error
    if sql_backend.name == "postgres":
        import psycopg

        driver_error = psycopg.Error

    with pytest.raises(driver_error, match=r"(?i)spring_ai_chat_memory"):
        repository.save_all("c", [UserMessage("Hi"), AssistantMessage("Hello")])
    with pytest.raises(driver_error, match=r"(?i)spring_ai_chat_memory"):
        repository.find_by_conversation_id("c")
    assert not sql_backend.table_exists()


def _owned_cluster() -> tuple[Path, Path] | None:
    """The data directory and binaries of the server scripts/postgres.sh started here."""
    state = REPO_ROOT / ".pg"
    try:
        datadir = Path((state / "datadir").read_text().strip())
        bindir = Path((state / "bindir").read_text().strip())
    except OSError:
        return None
    if not (datadir / "data").is_dir() or not (bindir / "pg_ctl").is_file():
        return None
    return datadir, bindir


def _restart(datadir: Path, bindir: Path) -> None:
    command = [
        str(bindir / "pg_ctl"),
        "-D",
        str(datadir / "data"),
        "-l",
        str(datadir / "server.log"),
        "-m",
        "fast",
        "-w",
        "restart",
    ]
    runuser = shutil.which("runuser")
    if datadir.owner() != _current_user() and runuser is not None:
        command = [runuser, "-u", datadir.owner(), "--", *command]
    # The server must not inherit pipes: pg_ctl would then never seem to finish.
    subprocess.run(
        command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60
    )


def _current_user() -> str:
    import getpass

    return getpass.getuser()


@pytest.mark.postgres
def test_a_postgres_restart_mid_run_loses_no_turn(pg_schema_dsn: str) -> None:
    cluster = _owned_cluster()
    if cluster is None:
        pytest.skip("the PostgreSQL server was not started by scripts/postgres.sh here")
    model = ScriptedChatModel()
    turns = 12
    for number in range(turns):
        model.add_response(f"Answer {number}")
    with JdbcChatMemoryRepository.postgres(pg_schema_dsn, max_pool_size=4) as repository:
        client = _client(repository, model)
        expected: list[str | None] = []
        for number in range(turns):
            if number in (4, 8):
                _restart(*cluster)
            assert _ask(client, f"Question {number}") == f"Answer {number}"
            expected += [f"Question {number}", f"Answer {number}"]
        assert _texts(repository) == expected


@pytest.mark.postgres
def test_killed_pool_connections_lose_no_turn(pg_schema_dsn: str) -> None:
    import psycopg
    from psycopg.conninfo import make_conninfo

    name = f"spring_ai_py_fault_{uuid.uuid4().hex[:8]}"
    dsn = make_conninfo(pg_schema_dsn, application_name=name)
    model = ScriptedChatModel()
    turns = 9
    for number in range(turns):
        model.add_response(f"Answer {number}")
    killed = 0
    with JdbcChatMemoryRepository.postgres(dsn, max_pool_size=4) as repository:
        client = _client(repository, model)
        expected: list[str | None] = []
        for number in range(turns):
            if number in (3, 6):
                with psycopg.connect(pg_schema_dsn, autocommit=True) as admin:
                    rows = admin.execute(
                        # With a timeout, pg_terminate_backend waits until the backend
                        # has exited: its connections are closed, not dying while lent.
                        "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                        "WHERE application_name = %s",
                        (name,),
                    ).fetchall()
                killed += len(rows)
            assert _ask(client, f"Question {number}") == f"Answer {number}"
            expected += [f"Question {number}", f"Answer {number}"]
        assert _texts(repository) == expected
    assert killed >= 2


@pytest.mark.postgres
def test_a_healthy_pooled_connection_is_lent_without_a_round_trip(pg_schema_dsn: str) -> None:
    # The borrow check polls the socket: only a connection with something to read (the
    # server's goodbye) pays check_connection's round trip.
    import time

    import psycopg

    from spring_ai_py.chat.memory.repository.jdbc.dialects import _may_be_dead

    with psycopg.connect(pg_schema_dsn, autocommit=True) as connection:
        connection.execute("SELECT 1").fetchall()
        assert not _may_be_dead(connection)
        pid = connection.info.backend_pid
        with psycopg.connect(pg_schema_dsn, autocommit=True) as admin:
            assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone() == (True,)
        # The backend's exit reaches the socket a moment later; wait for it, boundedly.
        deadline = time.monotonic() + 10
        while not _may_be_dead(connection) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert _may_be_dead(connection)
    assert _may_be_dead(connection)  # closed


@pytest.mark.postgres
def test_killed_connections_right_after_a_save_lose_no_turn(pg_schema_dsn: str) -> None:
    # No time passes between a save and the kill: a check that trusted recently used
    # connections (as HikariCP does for 500 ms) would lend a dead one and fail the turn.
    # (A connection that dies while lent, or while the borrow is checking it, fails its
    # operation with the driver's error, as with any pool.)
    import psycopg
    from psycopg.conninfo import make_conninfo

    name = f"spring_ai_py_fault_{uuid.uuid4().hex[:8]}"
    dsn = make_conninfo(pg_schema_dsn, application_name=name)
    model = ScriptedChatModel()
    for number in range(6):
        model.add_response(f"Answer {number}")
    with JdbcChatMemoryRepository.postgres(dsn, max_pool_size=2) as repository:
        client = _client(repository, model)
        expected: list[str | None] = []
        with psycopg.connect(pg_schema_dsn, autocommit=True) as admin:
            for number in range(6):
                assert _ask(client, f"Question {number}") == f"Answer {number}"
                expected += [f"Question {number}", f"Answer {number}"]
                admin.execute(
                    "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                    "WHERE application_name = %s",
                    (name,),
                )
        assert _texts(repository) == expected
