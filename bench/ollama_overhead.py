"""The Ollama provider against the raw ``ollama`` SDK, both on one loopback OllamaTestServer.

Rounds alternate between the contenders, each round timing a batch of one-message chat
calls (and streams of ``--words`` chunks):

* ``raw ollama SDK``: ``ollama.Client.chat(...)`` (streamed: iterating ``stream=True``);
* ``OllamaChatModel.call``: the provider model (options merged, the span, the wire
  limits' response hook, the answer turned into a ``ChatResponse``);
* ``ChatClient``: ``client.prompt(...).call().content()`` through the advisor chain;
* streamed: ``raw ollama SDK stream`` (the SDK's ``AsyncClient``) against
  ``OllamaChatModel.stream`` (``async for``).

Reported: the median per call of each and its ratio to the raw SDK; target within 1.2x.
``python bench/ollama_overhead.py [--rounds N] [--calls N] [--words N]``.

``--instructions`` counts instead of timing: each contender runs in its own interpreter
under ``valgrind --tool=callgrind``, and only its measured runs are counted (the server
thread is not), so the figure does not move with whatever else the machine runs.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import ollama

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.ollama import OllamaApi, OllamaChatModel, OllamaChatOptions
from spring_ai_py.test import OllamaTestServer

TARGET = 1.2
MESSAGES = [{"role": "user", "content": "Hi"}]


def _time(run: Callable[[], object], calls: int) -> float:
    started = time.perf_counter()
    for _ in range(calls):
        run()
    return (time.perf_counter() - started) / calls


async def _atime(run: Callable[[], object], calls: int) -> float:
    started = time.perf_counter()
    for _ in range(calls):
        await run()  # type: ignore[misc]
    return (time.perf_counter() - started) / calls


def measure(rounds: int, calls: int, words: int) -> dict[str, float]:
    text = " ".join(["word"] * words)
    with OllamaTestServer() as server:
        raw = ollama.Client(host=server.base_url)
        model = OllamaChatModel(OllamaChatOptions(model="llama3.2"), OllamaApi(base_url=server.base_url))
        client = ChatClient.create(model)
        prompt = Prompt("Hi")

        def answer(count: int) -> None:
            for _ in range(count):
                server.enqueue_text(text)

        contenders: dict[str, Callable[[], object]] = {
            "raw ollama SDK": lambda: raw.chat(model="llama3.2", messages=MESSAGES),
            "OllamaChatModel.call": lambda: model.call(prompt),
            "ChatClient": lambda: client.prompt("Hi").call().content(),
        }
        samples: dict[str, list[float]] = {name: [] for name in contenders}
        samples["raw ollama SDK stream"] = []
        samples["OllamaChatModel.stream"] = []
        answer(len(contenders))
        for run in contenders.values():
            run()  # warm up: connections open, imports done
        for _ in range(rounds):
            for name, run in contenders.items():
                answer(calls)
                samples[name].append(_time(run, calls))

        async def streams() -> None:
            raw_async = ollama.AsyncClient(host=server.base_url)

            async def raw_stream() -> None:
                async for _ in await raw_async.chat(model="llama3.2", messages=MESSAGES, stream=True):
                    pass

            async def model_stream() -> None:
                async for _ in model.stream(prompt):
                    pass

            answer(2)
            await raw_stream()
            await model_stream()
            for _ in range(rounds):
                answer(calls)
                samples["raw ollama SDK stream"].append(await _atime(raw_stream, calls))
                answer(calls)
                samples["OllamaChatModel.stream"].append(await _atime(model_stream, calls))
            await model.aclose()

        asyncio.run(streams())
        model.close()
        raw.close()
    return {name: statistics.median(values) for name, values in samples.items()}


_COUNTED_RUNS = 20
_CONTENDERS = (
    "raw ollama SDK",
    "OllamaChatModel.call",
    "ChatClient",
    "raw ollama SDK stream",
    "OllamaChatModel.stream",
    "ChatClient stream",
)


def _one(contender: str, words: int) -> None:
    """Run ``contender`` ``_COUNTED_RUNS`` times inside ``functools.reduce``, the function
    callgrind's ``--toggle-collect`` counts, after one run to warm up."""
    text = " ".join(["word"] * words)
    with OllamaTestServer() as server:
        raw = ollama.Client(host=server.base_url)
        raw_async = ollama.AsyncClient(host=server.base_url)
        model = OllamaChatModel(OllamaChatOptions(model="llama3.2"), OllamaApi(base_url=server.base_url))
        client = ChatClient.create(model)
        prompt = Prompt("Hi")
        loop = asyncio.new_event_loop()

        async def raw_stream() -> None:
            async for _ in await raw_async.chat(model="llama3.2", messages=MESSAGES, stream=True):
                pass

        async def model_stream() -> None:
            async for _ in model.stream(prompt):
                pass

        async def client_stream() -> None:
            async for _ in client.prompt("Hi").stream().content():
                pass

        runs: dict[str, Callable[[], object]] = {
            "raw ollama SDK": lambda: raw.chat(model="llama3.2", messages=MESSAGES),
            "OllamaChatModel.call": lambda: model.call(prompt),
            "ChatClient": lambda: client.prompt("Hi").call().content(),
            "raw ollama SDK stream": lambda: loop.run_until_complete(raw_stream()),
            "OllamaChatModel.stream": lambda: loop.run_until_complete(model_stream()),
            "ChatClient stream": lambda: loop.run_until_complete(client_stream()),
        }
        run = runs[contender]
        for _ in range(_COUNTED_RUNS + 1):
            server.enqueue_text(text)
        run()

        def counted(_: object, __: object) -> None:
            for _ in range(_COUNTED_RUNS):
                run()

        functools.reduce(counted, [0, 1])
        loop.run_until_complete(model.aclose())
        loop.run_until_complete(raw_async._client.aclose())
        loop.close()
        model.close()
        raw.close()


def instructions(words: int) -> dict[str, float]:
    """Instructions per call or stream of each contender, each in its own interpreter."""
    result: dict[str, float] = {}
    for contender in _CONTENDERS:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                "--toggle-collect=functools_reduce",
                sys.executable,
                __file__,
                "--words",
                str(words),
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
        result[contender] = int(collected.group(1)) / _COUNTED_RUNS
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=40)
    parser.add_argument("--words", type=int, default=50)
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions per call under callgrind instead of timing (slow)",
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.one:
        _one(arguments.one, arguments.words)
        return
    if arguments.instructions:
        counts = instructions(arguments.words)
        chunks = arguments.words + 1
        for name, baseline in (
            ("OllamaChatModel.call", "raw ollama SDK"),
            ("ChatClient", "raw ollama SDK"),
            ("OllamaChatModel.stream", "raw ollama SDK stream"),
            ("ChatClient stream", "raw ollama SDK stream"),
        ):
            ratio = counts[name] / counts[baseline]
            verdict = "met" if ratio <= TARGET else "NOT met"
            per_chunk = (
                f", {counts[name] / chunks:,.0f} vs {counts[baseline] / chunks:,.0f} a chunk"
                if "stream" in name
                else ""
            )
            print(
                f"{name:24} {counts[name]:12,.0f} instructions vs {baseline} "
                f"{counts[baseline]:12,.0f}{per_chunk}  {ratio:4.2f}x  (target {TARGET}x: {verdict})"
            )
        return
    medians = measure(arguments.rounds, arguments.calls, arguments.words)
    for name, baseline in (
        ("OllamaChatModel.call", "raw ollama SDK"),
        ("ChatClient", "raw ollama SDK"),
        ("OllamaChatModel.stream", "raw ollama SDK stream"),
    ):
        ratio = medians[name] / medians[baseline]
        verdict = "met" if ratio <= TARGET else "NOT met"
        print(
            f"{name:24} {medians[name] * 1e6:8.0f} µs  vs {baseline} "
            f"{medians[baseline] * 1e6:6.0f} µs  {ratio:4.2f}x  (target {TARGET}x: {verdict})"
        )


if __name__ == "__main__":
    main()
