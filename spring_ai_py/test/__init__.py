"""Test kit for users' own tests: scripted models and wire-level fake servers.

``ScriptedChatModel`` answers from a queue and records every prompt; ``SpanRecorder``
collects spans in memory; ``OpenAiTestServer``, ``AnthropicTestServer``,
``OllamaTestServer`` and ``GeminiTestServer`` speak the real HTTP JSON, SSE and NDJSON
formats of these APIs on loopback, so the official SDKs and the provider models run offline. ``RecordingAdvisor`` and ``AnsweringAdvisor`` are the
advisor doubles tests keep needing. Installed with the ``test`` extra, the kit is also a
pytest plugin (``spring_ai_py.test.pytest_plugin``) with fixtures for all of these.
``FaultServer`` answers in the OpenAI or Anthropic format with injected faults (error statuses, cut,
stalled and malformed streams, wrong-shape bodies).
``write_pdf`` / ``pdf_bytes`` make small PDFs (text pages and an outline) for testing
PDF readers.
"""

from spring_ai_py.test._wire import RecordedRequest
from spring_ai_py.test.advisors import AnsweringAdvisor, RecordingAdvisor
from spring_ai_py.test.anthropic_server import AnthropicTestServer, AnthropicUsage
from spring_ai_py.test.faults import FaultServer
from spring_ai_py.test.gemini_server import GeminiTestServer, GeminiUsage
from spring_ai_py.test.ollama_server import OllamaTestServer
from spring_ai_py.test.openai_server import OpenAiTestServer, OpenAiUsage
from spring_ai_py.test.pdf import PdfBookmark, PdfText, pdf_bytes, write_pdf
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.test.spans import SpanRecorder, render_span_tree

__all__ = [
    "AnsweringAdvisor",
    "AnthropicTestServer",
    "AnthropicUsage",
    "FaultServer",
    "OllamaTestServer",
    "GeminiTestServer",
    "GeminiUsage",
    "OpenAiTestServer",
    "OpenAiUsage",
    "PdfBookmark",
    "PdfText",
    "RecordedRequest",
    "RecordingAdvisor",
    "ScriptedChatModel",
    "SpanRecorder",
    "pdf_bytes",
    "render_span_tree",
    "write_pdf",
]
