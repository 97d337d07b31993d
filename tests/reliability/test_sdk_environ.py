"""The SDK clients a model builds take nothing from ``os.environ`` behind its back.

The ``openai`` and ``anthropic`` constructors read ``OPENAI_ORG_ID``,
``OPENAI_PROJECT_ID``, ``OPENAI_CUSTOM_HEADERS``, ``ANTHROPIC_CUSTOM_HEADERS`` (and
more) whenever the matching argument is unset. An application context resolves what
Spring reads from its own ``environ``; the process environment, set here to values that
would show in the requests, must not reach them.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from spring_ai_py.autoconfigure import SpringApplication
from spring_ai_py.chat.model import ChatModel
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.test.faults import FaultServer
from tests.reliability.conftest import answer, provider_model

PROCESS_ENVIRON = {
    "OPENAI_ORG_ID": "env-org",
    "OPENAI_PROJECT_ID": "env-project",
    "OPENAI_ADMIN_KEY": "env-admin-key",
    "OPENAI_CUSTOM_HEADERS": "X-Env-Leak: openai",
    "OPENAI_API_KEY": "env-key",
    "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
    "ANTHROPIC_CUSTOM_HEADERS": "X-Env-Leak: anthropic",
    "ANTHROPIC_API_KEY": "env-key",
    "ANTHROPIC_BASE_URL": "http://127.0.0.1:9",
    "ANTHROPIC_WEBHOOK_SIGNING_KEY": "env-webhook",
}


@pytest.fixture
def process_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in PROCESS_ENVIRON.items():
        monkeypatch.setenv(name, value)


def _assert_nothing_leaked(server: FaultServer, key: str) -> None:
    assert server.requests, "no request reached the server"
    for request in server.requests:
        headers = request.headers
        assert "x-env-leak" not in headers
        assert "openai-organization" not in headers
        assert "openai-project" not in headers
        sent_key = headers.get("authorization", "").removeprefix("Bearer ")
        assert (sent_key or headers.get("x-api-key")) == key
        assert "env-" not in repr(sorted(headers.values()))


def _call_and_stream(model: ChatModel) -> None:
    assert answer(model, "call") == "Hello"
    assert answer(model, "stream") == "Hello"

    async def awaited() -> str:
        response = await model.acall(Prompt("Hi"))
        return response.get_result().get_output().get_text() or ""

    assert asyncio.run(awaited()) == "Hello"


@pytest.mark.usefixtures("process_environ")
def test_a_model_built_from_options_sends_nothing_from_the_process_environment(
    server: FaultServer,
) -> None:
    for _ in range(3):
        server.enqueue_answer("Hello")

    _call_and_stream(provider_model(server, api_key="options-key"))

    _assert_nothing_leaked(server, "options-key")


@pytest.mark.usefixtures("process_environ")
def test_a_per_request_retry_setting_copies_the_client_without_the_environment(
    server: FaultServer,
) -> None:
    server.enqueue_answer("Hello")
    model = provider_model(server, api_key="options-key", max_retries=0)
    options = type(model.get_options())(max_retries=3)  # the SDK's with_options copy

    response = model.call(Prompt("Hi", options))

    assert response.get_result().get_output().get_text() == "Hello"
    _assert_nothing_leaked(server, "options-key")


@pytest.mark.usefixtures("process_environ")
def test_a_context_model_reads_only_the_context_environment(
    server: FaultServer, tmp_path: Path
) -> None:
    for _ in range(3):
        server.enqueue_answer("Hello")
    prefix = server.provider.upper()
    environ = {f"{prefix}_API_KEY": "context-key", f"{prefix}_BASE_URL": server.base_url}

    with SpringApplication.run(
        config_dir=tmp_path,
        environ=environ,
        overrides={"spring.ai.model.chat": server.provider},
    ) as context:
        _call_and_stream(context.chat_model())

    _assert_nothing_leaked(server, "context-key")


@pytest.mark.usefixtures("process_environ")
def test_the_organization_of_the_context_environment_is_sent(tmp_path: Path) -> None:
    with FaultServer("openai") as server:
        server.enqueue_answer("Hello")
        environ = {
            "OPENAI_API_KEY": "context-key",
            "OPENAI_BASE_URL": server.base_url,
            "OPENAI_ORG_ID": "context-org",
        }
        with SpringApplication.run(config_dir=tmp_path, environ=environ) as context:
            assert answer(context.chat_model(), "call") == "Hello"

    assert server.requests[0].header("openai-organization") == "context-org"
    assert server.requests[0].header("openai-project") is None
    assert server.requests[0].header("x-env-leak") is None
