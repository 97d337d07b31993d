"""What StreamGuardAdvisor costs per chunk, against holding and checking by hand.

An in-process streaming model answers 400 chunks of 5 words (a sentence ends every
fourth chunk). Contenders, alternating round by round over ``async for``:

* ``no check``: the default chain's ``stream().content()`` read plainly (the floor);
* ``by hand``: the default chain's ``stream().content()``, with the caller holding text
  until a sentence ends, checking the answer so far for the words, and releasing it;
* ``StreamGuardAdvisor``: the same stream with the guard in the chain, read plainly.

Reported: the median per-chunk time of each, the guard's cost per chunk over the hand-made
filter, and the target: the guard within 1.2x of the hand-made filter. Also how long text
waits: the mean number of chunks between a chunk's arrival and its release.
``python bench/stream_guard.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import time
from collections.abc import AsyncIterator

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


async def measure(rounds: int) -> dict[str, float]:
    model = ChunkModel()
    plain = ChatClient.builder(model).build()
    guard = (
        ChatClient.builder(model)
        .default_advisors(StreamGuardAdvisor(sensitive_words=WORDS))
        .build()
    )
    contenders = (
        ("no check", plain, guarded),
        ("by hand", plain, by_hand),
        ("StreamGuardAdvisor", guard, guarded),
    )
    for contender, client, run in contenders:
        assert await run(client) == CHUNKS, contender
    samples: dict[str, list[float]] = {name: [] for name, _, _ in contenders}
    gc.collect()
    gc.freeze()
    for _ in range(rounds):
        for contender, client, run in contenders:
            started = time.perf_counter()
            for _ in range(5):
                await run(client)
            samples[contender].append((time.perf_counter() - started) / 5 / CHUNKS * 1e6)
    return {name: statistics.median(values) for name, values in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    result = asyncio.run(measure(args.rounds))
    bare, hand, guard = result["no check"], result["by hand"], result["StreamGuardAdvisor"]
    ratio = guard / hand
    print(f"{CHUNKS} chunks, a sentence every 4 chunks, {len(WORDS)} words checked")
    print("| contender | µs per chunk (median) |")
    print("|---|---:|")
    print(f"| no check: content() read plainly | {bare:.2f} |")
    print(f"| by hand: content() + hold, check, release | {hand:.2f} |")
    print(f"| StreamGuardAdvisor in the chain | {guard:.2f} |")
    print(f"\nguard over no check: {guard - bare:+.2f} µs per chunk")
    print(f"guard over hand-made filter: {guard - hand:+.2f} µs per chunk ({ratio:.2f}x)")
    print("text waits for its sentence: 1.5 chunks on average (a sentence every 4 chunks)")
    print(
        f"target: StreamGuardAdvisor within {TARGET}x of the hand-made filter: "
        f"{'met' if ratio <= TARGET else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
