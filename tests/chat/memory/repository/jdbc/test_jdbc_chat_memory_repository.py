"""JdbcChatMemoryRepository on real SQLite and PostgreSQL databases: what the port adds.

Spring's own tests are ported in ``test_jdbc_chat_memory_repository_it.py``
(AbstractJdbcChatMemoryRepositoryIT) and ``test_jdbc_chat_memory_repository_builder.py``;
here: timestamps, atomic saves, corrupt-row errors, reading tables written by Spring,
and the connection options.
"""

from __future__ import annotations

import re
import sqlite3
import sys
import threading
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.chat.memory import MessageWindowChatMemory
from spring_ai_py.chat.memory.repository.jdbc import (
    JdbcChatMemoryRepository,
    JdbcChatMemoryRepositoryDialect,
    PostgresChatMemoryRepositoryDialect,
    SqliteChatMemoryRepositoryDialect,
)
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.content import Media

Strip = Callable[[list[Message]], list[Message]]
TS = JdbcChatMemoryRepository.CONVERSATION_TS
DOCS = Path(__file__).resolve().parents[5] / "docs" / "memory-repositories.md"


def new_id() -> str:
    return str(uuid.uuid4())


def raw_rows(backend: Any, conversation_id: str) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = backend.execute(
        'SELECT conversation_id, content, type, sequence_id, "timestamp", payload '
        "FROM SPRING_AI_CHAT_MEMORY WHERE conversation_id = ? ORDER BY sequence_id",
        (conversation_id,),
    )
    return rows


# --- Spring's AbstractJdbcChatMemoryRepositoryIT -------------------------------------------


def test_a_given_timestamp_is_stored(sql_backend: Any) -> None:
    repository = sql_backend.repository()
    conversation_id = new_id()
    aware = datetime(2020, 1, 2, 3, 4, 5, 678000, tzinfo=UTC)
    naive = datetime(2021, 6, 7, 8, 9, 10)  # taken as UTC
    repository.save_all(
        conversation_id,
        [UserMessage("a", metadata={TS: aware}), UserMessage("b", metadata={TS: naive})],
    )

    found = repository.find_by_conversation_id(conversation_id)
    assert [m.get_metadata()[TS] for m in found] == [aware, naive.replace(tzinfo=UTC)]


def test_window_memory_keeps_timestamps_of_kept_messages(sql_backend: Any) -> None:
    repository = sql_backend.repository()
    memory = MessageWindowChatMemory.builder().chat_memory_repository(repository).build()
    conversation_id = new_id()
    memory.add(conversation_id, UserMessage("first"))
    stamp = memory.get(conversation_id)[0].get_metadata()[TS]

    memory.add(conversation_id, AssistantMessage("second"))

    assert memory.get(conversation_id)[0].get_metadata()[TS] == stamp


# --- Schema ----------------------------------------------------------------------------------


def test_schema_is_created_on_first_use(sql_backend: Any) -> None:
    repository = sql_backend.repository()
    if sql_backend.name == "sqlite":
        assert not Path(sql_backend.dsn).exists()
    else:
        assert not sql_backend.table_exists()

    assert repository.find_conversation_ids() == []
    assert sql_backend.table_exists()


def test_without_schema_initialization_the_documented_ddl_is_needed(
    sql_backend: Any, strip_timestamps: Strip
) -> None:
    repository = sql_backend.repository(initialize_schema=False)
    with pytest.raises(Exception, match=r"(?i)spring_ai_chat_memory"):
        repository.find_conversation_ids()
    assert not sql_backend.table_exists()

    for statement in repository.get_dialect().get_schema_sql():
        sql_backend.execute(statement)

    repository.save_all("c", [UserMessage("works")])
    assert strip_timestamps(repository.find_by_conversation_id("c")) == [UserMessage("works")]


@pytest.mark.parametrize(
    "dialect", [SqliteChatMemoryRepositoryDialect(), PostgresChatMemoryRepositoryDialect()]
)
def test_the_docs_show_the_ddl_the_code_runs(dialect: JdbcChatMemoryRepositoryDialect) -> None:
    docs = DOCS.read_text()
    for statement in dialect.get_schema_sql():
        assert statement in docs


SPRING_DDL = {
    "sqlite": [
        """CREATE TABLE IF NOT EXISTS SPRING_AI_CHAT_MEMORY (
            conversation_id TEXT NOT NULL, content TEXT NOT NULL, type TEXT NOT NULL,
            timestamp INTEGER NOT NULL, sequence_id INTEGER NOT NULL,
            CHECK (type IN ('USER', 'ASSISTANT', 'SYSTEM', 'TOOL')))""",
        "CREATE INDEX IF NOT EXISTS SPRING_AI_CHAT_MEMORY_CONVERSATION_ID_SEQUENCE_ID_IDX "
        "ON SPRING_AI_CHAT_MEMORY(conversation_id, sequence_id)",
    ],
    "postgres": [
        """CREATE TABLE IF NOT EXISTS SPRING_AI_CHAT_MEMORY (
            conversation_id VARCHAR(36) NOT NULL, content TEXT NOT NULL,
            type VARCHAR(10) NOT NULL CHECK (type IN ('USER', 'ASSISTANT', 'SYSTEM', 'TOOL')),
            "timestamp" TIMESTAMP NOT NULL, sequence_id BIGINT NOT NULL)""",
        "CREATE INDEX IF NOT EXISTS SPRING_AI_CHAT_MEMORY_CONVERSATION_ID_SEQUENCE_ID_IDX "
        "ON SPRING_AI_CHAT_MEMORY(conversation_id, sequence_id)",
    ],
}


def test_reads_and_extends_a_table_written_by_spring(
    sql_backend: Any, strip_timestamps: Strip
) -> None:
    for statement in SPRING_DDL[sql_backend.name]:
        sql_backend.execute(statement)
    conversation_id = new_id()
    stamp: Any = (
        1_700_000_000_123 if sql_backend.name == "sqlite" else datetime(2023, 11, 14, 22, 13, 20)
    )
    for i, (content, type_name) in enumerate(
        [("be nice", "SYSTEM"), ("hello", "USER"), ("hi!", "ASSISTANT")]
    ):
        sql_backend.execute(
            'INSERT INTO SPRING_AI_CHAT_MEMORY (conversation_id, content, type, "timestamp", '
            "sequence_id) VALUES (?, ?, ?, ?, ?)",
            (conversation_id, content, type_name, stamp, i),
        )

    repository = sql_backend.repository()
    found = repository.find_by_conversation_id(conversation_id)

    assert strip_timestamps(found) == [
        SystemMessage("be nice"),
        UserMessage("hello"),
        AssistantMessage("hi!"),
    ]
    expected = datetime(2023, 11, 14, 22, 13, 20, 123000 if sql_backend.name == "sqlite" else 0)
    assert found[0].get_metadata()[TS] == expected.replace(tzinfo=UTC)

    tool_call = AssistantMessage(tool_calls=[AssistantMessage.ToolCall("1", "function", "f", "{}")])
    repository.save_all(conversation_id, [*found, tool_call])
    assert strip_timestamps(repository.find_by_conversation_id(conversation_id))[-1] == tool_call


# --- Atomicity ------------------------------------------------------------------------------

FAIL_ON_BOOM = {
    "sqlite": [
        "CREATE TRIGGER fail_on_boom BEFORE INSERT ON SPRING_AI_CHAT_MEMORY "
        "WHEN NEW.content = 'boom' BEGIN SELECT RAISE(ABORT, 'boom rejected'); END"
    ],
    "postgres": [
        "CREATE FUNCTION fail_on_boom() RETURNS trigger AS $$ BEGIN "
        "IF NEW.content = 'boom' THEN RAISE EXCEPTION 'boom rejected'; END IF; "
        "RETURN NEW; END $$ LANGUAGE plpgsql",
        "CREATE TRIGGER fail_on_boom BEFORE INSERT ON SPRING_AI_CHAT_MEMORY "
        "FOR EACH ROW EXECUTE FUNCTION fail_on_boom()",
    ],
}


def test_a_failure_in_the_middle_of_save_all_leaves_the_conversation_intact(
    sql_backend: Any,
) -> None:
    repository = sql_backend.repository()
    conversation_id = new_id()
    repository.save_all(conversation_id, [UserMessage("Hello"), AssistantMessage("Hi")])
    before = repository.find_by_conversation_id(conversation_id)
    for statement in FAIL_ON_BOOM[sql_backend.name]:
        sql_backend.execute(statement)

    # The DELETE and the first INSERT have run when the database rejects the second row.
    with pytest.raises(Exception, match="boom rejected"):
        repository.save_all(conversation_id, [UserMessage("replacement"), UserMessage("boom")])
    assert repository.find_by_conversation_id(conversation_id) == before

    memory = MessageWindowChatMemory.builder().chat_memory_repository(repository).build()
    with pytest.raises(Exception, match="boom rejected"):
        memory.add(conversation_id, [UserMessage("next"), AssistantMessage("boom")])
    assert repository.find_by_conversation_id(conversation_id) == before

    # The connection is usable again: nothing was left half-done.
    memory.add(conversation_id, UserMessage("after"))
    assert [m.get_text() for m in memory.get(conversation_id)] == ["Hello", "Hi", "after"]


@pytest.mark.parametrize(
    ("message", "error"),
    [
        (UserMessage("x", metadata={"when": datetime(2024, 1, 1)}), "not JSON-serializable"),
        (UserMessage("x", metadata={"nan": float("nan")}), "not JSON-serializable"),
        (UserMessage("x", metadata={"pair": (1, 2)}), "does not survive a JSON round trip"),
        (
            UserMessage("x", metadata={"deep": {"list": [1, {"tuple": (3,)}]}}),
            "does not survive a JSON round trip",
        ),
        (
            UserMessage("x", metadata={1: "int key"}),  # type: ignore[dict-item]
            "does not survive a JSON round trip",
        ),
        (UserMessage("x", media=[Media("image/png", 123)]), "media data must be str or bytes"),
    ],
)
def test_a_message_that_cannot_be_stored_exactly_is_rejected(
    sql_backend: Any, message: Message, error: str
) -> None:
    repository = sql_backend.repository()
    conversation_id = new_id()
    repository.save_all(conversation_id, [UserMessage("kept")])
    before = repository.find_by_conversation_id(conversation_id)

    expected = rf"Cannot store message 1 of conversation '{conversation_id}'.*{re.escape(error)}"
    with pytest.raises(ValueError, match=expected):
        repository.save_all(conversation_id, [UserMessage("ok"), message])
    with pytest.raises(ValueError, match=expected):
        MessageWindowChatMemory(repository).add(conversation_id, message)

    assert repository.find_by_conversation_id(conversation_id) == before


@pytest.mark.postgres
def test_a_connection_lost_mid_transaction_leaves_the_conversation_intact(
    pg_schema_dsn: str,
) -> None:
    import psycopg

    handed_out: list[Any] = []

    def connect() -> Any:
        conn = psycopg.connect(pg_schema_dsn)
        handed_out.append(conn)
        return conn

    repository = JdbcChatMemoryRepository.builder().data_source(connect).build()
    assert isinstance(repository.get_dialect(), PostgresChatMemoryRepositoryDialect)
    conversation_id = new_id()
    repository.save_all(conversation_id, [UserMessage("Hello"), AssistantMessage("Hi")])
    before = repository.find_by_conversation_id(conversation_id)

    def kill_own_connection(current: list[Message]) -> list[Message]:
        with psycopg.connect(pg_schema_dsn, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (handed_out[-1].info.backend_pid,))
        return [*current, UserMessage("lost")]

    with pytest.raises(psycopg.OperationalError):
        repository.update_by_conversation_id(conversation_id, kill_own_connection)

    assert repository.find_by_conversation_id(conversation_id) == before
    assert all(conn.closed for conn in handed_out)


# --- Corrupt rows ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("type_name", "payload", "reason"),
    [
        ("USER", "{not json", "invalid JSON payload"),
        ("USER", "[1, 2]", "the payload must be a JSON object with a 'metadata' object"),
        ("USER", '{"metadata": 3}', "the payload must be a JSON object with a 'metadata' object"),
        ("TOOL", None, "a TOOL row needs a payload"),
        ("ASSISTANT", '{"metadata": {}, "tool_calls": [{"id": "1"}]}', "malformed payload"),
        ("ASSISTANT", '{"metadata": {}, "tool_calls": "nope"}', "malformed payload"),
        ("TOOL", '{"metadata": {}, "tool_responses": [{"id": "1"}]}', "malformed payload"),
        (
            "USER",
            '{"metadata": {}, "media": [{"mime_type": "image/png", "data_base64": "%%%"}]}',
            "malformed payload",
        ),
        ("USER", '{"metadata": {}, "text_is_null": true}', "malformed payload"),
        ("BOGUS", '{"metadata": {}}', "unknown message type 'BOGUS'"),
    ],
)
def test_corrupt_rows_raise_an_error_naming_the_conversation(
    sql_backend: Any, type_name: str, payload: str | None, reason: str
) -> None:
    repository = sql_backend.repository()
    conversation_id = new_id()
    repository.save_all(conversation_id, [UserMessage("fine")])
    if type_name == "BOGUS" and sql_backend.name == "postgres":
        sql_backend.execute(
            "ALTER TABLE SPRING_AI_CHAT_MEMORY DROP CONSTRAINT spring_ai_chat_memory_type_check"
        )
    stamp = 0 if sql_backend.name == "sqlite" else datetime(2024, 1, 1)
    conn = sql_backend.connect()
    try:
        if type_name == "BOGUS" and sql_backend.name == "sqlite":
            conn.execute("PRAGMA ignore_check_constraints = ON")
        conn.cursor().execute(
            'INSERT INTO SPRING_AI_CHAT_MEMORY (conversation_id, content, type, "timestamp", '
            f"sequence_id, payload) VALUES ({sql_backend.placeholder}, 'x', {sql_backend.placeholder}, {sql_backend.placeholder}, 1, {sql_backend.placeholder})",
            (conversation_id, type_name, stamp, payload),
        )
    finally:
        conn.close()

    expected = (
        rf"Corrupt chat memory row in conversation '{conversation_id}' \(sequence_id 1\): "
        + re.escape(reason)
    )
    with pytest.raises(RuntimeError, match=expected):
        repository.find_by_conversation_id(conversation_id)
    # Appending writes only the new rows and never decodes the stored ones, so it does
    # not notice (a corrupt system row is read, and reported, when a system message is
    # added); reading still reports it.
    memory = MessageWindowChatMemory(repository)
    memory.add(conversation_id, UserMessage("added"))
    assert len(raw_rows(sql_backend, conversation_id)) == 3
    with pytest.raises(RuntimeError, match=expected):
        memory.get(conversation_id)

    # Replacing the conversation is the way out.
    assert conversation_id in repository.find_conversation_ids()
    repository.save_all(conversation_id, [UserMessage("repaired")])
    assert [m.get_text() for m in repository.find_by_conversation_id(conversation_id)] == [
        "repaired"
    ]


def test_a_corrupt_sqlite_timestamp_raises_an_error_naming_the_conversation(
    tmp_path: Path,
) -> None:
    path = tmp_path / "memory.db"
    repository = JdbcChatMemoryRepository.sqlite(path)
    repository.save_all("c", [UserMessage("fine")])
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE SPRING_AI_CHAT_MEMORY SET timestamp = 'yesterday'")

    with pytest.raises(
        RuntimeError,
        match=r"Corrupt chat memory row in conversation 'c' \(sequence_id 0\): invalid timestamp",
    ):
        repository.find_by_conversation_id("c")
    repository.close()


# --- Building and connections ---------------------------------------------------------------


def test_builder_with_both_dsn_and_data_source(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="Only one of data_source and dsn can be set"):
        JdbcChatMemoryRepository.builder().dsn(str(tmp_path / "a.db")).data_source(
            lambda: sqlite3.connect(":memory:")
        ).build()


@pytest.mark.parametrize(
    ("options", "error_type", "error"),
    [
        ({"dsn": ""}, ValueError, "dsn cannot be empty"),
        ({"dsn": "   "}, ValueError, "dsn cannot be empty"),
        ({"dsn": 42}, TypeError, "dsn must be a str or a Path, got int"),
        ({"dsn": "x.db", "dialect": "sqlite"}, TypeError, "dialect must be a"),
        ({"data_source": object()}, TypeError, "data_source must be a callable"),
    ],
)
def test_builder_rejects_bad_arguments(
    options: dict[str, Any], error_type: type[Exception], error: str
) -> None:
    with pytest.raises(error_type, match=error):
        JdbcChatMemoryRepository(**options)


@pytest.mark.parametrize(
    ("factory", "error_type", "error"),
    [
        (lambda: SqliteChatMemoryRepositoryDialect(-1), ValueError, "must not be negative"),
        (lambda: SqliteChatMemoryRepositoryDialect("5"), TypeError, "must be a number"),  # type: ignore[arg-type]
        (lambda: PostgresChatMemoryRepositoryDialect(0), ValueError, "greater than 0"),
        (lambda: PostgresChatMemoryRepositoryDialect(2.5), TypeError, "must be an int"),  # type: ignore[arg-type]
    ],
)
def test_dialects_reject_bad_arguments(
    factory: Callable[[], object], error_type: type[Exception], error: str
) -> None:
    with pytest.raises(error_type, match=error):
        factory()


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("postgresql://user@localhost:5432/db", PostgresChatMemoryRepositoryDialect),
        ("postgres://localhost/db", PostgresChatMemoryRepositoryDialect),
        ("host=localhost dbname=app user=app", PostgresChatMemoryRepositoryDialect),
        ("memory.db", SqliteChatMemoryRepositoryDialect),
        ("/var/data/memory.sqlite3", SqliteChatMemoryRepositoryDialect),
        ("sqlite:///relative/memory.db", SqliteChatMemoryRepositoryDialect),
        (":memory:", SqliteChatMemoryRepositoryDialect),
        (Path("memory.db"), SqliteChatMemoryRepositoryDialect),
    ],
)
def test_dialect_is_detected_from_the_dsn(source: str | Path, expected: type) -> None:
    assert type(JdbcChatMemoryRepositoryDialect.from_(source)) is expected


def test_sqlite_dsn_url_and_builder(tmp_path: Path, strip_timestamps: Strip) -> None:
    path = tmp_path / "url.db"
    repository = JdbcChatMemoryRepository.builder().dsn(f"sqlite:///{path}").build()
    repository.save_all("c", [UserMessage("via url")])
    repository.close()

    with JdbcChatMemoryRepository.sqlite(path) as reopened:
        assert strip_timestamps(reopened.find_by_conversation_id("c")) == [UserMessage("via url")]


def test_mutate_builds_a_repository_on_the_same_database(
    tmp_path: Path, strip_timestamps: Strip
) -> None:
    with JdbcChatMemoryRepository.sqlite(tmp_path / "m.db") as repository:
        repository.save_all("c", [UserMessage("hello")])
        with repository.mutate().build() as copy:
            assert isinstance(copy.get_dialect(), SqliteChatMemoryRepositoryDialect)
            assert strip_timestamps(copy.find_by_conversation_id("c")) == [UserMessage("hello")]


def test_in_memory_sqlite_is_shared_between_threads(strip_timestamps: Strip) -> None:
    with JdbcChatMemoryRepository.sqlite(":memory:") as repository:
        repository.save_all("c", [UserMessage("from main")])
        seen: list[list[Message]] = []
        thread = threading.Thread(
            target=lambda: seen.append(repository.find_by_conversation_id("c"))
        )
        thread.start()
        thread.join()
        assert strip_timestamps(seen[0]) == [UserMessage("from main")]


def test_sqlite_files_use_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "wal.db"
    with JdbcChatMemoryRepository.sqlite(path) as repository:
        repository.save_all("c", [UserMessage("x")])
        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_closed_repository_refuses_work(tmp_path: Path) -> None:
    repository = JdbcChatMemoryRepository.sqlite(tmp_path / "c.db")
    repository.save_all("c", [UserMessage("x")])
    repository.close()
    with pytest.raises(RuntimeError, match="JdbcChatMemoryRepository is closed"):
        repository.find_by_conversation_id("c")


def test_repr_never_shows_the_dsn() -> None:
    repository = JdbcChatMemoryRepository.postgres("postgresql://app:s3cret@127.0.0.1:1/db")
    assert "s3cret" not in repr(repository)
    assert repr(repository) == (
        "JdbcChatMemoryRepository(dialect=PostgresChatMemoryRepositoryDialect(max_pool_size=10))"
    )


def test_postgres_without_psycopg_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(
        ImportError, match=r"needs psycopg 3: pip install 'spring_ai_py\[postgres\]'"
    ):
        JdbcChatMemoryRepository.postgres("postgresql://localhost/db")


@pytest.mark.postgres
def test_postgres_without_psycopg_pool_connects_per_operation(
    pg_schema_dsn: str, monkeypatch: pytest.MonkeyPatch, strip_timestamps: Strip
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg_pool", None)
    with JdbcChatMemoryRepository.postgres(pg_schema_dsn) as repository:
        repository.save_all("c", [UserMessage("no pool")])
        assert strip_timestamps(repository.find_by_conversation_id("c")) == [UserMessage("no pool")]


@pytest.mark.postgres
def test_a_given_pool_is_used_and_left_open(pg_schema_dsn: str, strip_timestamps: Strip) -> None:
    from psycopg_pool import ConnectionPool

    with ConnectionPool(pg_schema_dsn, min_size=1, max_size=2, open=True) as pool:
        repository = JdbcChatMemoryRepository.builder().data_source(pool).build()
        assert isinstance(repository.get_dialect(), PostgresChatMemoryRepositoryDialect)
        repository.save_all("c", [UserMessage("pooled")])
        assert strip_timestamps(repository.find_by_conversation_id("c")) == [UserMessage("pooled")]
        repository.close()
        assert not pool.closed
        with pool.connection() as conn:
            assert conn.execute("SELECT count(*) FROM SPRING_AI_CHAT_MEMORY").fetchone() == (1,)


def test_message_types_are_stored_by_enum_name(sql_backend: Any) -> None:
    repository = sql_backend.repository()
    repository.save_all("c", [ToolResponseMessage([])])
    assert [row[2] for row in raw_rows(sql_backend, "c")] == [MessageType.TOOL.name]


def test_plain_json_metadata_and_str_subclasses_read_back_equal(sql_backend: Any) -> None:
    import enum

    class Color(enum.StrEnum):
        RED = "red"

    repository = sql_backend.repository()
    conversation_id = new_id()
    metadata = {"n": 1, "f": -0.5, "b": True, "none": None, "nested": {"l": ["a", [2, {}]]}}
    repository.save_all(
        conversation_id,
        [UserMessage("plain", metadata=metadata), UserMessage("enum", metadata={"c": Color.RED})],
    )
    plain, with_enum = repository.find_by_conversation_id(conversation_id)
    assert {k: plain.get_metadata()[k] for k in metadata} == metadata
    assert with_enum.get_metadata()["c"] == "red"
