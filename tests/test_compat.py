"""The other libraries' private APIs in spring_ai_py._compat still exist and behave."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

from spring_ai_py import _compat


def test_running_loop_sees_the_loop_of_this_thread_only() -> None:
    assert _compat.running_loop() is None

    async def inside() -> asyncio.AbstractEventLoop | None:
        return _compat.running_loop()

    loop = asyncio.new_event_loop()
    try:
        assert loop.run_until_complete(inside()) is loop
    finally:
        loop.close()


def test_global_tracer_provider_is_read_where_set_tracer_provider_stores_it() -> None:
    from opentelemetry import trace

    assert hasattr(trace, "_TRACER_PROVIDER")
    assert _compat.global_tracer_provider_if_set() is trace._TRACER_PROVIDER


def test_openai_clients_still_have_the_no_auth_hooks() -> None:
    import openai

    for client_class in (openai.OpenAI, openai.AsyncOpenAI):
        hook = inspect.signature(client_class._validate_headers)
        assert list(hook.parameters) == ["self", "headers", "custom_headers"]
        assert "_enforce_credentials" in inspect.signature(client_class).parameters
        no_auth, settings = _compat.no_auth_openai_client(client_class)
        client = no_auth(base_url="http://localhost:1/v1", **settings)
        assert "Authorization" not in client.default_headers


def test_the_sdks_http_clients_still_expose_their_connection_pools() -> None:
    import anthropic
    import httpcore2
    import openai

    for factory in (
        openai.DefaultHttpxClient,
        openai.DefaultAsyncHttpxClient,
        anthropic.DefaultHttpxClient,
        anthropic.DefaultAsyncHttpxClient,
    ):
        client = factory()
        pools = _compat.connection_pools(client)
        assert pools, factory
        for pool in pools:
            backend = pool._network_backend
            assert isinstance(backend, httpcore2.NetworkBackend | httpcore2.AsyncNetworkBackend)


def test_environ_free_clients_reset_what_the_sdks_read_from_the_environment(
    monkeypatch: Any,
) -> None:
    import anthropic
    import openai

    monkeypatch.setenv("OPENAI_PROJECT_ID", "env-project")
    monkeypatch.setenv("OPENAI_CUSTOM_HEADERS", "X-Env: 1")
    monkeypatch.setenv("ANTHROPIC_CUSTOM_HEADERS", "X-Env: 1")
    for client_class in (openai.OpenAI, openai.AsyncOpenAI):
        free = _compat.environ_free_client(client_class)
        assert free.__name__ == client_class.__name__ and issubclass(free, client_class)
        client = free(api_key="k", default_headers={"X-Mine": "2"})
        assert client.project is None
        headers = client.with_options(max_retries=5).default_headers
        assert "X-Env" not in headers and headers["X-Mine"] == "2"
    for client_class in (anthropic.Anthropic, anthropic.AsyncAnthropic):
        client = _compat.environ_free_client(client_class)(api_key="k")
        assert "X-Env" not in client.with_options(max_retries=5).default_headers
