"""MessageChatMemoryAdvisor on real databases, through ChatClient: failures while storing,
many threads and asyncio tasks sharing one client, and two OS processes sharing one
PostgreSQL conversation (issue 5, "Concurrency and scale"); and the code of docs/memory.md.

Run as a script, this module is the child process of the two-process test.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import re
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory, ChatMemoryRepository, MessageWindowChatMemory
from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
from spring_ai_py.chat.messages import AssistantMessage, Message, UserMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


def _load_memory_fixtures() -> ModuleType:
    """The database fixtures of tests/chat/memory/conftest.py, shared rather than copied."""
    name = "_spring_ai_py_chat_memory_fixtures"
    if name not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "memory" / "conftest.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


_fixtures = _load_memory_fixtures()
pg_dsn = _fixtures.pg_dsn
pg_schema_dsn = _fixtures.pg_schema_dsn
sql_backend = _fixtures.sql_backend
SqlBackend = _fixtures.SqlBackend
without_timestamp: Callable[[list[Message]], list[Message]] = _fixtures.without_timestamp

CID = ChatMemory.CONVERSATION_ID
WORKERS = 50
TURNS = 20

History = list[tuple[str, str | None]]


def texts(messages: list[Message]) -> History:
    return [(m.get_message_type().name, m.get_text()) for m in messages]


class EchoModel(ChatModel):
    """Answers from the prompt alone, so any number of callers can share it.

    The answer repeats the last user text, says how many messages came before it, and
    whether they all belong to the same conversation (texts start with the id).
    """

    @staticmethod
    def answer(prompt: Prompt) -> str:
        messages = prompt.get_instructions()
        user = messages[-1].get_text() or ""
        conversation = user.split(" ", 1)[0]
        own = all((m.get_text() or "").startswith(conversation + " ") for m in messages)
        return f"{user} | seen {len(messages) - 1} {'own' if own else 'MIXED'}"

    @staticmethod
    def _response(text: str, finish_reason: str | None) -> ChatResponse:
        metadata = (
            ChatGenerationMetadata.builder().finish_reason(finish_reason).build()
            if finish_reason
            else ChatGenerationMetadata.NULL
        )
        return ChatResponse([Generation(AssistantMessage(text), metadata)])

    def call(self, prompt: Prompt) -> ChatResponse:
        return self._response(self.answer(prompt), "STOP")

    async def _stream(self, prompt: Prompt) -> AsyncIterator[ChatResponse]:
        head, tail = self.answer(prompt).split(" | ")
        yield self._response(head, None)
        await asyncio.sleep(0)
        yield self._response(" | " + tail, "STOP")

    def stream(self, prompt: Prompt) -> AsyncIterator[ChatResponse]:
        return self._stream(prompt)


def expected_history(conversation: str, turns: int) -> History:
    history: History = []
    for turn in range(turns):
        user = f"{conversation} turn {turn}"
        history.append(("USER", user))
        history.append(("ASSISTANT", f"{user} | seen {2 * turn} own"))
    return history


def shared_client(repository: ChatMemoryRepository, max_messages: int) -> ChatClient:
    memory = (
        MessageWindowChatMemory.builder()
        .chat_memory_repository(repository)
        .max_messages(max_messages)
        .build()
    )
    advisor = MessageChatMemoryAdvisor.builder(memory).build()
    return ChatClient.builder(EchoModel()).default_advisors(advisor).build()


def assert_every_history_exact(repository: ChatMemoryRepository, conversations: list[str]) -> None:
    assert sorted(repository.find_conversation_ids()) == sorted(conversations)
    for conversation in conversations:
        stored = texts(repository.find_by_conversation_id(conversation))
        assert stored == expected_history(conversation, TURNS), conversation


# -- a database error while storing -----------------------------------------------------------


def _install_failing_trigger(backend: Any) -> None:
    """Make the database reject any row whose content is 'explode', as a full disk would."""
    if backend.name == "sqlite":
        backend.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON SPRING_AI_CHAT_MEMORY "
            "WHEN NEW.content = 'explode' BEGIN SELECT RAISE(ABORT, 'storage refused'); END"
        )
    else:
        backend.execute(
            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "IF NEW.content = 'explode' THEN RAISE EXCEPTION 'storage refused'; END IF; "
            "RETURN NEW; END $$"
        )
        backend.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON spring_ai_chat_memory "
            "FOR EACH ROW EXECUTE FUNCTION refuse()"
        )


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_a_database_error_while_storing_surfaces_and_leaves_the_conversation_as_before(
    sql_backend: Any, stream: bool
) -> None:
    memory = (
        MessageWindowChatMemory.builder().chat_memory_repository(sql_backend.repository()).build()
    )
    advisor = MessageChatMemoryAdvisor.builder(memory).build()
    client = (
        ChatClient.builder(ScriptedChatModel("Noted", "explode")).default_advisors(advisor).build()
    )
    client.prompt("Earlier").advisors(lambda a: a.param(CID, "c")).call().content()
    before = without_timestamp(memory.get("c"))
    _install_failing_trigger(sql_backend)

    spec = client.prompt("Now").advisors(lambda a: a.param(CID, "c"))
    with pytest.raises(Exception, match="storage refused"):
        if stream:
            spec.stream().content().collect()
        else:
            spec.call().content()

    assert without_timestamp(memory.get("c")) == before
    assert texts(before) == [("USER", "Earlier"), ("ASSISTANT", "Noted")]


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_a_corrupt_stored_row_fails_the_call_naming_the_conversation(
    sql_backend: Any, stream: bool
) -> None:
    memory = (
        MessageWindowChatMemory.builder().chat_memory_repository(sql_backend.repository()).build()
    )
    memory.add("c", [UserMessage("Earlier"), AssistantMessage("Noted")])
    sql_backend.execute(
        "UPDATE SPRING_AI_CHAT_MEMORY SET payload = ? WHERE conversation_id = ? AND type = ?",
        ("{not json", "c", "ASSISTANT"),
    )
    model = ScriptedChatModel("never")
    client = (
        ChatClient.builder(model)
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .build()
    )

    spec = client.prompt("Now").advisors(lambda a: a.param(CID, "c"))
    with pytest.raises(RuntimeError, match="Corrupt chat memory row in conversation 'c'"):
        if stream:
            spec.stream().content().collect()
        else:
            spec.call().content()
    assert model.prompts == []


def test_stored_messages_equal_the_messages_exchanged(sql_backend: Any) -> None:
    memory = (
        MessageWindowChatMemory.builder().chat_memory_repository(sql_backend.repository()).build()
    )
    model = ScriptedChatModel("Hi")
    advisor = MessageChatMemoryAdvisor.builder(memory).build()
    response = (
        ChatClient.builder(model)
        .default_advisors(advisor)
        .build()
        .prompt("Hello")
        .advisors(lambda a: a.param(CID, "c"))
        .call()
        .chat_response()
    )
    assert response is not None and response.get_result() is not None
    assert without_timestamp(memory.get("c")) == [
        model.last_prompt.get_user_message(),
        response.get_result().get_output(),  # type: ignore[union-attr]
    ]


# -- many threads, many tasks, one ChatClient ----------------------------------------------------


def run_threads(turn: Callable[[str, int], str | None]) -> list[str]:
    """``WORKERS`` threads, each running ``TURNS`` turns of its own conversation."""
    conversations = [f"conv{worker:02d}" for worker in range(WORKERS)]
    start = threading.Barrier(WORKERS)
    errors: list[BaseException] = []

    def work(conversation: str) -> None:
        try:
            start.wait()
            for number in range(TURNS):
                answer = turn(conversation, number)
                assert answer == f"{conversation} turn {number} | seen {2 * number} own", answer
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=work, args=(c,)) for c in conversations]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return conversations


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_one_client_shared_by_many_threads_loses_and_mixes_nothing(
    sql_backend: Any, stream: bool
) -> None:
    repository = sql_backend.repository()
    client = shared_client(repository, max_messages=2 * TURNS)

    def turn(conversation: str, number: int) -> str | None:
        spec = client.prompt(f"{conversation} turn {number}").advisors(
            lambda a: a.param(CID, conversation)
        )
        if stream:
            return "".join(spec.stream().content())
        return spec.call().content()

    assert_every_history_exact(repository, run_threads(turn))


@pytest.mark.parametrize("stream", [False, True], ids=["acontent", "async_for"])
def test_one_client_shared_by_many_asyncio_tasks_loses_and_mixes_nothing(
    sql_backend: Any, stream: bool
) -> None:
    repository = sql_backend.repository()
    client = shared_client(repository, max_messages=2 * TURNS)
    conversations = [f"task{worker:02d}" for worker in range(WORKERS)]

    async def conversation_task(conversation: str) -> None:
        for number in range(TURNS):
            spec = client.prompt(f"{conversation} turn {number}").advisors(
                lambda a: a.param(CID, conversation)
            )
            answer: str | None
            if stream:
                answer = "".join([text async for text in spec.stream().content()])
            else:
                answer = await spec.call().acontent()
            assert answer == f"{conversation} turn {number} | seen {2 * number} own", answer

    async def all_tasks() -> None:
        await asyncio.gather(*(conversation_task(c) for c in conversations))

    asyncio.run(all_tasks())
    assert_every_history_exact(repository, conversations)


# -- two processes, one PostgreSQL conversation --------------------------------------------------

PROCESS_TURNS = 15
SHARED = "shared"


def _child_main(dsn: str, tag: str, sync_dir: str) -> None:
    """One app instance: ``PROCESS_TURNS`` turns in the shared conversation, then, once the
    other instance is done too, print the history it reads as JSON."""
    repository = JdbcChatMemoryRepository.postgres(dsn)
    client = shared_client(repository, max_messages=4 * PROCESS_TURNS)
    ready = Path(sync_dir)
    (ready / f"{tag}.ready").touch()
    deadline = time.monotonic() + 60
    while len(list(ready.glob("*.ready"))) < 2:
        if time.monotonic() > deadline:
            raise SystemExit("the other process never started")
        time.sleep(0.01)
    for number in range(PROCESS_TURNS):
        client.prompt(f"{SHARED} {tag} {number}").advisors(
            lambda a: a.param(CID, SHARED)
        ).call().content()
    while len(repository.find_by_conversation_id(SHARED)) < 4 * PROCESS_TURNS:
        if time.monotonic() > deadline:
            raise SystemExit("the other process never finished")
        time.sleep(0.01)
    print(json.dumps(texts(repository.find_by_conversation_id(SHARED))))
    repository.close()


@pytest.mark.postgres
def test_two_processes_share_one_postgres_conversation_consistently(
    pg_schema_dsn: str, tmp_path: Path
) -> None:
    children = [
        subprocess.Popen(
            [sys.executable, __file__, pg_schema_dsn, tag, str(tmp_path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for tag in ("a", "b")
    ]
    outputs = []
    for child in children:
        out, err = child.communicate(timeout=90)
        assert child.returncode == 0, err
        outputs.append(json.loads(out))

    history = [tuple(entry) for entry in outputs[0]]
    assert outputs[0] == outputs[1], "both processes must read the same history"
    with JdbcChatMemoryRepository.postgres(pg_schema_dsn) as repository:
        assert texts(repository.find_by_conversation_id(SHARED)) == history
    assert len(history) == 4 * PROCESS_TURNS
    next_turn = {"a": 0, "b": 0}
    for index in range(0, len(history), 2):
        (user_type, user), (reply_type, answer) = history[index], history[index + 1]
        assert (user_type, reply_type) == ("USER", "ASSISTANT"), (
            "every user message is followed by its reply"
        )
        _, tag, number = str(user).split(" ")
        assert int(number) == next_turn[tag], "each instance's turns are stored in its order"
        next_turn[tag] += 1
        head, seen = str(answer).split(" | seen ")
        count = int(seen.split(" ")[0])
        assert head == user
        # A turn saw its own instance's earlier turns and at most the pairs stored before it.
        assert 2 * int(number) <= count <= index
    assert next_turn == {"a": PROCESS_TURNS, "b": PROCESS_TURNS}


# -- docs/memory.md --------------------------------------------------------------------------

DOC = Path(__file__).resolve().parents[3] / "docs" / "memory.md"


def doc_blocks(section: str) -> list[str]:
    """The python blocks of one ``## section`` of docs/memory.md."""
    text = DOC.read_text(encoding="utf-8").split(f"\n## {section}\n")[1].split("\n## ")[0]
    return re.findall(r"```python\n(.*?)```", text, re.DOTALL)


@pytest.mark.parametrize("section", ["MessageChatMemoryAdvisor", "Memory and the tool loop"])
def test_the_docs_examples_run(section: str) -> None:
    blocks = doc_blocks(section)
    assert blocks
    for block in blocks:
        exec(compile(block, str(DOC), "exec", dont_inherit=True), {"__name__": "memory_doc"})


@pytest.mark.postgres
def test_the_docs_postgres_example_runs(
    pg_schema_dsn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHAT_MEMORY_DSN", pg_schema_dsn)
    (block,) = doc_blocks("Several app instances on PostgreSQL")
    namespace: dict[str, Any] = {"__name__": "memory_doc", "chat_model": ScriptedChatModel("Hi")}
    exec(compile(block, str(DOC), "exec", dont_inherit=True), namespace)
    answer = (
        namespace["client"].prompt("Hello").advisors(lambda a: a.param(CID, "c")).call().content()
    )
    assert answer == "Hi"
    assert texts(namespace["memory"].get("c")) == [("USER", "Hello"), ("ASSISTANT", "Hi")]
    namespace["repository"].close()


if __name__ == "__main__":
    _child_main(*sys.argv[1:4])
