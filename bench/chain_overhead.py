"""Per-call cost of ChatClient.call() over calling the model directly.

Contenders alternate round by round (this machine is shared and noisy); each round
times a batch of calls and yields one per-call figure. Reported: median and p90 of the
per-call overhead over the bare model call, and whether the targets are met:

* default chain (OTel no-op): at most 25 µs per call;
* each extra advisor (OTel no-op): at most 4 µs.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor.api import AdvisorChain, BaseAdvisor
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import ChatOptions, Prompt

TARGET_DEFAULT_CHAIN_US = 25.0
TARGET_PER_ADVISOR_US = 4.0


class ConstantModel(ChatModel):
    """A model that answers instantly with a prebuilt response."""

    def __init__(self) -> None:
        self._response = ChatResponse(
            [
                Generation(
                    AssistantMessage("ok"),
                    ChatGenerationMetadata.builder().finish_reason("STOP").build(),
                )
            ]
        )
        self._options = ChatOptions(model="constant")

    def call(self, prompt: Prompt) -> ChatResponse:
        return self._response

    def get_options(self) -> ChatOptions:
        return self._options


class PassThroughAdvisor(BaseAdvisor):
    def __init__(self, order: int) -> None:
        self._order = order

    def get_order(self) -> int:
        return self._order

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        return chat_client_request

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        return chat_client_response


def client_with(
    model: ChatModel, advisors: int, tracer_provider: object | None = None
) -> ChatClient:
    builder = ChatClient.builder(model, tracer_provider)  # type: ignore[arg-type]
    if advisors:
        builder.default_advisors([PassThroughAdvisor(i) for i in range(advisors)])
    return builder.build()


def asks(client: ChatClient) -> Callable[[], object]:
    return lambda: client.prompt().user("hello").call().content()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--batch", type=int, default=300)
    args = parser.parse_args()

    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    exporter = InMemorySpanExporter()
    sdk_provider = TracerProvider()
    sdk_provider.add_span_processor(SimpleSpanProcessor(exporter))

    model = ConstantModel()
    prompt = Prompt("hello")
    contenders: dict[str, Callable[[], object]] = {
        "model.call (floor)": lambda: model.call(prompt),
    }
    for count in (0, 5, 20):
        contenders[f"ChatClient, {count} advisors, OTel no-op"] = asks(client_with(model, count))
    for count in (0, 5):
        contenders[f"ChatClient, {count} advisors, OTel SDK"] = asks(
            client_with(model, count, sdk_provider)
        )

    for run in contenders.values():  # warm-up
        for _ in range(200):
            run()
    exporter.clear()
    gc.collect()
    gc.freeze()

    samples: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(args.rounds):
        for name, run in contenders.items():
            start = time.perf_counter_ns()
            for _ in range(args.batch):
                run()
            samples[name].append((time.perf_counter_ns() - start) / args.batch / 1000)
        exporter.clear()

    floor = statistics.median(samples["model.call (floor)"])
    print(f"{'contender':42} {'median µs':>10} {'p90 µs':>10} {'overhead µs':>12}")
    medians: dict[str, float] = {}
    for name, values in samples.items():
        medians[name] = statistics.median(values)
        print(
            f"{name:42} {medians[name]:10.2f} {percentile(values, 0.9):10.2f} {medians[name] - floor:12.2f}"
        )

    default_overhead = medians["ChatClient, 0 advisors, OTel no-op"] - floor
    per_advisor = (
        medians["ChatClient, 20 advisors, OTel no-op"]
        - medians["ChatClient, 0 advisors, OTel no-op"]
    ) / 20
    print()
    print(
        f"default chain overhead: {default_overhead:.2f} µs (target ≤ {TARGET_DEFAULT_CHAIN_US} µs): "
        f"{'met' if default_overhead <= TARGET_DEFAULT_CHAIN_US else 'NOT met'}"
    )
    print(
        f"per extra advisor: {per_advisor:.2f} µs (target ≤ {TARGET_PER_ADVISOR_US} µs): "
        f"{'met' if per_advisor <= TARGET_PER_ADVISOR_US else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
