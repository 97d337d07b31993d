"""What the Google GenAI provider adds to the raw ``google-genai`` SDK, per call.

Both talk to the same ``GeminiTestServer`` in this process (it answers every request
with the same short text), so the figures are the client side plus loopback HTTP: the
raw SDK's ``generate_content``, ``GoogleGenAiChatModel.call`` (request building, the
span wrapper, the response mapping), a default ``ChatClient`` call, and the same three
for a 20-chunk stream (the model's ``stream``, via the async client). The best of
``--rounds`` rounds of ``--calls`` calls each, the contenders taking turns in every
round; no figure is asserted anywhere.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Callable

from google import genai
from google.genai import types

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.google.genai import GoogleGenAiChatModel, GoogleGenAiChatOptions
from spring_ai_py.test import GeminiTestServer
from spring_ai_py.test.server import _AnsweringGeminiServer

ANSWER = " ".join(f"w{i}" for i in range(20))


def _interleaved_us(
    contenders: dict[str, Callable[[], object]], calls: int, rounds: int
) -> dict[str, float]:
    """Per contender, the best round's microseconds per call; the contenders take turns
    within each round, so a noisy moment of the shared machine hits them alike."""
    samples: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(rounds):
        for name, run in contenders.items():
            start = time.perf_counter()
            for _ in range(calls):
                run()
            samples[name].append((time.perf_counter() - start) / calls * 1e6)
    return {name: min(values) for name, values in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    server: GeminiTestServer = _AnsweringGeminiServer()
    server.reply = ANSWER  # type: ignore[attr-defined]
    server.start()
    sdk = genai.Client(api_key="bench", http_options=types.HttpOptions(base_url=server.base_url))
    model = GoogleGenAiChatModel(
        options=GoogleGenAiChatOptions(api_key="bench", base_url=server.base_url)
    )
    client = ChatClient.create(model)
    prompt = Prompt("Hi")
    loop = asyncio.new_event_loop()
    # The config the model sends by default (Spring's temperature and top-p), so the raw
    # SDK does the same conversion work.
    config = types.GenerateContentConfig(temperature=0.7, top_p=1.0)

    async def model_stream() -> None:
        async for _ in model.stream(prompt):
            pass

    async def sdk_stream() -> None:
        async for _ in await sdk.aio.models.generate_content_stream(
            model="gemini-2.5-flash", contents="Hi", config=config
        ):
            pass

    contenders: dict[str, Callable[[], object]] = {
        "raw SDK generate_content": lambda: sdk.models.generate_content(
            model="gemini-2.5-flash", contents="Hi", config=config
        ),
        "GoogleGenAiChatModel.call": lambda: model.call(prompt),
        "ChatClient call": lambda: client.prompt("Hi").call().content(),
        "raw SDK async stream (20 chunks)": lambda: loop.run_until_complete(sdk_stream()),
        "GoogleGenAiChatModel.stream (20 chunks)": lambda: loop.run_until_complete(model_stream()),
    }
    for run in contenders.values():
        run()  # warm up: imports, connections
    results = _interleaved_us(contenders, arguments.calls, arguments.rounds)
    width = max(len(name) for name in results)
    for name, micros in results.items():
        print(f"{name:<{width}}  {micros:8.0f} us per call")
    raw = results["raw SDK generate_content"]
    overhead = results["GoogleGenAiChatModel.call"] - raw
    print(f"{'provider overhead over the raw SDK (call)':<{width}}  {overhead:8.0f} us")
    streamed = results["GoogleGenAiChatModel.stream (20 chunks)"]
    stream_overhead = streamed - results["raw SDK async stream (20 chunks)"]
    print(f"{'provider overhead over the raw SDK (stream)':<{width}}  {stream_overhead:8.0f} us")
    loop.close()
    model.close()
    sdk.close()
    server.stop()


if __name__ == "__main__":
    main()
