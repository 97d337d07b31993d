"""Durable tool-loop state (beyond Spring): the repositories, the snapshots the loop
saves at its boundaries, and resume on the call, async and stream paths."""

from __future__ import annotations

import asyncio
import dataclasses
import importlib.util
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor, ToolCallingAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.memory.repository.jdbc import (
    JdbcToolLoopStateRepository,
    SqliteChatMemoryRepositoryDialect,
)
from spring_ai_py.chat.memory.repository.jdbc.jdbc_tool_loop_state_repository import (
    _millis,
    encode_snapshot,
)
from spring_ai_py.chat.messages import AssistantMessage, Message, ToolResponseMessage, UserMessage
from spring_ai_py.model.tool import (
    Approve,
    InMemoryToolLoopStateRepository,
    LoopPhase,
    PauseReason,
    ToolCallRecord,
    ToolCallStatus,
    ToolLoopSnapshot,
    ToolLoopStateRepository,
)
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.tool import tool


def _load_memory_fixtures() -> ModuleType:
    name = "_spring_ai_py_chat_memory_fixtures"
    if name not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "memory" / "conftest.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


pg_dsn = _load_memory_fixtures().pg_dsn
pg_schema_dsn = _load_memory_fixtures().pg_schema_dsn


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def repository(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ToolLoopStateRepository]:
    if request.param == "memory":
        yield InMemoryToolLoopStateRepository()
    elif request.param == "sqlite":
        with JdbcToolLoopStateRepository.sqlite(tmp_path / "state.db") as repo:
            yield repo
    else:
        with JdbcToolLoopStateRepository.postgres(request.getfixturevalue("pg_dsn")) as repo:
            yield repo


def _snapshot(token: str, **changes: object) -> ToolLoopSnapshot:
    call = AssistantMessage.ToolCall("c1", "function", "pay", '{"amount": 5}')
    base = ToolLoopSnapshot(
        token,
        LoopPhase.PAUSED,
        [UserMessage("pay 5")],
        {
            "chat_memory_conversation_id": "conv",
            "tool_written": {"rows": [1, 2.5, None, True]},
            "spring_ai_py.tool_loop.user_message": UserMessage("pay 5"),
            "not_json": object(),
        },
        "conv",
        None,
        AssistantMessage("", tool_calls=[call]),
        [ToolCallRecord("c1", "pay", '{"amount": 5}', ToolCallStatus.AWAITING_APPROVAL)],
        PauseReason.APPROVAL,
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_a_snapshot_round_trips(repository: ToolLoopStateRepository) -> None:
    token = f"t-{time.monotonic_ns()}"
    repository.save(_snapshot(token))
    found = repository.find(token)
    assert found is not None
    assert found.phase is LoopPhase.PAUSED and found.pause_reason is PauseReason.APPROVAL
    assert [m.get_text() for m in found.messages] == ["pay 5"]
    assert found.assistant_message is not None and found.assistant_message.get_tool_calls()[0].name == "pay"
    assert found.tool_calls == _snapshot(token).tool_calls
    assert found.context["tool_written"] == {"rows": [1, 2.5, None, True]}
    assert found.context["spring_ai_py.tool_loop.user_message"].get_text() == "pay 5"
    if not isinstance(repository, InMemoryToolLoopStateRepository):
        assert "not_json" not in found.context  # no JSON form: not saved
    assert token in repository.find_tokens("conv") and token in repository.find_tokens()
    repository.save(_snapshot(token, phase=LoopPhase.COMPLETED))
    assert token not in repository.find_tokens()
    repository.delete(token)
    assert repository.find(token) is None


def test_expired_snapshots_are_not_found_and_are_cleaned_up(tmp_path: Path) -> None:
    for repo in (
        InMemoryToolLoopStateRepository(ttl=60),
        JdbcToolLoopStateRepository.sqlite(tmp_path / "ttl.db", ttl=timedelta(minutes=1)),
    ):
        old = datetime.now(UTC) - timedelta(minutes=5)
        repo.save(_snapshot("old", updated_at=old))
        repo.save(_snapshot("new"))
        assert repo.find("old") is None and repo.find("new") is not None
        assert repo.find_tokens() == ["new"]
        assert repo.delete_expired() == 1
        assert repo.delete_expired() == 0
        assert repo.find("new") is not None


def test_bad_repository_settings_name_the_argument(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="ttl must be greater than 0"):
        InMemoryToolLoopStateRepository(ttl=0)
    with pytest.raises(TypeError, match="ttl must be a timedelta or seconds"):
        InMemoryToolLoopStateRepository(ttl="1h")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="DataSource must be set"):
        JdbcToolLoopStateRepository()
    with pytest.raises(TypeError, match="tool_loop_state_repository must be a ToolLoopStateRepository"):
        ToolCallingAdvisor.builder().tool_loop_state_repository("db")  # type: ignore[arg-type]


def test_a_corrupt_row_names_the_token(tmp_path: Path) -> None:
    path = tmp_path / "corrupt.db"
    with JdbcToolLoopStateRepository.sqlite(path) as repo:
        repo.save(_snapshot("bad"))
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE SPRING_AI_TOOL_LOOP_STATE SET payload = '{}'")
    with JdbcToolLoopStateRepository.sqlite(path) as repo, pytest.raises(
        RuntimeError, match="Corrupt tool loop state for token 'bad'"
    ):
        repo.find("bad")


def test_the_shared_sqlite_connection_gets_the_dialects_settings_once(tmp_path: Path) -> None:
    class Counting(SqliteChatMemoryRepositoryDialect):
        def __init__(self) -> None:
            super().__init__()
            self.prepared = 0

        def prepare_connection(self, connection: Any) -> None:
            self.prepared += 1
            super().prepare_connection(connection)

    dialect = Counting()
    with JdbcToolLoopStateRepository(dsn=tmp_path / "once.db", dialect=dialect) as repo:
        for i in range(3):
            repo.save(_snapshot(f"t{i}"))
        assert repo.find("t2") is not None and repo.find_tokens() == ["t0", "t1", "t2"]
        repo.delete("t0")
    assert dialect.prepared == 1  # when the connection was opened, not per operation
    with sqlite3.connect(tmp_path / "once.db") as conn:
        assert conn.execute("SELECT count(*) FROM SPRING_AI_TOOL_LOOP_STATE").fetchone() == (2,)


# -- the loop's snapshots -------------------------------------------------------------------

calls: list[str] = []


@tool
def lookup(city: str) -> str:
    """Look a city up."""
    calls.append(city)
    return f"{city}: found"


class Recording(InMemoryToolLoopStateRepository):
    def __init__(self) -> None:
        super().__init__()
        self.saved: list[ToolLoopSnapshot] = []

    def save(self, snapshot: ToolLoopSnapshot) -> None:
        self.saved.append(snapshot)
        super().save(snapshot)


def durable_client(model: ScriptedChatModel, repo: ToolLoopStateRepository) -> tuple[ChatClient, MessageWindowChatMemory]:
    memory = MessageWindowChatMemory.builder().build()
    client = (
        ChatClient.builder(
            model, tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_loop_state_repository(repo)
        )
        .default_tools(lookup)
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .default_advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "c"))
        .build()
    )
    return client, memory


@pytest.mark.parametrize("mode", ["call", "acall", "stream"])
def test_the_loop_saves_every_boundary_and_the_final_answer(mode: str) -> None:
    calls.clear()
    repo = Recording()
    model = ScriptedChatModel().add_tool_calls(("lookup", {"city": "Oslo"})).add_response("Oslo found")
    client, memory = durable_client(model, repo)
    spec = client.prompt("find Oslo").advisors(lambda a: a.param(ToolCallingAdvisor.TURN_TOKEN, "turn-1"))
    if mode == "call":
        assert spec.call().content() == "Oslo found"
    elif mode == "acall":
        assert asyncio.run(spec.call().acontent()) == "Oslo found"
    else:

        async def collect() -> str:
            return "".join([c async for c in spec.stream().content()])

        assert asyncio.run(collect()) == "Oslo found"
    phases = [(s.phase, [c.status for c in s.tool_calls]) for s in repo.saved]
    assert phases == [
        (LoopPhase.MODEL, []),
        (LoopPhase.TOOLS, [ToolCallStatus.PLANNED]),
        (LoopPhase.TOOLS, [ToolCallStatus.RUNNING]),
        (LoopPhase.TOOLS, [ToolCallStatus.DONE]),
        (LoopPhase.MODEL, []),
        (LoopPhase.COMPLETED, []),
    ]
    assert all(s.token == "turn-1" for s in repo.saved)
    assert repo.saved[3].tool_calls[0].result == "Oslo: found"
    assert isinstance(repo.saved[4].messages[-1], ToolResponseMessage)
    assert [m.get_text() for m in memory.get("c")] == ["find Oslo", "Oslo found"]
    # Resuming a completed turn returns its answer and stores nothing twice.
    assert client.prompt().resume("turn-1").call().content() == "Oslo found"
    assert [m.get_text() for m in memory.get("c")] == ["find Oslo", "Oslo found"]
    assert calls == ["Oslo"]


def test_a_turn_cut_off_before_its_model_call_resumes_from_its_history() -> None:
    calls.clear()
    repo = InMemoryToolLoopStateRepository()
    history = [UserMessage("find Oslo")]
    context = {"chat_memory_conversation_id": "c", "spring_ai_py.tool_loop.user_message": history[0]}
    repo.save(ToolLoopSnapshot("cut", LoopPhase.MODEL, history, context, "c"))
    model = ScriptedChatModel().add_response("Oslo is a city")
    client, memory = durable_client(model, repo)
    assert client.prompt().resume("cut").call().content() == "Oslo is a city"
    assert model.prompts[0].get_instructions() == history
    assert [m.get_text() for m in memory.get("c")] == ["find Oslo", "Oslo is a city"]


def test_approvals_for_a_turn_that_is_not_paused_are_refused() -> None:
    repo = InMemoryToolLoopStateRepository()
    repo.save(ToolLoopSnapshot("m", LoopPhase.MODEL, [UserMessage("x")]))
    client, _ = durable_client(ScriptedChatModel(), repo)
    with pytest.raises(ValueError, match="The turn m is not paused for approval"):
        client.prompt().resume("m", {"c1": Approve()}).call().content()


def test_the_context_keys_the_memory_advisor_reads_are_the_loops() -> None:
    from spring_ai_py.chat.client.advisor import advisor_utils
    from spring_ai_py.model.tool import PendingApproval, ToolLoopResume

    assert advisor_utils.TOOL_LOOP_RESUME_KEY == ToolLoopResume.CONTEXT_KEY
    assert advisor_utils.TOOL_LOOP_PENDING_KEY == PendingApproval.CONTEXT_KEY
    assert advisor_utils.TOOL_LOOP_TOKEN_KEY == ToolCallingAdvisor.TURN_TOKEN


@tool(requires_approval=True, idempotent=True)
def restart_service(name: str) -> str:
    """Restart a service (gated, safe to repeat)."""
    calls.append(f"restart {name}")
    return f"{name} restarted"


def _cut_off(approved: bool) -> ToolLoopSnapshot:
    call = AssistantMessage.ToolCall("r1", "function", "restart_service", '{"name": "db"}')
    status = ToolCallStatus.RUNNING if approved else ToolCallStatus.PLANNED
    return ToolLoopSnapshot(
        "cut-tools",
        LoopPhase.TOOLS,
        [UserMessage("restart db")],
        {"chat_memory_conversation_id": "c"},
        "c",
        None,
        AssistantMessage("", tool_calls=[call]),
        [ToolCallRecord("r1", "restart_service", '{"name": "db"}', status, approved=approved)],
    )


def test_an_approved_call_cut_off_by_a_crash_is_not_asked_for_again() -> None:
    calls.clear()
    repo = InMemoryToolLoopStateRepository()
    repo.save(_cut_off(approved=True))
    model = ScriptedChatModel().add_response("db restarted")
    client = (
        ChatClient.builder(
            model, tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_loop_state_repository(repo)
        )
        .default_tools(restart_service)
        .build()
    )
    assert client.prompt().resume("cut-tools").call().content() == "db restarted"
    assert calls == ["restart db"]


def test_a_gated_call_saved_before_its_gate_still_waits_for_approval() -> None:
    calls.clear()
    repo = InMemoryToolLoopStateRepository()
    repo.save(_cut_off(approved=False))
    client = (
        ChatClient.builder(
            ScriptedChatModel(),
            tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_loop_state_repository(repo),
        )
        .default_tools(restart_service)
        .build()
    )
    pending = client.prompt().resume("cut-tools").call().chat_client_response().pending_approval
    assert pending is not None and [c.id for c in pending.awaiting()] == ["r1"]
    assert calls == []


# -- the repository's per-turn message encodings ----------------------------------------------


@pytest.fixture(params=["sqlite", "postgres"])
def jdbc_repository(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Callable[[], JdbcToolLoopStateRepository]]:
    """A factory of fresh repository objects on one database."""
    opened: list[JdbcToolLoopStateRepository] = []

    def open_repository() -> JdbcToolLoopStateRepository:
        if request.param == "sqlite":
            repo = JdbcToolLoopStateRepository.sqlite(tmp_path / "state.db")
        else:
            repo = JdbcToolLoopStateRepository.postgres(request.getfixturevalue("pg_dsn"))
        opened.append(repo)
        return repo

    yield open_repository
    for repo in opened:
        repo.close()


def _stored(repo: JdbcToolLoopStateRepository, token: str) -> ToolLoopSnapshot:
    found = repo.find(token)
    assert found is not None
    return found


class Checked(JdbcToolLoopStateRepository):
    """Checks after every save that the row holds what encoding the live snapshot
    afresh (no remembered messages) gives."""

    saved: list[LoopPhase]

    def save(self, snapshot: ToolLoopSnapshot) -> None:
        super().save(snapshot)
        self.__dict__.setdefault("saved", []).append(snapshot.phase)
        assert encode_snapshot(_stored(self, snapshot.token)) == encode_snapshot(snapshot)


@tool(requires_approval=True)
def refund(order: str) -> str:
    """Refund an order (gated)."""
    calls.append(f"refund {order}")
    return f"{order} refunded"


def test_a_turn_resumed_through_a_fresh_repository_saves_and_resumes_as_encoded_afresh(
    jdbc_repository: Callable[[], JdbcToolLoopStateRepository],
) -> None:
    calls.clear()
    first = jdbc_repository()
    source = Checked(data_source=first._source, dialect=first.get_dialect())
    model = (
        ScriptedChatModel()
        .add_tool_calls(("refund", {"order": "o-1"}))
        .add_response("o-1 refunded")
    )
    memory = MessageWindowChatMemory.builder().build()

    def client(repo: JdbcToolLoopStateRepository) -> ChatClient:
        advisor = ToolCallingAdvisor.builder().tool_loop_state_repository(repo)
        return (
            ChatClient.builder(model, tool_calling_advisor_builder=advisor)
            .default_tools(refund)
            .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
            .default_advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "c"))
            .build()
        )

    token = f"refund-{time.monotonic_ns()}"
    paused = (
        client(source)
        .prompt("refund o-1")
        .advisors(lambda a: a.param(ToolCallingAdvisor.TURN_TOKEN, token))
        .call()
        .chat_client_response()
    )
    assert paused.pending_approval is not None and calls == []
    assert source.saved == [LoopPhase.MODEL, LoopPhase.TOOLS, LoopPhase.PAUSED]
    # Another process: a new repository object on the same database.
    fresh = jdbc_repository()
    resumer = Checked(data_source=fresh._source, dialect=fresh.get_dialect())
    approvals = {c.id: Approve() for c in paused.pending_approval.awaiting()}
    answer = client(resumer).prompt().resume(token, approvals).call().content()
    assert answer == "o-1 refunded" and calls == ["refund o-1"]
    assert resumer.saved == [
        LoopPhase.TOOLS,
        LoopPhase.TOOLS,
        LoopPhase.TOOLS,
        LoopPhase.MODEL,
        LoopPhase.COMPLETED,
    ]
    done = _stored(resumer, token)
    assert [type(m).__name__ for m in done.messages] == [
        "UserMessage",
        "AssistantMessage",
        "ToolResponseMessage",
    ]
    assert done.final_message is not None and done.final_message.get_text() == "o-1 refunded"
    assert [m.get_text() for m in memory.get("c")] == ["refund o-1", "o-1 refunded"]


def test_each_message_of_a_turn_is_encoded_once(
    jdbc_repository: Callable[[], JdbcToolLoopStateRepository],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from spring_ai_py.chat.memory.repository.jdbc import jdbc_tool_loop_state_repository as module

    encoded: list[str] = []
    encode = module._message_codec.encode

    def counting(message: Message, *args: Any) -> Any:
        encoded.append(f"{type(message).__name__}:{message.get_text()}")
        return encode(message, *args)

    monkeypatch.setattr(module._message_codec, "encode", counting)
    calls.clear()
    model = ScriptedChatModel().add_tool_calls(("lookup", {"city": "Oslo"})).add_response("found")
    client, _ = durable_client(model, jdbc_repository())
    assert client.prompt("find Oslo").call().content() == "found"
    # Six saves; the user message, the model's tool call, the tool's answer, the reply.
    assert sorted(encoded) == [
        "AssistantMessage:",
        "AssistantMessage:found",
        "ToolResponseMessage:",
        "UserMessage:find Oslo",
    ]


def test_a_message_changed_between_saves_is_saved_as_it_is_now(
    jdbc_repository: Callable[[], JdbcToolLoopStateRepository],
) -> None:
    repo = jdbc_repository()
    user = UserMessage("go", metadata={"k": "v1", "n": 1, "nested": {"a": 1}})
    plain = UserMessage("plain", metadata={"k": "v1"})
    asking = AssistantMessage("", tool_calls=[AssistantMessage.ToolCall("c1", "function", "f", "{}")])
    token = f"changed-{time.monotonic_ns()}"
    history = [user, plain, asking]
    context = {"spring_ai_py.tool_loop.user_message": plain}
    repo.save(ToolLoopSnapshot(token, LoopPhase.MODEL, history, dict(context)))
    user.get_metadata()["nested"]["a"] = 2  # a change inside a metadata value
    plain.get_metadata()["k"] = "v2"  # a metadata entry replaced
    plain.get_metadata()["n"] = 1
    asking.get_tool_calls().append(AssistantMessage.ToolCall("c2", "function", "g", "{}"))
    repo.save(ToolLoopSnapshot(token, LoopPhase.TOOLS, history, dict(context)))
    found = _stored(repo, token)
    assert found.messages[0].get_metadata()["nested"] == {"a": 2}
    assert found.messages[1].get_metadata()["k"] == "v2"
    assert [c.id for c in found.messages[2].get_tool_calls()] == ["c1", "c2"]
    assert found.context["spring_ai_py.tool_loop.user_message"].get_metadata()["k"] == "v2"
    plain.get_metadata()["n"] = True  # equal to 1, yet stored as true
    repo.save(ToolLoopSnapshot(token, LoopPhase.MODEL, history, dict(context)))
    assert _stored(repo, token).messages[1].get_metadata()["n"] is True


def test_turns_beyond_the_remembered_ones_still_save_what_they_hold(tmp_path: Path) -> None:
    from spring_ai_py.chat.memory.repository.jdbc import jdbc_tool_loop_state_repository as module

    shared = UserMessage("go", metadata={"k": "v1"})
    with JdbcToolLoopStateRepository.sqlite(tmp_path / "many.db") as repo:
        tokens = [f"t{i}" for i in range(module._RUNNING_TURNS + 5)]
        for token in tokens:  # more running turns than the repository remembers
            repo.save(ToolLoopSnapshot(token, LoopPhase.MODEL, [shared]))
        shared.get_metadata()["k"] = "v2"
        for token in (tokens[0], tokens[-1]):  # one forgotten, one remembered
            repo.save(ToolLoopSnapshot(token, LoopPhase.TOOLS, [shared]))
            assert _stored(repo, token).messages[0].get_metadata()["k"] == "v2"
        assert _stored(repo, tokens[1]).messages[0].get_metadata()["k"] == "v1"
        for token in tokens:
            repo.save(ToolLoopSnapshot(token, LoopPhase.COMPLETED, [shared]))
        assert repo._encoders == {}  # a turn's last save takes its encodings with it


class _Counter(UserMessage):
    """A message computing its text from outside itself: none of its attributes tells
    that it changed."""

    counts = [0]

    def get_text(self) -> str:
        return str(self.counts[-1])


def test_a_message_computing_its_text_is_saved_as_it_is_now(tmp_path: Path) -> None:
    counter = _Counter("0")
    with JdbcToolLoopStateRepository.sqlite(tmp_path / "computed.db") as repo:
        for count in (1, 2):
            _Counter.counts.append(count)
            repo.save(ToolLoopSnapshot("t", LoopPhase.MODEL, [counter], {"m": counter}))
            found = _stored(repo, "t")
            assert found.messages[0].get_text() == str(count)
            assert found.context["m"].get_text() == str(count)


def test_a_message_whose_list_holds_what_may_change_is_saved_as_it_is_now(tmp_path: Path) -> None:
    from spring_ai_py.content import Media

    data = bytearray(b"one")
    message = UserMessage("look", media=[Media("image/png", data)])
    with JdbcToolLoopStateRepository.sqlite(tmp_path / "media.db") as repo:
        repo.save(ToolLoopSnapshot("t", LoopPhase.MODEL, [message]))
        data[:] = b"two"
        repo.save(ToolLoopSnapshot("t", LoopPhase.TOOLS, [message]))
        assert _stored(repo, "t").messages[0].get_media()[0].data == b"two"


def test_a_new_turn_token_is_a_random_version_4_uuid_in_hex() -> None:
    import uuid

    from spring_ai_py.chat.client.advisor._durable_turn import new_token

    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200
    for token in tokens:
        parsed = uuid.UUID(hex=token)
        assert parsed.hex == token and parsed.version == 4 and parsed.variant == uuid.RFC_4122


def test_the_loops_snapshots_are_the_frozen_dataclass_its_constructor_builds() -> None:
    import inspect

    from spring_ai_py.model.tool.tool_loop_state import snapshot_of

    names = [f.name for f in dataclasses.fields(ToolLoopSnapshot)]
    assert list(inspect.signature(snapshot_of).parameters) == names  # every field set
    given = _snapshot("t")
    values = [getattr(given, name) for name in names]
    built = snapshot_of(*values)
    assert type(built) is ToolLoopSnapshot and built == ToolLoopSnapshot(*values)
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.token = "other"  # type: ignore[misc]



def test_the_loops_call_records_are_the_frozen_dataclass_its_constructor_builds() -> None:
    import inspect

    from spring_ai_py.model.tool.tool_loop_state import record_of

    names = [f.name for f in dataclasses.fields(ToolCallRecord)]
    assert list(inspect.signature(record_of).parameters) == names  # every field set
    values = ["c1", "pay", "{}", ToolCallStatus.DONE, "paid", "why", True]
    built = record_of(*values)  # type: ignore[arg-type]
    assert type(built) is ToolCallRecord and built == ToolCallRecord(*values)  # type: ignore[arg-type]
    assert hash(built) == hash(ToolCallRecord(*values))  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.status = ToolCallStatus.RUNNING  # type: ignore[misc]

# -- the table's shape --------------------------------------------------------------------

_EARLIER_SCHEMA = [
    """CREATE TABLE SPRING_AI_TOOL_LOOP_STATE (
    token TEXT PRIMARY KEY,
    conversation_id TEXT,
    phase TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    payload TEXT NOT NULL
)""",
    "CREATE INDEX SPRING_AI_TOOL_LOOP_STATE_UPDATED_AT_IDX ON SPRING_AI_TOOL_LOOP_STATE(updated_at)",
]
"""The table as the version before ``created_at`` made it."""


def _millis_ago(minutes: int) -> int:
    return int((datetime.now(UTC) - timedelta(minutes=minutes)).timestamp() * 1000)


@pytest.fixture(params=["sqlite", "postgres"])
def earlier_table(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[Callable[[str, tuple[object, ...]], list[tuple[Any, ...]]], Callable[[], JdbcToolLoopStateRepository]]]:
    """A database holding the table as the earlier version made it: a function running
    SQL on it (``?`` placeholders), and one opening a repository (ttl one minute) on it."""
    ttl = timedelta(minutes=1)
    if request.param == "sqlite":
        path = tmp_path / "earlier.db"

        def run_sqlite(sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
            with closing(sqlite3.connect(path)) as conn, conn:
                return conn.execute(sql, params).fetchall()

        yield run_sqlite, lambda: JdbcToolLoopStateRepository.sqlite(path, ttl=ttl)
        return
    import psycopg

    dsn = request.getfixturevalue("pg_schema_dsn")

    def run_postgres(sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with psycopg.connect(dsn, autocommit=True) as conn:
            cursor = conn.execute(sql.replace("?", "%s"), params)
            return cursor.fetchall() if cursor.description else []

    yield run_postgres, lambda: JdbcToolLoopStateRepository.postgres(dsn, ttl=ttl)


def test_a_table_made_by_the_earlier_version_opens_and_keeps_its_turns(
    earlier_table: tuple[
        Callable[[str, tuple[object, ...]], list[tuple[Any, ...]]],
        Callable[[], JdbcToolLoopStateRepository],
    ],
) -> None:
    run, open_repository = earlier_table
    for statement in _EARLIER_SCHEMA:
        run(statement, ())
    payload = encode_snapshot(_snapshot("kept"))
    insert = "INSERT INTO SPRING_AI_TOOL_LOOP_STATE VALUES (?, 'conv', 'paused', ?, ?)"
    run(insert, ("kept", _millis_ago(0), payload))
    run(insert, ("old", _millis_ago(5), payload))
    with open_repository() as repo:
        found = repo.find("kept")
        assert found is not None and found.tool_calls == _snapshot("kept").tool_calls
        assert repo.find("old") is None and repo.find_tokens() == ["kept"]
        repo.save(_snapshot("new"))
        assert repo.delete_expired() == 1  # "old", whose created_at the migration set to 0
        assert sorted(repo.find_tokens()) == ["kept", "new"]
    with open_repository() as repo:  # opening the migrated table again changes nothing
        assert sorted(repo.find_tokens()) == ["kept", "new"]
    created = dict(run("SELECT token, created_at FROM SPRING_AI_TOOL_LOOP_STATE", ()))
    assert created["kept"] == 0 and created["new"] > 0
    # The index on updated_at is gone (every save rewrote it); the one on created_at is there.
    names = {
        str(row[0]).upper()
        for row in run(
            "SELECT name FROM sqlite_master WHERE type = 'index'"
            if isinstance(repo.get_dialect(), SqliteChatMemoryRepositoryDialect)
            else "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()",
            (),
        )
    }
    assert "SPRING_AI_TOOL_LOOP_STATE_CREATED_AT_IDX" in names
    assert "SPRING_AI_TOOL_LOOP_STATE_UPDATED_AT_IDX" not in names


def test_a_save_keeps_the_tokens_first_save_time_and_the_sweep_uses_the_last(
    repository: ToolLoopStateRepository,
) -> None:
    token = f"long-{time.monotonic_ns()}"
    first = datetime.now(UTC) - timedelta(days=30)
    repository.save(_snapshot(token, updated_at=first))  # a turn paused long ago...
    repository.save(_snapshot(token, phase=LoopPhase.TOOLS))  # ...resumed now
    repository.delete_expired()  # its last save is recent: it stays
    assert repository.find(token) is not None and token in repository.find_tokens()
    if isinstance(repository, JdbcToolLoopStateRepository):
        with repository._cursor() as cursor:
            p = repository.get_dialect().get_placeholder()
            cursor.execute(
                f"SELECT created_at, updated_at FROM SPRING_AI_TOOL_LOOP_STATE WHERE token = {p}",
                (token,),
            )
            created_at, updated_at = cursor.fetchone()
        assert created_at == _millis(first) < updated_at
    repository.delete(token)
