"""Record spans in memory and print them as an indented tree (needs opentelemetry-sdk).

``SpanRecorder()`` gives a ``tracer_provider`` to pass to ``ChatClient.builder``;
``recorder.tree()`` renders the finished spans::

    spring_ai chat_client  1.20 ms
      my_outer  1.05 ms
        call  0.40 ms
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import ReadableSpan, TracerProvider


class SpanRecorder:
    """An OpenTelemetry SDK tracer provider exporting to memory, synchronously."""

    def __init__(self) -> None:
        try:
            from opentelemetry.sdk.trace import TracerProvider
        except ImportError as error:
            raise ImportError(
                "SpanRecorder needs the OpenTelemetry SDK: pip install 'spring_ai_py[test]'"
            ) from error
        from opentelemetry.sdk.trace.export import SimpleSpanProcessor
        from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

        self.exporter = InMemorySpanExporter()
        self.tracer_provider: TracerProvider = TracerProvider()
        self.tracer_provider.add_span_processor(SimpleSpanProcessor(self.exporter))

    @property
    def spans(self) -> list[ReadableSpan]:
        """Finished spans, in the order they ended."""
        return list(self.exporter.get_finished_spans())

    def names(self) -> list[str]:
        """The names of the finished spans, in the order they ended."""
        return [span.name for span in self.spans]

    def by_name(self, name: str) -> list[ReadableSpan]:
        """The finished spans named ``name``."""
        return [span for span in self.spans if span.name == name]

    def clear(self) -> None:
        """Forget the spans recorded so far."""
        self.exporter.clear()

    def tree(self, durations: bool = True) -> str:
        """The finished spans as an indented tree (with durations unless ``durations=False``)."""
        return render_span_tree(self.spans, durations)


def render_span_tree(spans: Sequence[ReadableSpan], durations: bool = True) -> str:
    """Render spans as an indented tree of names (and durations), children by start time."""
    by_id = {span.context.span_id: span for span in spans if span.context is not None}
    children: dict[int | None, list[Any]] = {}
    for span in spans:
        parent = span.parent.span_id if span.parent is not None else None
        if parent not in by_id:
            parent = None
        children.setdefault(parent, []).append(span)
    lines: list[str] = []

    def walk(parent: int | None, depth: int) -> None:
        for span in sorted(children.get(parent, []), key=lambda s: s.start_time or 0):
            label = "  " * depth + span.name
            if durations and span.start_time is not None and span.end_time is not None:
                label += f"  {(span.end_time - span.start_time) / 1e6:.2f} ms"
            lines.append(label)
            if span.context is not None:
                walk(span.context.span_id, depth + 1)

    walk(None, 0)
    return "\n".join(lines)
