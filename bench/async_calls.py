"""1,000 concurrent awaited calls: ``ChatClient ... call().acontent()`` against the raw SDK.

The issue's measure of the native async call path (PORTING §8): the fake server
(``fake_openai_server.py --delay-ms 50``) answers each request 50 ms after it arrived, and
CALLS calls are started at once with ``asyncio.gather``, in a fresh process per contender
(so neither warms the other's caches or pools). Contenders:

* ``raw``: ``AsyncOpenAI().chat.completions.create`` (``raw_tools``: the two requests of
  one tool round-trip by hand);
* ``chatclient``: ``ChatClient.prompt().user(...).call().acontent()`` on the default chain
  (``chatclient_tools``: the same with ``.tools(get_weather)``, one tool round-trip run by
  the ``ToolCallingAdvisor``).

For each: wall time of one wave after a warm-up wave, errors, and the process's peak OS
thread count (``/proc/self/status``), sampled every 2 ms while the wave runs. Run it as
``python bench/async_calls.py [--calls N]``; it prints a table and one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from _common import BENCH_DIR, CLIENT_CPU, MODEL, fake_server, pin_to, proc_status
from contenders import (
    QUESTION,
    TOOL_QUESTION,
    WEATHER_TOOL_SCHEMA,
    append_tool_round,
    chat_client,
    get_weather,
    openai_async,
    openai_chat_model,
)

DELAY_MS = 50
CONTENDERS = ("raw", "chatclient", "raw_tools", "chatclient_tools")


def os_threads() -> int:
    """The process's current OS thread count."""
    return proc_status("Threads")


def call_factory(contender: str, base_url: str) -> Callable[[], Awaitable[str | None]]:
    if contender.startswith("chatclient"):
        client = chat_client(openai_chat_model(base_url))
        if contender == "chatclient_tools":
            return lambda: client.prompt().user(TOOL_QUESTION).tools(get_weather).call().acontent()
        return lambda: client.prompt().user(QUESTION).call().acontent()
    sdk = openai_async(base_url)

    async def raw() -> str | None:
        completion = await sdk.chat.completions.create(
            model=MODEL, messages=[{"role": "user", "content": QUESTION}]
        )
        content: str | None = completion.choices[0].message.content
        return content

    async def raw_tools() -> str | None:
        messages: list[dict[str, Any]] = [{"role": "user", "content": TOOL_QUESTION}]
        first = await sdk.chat.completions.create(
            model=MODEL, messages=messages, tools=WEATHER_TOOL_SCHEMA
        )
        append_tool_round(messages, first.choices[0].message)
        second = await sdk.chat.completions.create(
            model=MODEL, messages=messages, tools=WEATHER_TOOL_SCHEMA
        )
        answer: str | None = second.choices[0].message.content
        return answer

    return raw_tools if contender == "raw_tools" else raw


async def wave(run: Callable[[], Awaitable[str | None]], calls: int) -> dict[str, Any]:
    peak = os_threads()
    done = False

    async def sample() -> None:
        nonlocal peak
        while not done:
            peak = max(peak, os_threads())
            await asyncio.sleep(0.002)

    sampler = asyncio.ensure_future(sample())
    start = time.perf_counter()
    outcomes = await asyncio.gather(*(run() for _ in range(calls)), return_exceptions=True)
    seconds = time.perf_counter() - start
    done = True
    await sampler
    errors = [o for o in outcomes if not isinstance(o, str) or not o]
    return {
        "seconds": seconds,
        "errors": len(errors),
        "first_error": repr(errors[0])[:300] if errors else None,
        "peak_threads": peak,
    }


async def measure(contender: str, base_url: str, calls: int) -> dict[str, Any]:
    run = call_factory(contender, base_url)
    await wave(run, calls)  # warm-up: connections opened, code paths warm
    result = await wave(run, calls)
    result["contender"] = contender
    return result


def run_contender(contender: str, base_url: str, calls: int) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, str(BENCH_DIR / "async_calls.py"), "--one", contender, base_url, str(calls)],
        capture_output=True,
        text=True,
        check=True,
    )
    value: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--one", nargs=3, metavar=("CONTENDER", "BASE_URL", "CALLS"))
    args = parser.parse_args()
    if args.one:
        contender, base_url, calls = args.one
        pin_to(CLIENT_CPU)
        print(json.dumps(asyncio.run(measure(contender, base_url, int(calls)))))
        return
    with fake_server(DELAY_MS) as server:
        results = {c: run_contender(c, server.base_url, args.calls) for c in CONTENDERS}
    print(f"{args.calls} concurrent calls, server answers after {DELAY_MS} ms")
    print(f"{'contender':<18}{'wall s':>9}{'vs raw':>9}{'threads':>9}{'errors':>8}")
    for contender, data in results.items():
        raw = results["raw_tools" if contender.endswith("tools") else "raw"]["seconds"]
        print(
            f"{contender:<18}{data['seconds']:>9.2f}{data['seconds'] / raw:>8.2f}x"
            f"{data['peak_threads']:>9}{data['errors']:>8}"
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
