"""What human-in-the-loop and durable turns cost (beyond Spring).

Three contenders run the same one-tool turn (model asks for a tool, tool runs, model
answers) through the ChatClient, alternating round by round (the machine is shared):

* ``plain``: no gate, no repository (what every Spring user runs);
* ``gate evaluated``: the tool has a ``requires_approval`` predicate that lets the call
  through, so the gate is evaluated on every call (``plain`` tests two attributes);
* ``durable sqlite``: a ``JdbcToolLoopStateRepository`` on a SQLite file, which saves
  the turn six times (two model boundaries, planned, running, done, completed).

Reported: median per-turn time of each, and the durable cost per saved boundary.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import ToolCallingAdvisor
from spring_ai_py.chat.memory.repository.jdbc import JdbcToolLoopStateRepository
from spring_ai_py.chat.messages import AssistantMessage, ToolResponseMessage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.tool import tool

SAVES_PER_TURN = 6


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        state = JdbcToolLoopStateRepository.sqlite(Path(tmp) / "turns.db")
        contenders = {
            "plain": turn(ChatClient.builder(ToolThenAnswer()).default_tools(lookup).build()),
            "gate evaluated": turn(ChatClient.builder(ToolThenAnswer()).default_tools(gated_lookup).build()),
            "durable sqlite": turn(
                ChatClient.builder(
                    ToolThenAnswer(),
                    tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_loop_state_repository(state),
                )
                .default_tools(lookup)
                .build()
            ),
        }
        for run in contenders.values():
            per_call_us(run, 20)  # warm up (tool schemas, SQLite schema)
        figures: dict[str, list[float]] = {name: [] for name in contenders}
        for _ in range(args.rounds):
            for name, run in contenders.items():
                calls = args.calls if name != "durable sqlite" else max(args.calls // 10, 10)
                figures[name].append(per_call_us(run, calls))
        state.close()
    medians = {name: statistics.median(values) for name, values in figures.items()}
    for name, value in medians.items():
        print(f"{name:16s} {value:9.1f} µs per one-tool turn")
    print(f"gate evaluated - plain: {medians['gate evaluated'] - medians['plain']:+.1f} µs per turn")
    durable = medians["durable sqlite"] - medians["plain"]
    print(
        f"durable sqlite - plain: {durable / 1000:.2f} ms per turn, "
        f"{durable / SAVES_PER_TURN / 1000:.2f} ms per saved boundary"
    )


if __name__ == "__main__":
    main()
