"""Port of Spring AI 2.0.1 `org.springframework.ai.ollama.OllamaRetryTests`: 6 tests ported, 0 skipped.

Spring retries ``OllamaChatModel.call`` with a ``RetryTemplate`` on its transient
exceptions; the port retries on the wire as ``OllamaApi(max_retries=...)`` says: a
``408``/``429``/``5xx`` answer (Spring's ``TransientAiException``) or a failed connection
(``ResourceAccessException``) is sent again, any other error status (Spring's
``NonTransientAiException``) is not. The retry listener's counts are the requests the
fake server received.
"""

from __future__ import annotations

from collections.abc import Iterator

import ollama
import pytest

from spring_ai_py.chat.messages import UserMessage
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.ollama import OllamaApi, OllamaChatModel, OllamaChatOptions
from spring_ai_py.test import OllamaTestServer

MODEL = "llama3.2"


@pytest.fixture
def server() -> Iterator[OllamaTestServer]:
    with OllamaTestServer() as running:
        yield running


@pytest.fixture
def chat_model(server: OllamaTestServer) -> Iterator[OllamaChatModel]:
    api = OllamaApi(base_url=server.base_url, max_retries=3, retry_backoff=0)
    with OllamaChatModel(OllamaChatOptions(model=MODEL, temperature=0.9), ollama_api=api) as model:
        yield model


def test_ollama_chat_transient_error(server: OllamaTestServer, chat_model: OllamaChatModel) -> None:
    server.enqueue_error(503, "Transient Error 1")
    server.enqueue_error(503, "Transient Error 2")
    server.enqueue_text("Response")
    prompt = "What is the capital of Bulgaria and what is the size? What it the national anthem?"
    result = chat_model.call(Prompt(prompt))
    assert result.get_result().get_output().get_text() == "Response"
    assert len(server.requests) == 3  # two retries, then success


def test_ollama_chat_success_on_first_attempt(server: OllamaTestServer, chat_model: OllamaChatModel) -> None:
    server.enqueue_text("Quick response")
    result = chat_model.call(Prompt("Simple question"))
    assert result.get_result().get_output().get_text() == "Quick response"
    assert len(server.requests) == 1


def test_ollama_chat_non_transient_error_should_not_retry(
    server: OllamaTestServer, chat_model: OllamaChatModel
) -> None:
    server.enqueue_error(404, "Model not found")
    with pytest.raises(ollama.ResponseError, match="Model not found"):
        chat_model.call(Prompt("Invalid request"))
    assert len(server.requests) == 1


def test_ollama_chat_with_multiple_messages(server: OllamaTestServer, chat_model: OllamaChatModel) -> None:
    server.enqueue_error(503, "Temporary overload")
    server.enqueue_text("AI is artificial intelligence...")
    result = chat_model.call(Prompt([UserMessage("What is AI?"), UserMessage("Explain machine learning")]))
    assert result.get_result().get_output().get_text() == "AI is artificial intelligence..."
    assert len(server.requests) == 2
    assert len(server.requests[-1].body["messages"]) == 2


def test_ollama_chat_with_custom_options(server: OllamaTestServer, chat_model: OllamaChatModel) -> None:
    server.enqueue_disconnect()  # Spring's ResourceAccessException("Connection timeout")
    server.enqueue_text("Deterministic response")
    options = OllamaChatOptions(model=MODEL, temperature=0.1, top_p=0.9)
    result = chat_model.call(Prompt("Custom temperature request", options))
    assert result.get_result().get_output().get_text() == "Deterministic response"
    assert len(server.requests) == 2
    assert server.requests[-1].body["options"] == {"temperature": 0.1, "top_p": 0.9}


def test_ollama_chat_with_empty_response(server: OllamaTestServer, chat_model: OllamaChatModel) -> None:
    server.enqueue_error(429, "Rate limit exceeded")
    server.enqueue_text("")
    result = chat_model.call(Prompt("Edge case request"))
    assert result.get_result().get_output().get_text() == ""
    assert len(server.requests) == 2
