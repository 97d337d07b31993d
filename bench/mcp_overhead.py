"""An MCP tool call through the library against the raw ``mcp`` SDK's ``call_tool``.

One stdio server process (``tests/mcp/weather_server.py``, the tests' server) per
contender, connected once; then rounds alternate between the contenders, each round
timing a batch of ``get_weather`` calls:

* ``raw mcp SDK``: ``await Client.call_tool("get_weather", {...})`` on its own loop;
* ``AsyncMcpToolCallback.acall``: the library's async tool callback (what the tool loop
  awaits), JSON arguments in, the result text out;
* ``SyncMcpToolCallback.call``: the blocking callback, whose session lives on the
  library's bridge loop (a thread hop per call).

Reported: the median per call of each and the ratio to the raw SDK; target within 1.2x.
``python bench/mcp_overhead.py [--rounds N] [--calls N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from mcp import Client, StdioServerParameters

from spring_ai_py.mcp import (
    AsyncMcpToolCallbackProvider,
    McpStdioConnection,
    SyncMcpToolCallbackProvider,
    open_async_client,
    open_sync_client,
)

SERVER = Path(__file__).resolve().parent.parent / "tests" / "mcp" / "weather_server.py"
TARGET = 1.2
ARGUMENTS = '{"city": "Paris"}'


def _tool(callbacks: list[object]) -> object:
    return next(c for c in callbacks if "get_weather" in c.get_tool_definition().name)  # type: ignore[attr-defined]


async def measure(rounds: int, calls: int) -> dict[str, float]:
    connection = McpStdioConnection(sys.executable, [str(SERVER), "weather"])
    params = StdioServerParameters(command=sys.executable, args=[str(SERVER), "weather"])
    samples: dict[str, list[float]] = {
        "raw mcp SDK": [],
        "AsyncMcpToolCallback.acall": [],
        "SyncMcpToolCallback.call": [],
    }
    sync_client = open_sync_client("bench-sync", connection)
    async_client = await open_async_client("bench-async", connection)
    try:
        sync_tool = _tool(SyncMcpToolCallbackProvider(sync_client).get_tool_callbacks())
        async_tool = _tool(AsyncMcpToolCallbackProvider(async_client).get_tool_callbacks())
        async with Client(params) as raw:

            async def raw_call() -> str:
                result = await raw.call_tool("get_weather", {"city": "Paris"})
                return result.content[0].text  # type: ignore[union-attr]

            async def async_call() -> str:
                return await async_tool.acall(ARGUMENTS)  # type: ignore[attr-defined, no-any-return]

            async def sync_call() -> str:
                # The blocking callback is what a thread would call; off the loop here.
                return await asyncio.to_thread(sync_tool.call, ARGUMENTS)  # type: ignore[attr-defined]

            contenders = {
                "raw mcp SDK": raw_call,
                "AsyncMcpToolCallback.acall": async_call,
                "SyncMcpToolCallback.call": sync_call,
            }
            for run in contenders.values():
                assert "sunny" in await run()
            for _ in range(rounds):
                for name, run in contenders.items():
                    started = time.perf_counter()
                    for _ in range(calls):
                        await run()
                    samples[name].append((time.perf_counter() - started) / calls * 1e6)
    finally:
        sync_client.close()
        await async_client.close()
    return {name: statistics.median(values) for name, values in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=50)
    args = parser.parse_args()
    result = asyncio.run(measure(args.rounds, args.calls))
    raw = result["raw mcp SDK"]
    print(f"stdio server, {args.calls} calls a round, {args.rounds} rounds")
    print("| contender | µs per call (median) | over raw SDK | target |")
    print("|---|---:|---:|---|")
    for name, value in result.items():
        ratio = value / raw
        verdict = (
            ""
            if name == "raw mcp SDK"
            else f"≤ {TARGET}x: {'met' if ratio <= TARGET else 'NOT met'}"
        )
        print(f"| {name} | {value:.0f} | {ratio:.2f}x | {verdict} |")


if __name__ == "__main__":
    main()
