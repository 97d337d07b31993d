"""Many threads and several processes writing chat memory to SQLite and PostgreSQL.

Nothing may be lost, crossed between conversations or interleaved: each
``MessageWindowChatMemory.add`` is one locked read-modify-write transaction, and each
``save_all`` replaces a conversation atomically.
"""

from __future__ import annotations

import multiprocessing
import threading
import uuid
from typing import Any

import pytest

from spring_ai_py.chat.memory import MessageWindowChatMemory
from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
from spring_ai_py.chat.messages import AssistantMessage, Message, UserMessage

THREADS = 50
TURNS = 20


def open_repository(kind: str, dsn: str) -> JdbcChatMemoryRepository:
    if kind == "sqlite":
        return JdbcChatMemoryRepository.sqlite(dsn)
    return JdbcChatMemoryRepository.postgres(dsn)


def run_threads(count: int, target: Any) -> None:
    errors: list[BaseException] = []
    barrier = threading.Barrier(count)

    def guarded(n: int) -> None:
        try:
            barrier.wait()
            target(n)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=guarded, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_many_threads_with_their_own_conversations(sql_backend: Any) -> None:
    repository = sql_backend.repository()
    memory = MessageWindowChatMemory(repository, max_messages=1000)
    ids = [f"thread-{n}-{uuid.uuid4()}" for n in range(THREADS)]

    def chat(n: int) -> None:
        for turn in range(TURNS):
            memory.add(ids[n], UserMessage(f"{n}:{turn}:question"))
            memory.add(ids[n], AssistantMessage(f"{n}:{turn}:answer"))

    run_threads(THREADS, chat)

    assert set(repository.find_conversation_ids()) == set(ids)
    for n, conversation_id in enumerate(ids):
        expected = [
            f"{n}:{turn}:{part}" for turn in range(TURNS) for part in ("question", "answer")
        ]
        assert [m.get_text() for m in memory.get(conversation_id)] == expected


def test_many_threads_on_one_conversation_lose_nothing(sql_backend: Any) -> None:
    repository = sql_backend.repository()
    memory = MessageWindowChatMemory(repository, max_messages=1000)
    conversation_id = str(uuid.uuid4())

    def chat(n: int) -> None:
        for turn in range(10):
            memory.add(
                conversation_id, [UserMessage(f"{n}:{turn}"), AssistantMessage(f"{n}:{turn}")]
            )

    run_threads(10, chat)

    assert_whole_turns(memory.get(conversation_id), workers=10, turns=10)


def assert_whole_turns(messages: list[Message], workers: int, turns: int) -> None:
    """Every turn is a user message directly followed by its answer, each worker in order."""
    assert len(messages) == workers * turns * 2
    per_worker: dict[str, list[int]] = {}
    for user, assistant in zip(messages[::2], messages[1::2], strict=True):
        assert isinstance(user, UserMessage)
        assert isinstance(assistant, AssistantMessage)
        assert user.get_text() == assistant.get_text()
        worker, turn = str(user.get_text()).split(":")
        per_worker.setdefault(worker, []).append(int(turn))
    assert per_worker == {str(n): list(range(turns)) for n in range(workers)}


# --- Processes (spawned, so each has its own interpreter and connections) --------------------


def append_turns(
    kind: str, dsn: str, conversation_id: str, worker: int, turns: int, start: Any
) -> None:
    repository = open_repository(kind, dsn)
    memory = MessageWindowChatMemory(repository, max_messages=1000)
    start.wait()
    for turn in range(turns):
        memory.add(
            conversation_id, [UserMessage(f"{worker}:{turn}"), AssistantMessage(f"{worker}:{turn}")]
        )
    repository.close()


def save_whole_conversations(
    kind: str, dsn: str, conversation_id: str, worker: int, rounds: int, start: Any
) -> None:
    repository = open_repository(kind, dsn)
    messages: list[Message] = [UserMessage(f"{worker}:{i}") for i in range(10)]
    start.wait()
    for _ in range(rounds):
        repository.save_all(conversation_id, messages)
    repository.close()


def run_processes(target: Any, args: list[tuple[Any, ...]], watch: Any = None) -> None:
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(len(args))
    processes = [context.Process(target=target, args=(*a, start)) for a in args]
    for process in processes:
        process.start()
    try:
        if watch is not None:
            watch(processes)
        for process in processes:
            process.join(timeout=60)
            assert process.exitcode == 0
    finally:
        for process in processes:
            if process.is_alive():
                process.kill()
                process.join()


def test_two_processes_appending_to_one_conversation(sql_backend: Any) -> None:
    conversation_id = str(uuid.uuid4())
    sql_backend.repository().find_conversation_ids()  # create the schema up front
    turns = 30
    run_processes(
        append_turns,
        [
            (sql_backend.name, sql_backend.dsn, conversation_id, worker, turns)
            for worker in range(2)
        ],
    )

    stored = sql_backend.repository().find_by_conversation_id(conversation_id)
    assert_whole_turns(stored, workers=2, turns=turns)


def test_two_processes_saving_whole_conversations_never_mix(sql_backend: Any) -> None:
    conversation_id = str(uuid.uuid4())
    reader = sql_backend.repository()
    reader.find_conversation_ids()
    seen: list[list[str]] = []

    def watch(processes: list[Any]) -> None:
        while any(p.is_alive() for p in processes) and len(seen) < 2000:
            seen.append(
                [str(m.get_text()) for m in reader.find_by_conversation_id(conversation_id)]
            )

    run_processes(
        save_whole_conversations,
        [(sql_backend.name, sql_backend.dsn, conversation_id, worker, 100) for worker in range(2)],
        watch,
    )
    seen.append([str(m.get_text()) for m in reader.find_by_conversation_id(conversation_id)])

    whole = {tuple(f"{worker}:{i}" for i in range(10)) for worker in range(2)}
    assert all(not texts or tuple(texts) in whole for texts in seen)
    assert tuple(seen[-1]) in whole


def use_inherited_repository(repository: JdbcChatMemoryRepository) -> None:
    repository.save_all("child", [UserMessage("from child")])


@pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(), reason="needs the fork start method"
)
def test_a_forked_child_opens_its_own_sqlite_connection(tmp_path: Any) -> None:
    with JdbcChatMemoryRepository.sqlite(tmp_path / "fork.db") as repository:
        repository.save_all("parent", [UserMessage("from parent")])
        child = multiprocessing.get_context("fork").Process(
            target=use_inherited_repository, args=(repository,)
        )
        child.start()
        child.join(timeout=60)
        assert child.exitcode == 0

        repository.save_all("parent", [UserMessage("parent again")])
        assert [m.get_text() for m in repository.find_by_conversation_id("child")] == ["from child"]
        assert [m.get_text() for m in repository.find_by_conversation_id("parent")] == [
            "parent again"
        ]
