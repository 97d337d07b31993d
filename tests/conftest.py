"""Shared fixtures: an OpenTelemetry SDK provider with an in-memory exporter.

The ``otel`` fixture never touches the global tracer provider; tests pass
``otel.provider`` explicitly (``ChatClient.builder(model, otel.provider)``), so tests
stay independent of each other and of the application's own set-up.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from opentelemetry.sdk.trace import ReadableSpan

from spring_ai_py.test.spans import SpanRecorder, render_span_tree


class Otel:
    """The test kit's ``SpanRecorder`` with lookups by name and parent for assertions."""

    def __init__(self) -> None:
        self.recorder = SpanRecorder()
        self.exporter = self.recorder.exporter
        self.provider = self.recorder.tracer_provider

    def spans(self) -> list[ReadableSpan]:
        """The finished spans, in start order."""
        return sorted(self.recorder.spans, key=lambda s: s.start_time or 0)

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
        return render_span_tree(self.spans(), durations=False)

    def clear(self) -> None:
        self.recorder.clear()


@pytest.fixture
def otel() -> Iterator[Otel]:
    """A fresh SDK tracer provider with an in-memory exporter (not installed globally)."""
    telemetry = Otel()
    yield telemetry
    telemetry.provider.shutdown()
