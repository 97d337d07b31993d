"""Port of Spring AI 2.0.1 `org.springframework.ai.openai.setup.OpenAiSetupEmptyApiKeyTests`: 2 tests ported, 0 skipped.

An empty API key is the no-auth mode of local OpenAI-compatible servers: no
``Authorization`` header is sent (and the SDK does not refuse the missing
credentials). The fake server records the headers the SDK sent.
"""

from __future__ import annotations

import asyncio

import pytest

from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.openai import (
    OpenAiChatModel,
    OpenAiChatOptions,
    OpenAiEmbeddingModel,
    OpenAiEmbeddingOptions,
)
from spring_ai_py.test.openai_server import OpenAiTestServer


def test_empty_api_key_does_not_send_authorization_header(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with OpenAiTestServer() as server:
        server.enqueue_text("Hello")
        server.enqueue_text("Hello again")
        model = OpenAiChatModel(
            options=OpenAiChatOptions(
                base_url=server.base_url, api_key="", model="gpt-4", max_retries=0
            )
        )
        assert model.call(Prompt("Hi")).get_result().get_output().get_text() == "Hello"

        async def stream() -> str:
            chunks = [r async for r in model.stream(Prompt("Hi"))]
            return "".join(
                r.get_result().get_output().get_text() or ""
                for r in chunks
                if r.get_result() is not None
            )

        assert asyncio.run(stream()) == "Hello again"
        assert [request.header("Authorization") for request in server.requests] == [None, None]


def test_noop_api_key_does_not_send_authorization_header(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spring's ``NoopApiKey`` (the 1.x migration path) has no Python counterpart: an
    empty ``api_key`` is the port's one way, and the embedding model's client honours it
    too. A key that is set is still sent."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with OpenAiTestServer() as server:
        embeddings = OpenAiEmbeddingModel(
            options=OpenAiEmbeddingOptions(base_url=server.base_url, api_key="", max_retries=0)
        )
        assert len(embeddings.embed("Hi")) == server.embedding_dimensions
        assert server.requests[-1].header("Authorization") is None
        keyed = OpenAiEmbeddingModel(
            options=OpenAiEmbeddingOptions(base_url=server.base_url, api_key="sk-1", max_retries=0)
        )
        keyed.embed("Hi")
        assert server.requests[-1].header("Authorization") == "Bearer sk-1"
