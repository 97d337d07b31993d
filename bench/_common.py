"""Shared pieces of the benchmark suite: the fake server's process, timing, statistics."""

from __future__ import annotations

import contextlib
import gc
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
MODEL = "gpt-bench"
API_KEY = "bench-key"
# One timeout for every contender of the concurrency benchmarks, raw SDK and ChatClient
# alike (connect, read, write and the wait for a pooled connection): the SDK's own 600 s
# read and pool timeout, which its default shortens to 5 s for connecting. 10,000 streams
# queue for the pool's 1,000 connections for longer than a minute, so with the SDK's
# default (5 s to connect) or the ChatClient model's (Spring's 60 s) the last of them fail
# with APITimeoutError and end early, and a wave with failures is no floor to compare against.
BENCH_TIMEOUT = 600.0
CLIENT_CPU = 0
SERVER_CPU = 1


def pin_to(cpu: int) -> None:
    """Pin this process to one CPU when the machine has more than one (less noise)."""
    if hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > cpu:
        os.sched_setaffinity(0, {cpu})


def proc_status(field: str) -> int:
    """A number from ``/proc/self/status`` (``VmRSS`` in KiB, ``Threads``...); 0 elsewhere."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


@dataclass
class Server:
    """The fake OpenAI server (``fake_openai_server.py``) running in its own process."""

    port: int
    process: subprocess.Popen[str]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def stats(self) -> dict[str, int]:
        return server_stats(self.base_url)


def server_stats(base_url: str) -> dict[str, int]:
    """The fake server's counters: ``connections`` (new ones) and ``requests``."""
    root = base_url.removesuffix("/v1")
    with urllib.request.urlopen(f"{root}/stats", timeout=10) as reply:
        value: dict[str, int] = json.loads(reply.read())
    return value


@contextlib.contextmanager
def fake_server(delay_ms: float = 0.0) -> Iterator[Server]:
    """Start the fake server on a free loopback port, pinned to its own CPU; stop it after.

    ``delay_ms``: how late the server answers each chat request (a model's latency).
    """
    cpu = ["--cpu", str(SERVER_CPU)] if (os.cpu_count() or 1) > SERVER_CPU else []
    delay = ["--delay-ms", str(delay_ms)] if delay_ms else []
    process = subprocess.Popen(
        [sys.executable, str(BENCH_DIR / "fake_openai_server.py"), "--port", "0", *cpu, *delay],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line.startswith("PORT "):
            raise RuntimeError(f"the fake server did not start: {line!r}")
        yield Server(int(line.split()[1]), process)
    finally:
        process.terminate()
        process.wait(timeout=10)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@dataclass
class Samples:
    """Per-call times (µs) of one contender: every sample, and each round's median."""

    all: list[float] = field(default_factory=list)
    rounds: list[float] = field(default_factory=list)

    def median(self) -> float:
        return statistics.median(self.all)

    def p90(self) -> float:
        return percentile(self.all, 0.9)


def paired_overhead(contender: Samples, floor: Samples) -> tuple[float, float]:
    """Median and p90 over the rounds of (contender's round median - floor's round median).

    Pairing by round cancels the machine's slow drifts: both ran back to back.
    """
    deltas = [c - f for c, f in zip(contender.rounds, floor.rounds, strict=True)]
    return statistics.median(deltas), percentile(deltas, 0.9)


def freeze_gc() -> None:
    """After warm-up: collect once, then move every live object out of the collector's way."""
    gc.collect()
    gc.freeze()


def alternate(
    contenders: dict[str, Callable[[], object]],
    rounds: int,
    batch: int,
    warmup: int,
    between_rounds: Callable[[], None] | None = None,
) -> dict[str, Samples]:
    """Time every contender's calls, the contenders alternating round by round."""
    for run in contenders.values():
        for _ in range(warmup):
            run()
    if between_rounds is not None:
        between_rounds()
    freeze_gc()
    samples = {name: Samples() for name in contenders}
    clock = time.perf_counter_ns
    for _ in range(rounds):
        for name, run in contenders.items():
            times = []
            for _ in range(batch):
                start = clock()
                run()
                times.append((clock() - start) / 1000)
            samples[name].all.extend(times)
            samples[name].rounds.append(statistics.median(times))
        if between_rounds is not None:
            between_rounds()
    gc.unfreeze()
    return samples
