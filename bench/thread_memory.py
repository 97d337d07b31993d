"""Memory a stream read from a thread keeps in flight: ``concurrency_scale.py``'s thread rows, held.

    .venv/bin/python bench/thread_memory.py [--threads 1000] [--trace]

Each contender (``raw-threads``, ``memory-sqlite-threads``: the clients of
``concurrency_scale.py``), in a process of its own against the fake server, runs one
warm-up stream, then starts T threads that each read the first text chunk of a stream
and wait, so that all T streams are held mid-stream. Reported per stream: the resident
memory above the warm process (``/proc/self/status``), the resident part of the threads'
stacks (``/proc/self/smaps``, the 8 MiB stack mappings) and, with ``--trace``, the bytes
``tracemalloc`` still sees allocated, charged to the innermost package frame
(``stream_memory.py``'s owners; tracing slows the threads down: use 300 of them).
"""

from __future__ import annotations

import argparse
import collections
import json
import resource
import subprocess
import sys
import tempfile
import threading
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import concurrency_scale as cs
from _common import API_KEY, BENCH_TIMEOUT, MODEL, fake_server, proc_status

STACK_SIZES_KIB = (8188, 8192, 8196)


def stacks_kib() -> int:
    total, size = 0, 0
    with open("/proc/self/smaps", encoding="ascii") as smaps:
        for line in smaps:
            if line.startswith("Size:"):
                size = int(line.split()[1])
            elif line.startswith("Rss:") and size in STACK_SIZES_KIB:
                total += int(line.split()[1])
    return total


def starter(contender: str, base_url: str) -> Callable[[int], Iterator[str]]:
    if contender == "raw-threads":
        import openai

        sdk = openai.OpenAI(base_url=base_url, api_key=API_KEY, max_retries=0, timeout=BENCH_TIMEOUT)

        def raw(index: int) -> Iterator[str]:
            stream = sdk.chat.completions.create(
                model=MODEL, messages=[{"role": "user", "content": "hello"}], stream=True
            )
            return (c.choices[0].delta.content or "" for c in stream if c.choices)

        return raw
    folder = Path(tempfile.mkdtemp(prefix="bench-thread-memory-"))
    client = cs.memory_client(base_url, cs.repository_for(contender, None, folder))
    return lambda index: iter(cs.conversation(client, index)())


def child(contender: str, base_url: str, count: int, trace: bool) -> dict[str, Any]:
    import stream_memory

    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    start = starter(contender, base_url)
    assert "".join(start(-1)) == cs.EXPECTED
    rss_warm = proc_status("VmRSS")
    held, go = threading.Barrier(count + 1), threading.Barrier(count + 1)
    texts: list[str] = [""] * count

    def worker(index: int) -> None:
        stream = start(index)
        head = next(stream)
        held.wait()
        go.wait()
        texts[index] = head + "".join(stream)

    if trace:
        tracemalloc.start(25)
    workers = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for thread in workers:
        thread.start()
    held.wait()
    result: dict[str, Any] = {
        "contender": contender,
        "rss_kib_per_stream": (proc_status("VmRSS") - rss_warm) / count,
        "stack_kib_per_thread": stacks_kib() / count,
    }
    if trace:
        by_owner: collections.Counter[str] = collections.Counter()
        for stat in tracemalloc.take_snapshot().statistics("traceback"):
            by_owner[stream_memory._owner(stat.traceback)[0]] += stat.size
        tracemalloc.stop()
        result["traced_bytes_per_stream"] = round(sum(by_owner.values()) / count)
        result["by_owner"] = {k: round(v / count) for k, v in by_owner.most_common()}
    go.wait()
    for thread in workers:
        thread.join()
    result["errors"] = sum(text != cs.EXPECTED for text in texts)
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, default=1000)
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--child", nargs=2, metavar=("CONTENDER", "URL"))
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child[0], args.child[1], args.threads, args.trace)))
        return
    with fake_server() as server:
        for contender in cs.THREAD_CONTENDERS:
            command = [sys.executable, __file__, "--child", contender, server.base_url]
            command += ["--threads", str(args.threads), *(["--trace"] if args.trace else [])]
            out = subprocess.run(command, capture_output=True, text=True, check=True)
            print(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    main()
