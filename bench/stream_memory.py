"""Memory one stream keeps while it is read: tracemalloc peaks of the stream state.

    .venv/bin/python bench/stream_memory.py            1,000,000 fragments / 200,000 chunks
    .venv/bin/python bench/stream_memory.py --quick    a tenth of that

What is measured is what the library keeps per stream, fed with decoded events as the
wire readers produce them (the HTTP part holds one chunk at a time):

- OpenAI: one tool call whose arguments arrive in N fragments (``_ChunkAssembler``);
- Anthropic: the same tool call as N ``input_json_delta`` events (``_StreamingState``);
- ChatClient: N text chunks aggregated for the advisors (``ChatClientStreamAggregation``).
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from collections.abc import Callable
from types import SimpleNamespace


def _peak(run: Callable[[], object]) -> tuple[float, float]:
    """(peak MiB, seconds) of ``run()``."""
    tracemalloc.start()
    started = time.perf_counter()
    run()
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20, elapsed


def openai_fragments(count: int) -> object:
    from spring_ai_py.openai.chat_model import _ChunkAssembler

    assembler = _ChunkAssembler()

    def chunk(delta: dict[str, object], finish: str | None = None) -> dict[str, object]:
        return {
            "id": "c",
            "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    first = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}
    assembler.add(chunk({"tool_calls": [first]}))
    for _ in range(count):
        assembler.add(chunk({"tool_calls": [{"index": 0, "function": {"arguments": "ab"}}]}))
    return assembler.add(chunk({}, "tool_calls"))


def anthropic_fragments(count: int) -> object:
    from spring_ai_py.anthropic.chat_model import _StreamingState
    from spring_ai_py.chat.metadata import EmptyRateLimit

    state = _StreamingState(EmptyRateLimit())
    block = SimpleNamespace(type="tool_use", id="toolu_1", name="f")
    state.on_event(SimpleNamespace(type="content_block_start", content_block=block))
    for _ in range(count):
        delta = SimpleNamespace(type="input_json_delta", partial_json="ab")
        state.on_event(SimpleNamespace(type="content_block_delta", delta=delta))
    return state.on_event(SimpleNamespace(type="content_block_stop"))


def chat_client_chunks(count: int) -> object:
    from spring_ai_py.chat.client import ChatClientResponse
    from spring_ai_py.chat.client.message_aggregator import ChatClientStreamAggregation
    from spring_ai_py.chat.messages import AssistantMessage
    from spring_ai_py.chat.model import ChatResponse, Generation

    aggregation = ChatClientStreamAggregation()
    for number in range(count):
        response = ChatResponse([Generation(AssistantMessage(f"w{number % 10} "))])
        aggregation.add(ChatClientResponse(response, {}))
    return aggregation.result()


def main() -> None:
    scale = 10 if "--quick" in sys.argv else 1
    fragments = 1_000_000 // scale
    chunks = 200_000 // scale
    for name, run in (
        (f"OpenAI tool arguments, {fragments:,} fragments", lambda: openai_fragments(fragments)),
        (f"Anthropic tool arguments, {fragments:,} fragments", lambda: anthropic_fragments(fragments)),
        (f"ChatClient aggregation, {chunks:,} chunks", lambda: chat_client_chunks(chunks)),
    ):
        peak, seconds = _peak(run)
        print(f"{name:<48} peak {peak:8.1f} MiB  {seconds:6.2f} s (under tracemalloc)")


if __name__ == "__main__":
    main()
