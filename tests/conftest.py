"""Shared fixtures: an OpenTelemetry SDK provider with an in-memory exporter.

The ``otel`` fixture never touches the global tracer provider; tests pass
``otel.provider`` explicitly (``ChatClient.builder(model, otel.provider)``), so tests
stay independent of each other and of the application's own set-up.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter


class Otel:
    """A tracer provider whose finished spans can be read back, plus tree rendering."""

    def __init__(self) -> None:
        self.exporter = InMemorySpanExporter()
        self.provider = TracerProvider()
        self.provider.add_span_processor(SimpleSpanProcessor(self.exporter))

    def spans(self) -> list[ReadableSpan]:
        """The finished spans, in start order."""
        return sorted(self.exporter.get_finished_spans(), key=lambda s: s.start_time or 0)

    def names(self) -> list[str]:
        """The finished spans' names, in start order."""
        return [span.name for span in self.spans()]

    def span(self, name: str) -> ReadableSpan:
        """The only finished span called ``name``."""
        matches = [span for span in self.spans() if span.name == name]
        assert len(matches) == 1, f"expected one span {name!r}, found {self.names()}"
        return matches[0]

    def parent_of(self, span: ReadableSpan) -> ReadableSpan | None:
        """The finished span that is ``span``'s parent (``None`` for a root)."""
        if span.parent is None:
            return None
        for candidate in self.spans():
            if candidate.context is not None and candidate.context.span_id == span.parent.span_id:
                return candidate
        raise AssertionError(f"the parent of {span.name!r} was not exported")

    def tree(self) -> str:
        """The span tree as indented names, children in start order."""
        spans = self.spans()
        children: dict[int | None, list[ReadableSpan]] = {}
        ids = {s.context.span_id for s in spans if s.context is not None}
        for span in spans:
            parent = span.parent.span_id if span.parent is not None else None
            children.setdefault(parent if parent in ids else None, []).append(span)
        lines: list[str] = []

        def walk(parent: int | None, depth: int) -> None:
            for child in children.get(parent, []):
                lines.append("  " * depth + child.name)
                if child.context is not None:
                    walk(child.context.span_id, depth + 1)

        walk(None, 0)
        return "\n".join(lines)

    def clear(self) -> None:
        self.exporter.clear()


@pytest.fixture
def otel() -> Iterator[Otel]:
    """A fresh SDK tracer provider with an in-memory exporter (not installed globally)."""
    telemetry = Otel()
    yield telemetry
    telemetry.provider.shutdown()
