"""Span edge cases of the one observation helper: a span the sampler drops still parents
its children (so they are dropped too, not exported as orphan roots), and a stream's span
ends even when starting the stream fails."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.sdk.trace.sampling import (
    ALWAYS_OFF,
    ALWAYS_ON,
    Decision,
    ParentBased,
    Sampler,
    SamplingResult,
)

from spring_ai_py._observation import StreamStep, call_step, observe_stream, tracer_for
from spring_ai_py.chat.client import ChatClient
from spring_ai_py.test import ScriptedChatModel


def provider(sampler: object = None) -> tuple[TracerProvider, InMemorySpanExporter]:
    exporter = InMemorySpanExporter()
    tracer_provider = TracerProvider(sampler=sampler) if sampler is not None else TracerProvider()  # type: ignore[arg-type]
    tracer_provider.add_span_processor(SimpleSpanProcessor(exporter))
    return tracer_provider, exporter


class DropClientCalls(Sampler):
    """Drops root spans of ChatClient calls and samples every other root (as a ratio
    sampler does for some traces): children must follow their parent's decision."""

    def should_sample(self, parent_context, trace_id, name, *args, **kwargs):  # type: ignore[no-untyped-def]
        if name == "spring_ai chat_client":
            return SamplingResult(Decision.DROP)
        return ALWAYS_ON.should_sample(parent_context, trace_id, name, *args, **kwargs)

    def get_description(self) -> str:
        return "DropClientCalls"


def test_a_dropped_root_drops_the_whole_call_tree() -> None:
    tracer_provider, exporter = provider(ParentBased(DropClientCalls()))
    model = ScriptedChatModel("a", "b")
    client = ChatClient.builder(model, tracer_provider).build()
    client.prompt().user("x").call().content()
    "".join(client.prompt().user("y").stream().content())
    assert exporter.get_finished_spans() == ()  # no advisor span became its own root


def test_a_stream_span_ends_when_starting_the_stream_fails() -> None:
    tracer_provider, exporter = provider()
    tracer = tracer_for(tracer_provider)
    ended: list[BaseException | None] = []

    def source() -> AsyncIterator[int]:
        raise ValueError("cannot start")

    async def consume() -> None:
        stream = observe_stream(
            tracer, lambda: StreamStep("step", dict, source), on_end=ended.append
        )
        async for _ in stream:
            pass

    with pytest.raises(ValueError, match="cannot start"):
        asyncio.run(consume())
    (span,) = exporter.get_finished_spans()
    assert span.name == "step" and not span.status.is_ok
    assert len(ended) == 1 and isinstance(ended[0], ValueError)


def test_call_step_of_a_sampled_out_parent_is_current_for_its_children() -> None:
    tracer_provider, exporter = provider(ParentBased(ALWAYS_OFF))
    tracer = tracer_for(tracer_provider)
    with call_step(tracer, "outer", dict) as outer, call_step(tracer, "inner", dict) as inner:
        assert not outer.is_recording() and not inner.is_recording()
        assert inner.get_span_context().trace_id == outer.get_span_context().trace_id
    assert exporter.get_finished_spans() == ()
