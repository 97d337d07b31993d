"""Provider models own the SDK clients they create: ``close()``, ``with`` and
``async with`` close them, an async client is closed when its event loop shuts down,
clients passed in stay the caller's, and ``ALLOW_MODEL_REQUESTS = False`` keeps a test
run away from real APIs."""

from __future__ import annotations

import asyncio
import gc
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

import spring_ai_py.model as model_package
from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.openai import (
    OpenAiChatModel,
    OpenAiChatOptions,
    OpenAiEmbeddingModel,
    OpenAiEmbeddingOptions,
)
from spring_ai_py.test import AnthropicTestServer, OpenAiTestServer


@pytest.fixture
def server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as fake:
        yield fake


def openai_model(server: OpenAiTestServer, **kwargs: object) -> OpenAiChatModel:
    options = OpenAiChatOptions(base_url=server.base_url, api_key="sk-test", max_retries=0)
    return OpenAiChatModel(options=options, **kwargs)  # type: ignore[arg-type]


def test_close_closes_the_blocking_client_the_model_created(server: OpenAiTestServer) -> None:
    server.enqueue_text("one")
    model = openai_model(server)
    assert model.call("hi") == "one"
    client = model.sync_client(model.get_options())
    model.close()
    assert client.is_closed()
    server.enqueue_text("two")
    assert model.call("again") == "two"  # a closed model makes a new client when used again
    model.close()


def test_with_block_closes_the_model(server: OpenAiTestServer) -> None:
    server.enqueue_text("ok")
    with openai_model(server) as model:
        model.call("hi")
        client = model.sync_client(model.get_options())
    assert client.is_closed()


def test_async_client_is_closed_when_asyncio_run_ends(server: OpenAiTestServer) -> None:
    model = openai_model(server)
    clients = []

    async def ask(text: str) -> str | None:
        server.enqueue_text(text)
        answer = await model.acall(text)
        clients.append(model.async_client(model.get_options()))
        return answer

    with warnings.catch_warnings():
        warnings.simplefilter("error", ResourceWarning)
        assert asyncio.run(ask("first")) == "first"
        assert asyncio.run(ask("second")) == "second"
        gc.collect()
    assert len(clients) == 2 and clients[0] is not clients[1]
    assert all(client.is_closed() for client in clients)
    model.close()


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_a_model_dropped_unclosed_leaves_no_socket_open(provider: str) -> None:
    # The SDKs' own default client closes itself when collected; the one the model
    # builds (bounded by its wire limits) must too, or each pooled connection reaches
    # the socket's finalizer as an unclosed-socket ResourceWarning.
    fake: OpenAiTestServer | AnthropicTestServer
    with (OpenAiTestServer() if provider == "openai" else AnthropicTestServer()) as fake:
        fake.enqueue_text("ok")
        model: OpenAiChatModel | AnthropicChatModel
        if provider == "openai":
            model = openai_model(fake)
        else:
            model = AnthropicChatModel(
                options=AnthropicChatOptions(base_url=fake.base_url, api_key="k", max_retries=0)
            )
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ResourceWarning)
            model.call(Prompt("hi"))  # its connection stays in the pool, open
            del model
            gc.collect()
    assert [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)] == []


def test_async_with_closes_the_running_loops_client(server: OpenAiTestServer) -> None:
    async def main() -> object:
        async with openai_model(server) as model:
            server.enqueue_text("hi")
            await model.acall("hi")
            return model.async_client(model.get_options())

    client = asyncio.run(main())
    assert client.is_closed()  # type: ignore[attr-defined]


def test_clients_passed_in_stay_open(server: OpenAiTestServer) -> None:
    import openai

    own = openai.OpenAI(base_url=server.base_url, api_key="sk-test", max_retries=0)
    model = openai_model(server, openai_client=own)
    server.enqueue_text("ok")
    model.call("hi")
    model.close()
    assert not own.is_closed()
    own.close()


def test_anthropic_and_embedding_models_close_too() -> None:
    with AnthropicTestServer() as fake:
        fake.enqueue_text("ok")
        anthropic = AnthropicChatModel(
            options=AnthropicChatOptions(base_url=fake.base_url, api_key="k", max_retries=0)
        )
        with anthropic:
            anthropic.call(Prompt("hi"))
            client = anthropic.sync_client(anthropic.get_options())
        assert client.is_closed()
    with OpenAiTestServer() as fake:
        embedding = OpenAiEmbeddingModel(
            options=OpenAiEmbeddingOptions(base_url=fake.base_url, api_key="k", max_retries=0)
        )
        with embedding:
            assert len(embedding.embed("hello")) == 16


def test_requests_to_real_apis_are_refused_when_switched_off(
    server: OpenAiTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(model_package, "ALLOW_MODEL_REQUESTS", False)
    server.enqueue_text("loopback is fine")
    assert openai_model(server).call("hi") == "loopback is fine"
    real = OpenAiChatModel(options=OpenAiChatOptions(api_key="sk-real", base_url="https://api.openai.com/v1"))
    with pytest.raises(RuntimeError, match="Model requests are not allowed"):
        real.call("hi")
    with pytest.raises(RuntimeError, match="Model requests are not allowed"):
        asyncio.run(real.acall("hi"))
    anthropic = AnthropicChatModel(options=AnthropicChatOptions(api_key="sk-real"))
    with pytest.raises(RuntimeError, match="Model requests are not allowed"):
        anthropic.call("hi")


def test_closed_loops_leave_no_client_entry_behind(server: OpenAiTestServer) -> None:
    """Each asyncio.run gets its own async client; once the loop shuts down and the client
    is closed, the model keeps no reference to either (no growth per run)."""
    model = openai_model(server)

    async def ask() -> None:
        server.enqueue_text("ok")
        await model.acall("hi")

    for _ in range(5):
        asyncio.run(ask())
    gc.collect()
    assert len(model._clients._async_by_loop) == 0
    model.close()


def test_close_from_inside_another_running_loop_does_not_fail(server: OpenAiTestServer) -> None:
    model = openai_model(server)
    with asyncio.Runner() as runner:
        server.enqueue_text("ok")
        runner.run(model.acall("hi"))

        async def close_elsewhere() -> None:
            await model.aclose()

        asyncio.run(close_elsewhere())  # the first loop is idle, not closed


def test_a_provider_cannot_override_call_acall_or_stream_and_lose_the_span() -> None:
    """The base class wraps call, acall and stream in the chat span for every provider."""
    import pytest

    from spring_ai_py.openai import OpenAiChatModel

    with pytest.raises(TypeError, match=r"must not override stream: a provider implements"):

        class Unobserved(OpenAiChatModel):
            def stream(self, prompt: Any) -> Any:
                return super().stream(prompt)

    with pytest.raises(TypeError, match=r"must not override call, acall"):

        class AlsoUnobserved(OpenAiChatModel):
            def call(self, prompt: Any, /, *messages: Any) -> Any:
                return None

            async def acall(self, prompt: Any, /, *messages: Any) -> Any:
                return None
