"""Port of Spring AI 2.0.1 `org.springframework.ai.google.genai.GoogleGenAiRetryTests`: 2 tests ported, 0 skipped.

Spring's two tests have empty bodies ("TODO: Update this test to work with the new GenAI
SDK"); the port gives them the behaviour their names describe, with the SDK's retries
(``max_retries``) against ``GeminiTestServer``: a transient ``503`` is retried until the
answer comes, a ``400`` is not retried.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from google.genai import errors

from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.google.genai import GoogleGenAiChatModel, GoogleGenAiChatOptions
from spring_ai_py.test import GeminiTestServer


@pytest.fixture
def server() -> Iterator[GeminiTestServer]:
    with GeminiTestServer() as running:
        yield running


@pytest.fixture
def chat_model(server: GeminiTestServer) -> Iterator[GoogleGenAiChatModel]:
    options = GoogleGenAiChatOptions(
        temperature=0.7,
        top_p=1.0,
        model=GoogleGenAiChatModel.ChatModel.GEMINI_3_1_PRO_PREVIEW.get_value(),
        api_key="k",
        base_url=server.base_url,
        max_retries=3,
    )
    with GoogleGenAiChatModel(options=options) as model:
        yield model


def test_vertex_ai_gemini_chat_transient_error(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    server.enqueue_error(503, "Transient Error 1")
    server.enqueue_error(503, "Transient Error 2")
    server.enqueue_text("Response")
    response = chat_model.call(Prompt("Test"))
    assert response.get_result().get_output().get_text() == "Response"
    assert len(server.requests) == 3


def test_vertex_ai_gemini_chat_non_transient_error(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    server.enqueue_error(400, "Non Transient Error")
    with pytest.raises(errors.ClientError, match="Non Transient Error"):
        chat_model.call(Prompt("Test"))
    assert len(server.requests) == 1
