"""What the library adds on top of the OpenTelemetry SDK's own per-span cost.

One ChatClient call with a trivial in-process model (the default chain: the
``spring_ai chat_client``, ``tool_calling`` and ``call`` spans) is timed three ways, in
alternating rounds:

- OTel off: no SDK (the API's no-op path);
- OTel on: an SDK ``TracerProvider`` with a ``SimpleSpanProcessor`` and an
  ``InMemorySpanExporter``;
- the floor, "SDK alone": the same SDK provider creating the very spans one call
  produced (same names, nesting, attributes), replayed without the library.

"library extra" = on - off - floor: what the library's own span handling costs.
Run: ``python bench/otel_overhead.py [--quick]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt

RESPONSE = ChatResponse([Generation(AssistantMessage("hi"))])


class InstantModel(ChatModel):
    def call(self, prompt: Prompt) -> ChatResponse:  # type: ignore[override]
        return RESPONSE


def sdk_provider() -> tuple[TracerProvider, InMemorySpanExporter]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    return provider, exporter


def replay(spans: list[ReadableSpan], provider: TracerProvider) -> Callable[[], None]:
    """A function creating ``spans`` again (same names, attributes, nesting)."""
    tracer = provider.get_tracer("floor")
    by_parent: dict[int | None, list[ReadableSpan]] = {}
    ids = {span.context.span_id for span in spans if span.context is not None}
    for span in spans:
        parent = span.parent.span_id if span.parent is not None and span.parent.span_id in ids else None
        by_parent.setdefault(parent, []).append(span)

    def make(span: ReadableSpan) -> Callable[[], None]:
        children = [make(child) for child in by_parent.get(span.context.span_id, [])]  # type: ignore[union-attr]
        attributes = dict(span.attributes or {})
        name = span.name

        def run() -> None:
            with tracer.start_as_current_span(name, attributes=attributes):
                for child in children:
                    child()

        return run

    roots = [make(span) for span in by_parent.get(None, [])]

    def run_all() -> None:
        for root in roots:
            root()

    return run_all


def per_call_us(function: Callable[[], Any], calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        function()
    return (time.perf_counter() - start) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    calls, rounds = (1_000, 5) if args.quick else (5_000, 11)

    off = ChatClient.builder(InstantModel()).build()
    provider, exporter = sdk_provider()
    on = ChatClient.builder(InstantModel(), provider).build()
    on.prompt().user("x").call().content()
    spans = list(exporter.get_finished_spans())
    floor_provider, _ = sdk_provider()
    floor = replay(spans, floor_provider)

    contenders: dict[str, Callable[[], Any]] = {
        "OTel off": lambda: off.prompt().user("x").call().content(),
        "OTel on (SDK, in-memory exporter)": lambda: on.prompt().user("x").call().content(),
        f"SDK alone ({len(spans)} spans)": floor,
    }
    for function in contenders.values():
        per_call_us(function, calls // 10)  # warm up
    samples: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(rounds):
        for name, function in contenders.items():
            samples[name].append(per_call_us(function, calls))
            exporter.clear()
    medians = {name: statistics.median(values) for name, values in samples.items()}
    names = list(medians)
    extra = medians[names[1]] - medians[names[0]] - medians[names[2]]
    print("| contender | median µs per call |")
    print("|---|---|")
    for name, value in medians.items():
        print(f"| {name} | {value:.1f} |")
    print(f"| library extra on top of the SDK (on - off - SDK alone) | {extra:+.1f} |")
    print(f"spans per call: {', '.join(span.name for span in spans)}")


if __name__ == "__main__":
    main()
