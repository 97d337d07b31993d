"""Durable turns survive SIGKILL: a forked child runs a tool loop and kills itself at a
step boundary named by ``SPRING_AI_PY_CRASH_AT``; a fresh child resumes the turn from
its token alone, on SQLite and PostgreSQL. The final conversation must equal an
uninterrupted run's, no tool may complete twice, and no turn may be lost.

The children are forked (the parent never runs a loop, so a child shares no state of
the crashed one but the database), which keeps the whole module at a few seconds.
"""

from __future__ import annotations

import importlib.util
import json
import multiprocessing
import os
import signal
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor, ToolCallingAdvisor
from spring_ai_py.chat.client.advisor.api import CallAdvisor, CallAdvisorChain
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.memory.repository.jdbc import (
    JdbcChatMemoryRepository,
    JdbcToolLoopStateRepository,
)
from spring_ai_py.chat.messages import AssistantMessage, Message, ToolResponseMessage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.model.tool import Approve, ToolCallStatus, ToolLoopSnapshot
from spring_ai_py.tool import tool

CRASH_AT = "SPRING_AI_PY_CRASH_AT"
TOOL_LOG = "SPRING_AI_PY_CRASH_TOOL_LOG"


def _load_memory_fixtures() -> ModuleType:
    name = "_spring_ai_py_chat_memory_fixtures"
    if name not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "chat" / "memory" / "conftest.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


pg_dsn = _load_memory_fixtures().pg_dsn


def crash_if(point: str) -> None:
    """SIGKILL this process when the boundary ``point`` is the one named in the env."""
    if os.environ.get(CRASH_AT) == point:
        os.kill(os.getpid(), signal.SIGKILL)


def log_completion(entry: str) -> None:
    with open(os.environ[TOOL_LOG], "a", encoding="utf-8") as log:
        log.write(entry + "\n")


@tool(idempotent=True)
def weather(city: str) -> str:
    """The weather of a city (safe to run again)."""
    crash_if("during_weather")
    log_completion(f"weather {city}")
    return f"{city}: sunny"


@tool
def book_hotel(city: str) -> str:
    """Book a hotel (never twice)."""
    crash_if("during_hotel")
    log_completion(f"hotel {city}")
    return f"hotel in {city} booked"


# Derive the tool schemas once, here: every forked child inherits them.
weather.get_tool_definition()
book_hotel.get_tool_definition()


class TravelModel(ChatModel):
    """Answers from the history alone, so a resumed turn gets the same answers."""

    def call(self, prompt: Prompt) -> ChatResponse:  # type: ignore[override]
        results = [
            r.response_data
            for m in prompt.get_instructions()
            if isinstance(m, ToolResponseMessage)
            for r in m.get_responses()
        ]
        if not results:
            return _calls(AssistantMessage.ToolCall("w1", "function", "weather", '{"city": "Oslo"}'))
        if len(results) == 1:
            return _calls(AssistantMessage.ToolCall("h1", "function", "book_hotel", '{"city": "Oslo"}'))
        return ChatResponse([Generation(AssistantMessage(f"Done: {'; '.join(results)}"))])

    def get_options(self) -> ChatOptions:
        return ChatOptions(model="travel")


def _calls(call: AssistantMessage.ToolCall) -> ChatResponse:
    return ChatResponse([Generation(AssistantMessage("", tool_calls=[call]))])


class CrashAdvisor(CallAdvisor):
    """Inside the loop, around the model calls after the weather tool ran."""

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        instructions = chat_client_request.prompt.get_instructions()
        later_round = any(isinstance(m, ToolResponseMessage) for m in instructions)
        if later_round:
            crash_if("before_model")
        response = call_advisor_chain.next_call(chat_client_request)
        if later_round:
            crash_if("after_model")
        return response

    def get_name(self) -> str:
        return "crash"

    def get_order(self) -> int:
        return ToolCallingAdvisor.DEFAULT_ORDER + 100


class CrashingStateRepository(JdbcToolLoopStateRepository):
    def save(self, snapshot: ToolLoopSnapshot) -> None:
        super().save(snapshot)
        if any(c.name == "book_hotel" and c.status is ToolCallStatus.DONE for c in snapshot.tool_calls):
            crash_if("after_hotel")


class CrashingMemoryRepository(JdbcChatMemoryRepository):
    def update_window(self, conversation_id: str, planner: Callable[..., Any]) -> Any:  # type: ignore[override]
        def planning(view: Any) -> Any:
            plan = planner(view)
            crash_if("during_memory")  # inside the memory write's transaction
            return plan

        return super().update_window(conversation_id, planning)


def child(dsn: str, conversation: str, token: str, out: str, resume: str | None) -> None:
    """One process's turn: run it (``resume is None``) or resume it; write the outcome."""
    state = CrashingStateRepository(dsn=dsn)
    store = CrashingMemoryRepository(dsn=dsn)
    memory = MessageWindowChatMemory.builder().chat_memory_repository(store).build()
    client = (
        ChatClient.builder(
            TravelModel(),
            tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_loop_state_repository(state),
        )
        .default_tools(weather, book_hotel)
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build(), CrashAdvisor())
        .build()
    )
    if resume is None:
        spec = client.prompt("Book Oslo").advisors(
            lambda a: a.param(ChatMemory.CONVERSATION_ID, conversation).param(
                ToolCallingAdvisor.TURN_TOKEN, token
            )
        )
    else:
        approvals = {"h1": Approve()} if resume == "approve" else {}
        spec = client.prompt().resume(token, approvals)
    response = spec.call().chat_client_response()
    pending = response.pending_approval
    outcome = {
        "text": response.chat_response.get_result().get_output().get_text()  # type: ignore[union-attr]
        if pending is None
        else None,
        "pending": None if pending is None else [(c.id, c.status.value) for c in pending.tool_calls],
    }
    Path(out).write_text(json.dumps(outcome))
    os._exit(0)


def run_child(
    tmp: Path, dsn: str, conversation: str, token: str, crash: str | None, resume: str | None
) -> tuple[int, dict[str, Any] | None]:
    """Fork a child; its exit code (``-SIGKILL`` when it crashed) and its outcome."""
    out = tmp / f"{uuid.uuid4().hex}.json"
    environment = {CRASH_AT: crash or "", TOOL_LOG: str(tmp / f"{conversation}.log")}

    def target() -> None:
        os.environ.update(environment)
        child(dsn, conversation, token, str(out), resume)

    process = multiprocessing.get_context("fork").Process(target=target)
    process.start()
    process.join(30)
    assert process.exitcode is not None, "the child hung"
    return process.exitcode, json.loads(out.read_text()) if out.exists() else None


def conversation_of(dsn: str, conversation: str) -> list[tuple[str, str | None]]:
    with JdbcChatMemoryRepository(dsn=dsn) as store:
        messages: list[Message] = store.find_by_conversation_id(conversation)
    return [(m.get_message_type().name, m.get_text()) for m in messages]


CRASH_POINTS = ["before_model", "after_model", "during_weather", "after_hotel", "during_memory"]


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    if request.param == "sqlite":
        yield "sqlite", str(tmp_path / "app.db")
    else:
        yield "postgres", request.getfixturevalue("pg_dsn")


def test_a_turn_killed_at_every_boundary_resumes_to_the_uninterrupted_result(
    database: tuple[str, str], tmp_path: Path
) -> None:
    _, dsn = database
    run_id = uuid.uuid4().hex[:8]
    code, baseline = run_child(tmp_path, dsn, f"base-{run_id}", f"t-base-{run_id}", None, None)
    assert code == 0 and baseline is not None
    expected = conversation_of(dsn, f"base-{run_id}")
    assert expected == [("USER", "Book Oslo"), ("ASSISTANT", baseline["text"])]
    expected_log = (tmp_path / f"base-{run_id}.log").read_text().splitlines()
    assert expected_log == ["weather Oslo", "hotel Oslo"]

    for point in CRASH_POINTS:
        conversation, token = f"{point}-{run_id}", f"t-{point}-{run_id}"
        code, _ = run_child(tmp_path, dsn, conversation, token, point, None)
        assert code == -signal.SIGKILL, f"{point}: the child did not crash"
        code, outcome = run_child(tmp_path, dsn, conversation, token, None, "plain")
        assert code == 0 and outcome is not None, point
        assert outcome["text"] == baseline["text"], point
        assert conversation_of(dsn, conversation) == expected, point
        log = (tmp_path / f"{conversation}.log").read_text().splitlines()
        assert log == expected_log, f"{point}: a tool ran twice or not at all: {log}"
        # Resuming a completed turn again changes nothing (the turn is stored once).
        run_child(tmp_path, dsn, conversation, token, None, "plain")
        assert conversation_of(dsn, conversation) == expected, point


def test_a_non_idempotent_tool_cut_off_by_a_crash_is_reported_interrupted(
    database: tuple[str, str], tmp_path: Path
) -> None:
    _, dsn = database
    run_id = uuid.uuid4().hex[:8]
    conversation, token = f"hotel-{run_id}", f"t-hotel-{run_id}"
    code, _ = run_child(tmp_path, dsn, conversation, token, "during_hotel", None)
    assert code == -signal.SIGKILL
    code, outcome = run_child(tmp_path, dsn, conversation, token, None, "plain")
    assert code == 0 and outcome is not None
    assert outcome["pending"] == [["h1", ToolCallStatus.INTERRUPTED.value]]
    assert conversation_of(dsn, conversation) == []  # not stored while paused
    # A person checked the hotel was not booked and approves running it again.
    code, outcome = run_child(tmp_path, dsn, conversation, token, None, "approve")
    assert code == 0 and outcome is not None and outcome["text"] == "Done: Oslo: sunny; hotel in Oslo booked"
    log = (tmp_path / f"{conversation}.log").read_text().splitlines()
    assert log == ["weather Oslo", "hotel Oslo"]
    assert [t for t, _ in conversation_of(dsn, conversation)] == ["USER", "ASSISTANT"]
