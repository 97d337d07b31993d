"""The test kit as a pytest plugin (registered through the ``pytest11`` entry point, so
installing ``spring_ai_py[test]`` is enough).

Fixtures:

- ``scripted_chat_model``: an empty :class:`ScriptedChatModel`; queue its answers.
- ``openai_test_server`` / ``anthropic_test_server`` / ``ollama_test_server`` /
  ``gemini_test_server``: a started wire-level fake server,
  stopped after the test; point a provider model's ``base_url`` at ``server.base_url``.
- ``span_recorder``: a :class:`SpanRecorder` whose ``tracer_provider`` you pass to
  ``ChatClient.builder(model, span_recorder.tracer_provider)``.

The ini option ``spring_ai_py_allow_model_requests = false`` (in ``pytest.ini`` or
``[tool.pytest.ini_options]``) sets ``spring_ai_py.model.ALLOW_MODEL_REQUESTS`` to
``False`` for the run: a provider model whose base URL is not a loopback address then
raises instead of calling a real API, while the fake servers keep working.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from spring_ai_py.test.anthropic_server import AnthropicTestServer
    from spring_ai_py.test.gemini_server import GeminiTestServer
    from spring_ai_py.test.ollama_server import OllamaTestServer
    from spring_ai_py.test.openai_server import OpenAiTestServer
    from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
    from spring_ai_py.test.spans import SpanRecorder

ALLOW_OPTION = "spring_ai_py_allow_model_requests"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        ALLOW_OPTION,
        "false: provider models may only reach loopback servers (the fake servers)",
        type="bool",
        default=True,
    )


def pytest_configure(config: pytest.Config) -> None:
    if not config.getini(ALLOW_OPTION):
        import spring_ai_py.model as model

        model.ALLOW_MODEL_REQUESTS = False


@pytest.fixture
def scripted_chat_model() -> ScriptedChatModel:
    """An empty scripted chat model: ``add_response``, ``add_tool_calls``, ``add_stream``."""
    from spring_ai_py.test.scripted_chat_model import ScriptedChatModel

    return ScriptedChatModel()


@pytest.fixture
def openai_test_server() -> Iterator[OpenAiTestServer]:
    """A started fake OpenAI server (``base_url`` ends in ``/v1``)."""
    from spring_ai_py.test.openai_server import OpenAiTestServer

    with OpenAiTestServer() as server:
        yield server


@pytest.fixture
def anthropic_test_server() -> Iterator[AnthropicTestServer]:
    """A started fake Anthropic server."""
    from spring_ai_py.test.anthropic_server import AnthropicTestServer

    with AnthropicTestServer() as server:
        yield server


@pytest.fixture
def ollama_test_server() -> Iterator[OllamaTestServer]:
    """A started fake Ollama server (give ``OllamaApi(base_url=server.base_url)``)."""
    from spring_ai_py.test.ollama_server import OllamaTestServer

    with OllamaTestServer() as server:
        yield server


@pytest.fixture
def gemini_test_server() -> Iterator[GeminiTestServer]:
    """A started fake Gemini API server (give ``base_url`` to the SDK's ``http_options``
    or to ``GoogleGenAiChatOptions(base_url=...)``)."""
    from spring_ai_py.test.gemini_server import GeminiTestServer

    with GeminiTestServer() as server:
        yield server


@pytest.fixture
def span_recorder() -> Iterator[SpanRecorder]:
    """In-memory spans from a private SDK tracer provider (never the global one)."""
    from spring_ai_py.test.spans import SpanRecorder

    recorder = SpanRecorder()
    yield recorder
    recorder.tracer_provider.shutdown()
