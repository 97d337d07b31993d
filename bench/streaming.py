"""Streaming contenders: one 20-chunk answer, timed end to end and to its first chunk.

Async contenders run on one event loop that lives for the whole section (the SDK's async
client keeps its connections on it); the sync ones (the SDK's blocking stream and a
plain ``for`` over ``ChatClient.stream().content()``, which goes through the library's
sync/async bridge) run outside it. Each contender returns ``(total_ns, first_chunk_ns)``
per stream, where the first chunk is the first with non-empty text.
"""

from __future__ import annotations

import asyncio
import gc
import json
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any

from _common import MODEL, Samples, freeze_gc
from contenders import (
    QUESTION,
    chat_client,
    langchain_chat,
    openai_async,
    openai_chat_model,
    openai_sync,
)

from spring_ai_py.chat.prompt import Prompt

StreamTimes = tuple[int, int]
CHUNKS = 20
_MESSAGES = [{"role": "user", "content": QUESTION}]


def _check(texts: int) -> None:
    if texts != CHUNKS:
        raise RuntimeError(f"expected {CHUNKS} chunks of text, got {texts}")


def async_contenders(base_url: str) -> dict[str, Callable[[], Awaitable[StreamTimes]]]:
    clock = time.perf_counter_ns
    sdk = openai_async(base_url)
    model = openai_chat_model(base_url)
    default_chain = chat_client(openai_chat_model(base_url))
    five_advisors = chat_client(openai_chat_model(base_url), 5)
    langchain = langchain_chat(base_url)

    async def raw_sdk() -> StreamTimes:
        start = clock()
        first = 0
        texts = 0
        stream = await sdk.chat.completions.create(model=MODEL, messages=_MESSAGES, stream=True)
        async for chunk in stream:
            if chunk.choices and chunk.choices[0].delta.content:
                texts += 1
                if not first:
                    first = clock()
        end = clock()
        _check(texts)
        return end - start, first - start

    async def bare_sse() -> StreamTimes:
        """The SDK opens the request; the body is split and ``json.loads``-ed by hand."""
        start = clock()
        first = 0
        texts = 0
        async with sdk.chat.completions.with_streaming_response.create(
            model=MODEL, messages=_MESSAGES, stream=True
        ) as raw:
            async for line in raw.http_response.aiter_lines():
                if not line.startswith("data: ") or line == "data: [DONE]":
                    continue
                event = json.loads(line[6:])
                choices = event.get("choices")
                if choices and choices[0]["delta"].get("content"):
                    texts += 1
                    if not first:
                        first = clock()
        end = clock()
        _check(texts)
        return end - start, first - start

    async def model_stream() -> StreamTimes:
        start = clock()
        first = 0
        texts = 0
        async for response in model.stream(Prompt(QUESTION)):
            if response.get_result() and response.get_result().get_output().get_text():  # type: ignore[union-attr]
                texts += 1
                if not first:
                    first = clock()
        end = clock()
        _check(texts)
        return end - start, first - start

    def through(client: Any) -> Callable[[], Awaitable[StreamTimes]]:
        async def run() -> StreamTimes:
            start = clock()
            first = 0
            texts = 0
            async for _ in client.prompt().user(QUESTION).stream().content():
                texts += 1
                if not first:
                    first = clock()
            end = clock()
            _check(texts)
            return end - start, first - start

        return run

    async def langchain_astream() -> StreamTimes:
        start = clock()
        first = 0
        texts = 0
        async for chunk in langchain.astream(QUESTION):
            if chunk.content:
                texts += 1
                if not first:
                    first = clock()
        end = clock()
        _check(texts)
        return end - start, first - start

    return {
        "raw openai SDK stream (async)": raw_sdk,
        "bare SSE over the SDK (async)": bare_sse,
        "OpenAiChatModel.stream (no ChatClient)": model_stream,
        "ChatClient stream, default chain": through(default_chain),
        "ChatClient stream, 5 advisors": through(five_advisors),
        "LangChain ChatOpenAI.astream": langchain_astream,
    }


def sync_contenders(base_url: str) -> dict[str, Callable[[], StreamTimes]]:
    clock = time.perf_counter_ns
    sdk = openai_sync(base_url)
    default_chain = chat_client(openai_chat_model(base_url))

    def raw_sdk() -> StreamTimes:
        start = clock()
        first = 0
        texts = 0
        for chunk in sdk.chat.completions.create(model=MODEL, messages=_MESSAGES, stream=True):
            if chunk.choices and chunk.choices[0].delta.content:
                texts += 1
                if not first:
                    first = clock()
        end = clock()
        _check(texts)
        return end - start, first - start

    def plain_for() -> StreamTimes:
        start = clock()
        first = 0
        texts = 0
        for _ in default_chain.prompt().user(QUESTION).stream().content():
            texts += 1
            if not first:
                first = clock()
        end = clock()
        _check(texts)
        return end - start, first - start

    return {
        "raw openai SDK stream (sync)": raw_sdk,
        "ChatClient stream, default chain, plain for": plain_for,
    }


def run(base_url: str, rounds: int, batch: int, warmup: int) -> dict[str, tuple[Samples, Samples]]:
    """Per contender: (total µs, first-chunk µs) samples, alternating round by round."""
    loop = asyncio.new_event_loop()
    try:
        async_runs = async_contenders(base_url)
        sync_runs = sync_contenders(base_url)

        def run_async(
            contender: Callable[[], Awaitable[StreamTimes]], count: int
        ) -> list[StreamTimes]:
            async def many() -> list[StreamTimes]:
                return [await contender() for _ in range(count)]

            return loop.run_until_complete(many())

        def run_one(name: str, count: int) -> list[StreamTimes]:
            if name in async_runs:
                return run_async(async_runs[name], count)
            return [sync_runs[name]() for _ in range(count)]

        names = list(async_runs) + list(sync_runs)
        for name in names:
            run_one(name, warmup)
        freeze_gc()
        results = {name: (Samples(), Samples()) for name in names}
        for _ in range(rounds):
            for name in names:
                times = run_one(name, batch)
                totals = [total / 1000 for total, _ in times]
                firsts = [first / 1000 for _, first in times]
                total_samples, first_samples = results[name]
                total_samples.all.extend(totals)
                total_samples.rounds.append(statistics.median(totals))
                first_samples.all.extend(firsts)
                first_samples.rounds.append(statistics.median(firsts))
        gc.unfreeze()
        return results
    finally:
        loop.close()
