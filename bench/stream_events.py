"""What ``stream().events()`` costs per chunk (beyond Spring).

An in-process model streams a 200-chunk answer (a usage and finish reason on the last
chunk; one event-loop turn per chunk, as a socket read would take) through the default
ChatClient chain. Three consumers read it, alternating round by round (the machine is
shared), all with ``async for``:

* ``content()``: the text of each chunk (what every Spring user runs);
* ``hand-written``: a loop over ``chat_response()`` pulling out the same information as
  the events (text, reasoning, usage, finish reason);
* ``events()``: the typed events.

Reported: the median time per chunk of each, and ``events()`` against the hand-written
loop (the target is within 1.2x).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import time
from collections.abc import AsyncIterator, Awaitable, Callable

from spring_ai_py.chat.client import ChatClient, Finished, ReasoningDelta, TextDelta, Usage
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata, ChatResponseMetadata, DefaultUsage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import ChatOptions, Prompt

CHUNKS = 200
TARGET = 1.2  # events() within 1.2x of the hand-written loop, per chunk


class Streaming(ChatModel):
    """Streams ``CHUNKS`` word chunks, the last one with usage and a finish reason."""

    _chunks = [ChatResponse([Generation(AssistantMessage(f"word{i} "))]) for i in range(CHUNKS - 1)] + [
        ChatResponse(
            [Generation(AssistantMessage("end."), ChatGenerationMetadata.builder().finish_reason("STOP").build())],
            ChatResponseMetadata(usage=DefaultUsage(10, CHUNKS)),
        )
    ]

    def call(self, prompt: Prompt) -> ChatResponse:  # type: ignore[override]
        raise NotImplementedError("stream only")

    async def stream(self, prompt: Prompt) -> AsyncIterator[ChatResponse]:  # type: ignore[override]
        for chunk in self._chunks:
            await asyncio.sleep(0)
            yield chunk

    def get_options(self) -> ChatOptions:
        return ChatOptions(model="bench")


def consumers(client: ChatClient) -> dict[str, Callable[[], Awaitable[int]]]:
    async def content() -> int:
        count = 0
        async for _ in client.prompt("go").stream().content():
            count += 1
        return count

    async def hand_written() -> int:
        count = 0
        reasoning_seen = ""
        usage = None
        finish = ""
        async for response in client.prompt("go").stream().chat_response():
            if response.get_metadata().get_usage().get_total_tokens():
                usage = response.get_metadata().get_usage()
            generation = response.get_result()
            if generation is None:
                continue
            message = generation.get_output()
            metadata = message.get_metadata()
            if metadata.get("reasoningDelta"):  # Anthropic: the piece itself
                count += 1
            else:  # OpenAI-compatible: the reasoning so far
                so_far = metadata.get("reasoningContent")
                if so_far and so_far != reasoning_seen:
                    reasoning_seen = so_far
                    count += 1
            if message.get_text():
                count += 1
            finish = generation.get_metadata().get_finish_reason() or finish
        assert usage is not None and finish == "STOP"
        return count

    async def events() -> int:
        count = 0
        async for event in client.prompt("go").stream().events():
            if isinstance(event, TextDelta | ReasoningDelta):
                count += 1
            elif isinstance(event, Usage | Finished):
                pass
        return count

    return {"content()": content, "hand-written": hand_written, "events()": events}


async def per_chunk_us(run: Callable[[], Awaitable[int]], streams: int) -> float:
    gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(streams):
            if await run() != CHUNKS:
                raise RuntimeError("a chunk went missing")
        return (time.perf_counter() - start) / streams / CHUNKS * 1e6
    finally:
        gc.enable()


async def measure(rounds: int, streams: int) -> dict[str, list[float]]:
    runs = consumers(ChatClient.builder(Streaming()).build())
    for run in runs.values():
        await per_chunk_us(run, 5)  # warm up
    figures: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            figures[name].append(await per_chunk_us(run, streams))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--streams", type=int, default=10)
    args = parser.parse_args()
    figures = asyncio.run(measure(args.rounds, args.streams))
    for name, values in figures.items():
        print(f"{name:14s} {statistics.median(values):7.2f} µs per chunk")
    # Paired by round: both ran back to back, so a busy spell on the machine hits both.
    ratios = [e / h for e, h in zip(figures["events()"], figures["hand-written"], strict=True)]
    ratio = statistics.median(ratios)
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(f"events() / hand-written: {ratio:.2f}x (median of rounds); target within {TARGET:.2f}x: {verdict}")


if __name__ == "__main__":
    main()
