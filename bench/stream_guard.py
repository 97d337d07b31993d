"""What StreamGuardAdvisor costs per chunk, against holding and checking by hand.

An in-process streaming model answers 400 chunks of 5 words (a sentence ends every
fourth chunk). Contenders, alternating round by round over ``async for``:

* ``no check``: the default chain's ``stream().content()`` read plainly (the floor);
* ``by hand``: the default chain's ``stream().content()``, with the caller holding text
  until a sentence ends, checking the answer so far for the words, and releasing it;
* ``StreamGuardAdvisor``: the same stream with the guard in the chain, read plainly.

Reported: the median per-chunk CPU time of each (the process's, which the other jobs on
the machine disturb less than the wall clock), the guard's cost per chunk over the
hand-made filter, and the target on the median of the per-round ratios (rounds run side
by side): the guard within 1.2x of the hand-made filter. ``--instructions`` counts the
instructions per chunk under callgrind instead, a figure the load does not move. Also how
long text waits: the mean number of chunks between a chunk's arrival and its release.
``python bench/stream_guard.py [--rounds N] [--instructions]``.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import StreamGuardAdvisor
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation, StreamingChatModel
from spring_ai_py.chat.prompt import ChatOptions, Prompt

CHUNKS = 400
WORDS = ["password", "secret token", "credit card"]
TARGET = 1.2


def _chunk_texts() -> list[str]:
    texts = []
    for index in range(CHUNKS):
        end = ". " if index % 4 == 3 else " "
        texts.append(f"word{index} alpha beta gamma delta{end}")
    return texts


class ChunkModel(ChatModel, StreamingChatModel):
    """Streams prebuilt chunks with no I/O."""

    def __init__(self) -> None:
        self._responses = [ChatResponse([Generation(AssistantMessage(t))]) for t in _chunk_texts()]
        self._options = ChatOptions(model="chunks")

    def call(self, prompt: Prompt) -> ChatResponse:  # type: ignore[override]
        return self._responses[0]

    async def stream(self, prompt: Prompt) -> AsyncIterator[ChatResponse]:  # type: ignore[override]
        for response in self._responses:
            yield response

    def get_options(self) -> ChatOptions:
        return self._options


async def by_hand(client: ChatClient) -> int:
    lowered = [w.lower() for w in WORDS]
    overlap = max(len(w) for w in WORDS) - 1
    tail = ""  # the end of what passed, so a word across the boundary is found
    held: list[str] = []
    released = 0
    async for text in client.prompt().user("q").stream().content():
        held.append(text)
        if text.rstrip().endswith((".", "!", "?")):
            window = (tail + "".join(held)).lower()
            if any(word in window for word in lowered):
                return released
            tail = window[-overlap:]
            released += len(held)
            held.clear()
    return released + len(held)


async def guarded(client: ChatClient) -> int:
    return len([text async for text in client.prompt().user("q").stream().content()])


def _clients() -> dict[str, tuple[ChatClient, Callable[[ChatClient], Awaitable[int]]]]:
    model = ChunkModel()
    plain = ChatClient.builder(model).build()
    guard = (
        ChatClient.builder(model)
        .default_advisors(StreamGuardAdvisor(sensitive_words=WORDS))
        .build()
    )
    return {
        "no check": (plain, guarded),
        "by hand": (plain, by_hand),
        "StreamGuardAdvisor": (guard, guarded),
    }


async def measure(rounds: int) -> dict[str, float]:
    """Median µs per chunk of each contender's process CPU time (less disturbed by the
    other jobs on the machine than the wall clock), and ``ratio``: the median of the
    per-round ratios of the guard over the hand-made filter, which pairs runs made side
    by side."""
    contenders = _clients()
    for contender, (client, run) in contenders.items():
        assert await run(client) == CHUNKS, contender
    samples: dict[str, list[float]] = {name: [] for name in contenders}
    gc.collect()
    gc.freeze()
    for _ in range(rounds):
        for contender, (client, run) in contenders.items():
            started = time.process_time()
            for _ in range(5):
                await run(client)
            samples[contender].append((time.process_time() - started) / 5 / CHUNKS * 1e6)
    result = {name: statistics.median(values) for name, values in samples.items()}
    result["ratio"] = statistics.median(
        g / h for g, h in zip(samples["StreamGuardAdvisor"], samples["by hand"], strict=True)
    )
    return result


_RUNS = 5


def _one(contender: str) -> None:
    """Run ``contender`` ``_RUNS`` times inside ``functools.reduce``, the function that
    callgrind's ``--toggle-collect`` counts (after one run to warm up)."""
    client, run = _clients()[contender]
    loop = asyncio.new_event_loop()
    assert loop.run_until_complete(run(client)) == CHUNKS

    async def runs() -> None:
        for _ in range(_RUNS):
            await run(client)

    functools.reduce(lambda a, b: loop.run_until_complete(runs()), [0, 1])
    loop.close()


def instructions() -> dict[str, float]:
    """Instructions per chunk of each contender: each in its own interpreter under
    ``valgrind --tool=callgrind``, counting only the measured runs. A count the other
    jobs on the machine do not disturb."""
    result: dict[str, float] = {}
    for contender in _clients():
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
        result[contender] = int(collected.group(1)) / _RUNS / CHUNKS
    result["ratio"] = result["StreamGuardAdvisor"] / result["by hand"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions per chunk under callgrind instead of timing (slow)",
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        _one(args.one)
        return
    if args.instructions:
        result = instructions()
        unit, fmt = "instructions per chunk", "{:,.0f}"
    else:
        result = asyncio.run(measure(args.rounds))
        unit, fmt = "µs of CPU per chunk (median)", "{:.2f}"
    bare, hand, guard = result["no check"], result["by hand"], result["StreamGuardAdvisor"]
    ratio = result["ratio"]
    print(f"{CHUNKS} chunks, a sentence every 4 chunks, {len(WORDS)} words checked")
    print(f"| contender | {unit} |")
    print("|---|---:|")
    print(f"| no check: content() read plainly | {fmt.format(bare)} |")
    print(f"| by hand: content() + hold, check, release | {fmt.format(hand)} |")
    print(f"| StreamGuardAdvisor in the chain | {fmt.format(guard)} |")
    print(f"\nguard over no check: {fmt.format(guard - bare)} per chunk")
    print(f"guard over hand-made filter: {fmt.format(guard - hand)} per chunk ({ratio:.2f}x)")
    print("text waits for its sentence: 1.5 chunks on average (a sentence every 4 chunks)")
    print(
        f"target: StreamGuardAdvisor within {TARGET}x of the hand-made filter: "
        f"{'met' if ratio <= TARGET else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
