"""The other libraries' private APIs in spring_ai_py._compat still exist and behave."""

from __future__ import annotations

import asyncio
import inspect

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
