"""The sync stream hand-off alone: T threads, each a plain ``for`` over an in-process source.

``python bench/bridge_handoff.py [--threads 1 300] [--items 200] [--local]`` runs, per
thread count, T threads that each iterate ``iterate_sync`` (with ``--local``:
``iterate_locally``, the loop in the consuming thread) over an async generator of
``--items`` items (no I/O: only the bridge's hand-off is measured), in a fresh process
each. Reported per item: process CPU time (user + system, all threads), voluntary
context switches and wall time, and the peak RSS of the process. CPU time and context
switches are what load disturbs least; run old and new trees alternately to compare.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator


def child(threads: int, items: int, local: bool) -> dict[str, float]:
    from spring_ai_py._bridge import iterate_locally, iterate_sync

    iterate = iterate_locally if local else iterate_sync

    async def source() -> AsyncIterator[int]:
        for i in range(items):
            yield i

    assert sum(iterate(source())) == items * (items - 1) // 2  # warm-up: starts the loop
    gate = threading.Barrier(threads + 1)
    totals: list[int] = [0] * threads

    def worker(index: int) -> None:
        gate.wait()
        totals[index] = sum(iterate(source()))

    workers = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for thread in workers:
        thread.start()
    before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    gate.wait()
    for thread in workers:
        thread.join()
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF)
    assert all(t == items * (items - 1) // 2 for t in totals)
    n = threads * items
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {
        "threads": threads,
        "items": n,
        "cpu_us_per_item": cpu / n * 1e6,
        "sys_us_per_item": (after.ru_stime - before.ru_stime) / n * 1e6,
        "vcsw_per_item": (after.ru_nvcsw - before.ru_nvcsw) / n,
        "wall_us_per_item": wall / n * 1e6,
        "items_per_s": n / wall,
        "rss_peak_kib": after.ru_maxrss,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 300])
    parser.add_argument("--items", type=int, default=200)
    parser.add_argument("--local", action="store_true", help="iterate_locally")
    parser.add_argument("--child", action="store_true")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.threads[0], args.items, args.local)))
        return
    print(
        "| threads | items | CPU µs/item | sys µs/item | vol. switches/item | wall µs/item | items/s | peak RSS (MiB) |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for threads in args.threads:
        out = subprocess.run(
            [
                sys.executable,
                __file__,
                "--child",
                "--threads",
                str(threads),
                "--items",
                str(args.items),
                *(["--local"] if args.local else []),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        r = json.loads(out.stdout)
        print(
            f"| {threads} | {r['items']:,} | {r['cpu_us_per_item']:.1f} | {r['sys_us_per_item']:.1f} "
            f"| {r['vcsw_per_item']:.2f} | {r['wall_us_per_item']:.1f} | {r['items_per_s']:,.0f} "
            f"| {r['rss_peak_kib'] / 1024:.0f} |"
        )


if __name__ == "__main__":
    main()
