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
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=40)
    parser.add_argument("--words", type=int, default=50)
    arguments = parser.parse_args()
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
