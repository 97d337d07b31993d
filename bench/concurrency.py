"""1,000 concurrent streams on one event loop, in a process of its own (for its peak RSS).

Run by ``suite.py`` as ``python bench/concurrency.py CONTENDER BASE_URL STREAMS``, where
CONTENDER is ``chatclient`` (``async for`` over ``ChatClient.stream().content()``, default
chain) or ``raw`` (the ``openai`` SDK's ``AsyncOpenAI`` stream). Phases: one warm-up
stream; wave 1, STREAMS streams started at once (``asyncio.gather``); wave 2, the same
again; then 100 streams one after another. For each phase: wall time, errors (an
exception or an answer that is not the 20 chunks), and the server's count of new
connections. Prints one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from _common import CLIENT_CPU, MODEL, pin_to, proc_status, server_stats
from contenders import chat_client, openai_async, openai_chat_model

EXPECTED = "word " * 20
SEQUENTIAL = 100


def rss_kib() -> int:
    """Current resident set size in KiB (Linux ``/proc``)."""
    return proc_status("VmRSS")


def stream_factory(contender: str, base_url: str) -> Callable[[], Awaitable[str]]:
    if contender == "chatclient":
        client = chat_client(openai_chat_model(base_url))

        async def through_chat_client() -> str:
            parts = [text async for text in client.prompt().user("hello").stream().content()]
            return "".join(parts)

        return through_chat_client

    sdk = openai_async(base_url)

    async def through_sdk() -> str:
        stream = await sdk.chat.completions.create(
            model=MODEL, messages=[{"role": "user", "content": "hello"}], stream=True
        )
        parts = [
            chunk.choices[0].delta.content
            async for chunk in stream
            if chunk.choices and chunk.choices[0].delta.content
        ]
        return "".join(parts)

    return through_sdk


async def phase(
    run: Callable[[], Awaitable[str]], streams: int, concurrent: bool, stats: Callable[[], int]
) -> dict[str, Any]:
    before = stats()
    start = time.perf_counter()
    if concurrent:
        outcomes: list[Any] = await asyncio.gather(
            *(run() for _ in range(streams)), return_exceptions=True
        )
    else:
        outcomes = []
        for _ in range(streams):
            try:
                outcomes.append(await run())
            except Exception as error:
                outcomes.append(error)
    seconds = time.perf_counter() - start
    errors = [o for o in outcomes if o != EXPECTED]
    return {
        "streams": streams,
        "seconds": seconds,
        "streams_per_second": streams / seconds,
        "errors": len(errors),
        "first_error": repr(errors[0])[:300] if errors else None,
        "new_connections": stats() - before,
    }


async def main_async(contender: str, base_url: str, streams: int) -> dict[str, Any]:
    def connections() -> int:
        return server_stats(base_url)["connections"]

    run = stream_factory(contender, base_url)
    await run()
    baseline = rss_kib()
    result: dict[str, Any] = {"contender": contender, "rss_baseline_kib": baseline}
    result["wave1"] = await phase(run, streams, True, connections)
    result["wave2"] = await phase(run, streams, True, connections)
    result["sequential"] = await phase(run, SEQUENTIAL, False, connections)
    result["rss_peak_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return result


def main() -> None:
    contender, base_url, streams = sys.argv[1], sys.argv[2], int(sys.argv[3])
    pin_to(CLIENT_CPU)
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    print(json.dumps(asyncio.run(main_async(contender, base_url, streams))))


if __name__ == "__main__":
    main()
