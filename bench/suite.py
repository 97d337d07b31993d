"""The benchmark suite of issue 8: spring_ai_py against the raw SDK and peer frameworks.

Runs in the benchmark environment (``.venv-bench``, made by ``bench/run.sh``) against
``fake_openai_server.py`` on 127.0.0.1, in its own process pinned to the second CPU
(this process takes the first). Sections:

1. calls: per-call time of the raw ``openai`` SDK (the floor), ``OpenAiChatModel.call``,
   ``ChatClient.call`` with 0/1/5/10/20 ``BaseAdvisor``s, with
   ``MessageChatMemoryAdvisor`` on SQLite, with the OpenTelemetry SDK (in-memory
   exporter), LangChain's ``ChatOpenAI.invoke`` and ``create_agent`` with 0-20 no-op
   middlewares, and pydantic-ai's ``Agent.run_sync``;
2. streams: a 20-chunk answer, total time and time to first chunk;
3. tools: one tool round-trip (two requests);
4. concurrency: 1,000 concurrent streams on one event loop (separate processes);
5. footprint: import time in fresh interpreters, memory per stored conversation.

Contenders alternate round by round (the machine is shared and noisy), the garbage
collector is frozen after warm-up, and results are medians, p90s and ratios; overheads
are paired by round (the contender's round median minus the floor's round median, then
the median over rounds). Prints the tables and the targets (met / NOT met), writes
``bench/results/latest.json`` and ``latest.md`` and the plot
``docs/img/overhead_by_advisors.png``.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from _common import (
    BENCH_DIR,
    CLIENT_CPU,
    ROOT,
    Samples,
    Server,
    alternate,
    fake_server,
    paired_overhead,
    pin_to,
)

ADVISOR_COUNTS = (0, 1, 5, 10, 20)
RESULTS = BENCH_DIR / "results"
PLOT = ROOT / "docs" / "img" / "overhead_by_advisors.png"

RAW = "raw openai SDK"
MODEL_DIRECT = "OpenAiChatModel.call (no ChatClient)"
MEMORY = "ChatClient, MessageChatMemoryAdvisor (SQLite)"
OTEL = "ChatClient, OTel SDK (traces, in-memory exporter)"
OTEL_METRICS = "ChatClient, OTel SDK (traces + metrics)"
LC_INVOKE = "LangChain ChatOpenAI.invoke"
LC_AGENT_3 = "LangChain create_agent, 3 wrap middlewares"
PYDANTIC_AI = "pydantic-ai Agent.run_sync"

TARGET_CALL_US = 50.0
TARGET_PER_ADVISOR_US = 5.0
TARGET_OTEL_US = 30.0
TARGET_STREAM_PER_CHUNK_US = 5.0
TARGET_STREAM_SPEEDUP = 1.5
TARGET_IMPORT_MS = 150.0


def cc_name(advisors: int) -> str:
    if advisors == 0:
        return "ChatClient, default chain"
    return f"ChatClient, {advisors} BaseAdvisor{'s' if advisors > 1 else ''}"


def lc_agent_name(middlewares: int, style: str) -> str:
    return (
        f"LangChain create_agent, {middlewares} {style} middleware{'s' if middlewares != 1 else ''}"
    )


@dataclass(frozen=True)
class Settings:
    rounds: int
    batch: int
    chain_batch: int
    warmup: int
    stream_rounds: int
    stream_batch: int
    tool_rounds: int
    tool_batch: int
    concurrent_streams: int
    import_rounds: int
    conversations: int
    turns: int

    @staticmethod
    def of(quick: bool) -> Settings:
        if quick:
            return Settings(
                rounds=8,
                batch=5,
                chain_batch=50,
                warmup=20,
                stream_rounds=8,
                stream_batch=5,
                tool_rounds=8,
                tool_batch=3,
                concurrent_streams=1000,
                import_rounds=5,
                conversations=100,
                turns=10,
            )
        return Settings(
            rounds=60,
            batch=10,
            chain_batch=200,
            warmup=50,
            stream_rounds=40,
            stream_batch=10,
            tool_rounds=40,
            tool_batch=5,
            concurrent_streams=1000,
            import_rounds=15,
            conversations=500,
            turns=10,
        )


# -- 1. calls -------------------------------------------------------------------------


def call_section(server: Server, settings: Settings) -> dict[str, Any]:
    from contenders import (
        asks_hello,
        chat_client,
        invokes,
        langchain_agent,
        langchain_chat,
        openai_chat_model,
        openai_sync,
        otel_sdk,
        pydantic_ai_agent,
        raw_call,
    )

    from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
    from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
    from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
    from spring_ai_py.chat.prompt import Prompt

    url = server.base_url
    sdk = openai_sync(url)
    model = openai_chat_model(url)
    prompt = Prompt("hello")
    contenders: dict[str, Callable[[], object]] = {
        RAW: lambda: raw_call(sdk),
        MODEL_DIRECT: lambda: model.call(prompt).get_result().get_output().get_text(),  # type: ignore[union-attr]
    }
    for count in ADVISOR_COUNTS:
        client = chat_client(openai_chat_model(url), count)
        contenders[cc_name(count)] = asks_hello(client)

    tmp = tempfile.TemporaryDirectory()
    repository = JdbcChatMemoryRepository.sqlite(Path(tmp.name) / "memory.db")
    memory = MessageWindowChatMemory.builder().chat_memory_repository(repository).build()
    memory_client = chat_client(
        openai_chat_model(url), extra=[MessageChatMemoryAdvisor.builder(memory).build()]
    )
    contenders[MEMORY] = lambda: (
        memory_client.prompt()
        .user("hello")
        .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "bench"))
        .call()
        .content()
    )

    exporters = []
    for name, with_metrics in ((OTEL, False), (OTEL_METRICS, True)):
        tracer_provider, meter_provider, exporter = otel_sdk(with_metrics)
        exporters.append(exporter)
        client = chat_client(
            openai_chat_model(url, tracer_provider, meter_provider),
            tracer_provider=tracer_provider,
        )
        contenders[name] = asks_hello(client)

    llm = langchain_chat(url)
    contenders[LC_INVOKE] = lambda: llm.invoke("hello").content
    for style in ("wrap", "hooks"):
        for count in (*ADVISOR_COUNTS, 3):
            if style == "hooks" and count == 0:
                continue  # the same agent as 0 wrap middlewares
            agent = langchain_agent(url, count, style)
            contenders[lc_agent_name(count, style)] = invokes(agent)
    pydantic_agent = pydantic_ai_agent(url)
    contenders[PYDANTIC_AI] = lambda: pydantic_agent.run_sync("hello").output

    def clear_spans() -> None:
        for exporter in exporters:
            exporter.clear()

    try:
        samples = alternate(
            contenders, settings.rounds, settings.batch, settings.warmup, clear_spans
        )
    finally:
        repository.close()
        tmp.cleanup()
    return {"samples": samples}


def call_table(samples: dict[str, Samples]) -> list[dict[str, Any]]:
    floor = samples[RAW]
    cc = samples[cc_name(0)]
    rows = []
    for name, values in samples.items():
        overhead, overhead_p90 = paired_overhead(values, floor)
        rows.append(
            {
                "contender": name,
                "median_us": values.median(),
                "p90_us": values.p90(),
                "overhead_us": overhead,
                "overhead_p90_us": overhead_p90,
                "vs_raw": values.median() / floor.median(),
                "vs_chatclient": values.median() / cc.median(),
            }
        )
    return rows


def slope(xs: list[float], ys: list[float]) -> float:
    """Least-squares slope of ys over xs."""
    mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
    num = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True))
    return num / sum((x - mean_x) ** 2 for x in xs)


def chain_section(settings: Settings) -> dict[str, Any]:
    """The ChatClient chain alone, over in-process models (no loopback noise).

    Over HTTP the per-call noise (tens of µs) hides a few µs per advisor. Here the floor
    is the model's own ``call``, so ChatClient's time minus the floor is the chain, and
    the slope over 0/1/5/10/20 advisors is the cost of one advisor. Two models: ``hot``
    (``ConstantModel`` of ``chain_overhead.py``: answers at once, everything stays in the
    CPU caches, the chain's best case) and ``realistic`` (``SdkRoundTripModel``: a real
    SDK request over an in-memory transport, then an ``OpenAiChatModel`` response with
    usage, with ``OpenAiChatOptions``; the chain then runs with caches as cold as after
    a real call).
    """
    from chain_overhead import ConstantModel, client_with
    from contenders import SdkRoundTripModel, asks_hello, otel_sdk

    from spring_ai_py.chat.model import ChatModel
    from spring_ai_py.chat.prompt import Prompt

    prompt = Prompt("hello")
    tracer_provider, _, exporter = otel_sdk(False)
    result: dict[str, Any] = {}
    models: tuple[tuple[str, ChatModel, int], ...] = (
        ("hot", ConstantModel(), settings.chain_batch),
        ("realistic", SdkRoundTripModel(), settings.batch * 2),
    )
    for label, model, batch in models:
        contenders: dict[str, Callable[[], object]] = {"model.call": partial(model.call, prompt)}
        for count in ADVISOR_COUNTS:
            contenders[cc_name(count)] = asks_hello(client_with(model, count))
        contenders[OTEL] = asks_hello(client_with(model, 0, tracer_provider))
        samples = alternate(contenders, settings.rounds, batch, settings.warmup * 4, exporter.clear)
        floor = samples["model.call"]
        rows = {name: paired_overhead(values, floor)[0] for name, values in samples.items()}
        per_advisor = slope(
            [float(n) for n in ADVISOR_COUNTS], [rows[cc_name(n)] for n in ADVISOR_COUNTS]
        )
        result[label] = {"overhead_us": rows, "per_advisor_us": per_advisor}
    return result


# -- 2. streams -----------------------------------------------------------------------


def stream_section(server: Server, settings: Settings) -> dict[str, Any]:
    import streaming

    results = streaming.run(
        server.base_url, settings.stream_rounds, settings.stream_batch, settings.warmup // 2
    )
    floor_total, _ = results["raw openai SDK stream (async)"]
    default_total, _ = results["ChatClient stream, default chain"]
    rows = []
    for name, (total, first) in results.items():
        over_raw, over_raw_p90 = paired_overhead(total, floor_total)
        over_default, _ = paired_overhead(total, default_total)
        rows.append(
            {
                "contender": name,
                "total_median_us": total.median(),
                "total_p90_us": total.p90(),
                "first_chunk_median_us": first.median(),
                "first_chunk_p90_us": first.p90(),
                "per_chunk_over_raw_us": over_raw / streaming.CHUNKS,
                "per_chunk_over_raw_p90_us": over_raw_p90 / streaming.CHUNKS,
                "per_chunk_over_default_chain_us": over_default / streaming.CHUNKS,
                "speedup_vs_raw": floor_total.median() / total.median(),
            }
        )
    return {"rows": rows}


# -- 3. tools -------------------------------------------------------------------------


def tool_section(server: Server, settings: Settings) -> dict[str, Any]:
    from contenders import (
        TOOL_QUESTION,
        agent_input,
        chat_client,
        get_weather,
        langchain_agent,
        langchain_weather_tool,
        openai_chat_model,
        openai_sync,
        pydantic_ai_agent,
        raw_tool_round_trip,
    )

    from spring_ai_py.chat.client import ChatClient

    url = server.base_url
    sdk = openai_sync(url)
    per_request = chat_client(openai_chat_model(url))
    defaults = ChatClient.builder(openai_chat_model(url)).default_tools(get_weather).build()
    agent = langchain_agent(url, 0, tools=[langchain_weather_tool()])
    pydantic_agent = pydantic_ai_agent(url, with_tool=True)
    expected = "The answer, in twenty words or so."
    contenders: dict[str, Callable[[], object]] = {
        "raw openai SDK, two requests by hand": lambda: raw_tool_round_trip(sdk),
        "ChatClient, .tools(get_weather) per request": lambda: (
            per_request.prompt().user(TOOL_QUESTION).tools(get_weather).call().content()
        ),
        "ChatClient, default_tools(get_weather)": lambda: (
            defaults.prompt().user(TOOL_QUESTION).call().content()
        ),
        "LangChain create_agent with the tool": lambda: agent.invoke(agent_input(TOOL_QUESTION)),
        "pydantic-ai Agent with the tool": lambda: pydantic_agent.run_sync(TOOL_QUESTION).output,
    }
    checks = {
        "raw openai SDK, two requests by hand": contenders[
            "raw openai SDK, two requests by hand"
        ](),
        "ChatClient, .tools(get_weather) per request": contenders[
            "ChatClient, .tools(get_weather) per request"
        ](),
        "pydantic-ai Agent with the tool": contenders["pydantic-ai Agent with the tool"](),
    }
    for name, answer in checks.items():
        if answer != expected:
            raise RuntimeError(f"{name}: unexpected answer {answer!r}")
    before = server.stats()["requests"]
    contenders["ChatClient, default_tools(get_weather)"]()
    if server.stats()["requests"] - before != 2:
        raise RuntimeError("a ChatClient tool round-trip did not make exactly two requests")
    samples = alternate(contenders, settings.tool_rounds, settings.tool_batch, settings.warmup // 5)
    floor = samples["raw openai SDK, two requests by hand"]
    rows = []
    for name, values in samples.items():
        overhead, overhead_p90 = paired_overhead(values, floor)
        rows.append(
            {
                "contender": name,
                "median_us": values.median(),
                "p90_us": values.p90(),
                "overhead_us": overhead,
                "overhead_p90_us": overhead_p90,
                "vs_raw": values.median() / floor.median(),
            }
        )
    return {"rows": rows}


# -- 4. concurrency -------------------------------------------------------------------


def concurrency_section(server: Server, settings: Settings) -> dict[str, Any]:
    results = {}
    for contender in ("chatclient", "raw"):
        out = subprocess.run(
            [
                sys.executable,
                str(BENCH_DIR / "concurrency.py"),
                contender,
                server.base_url,
                str(settings.concurrent_streams),
            ],
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        ).stdout
        results[contender] = json.loads(out)
    return results


# -- 5. footprint ---------------------------------------------------------------------


def footprint_section(settings: Settings) -> dict[str, Any]:
    def run(*args: str) -> Any:
        out = subprocess.run(
            [sys.executable, str(BENCH_DIR / "footprint.py"), *args],
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        ).stdout
        return json.loads(out)

    return {
        "imports": run("import", str(settings.import_rounds)),
        "memory": run("memory", str(settings.conversations), str(settings.turns)),
    }


# -- report ---------------------------------------------------------------------------


def md_table(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def fmt(value: float, digits: int = 0) -> str:
    return f"{value:,.{digits}f}"


def signed(value: float, digits: int = 0) -> str:
    return f"{value:+,.{digits}f}"


def build_report(results: dict[str, Any]) -> tuple[str, list[tuple[str, str, bool]]]:
    """The markdown report and the targets as (description, measured, met)."""
    out: list[str] = []
    targets: list[tuple[str, str, bool]] = []
    calls = {row["contender"]: row for row in results["calls"]["rows"]}

    out.append("### Per call (non-streaming), overhead over the raw `openai` SDK\n")
    out.append(
        md_table(
            [
                "contender",
                "median µs",
                "p90 µs",
                "overhead µs (median)",
                "overhead µs (p90)",
                "x raw SDK",
            ],
            [
                [
                    row["contender"],
                    fmt(row["median_us"]),
                    fmt(row["p90_us"]),
                    signed(row["overhead_us"]),
                    signed(row["overhead_p90_us"]),
                    fmt(row["vs_raw"], 2),
                ]
                for row in results["calls"]["rows"]
            ],
        )
    )
    default_overhead = calls[cc_name(0)]["overhead_us"]
    chain_cost = default_overhead - calls[MODEL_DIRECT]["overhead_us"]
    chain = results["chain"]
    per_advisor = chain["realistic"]["per_advisor_us"]
    otel = calls[OTEL]["overhead_us"] - default_overhead
    otel_metrics = calls[OTEL_METRICS]["overhead_us"] - default_overhead
    targets.append(
        (
            f"ChatClient.call() default chain ≤ {TARGET_CALL_US:.0f} µs over the raw SDK",
            f"{signed(default_overhead, 1)} µs",
            default_overhead <= TARGET_CALL_US,
        )
    )
    targets.append(
        (
            f"each extra advisor ≤ {TARGET_PER_ADVISOR_US:.0f} µs",
            f"{fmt(per_advisor, 1)} µs (realistic in-process slope over 0/1/5/10/20; over HTTP "
            f"{signed(results['calls']['per_advisor_us'], 1)} µs, within the noise)",
            per_advisor <= TARGET_PER_ADVISOR_US,
        )
    )
    targets.append(
        (
            f"OTel SDK on ≤ {TARGET_OTEL_US:.0f} µs more",
            f"{signed(otel, 1)} µs (traces), {signed(otel_metrics, 1)} µs (traces + metrics)",
            otel <= TARGET_OTEL_US,
        )
    )
    out.append("")
    out.append(
        f"The ChatClient chain itself (ChatClient default chain minus `OpenAiChatModel.call`): "
        f"{signed(chain_cost, 1)} µs; `OpenAiChatModel.call` vs the raw SDK: "
        f"{signed(calls[MODEL_DIRECT]['overhead_us'], 1)} µs (it reads the JSON without "
        f"building the SDK's pydantic objects). OpenTelemetry SDK on: {signed(otel, 1)} µs "
        f"with traces, {signed(otel_metrics, 1)} µs with traces and metrics."
    )
    out.append("\n### The ChatClient chain alone (in-process models, no loopback)\n")
    names = list(chain["hot"]["overhead_us"])[1:]
    out.append(
        md_table(
            ["contender", "hot model: µs over model.call", "realistic model: µs over model.call"],
            [
                [
                    name,
                    signed(chain["hot"]["overhead_us"][name], 1),
                    signed(chain["realistic"]["overhead_us"][name], 1),
                ]
                for name in names
            ],
        )
    )
    out.append(
        f"\nEach extra `BaseAdvisor` (least-squares slope): "
        f"{fmt(chain['hot']['per_advisor_us'], 2)} µs hot, "
        f"{fmt(chain['realistic']['per_advisor_us'], 2)} µs realistic."
    )

    out.append("\n### Comparison with the peers (per call)\n")
    ours = default_overhead
    ratio_rows = []
    for peer in (LC_INVOKE, LC_AGENT_3, lc_agent_name(0, "wrap"), PYDANTIC_AI):
        peer_overhead = calls[peer]["overhead_us"]
        ratio = f"{peer_overhead / ours:,.1f}x" if ours > 0 else "n/a (ours ≤ 0)"
        ratio_rows.append(
            [
                peer,
                signed(peer_overhead),
                signed(ours),
                signed(peer_overhead - ours),
                ratio,
                fmt(calls[peer]["median_us"] / calls[cc_name(0)]["median_us"], 2) + "x",
            ]
        )
    out.append(
        md_table(
            [
                "peer",
                "peer overhead µs",
                "ChatClient overhead µs",
                "peer - ChatClient µs",
                "overhead ratio",
                "per-call time ratio",
            ],
            ratio_rows,
        )
    )

    out.append("\n### Streaming: one 20-chunk answer\n")
    stream_rows = results["streams"]["rows"]
    out.append(
        md_table(
            [
                "contender",
                "total µs (median)",
                "total µs (p90)",
                "first chunk µs (median)",
                "per chunk over raw SDK µs",
                "per chunk over default chain µs",
                "speed-up vs raw SDK",
            ],
            [
                [
                    row["contender"],
                    fmt(row["total_median_us"]),
                    fmt(row["total_p90_us"]),
                    fmt(row["first_chunk_median_us"]),
                    signed(row["per_chunk_over_raw_us"], 1),
                    signed(row["per_chunk_over_default_chain_us"], 1),
                    fmt(row["speedup_vs_raw"], 2) + "x",
                ]
                for row in stream_rows
            ],
        )
    )
    streams = {row["contender"]: row for row in stream_rows}
    five = streams["ChatClient stream, 5 advisors"]
    default = streams["ChatClient stream, default chain"]
    targets.append(
        (
            f"streaming through 5 advisors ≤ {TARGET_STREAM_PER_CHUNK_US:.0f} µs per chunk over the raw SDK",
            f"{signed(five['per_chunk_over_raw_us'], 1)} µs per chunk "
            f"(the 5 advisors alone: {signed(five['per_chunk_over_default_chain_us'], 1)} µs per chunk)",
            five["per_chunk_over_raw_us"] <= TARGET_STREAM_PER_CHUNK_US,
        )
    )
    targets.append(
        (
            f"20-chunk ChatClient stream (default chain) ≥ {TARGET_STREAM_SPEEDUP}x faster than the raw SDK stream",
            f"{fmt(default['speedup_vs_raw'], 2)}x",
            default["speedup_vs_raw"] >= TARGET_STREAM_SPEEDUP,
        )
    )

    out.append("\n### One tool round-trip (two requests)\n")
    out.append(
        md_table(
            ["contender", "median µs", "p90 µs", "overhead µs", "x raw SDK"],
            [
                [
                    row["contender"],
                    fmt(row["median_us"]),
                    fmt(row["p90_us"]),
                    signed(row["overhead_us"]),
                    fmt(row["vs_raw"], 2),
                ]
                for row in results["tools"]["rows"]
            ],
        )
    )

    out.append("\n### 1,000 concurrent streams on one event loop\n")
    concurrency_rows = []
    reuse_ok = False
    concurrency_measured = "not run"
    for contender, label in (("chatclient", "ChatClient (async for)"), ("raw", "raw AsyncOpenAI")):
        data = results["concurrency"][contender]
        errors = sum(data[phase]["errors"] for phase in ("wave1", "wave2", "sequential"))
        streams_total = sum(data[phase]["streams"] for phase in ("wave1", "wave2", "sequential"))
        connections = sum(
            data[phase]["new_connections"] for phase in ("wave1", "wave2", "sequential")
        )
        concurrency_rows.append(
            [
                label,
                f"{fmt(data['wave1']['streams_per_second'])} / {fmt(data['wave2']['streams_per_second'])}",
                fmt(data["rss_baseline_kib"] / 1024, 1),
                fmt(data["rss_peak_kib"] / 1024, 1),
                str(errors),
                f"{data['wave1']['new_connections']} / {data['wave2']['new_connections']} / "
                f"{data['sequential']['new_connections']}",
                fmt(streams_total / max(connections, 1), 2),
            ]
        )
        if contender == "chatclient":
            reuse_ok = (
                errors == 0
                and data["sequential"]["new_connections"] == 0
                and data["wave1"]["new_connections"] <= data["wave1"]["streams"]
                and data["wave2"]["new_connections"] < data["wave2"]["streams"]
            )
            concurrency_measured = (
                f"{errors} errors; new connections {data['wave1']['new_connections']} / "
                f"{data['wave2']['new_connections']} / {data['sequential']['new_connections']} "
                f"for {data['wave1']['streams']} / {data['wave2']['streams']} / "
                f"{data['sequential']['streams']} streams"
            )
    out.append(
        md_table(
            [
                "client",
                "streams/s (wave 1 / wave 2)",
                "RSS before MiB",
                "peak RSS MiB",
                "errors",
                "new connections (wave 1 / wave 2 / 100 sequential)",
                "streams per connection",
            ],
            concurrency_rows,
        )
    )
    targets.append(
        (
            "1,000 concurrent streams without errors, with connection reuse",
            concurrency_measured,
            reuse_ok,
        )
    )

    out.append("\n### Import time (fresh interpreter) and memory per conversation\n")
    imports = results["footprint"]["imports"]
    out.append(
        md_table(
            ["statement", "median ms", "p90 ms", "heavy modules it loads"],
            [
                [
                    f"`{name}`",
                    fmt(data["median_ms"], 1),
                    fmt(data["p90_ms"], 1),
                    data["heavy_modules"] or "none",
                ]
                for name, data in imports.items()
            ],
        )
    )
    package = imports["import spring_ai_py"]["median_ms"]
    client_import = imports["from spring_ai_py.chat.client import ChatClient"]["median_ms"]
    targets.append(
        (
            f"`import spring_ai_py` ≤ {TARGET_IMPORT_MS:.0f} ms",
            f"{fmt(package, 1)} ms",
            package <= TARGET_IMPORT_MS,
        )
    )
    targets.append(
        (
            f"`from spring_ai_py.chat.client import ChatClient` ≤ {TARGET_IMPORT_MS:.0f} ms (same budget)",
            f"{fmt(client_import, 1)} ms",
            client_import <= TARGET_IMPORT_MS,
        )
    )
    memory = results["footprint"]["memory"]
    out.append("")
    out.append(
        f"Memory per conversation of {memory['turns']} turns ({memory['messages_per_conversation']} "
        f"messages, {fmt(memory['text_bytes_per_conversation'])} bytes of text), "
        f"{memory['conversations']} conversations:\n"
    )
    memory_rows = [
        [
            "spring_ai_py JdbcChatMemoryRepository.sqlite (file bytes)",
            fmt(memory["sqlite_bytes_per_conversation"]),
            fmt(memory["sqlite_bytes_per_conversation"] / memory["text_bytes_per_conversation"], 2),
        ]
    ]
    for name, value in memory["heap_bytes_per_conversation"].items():
        memory_rows.append(
            [
                f"{name} (Python heap)",
                fmt(value),
                fmt(value / memory["text_bytes_per_conversation"], 2),
            ]
        )
    out.append(md_table(["store", "bytes per conversation", "x text size"], memory_rows))

    out.append("\n### Targets\n")
    out.append(
        md_table(
            ["target", "measured", "verdict"],
            [[name, measured, "met" if met else "**NOT met**"] for name, measured, met in targets],
        )
    )
    return "\n".join(out) + "\n", targets


def plot(results: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    calls = {row["contender"]: row for row in results["calls"]["rows"]}
    counts = list(ADVISOR_COUNTS)
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 5))
    series = [
        ("spring_ai_py ChatClient + BaseAdvisors", [calls[cc_name(n)] for n in counts], "o-", "C0"),
        (
            "LangChain create_agent + wrap_model_call middlewares",
            [calls[lc_agent_name(n, "wrap")] for n in counts],
            "s-",
            "C1",
        ),
        (
            "LangChain create_agent + before/after_model middlewares",
            [calls[lc_agent_name(0, "wrap")]]
            + [calls[lc_agent_name(n, "hooks")] for n in counts[1:]],
            "^-",
            "C3",
        ),
    ]
    for label, rows, style, color in series:
        left.plot(counts, [row["overhead_us"] for row in rows], style, color=color, label=label)
    for name, color, label in (
        (PYDANTIC_AI, "C2", "pydantic-ai Agent.run_sync (no per-call middleware)"),
        (LC_INVOKE, "C4", "LangChain ChatOpenAI.invoke (no middleware)"),
    ):
        left.axhline(calls[name]["overhead_us"], color=color, linestyle="--", label=label)
    left.axhline(0, color="black", linewidth=0.8)
    left.set_yscale("symlog", linthresh=100)
    left.set_xticks(counts)
    left.set_xlabel("advisors / middlewares")
    left.set_ylabel("overhead over the raw openai SDK per call (µs, symlog)")
    left.set_title("Per-call overhead over the raw SDK")
    left.legend(fontsize=7, loc="center right")
    left.grid(True, which="both", alpha=0.3)

    for label, style, color in (("realistic", "o-", "C0"), ("hot", "o--", "C9")):
        chain = results["chain"][label]
        right.plot(
            counts,
            [chain["overhead_us"][cc_name(n)] for n in counts],
            style,
            color=color,
            label=f"{label} model: {chain['per_advisor_us']:.1f} µs per advisor",
        )
    right.set_xticks(counts)
    right.set_ylim(bottom=0)
    right.set_xlabel("BaseAdvisors")
    right.set_ylabel("ChatClient.call minus model.call (µs, in-process, no HTTP)")
    right.set_title("spring_ai_py chain alone")
    right.grid(True, alpha=0.3)
    right.legend(fontsize=8)
    fig.suptitle(
        "Overhead by number of advisors (medians, loopback OpenAI-compatible server, "
        f"{time.strftime('%Y-%m-%d')})",
        fontsize=10,
    )
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds (under a minute)")
    parser.add_argument(
        "--only",
        choices=["calls", "chain", "streams", "tools", "concurrency", "footprint"],
        action="append",
        help="run only these sections (no report, no plot)",
    )
    args = parser.parse_args()
    settings = Settings.of(args.quick)
    sections = args.only or ["calls", "chain", "streams", "tools", "concurrency", "footprint"]
    pin_to(CLIENT_CPU)
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    started = time.perf_counter()
    results: dict[str, Any] = {
        "machine": f"{platform.machine()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.system()}",
        "quick": args.quick,
        "settings": settings.__dict__,
    }
    with fake_server() as server:
        if "calls" in sections:
            print("calls ...", file=sys.stderr, flush=True)
            samples = call_section(server, settings)["samples"]
            rows = call_table(samples)
            by_name = {row["contender"]: row for row in rows}
            per_advisor = slope(
                [float(n) for n in ADVISOR_COUNTS],
                [by_name[cc_name(n)]["overhead_us"] for n in ADVISOR_COUNTS],
            )
            results["calls"] = {"rows": rows, "per_advisor_us": per_advisor}
        if "chain" in sections:
            print("chain (in-process model) ...", file=sys.stderr, flush=True)
            results["chain"] = chain_section(settings)
        if "streams" in sections:
            print("streams ...", file=sys.stderr, flush=True)
            results["streams"] = stream_section(server, settings)
        if "tools" in sections:
            print("tools ...", file=sys.stderr, flush=True)
            results["tools"] = tool_section(server, settings)
        if "concurrency" in sections:
            print("concurrency ...", file=sys.stderr, flush=True)
            results["concurrency"] = concurrency_section(server, settings)
    if "footprint" in sections:
        print("footprint ...", file=sys.stderr, flush=True)
        results["footprint"] = footprint_section(settings)
    results["seconds"] = time.perf_counter() - started
    if args.only:
        print(json.dumps(results, indent=1, default=str))
        return
    report, targets = build_report(results)
    header = (
        f"Run of {time.strftime('%Y-%m-%d %H:%M')} on {results['machine']}, "
        f"{'--quick' if args.quick else 'full'} mode, {results['seconds']:.0f} s.\n\n"
    )
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "latest.md").write_text(header + report, encoding="utf-8")
    (RESULTS / "latest.json").write_text(
        json.dumps({**results, "targets": targets}, indent=1, default=str), encoding="utf-8"
    )
    plot(results, PLOT)
    print(header + report)
    print(f"Wrote {RESULTS / 'latest.md'}, {RESULTS / 'latest.json'} and {PLOT}.")
    missed = [name for name, _, met in targets if not met]
    print(f"Targets: {len(targets) - len(missed)} met, {len(missed)} NOT met.")


if __name__ == "__main__":
    main()
