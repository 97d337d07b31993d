"""What the whole-exchange limits cost on the normal path: a model on its own SDK client
(``call_timeout``, ``stream_idle_timeout``, ``stream_total_timeout``, ``max_answer_bytes``
enforced at every socket operation and on every piece of body) against the same model on
a plain SDK client the user passed in (no limits, the SDK's ``timeout`` only).

A third figure is in-process and steadier on a loaded machine: what the socket wrapper
adds to one read (a stand-in connection that returns at once), with an exchange current
and without.

Both talk to ``fake_openai_server.py`` on 127.0.0.1 (its own process, pinned to the second
CPU). Per call: one blocking ``OpenAiChatModel.call``; per stream: one 20-chunk
``OpenAiChatModel.stream`` on one event loop. The two contenders alternate round by
round and the overhead is paired by round (the bounded round median minus the plain one,
then the median over rounds). Run it with the project's environment:
``.venv/bin/python bench/wire_limits.py [--rounds N]``; it prints a table and one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from collections.abc import Callable

from _common import API_KEY, CLIENT_CPU, MODEL, Samples, alternate, fake_server, pin_to
from contenders import QUESTION, openai_async, openai_chat_model, openai_sync

from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions

CHUNKS = 20


def _models(base_url: str) -> dict[str, OpenAiChatModel]:
    options = OpenAiChatOptions(model=MODEL, base_url=base_url, api_key=API_KEY, max_retries=0)
    return {
        "bounded (own client)": openai_chat_model(base_url),
        "plain (user's SDK client)": OpenAiChatModel(
            options,
            openai_client=openai_sync(base_url),
            openai_client_async=openai_async(base_url),
        ),
    }


def _call(model: OpenAiChatModel) -> Callable[[], object]:
    prompt = Prompt(QUESTION)
    return lambda: model.call(prompt)


def _stream_samples(
    models: dict[str, OpenAiChatModel], rounds: int, batch: int, warmup: int
) -> dict[str, Samples]:
    async def one(model: OpenAiChatModel) -> None:
        texts = 0
        async for response in model.stream(Prompt(QUESTION)):
            result = response.get_result()
            if result is not None and result.get_output().get_text():
                texts += 1
        if texts != CHUNKS:
            raise RuntimeError(f"expected {CHUNKS} chunks of text, got {texts}")

    async def run() -> dict[str, Samples]:
        for model in models.values():
            for _ in range(warmup):
                await one(model)
        samples = {name: Samples() for name in models}
        clock = time.perf_counter_ns
        for _ in range(rounds):
            for name, model in models.items():
                times = []
                for _ in range(batch):
                    start = clock()
                    await one(model)
                    times.append((clock() - start) / 1000)
                samples[name].all.extend(times)
                samples[name].rounds.append(statistics.median(times))
        return samples

    return asyncio.run(run())


def _socket_read_cost(reads: int = 200_000) -> dict[str, float]:
    """ns per read: the bare stand-in connection, wrapped outside an exchange, wrapped in one."""
    import httpcore2

    from spring_ai_py.model._socket_deadline import Stream
    from spring_ai_py.model._wire_limits import Exchange

    class Instant(httpcore2.NetworkStream):
        def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
            return b"x"

    bare, wrapped = Instant(), Stream(Instant())

    def per_read(stream: httpcore2.NetworkStream) -> float:
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter_ns()
            for _ in range(reads):
                stream.read(65536, 60.0)
            best = min(best, (time.perf_counter_ns() - start) / reads)
        return round(best, 1)

    outside = per_read(wrapped)
    with Exchange(600.0, "call_timeout").sending(None):
        inside = per_read(wrapped)
    return {"bare_ns": per_read(bare), "wrapped_no_exchange_ns": outside, "wrapped_ns": inside}


def _paired(samples: dict[str, Samples]) -> dict[str, float]:
    bounded, plain = samples.values()
    deltas = [b - p for b, p in zip(bounded.rounds, plain.rounds, strict=True)]
    return {
        "bounded_us": round(bounded.median(), 1),
        "plain_us": round(plain.median(), 1),
        "overhead_us": round(statistics.median(deltas), 1),
        "ratio": round(bounded.median() / plain.median(), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--batch", type=int, default=20)
    args = parser.parse_args()
    pin_to(CLIENT_CPU)
    with fake_server() as server:
        models = _models(server.base_url)
        calls = _paired(
            alternate(
                {name: _call(model) for name, model in models.items()},
                args.rounds,
                args.batch,
                warmup=50,
            )
        )
        streams = _paired(_stream_samples(models, args.rounds, args.batch // 2 or 1, warmup=20))
    print("| path | bounded (µs) | plain (µs) | paired overhead (µs) | ratio |")
    print("|---|---|---|---|---|")
    for name, row in (("call", calls), ("20-chunk stream", streams)):
        print(
            f"| {name} | {row['bounded_us']} | {row['plain_us']} | {row['overhead_us']} "
            f"| {row['ratio']} |"
        )
    socket_read = _socket_read_cost()
    print(
        f"socket read: {socket_read['bare_ns']} ns bare, {socket_read['wrapped_ns']} ns "
        f"wrapped in an exchange, {socket_read['wrapped_no_exchange_ns']} ns wrapped outside one"
    )
    print(
        json.dumps(
            {"calls": calls, "streams": streams, "socket_read": socket_read, "rounds": args.rounds}
        )
    )


if __name__ == "__main__":
    main()
