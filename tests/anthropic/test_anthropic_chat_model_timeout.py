"""Port of Spring AI 2.0.1 `org.springframework.ai.anthropic.AnthropicChatModelTimeoutTests`: 4 tests ported, 0 skipped.

Spring delays MockWebServer's headers by seconds; here the fake server holds its reply
back ``DELAY`` seconds (``enqueue_text(delay=...)``) and the timeouts are scaled down
accordingly, so the tests stay fast. The SDK's ``x-stainless-timeout`` request header
shows the timeout it used. Spring's ``AnthropicIoException`` is the SDK's
``anthropic.APITimeoutError``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import anthropic
import pytest

from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions
from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.messages import UserMessage
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.test.anthropic_server import AnthropicTestServer

DELAY = 0.6
SHORT = 0.2


@pytest.fixture
def server() -> Iterator[AnthropicTestServer]:
    with AnthropicTestServer() as running:
        yield running


def _model(server: AnthropicTestServer) -> AnthropicChatModel:
    return AnthropicChatModel(
        options=AnthropicChatOptions(
            base_url=server.base_url,
            api_key="test-key",
            model="claude-haiku-4-5-20251001",
            max_tokens=10,
            timeout=SHORT,
            max_retries=0,
        )
    )


def test_construction_time_timeout_bounds_the_call(server: AnthropicTestServer) -> None:
    server.enqueue_text("ok", delay=DELAY)
    with pytest.raises(anthropic.APITimeoutError):
        _model(server).call(Prompt("hi"))


def test_per_request_chat_client_timeout_overrides_construction_time_timeout(
    server: AnthropicTestServer,
) -> None:
    server.enqueue_text("ok", delay=DELAY)
    client = ChatClient.builder(_model(server)).build()
    content = (
        client.prompt()
        .user("hi")
        .options(AnthropicChatOptions.builder().timeout(5))
        .call()
        .content()
    )
    assert content == "ok"
    assert server.requests[0].header("x-stainless-timeout") == "5"


def test_chat_client_default_options_timeout_overrides_construction_time_timeout(
    server: AnthropicTestServer,
) -> None:
    server.enqueue_text("ok", delay=DELAY)
    client = (
        ChatClient.builder(_model(server))
        .default_options(AnthropicChatOptions.builder().timeout(5))
        .build()
    )
    assert client.prompt().user("hi").call().content() == "ok"


def test_per_request_chat_client_timeout_is_forwarded_on_the_streaming_path(
    server: AnthropicTestServer,
) -> None:
    server.enqueue_text("ok")
    client = ChatClient.builder(_model(server)).build()
    prompt = Prompt([UserMessage("hi")], AnthropicChatOptions(timeout=5))

    async def run() -> str:
        return "".join([text async for text in client.prompt(prompt).stream().content()])

    assert asyncio.run(run()) == "ok"
    assert server.requests[0].header("x-stainless-timeout") == "5"
