"""Spans go to the global OpenTelemetry provider once the application installs one.

Without an SDK the library skips span work entirely; installing the SDK later (after
``spring_ai_py`` was imported and a client built) must switch spans on. The global
provider can be set once per process, so this runs in a subprocess.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap


def test_spans_follow_a_global_provider_installed_after_the_client_was_built() -> None:
    script = textwrap.dedent(
        """
        from opentelemetry import trace
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import SimpleSpanProcessor
        from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

        from spring_ai_py.chat.client import ChatClient
        from spring_ai_py.test import ScriptedChatModel

        client = ChatClient.create(ScriptedChatModel("one", "two", "three"))
        assert client.prompt().user("before").call().content() == "one"

        exporter = InMemorySpanExporter()
        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(exporter))
        trace.set_tracer_provider(provider)

        assert client.prompt().user("after").call().content() == "two"
        assert "".join(client.prompt().user("streamed").stream().content()) == "three"
        names = [span.name for span in exporter.get_finished_spans()]
        import json
        print(json.dumps(names))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    names = json.loads(result.stdout)
    assert names.count("spring_ai chat_client") == 2
    assert names.count("call") == 1
    assert names.count("stream") == 1
    assert names.count("tool_calling") == 2
