"""Profile spring_ai_py's hot paths against the fake server (pyinstrument and cProfile).

``python bench/profile_hot_path.py [SCENARIO ...] [--calls N]`` with scenarios ``call``
(``ChatClient.call``, default chain), ``call5`` (5 ``BaseAdvisor``s), ``otel`` (OTel
SDK with an in-memory exporter), ``memory`` (``MessageChatMemoryAdvisor`` on SQLite),
``tools`` (one tool round-trip with ``.tools()`` per request), ``stream`` (``async for``
over a 20-chunk stream, default chain), ``stream5`` (5 advisors) and ``stream_sync``
(plain ``for``: the sync/async bridge). For each it writes
``bench/results/profile_<scenario>.txt``: pyinstrument's call tree of the
``spring_ai_py`` frames, then cProfile's functions by own time, as µs and calls *per
operation*. Needs the benchmark environment (pyinstrument is not a project dependency).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _common import BENCH_DIR, CLIENT_CPU, fake_server, freeze_gc, pin_to
from contenders import (
    TOOL_QUESTION,
    chat_client,
    get_weather,
    openai_chat_model,
    otel_sdk,
)

SCENARIOS = ("call", "call5", "otel", "memory", "tools", "stream", "stream5", "stream_sync")


def operation(scenario: str, base_url: str, stack: list[Any]) -> Callable[[], object]:
    """One operation of ``scenario``: a call, a tool round-trip or a whole stream."""
    if scenario in ("call", "call5"):
        client = chat_client(openai_chat_model(base_url), 5 if scenario == "call5" else 0)
        return lambda: client.prompt().user("hello").call().content()
    if scenario == "otel":
        tracer_provider, meter_provider, exporter = otel_sdk(True)
        stack.append(exporter)
        client = chat_client(
            openai_chat_model(base_url, tracer_provider, meter_provider),
            tracer_provider=tracer_provider,
        )
        return lambda: client.prompt().user("hello").call().content()
    if scenario == "memory":
        from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
        from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
        from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository

        tmp = tempfile.TemporaryDirectory()
        repository = JdbcChatMemoryRepository.sqlite(Path(tmp.name) / "memory.db")
        stack.extend([tmp, repository])
        memory = MessageWindowChatMemory.builder().chat_memory_repository(repository).build()
        client = chat_client(
            openai_chat_model(base_url), extra=[MessageChatMemoryAdvisor.builder(memory).build()]
        )
        return lambda: (
            client.prompt()
            .user("hello")
            .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "bench"))
            .call()
            .content()
        )
    if scenario == "tools":
        client = chat_client(openai_chat_model(base_url))
        return lambda: client.prompt().user(TOOL_QUESTION).tools(get_weather).call().content()
    client = chat_client(openai_chat_model(base_url), 5 if scenario == "stream5" else 0)
    if scenario == "stream_sync":
        return lambda: list(client.prompt().user("hello").stream().content())
    loop = asyncio.new_event_loop()
    stack.append(loop)

    async def consume() -> int:
        return len([text async for text in client.prompt().user("hello").stream().content()])

    return lambda: loop.run_until_complete(consume())


def cprofile_table(profile: cProfile.Profile, operations: int, limit: int = 30) -> str:
    """Functions by own time, as µs and calls per operation (spring_ai_py first)."""
    stats = pstats.Stats(profile)
    rows = []
    for (path, line, name), (_cc, ncalls, tottime, cumtime, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        where = f"{path}:{line}({name})"
        for marker in ("site-packages/", "/work/main/"):
            if marker in where:
                where = where.split(marker, 1)[1]
        rows.append((tottime, cumtime, ncalls, where))
    rows.sort(reverse=True)
    out = io.StringIO()
    out.write(f"{'own µs/op':>10} {'cum µs/op':>10} {'calls/op':>9}  function\n")
    for tottime, cumtime, ncalls, where in rows[:limit]:
        out.write(
            f"{tottime / operations * 1e6:10.1f} {cumtime / operations * 1e6:10.1f} "
            f"{ncalls / operations:9.1f}  {where}\n"
        )
    ours = [row for row in rows if row[3].startswith("spring_ai_py/")]
    out.write(
        f"\nspring_ai_py functions only (own time {sum(r[0] for r in ours) / operations * 1e6:.1f} µs/op):\n"
    )
    for tottime, cumtime, ncalls, where in ours[:limit]:
        out.write(
            f"{tottime / operations * 1e6:10.1f} {cumtime / operations * 1e6:10.1f} "
            f"{ncalls / operations:9.1f}  {where}\n"
        )
    return out.getvalue()


def profile(scenario: str, base_url: str, operations: int) -> str:
    from pyinstrument import Profiler

    stack: list[Any] = []
    run = operation(scenario, base_url, stack)
    try:
        for _ in range(max(20, operations // 10)):
            run()
        freeze_gc()
        profiler = Profiler(interval=0.0001)
        profiler.start()
        for _ in range(operations):
            run()
        profiler.stop()
        tree = profiler.output_text(unicode=True, color=False, show_all=False)
        cprofile = cProfile.Profile()
        cprofile.enable()
        for _ in range(operations):
            run()
        cprofile.disable()
        for item in stack:
            clear = getattr(item, "clear", None)
            if clear is not None:
                clear()
        return (
            f"# {scenario}: {operations} operations\n\n## pyinstrument\n\n{tree}\n"
            f"## cProfile (per operation; cProfile's own overhead inflates small functions)\n\n"
            f"{cprofile_table(cprofile, operations)}"
        )
    finally:
        for item in reversed(stack):
            for name in ("close", "cleanup"):
                method = getattr(item, name, None)
                if method is not None:
                    method()
                    break


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "scenarios", nargs="*", help=f"any of {', '.join(SCENARIOS)} (default: all)"
    )
    parser.add_argument("--calls", type=int, default=500, help="operations per scenario")
    args = parser.parse_args()
    unknown = set(args.scenarios) - set(SCENARIOS)
    if unknown:
        parser.error(f"unknown scenarios: {', '.join(sorted(unknown))}")
    pin_to(CLIENT_CPU)
    out_dir = BENCH_DIR / "results"
    out_dir.mkdir(exist_ok=True)
    with fake_server() as server:
        for scenario in args.scenarios or SCENARIOS:
            text = profile(scenario, server.base_url, args.calls)
            path = out_dir / f"profile_{scenario}.txt"
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
