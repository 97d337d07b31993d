"""``python -m spring_ai_py.test.server``, and the servers' opt-in model check."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator

import anthropic
import openai
import pytest

from spring_ai_py.test import AnthropicTestServer, OpenAiTestServer


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


Runner = Callable[..., tuple[subprocess.Popen[str], str]]


@pytest.fixture
def run_server() -> Iterator[Runner]:
    started: list[subprocess.Popen[str]] = []

    def run(*arguments: str) -> tuple[subprocess.Popen[str], str]:
        process = subprocess.Popen(
            [sys.executable, "-m", "spring_ai_py.test.server", *arguments],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        started.append(process)
        assert process.stdout is not None
        return process, process.stdout.readline()

    yield run
    for process in started:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        with process:  # closes its pipes (left open, they leak into a later test's gc)
            process.wait(timeout=30)


def test_openai_from_the_shell_on_the_given_port_rejecting_other_models(run_server: Runner) -> None:
    port = _free_port()
    process, banner = run_server(
        "openai", "--port", str(port), "--model", "gpt-4o-mini", "--reply", "Hi there"
    )
    base_url = f"http://127.0.0.1:{port}/v1"
    assert banner.startswith(f"Fake openai server on {base_url} (models: gpt-4o-mini)")
    client = openai.OpenAI(api_key="sk-test", base_url=base_url, max_retries=0)
    for _ in range(2):
        reply = client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": "Hello"}]
        )
        assert reply.choices[0].message.content == "Hi there"
    with pytest.raises(openai.NotFoundError, match="The model `gpt-4o-mni` does not exist"):
        client.chat.completions.create(
            model="gpt-4o-mni", messages=[{"role": "user", "content": "Hello"}]
        )
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0


def test_anthropic_from_the_shell_answers_any_model_by_default(run_server: Runner) -> None:
    _, banner = run_server("anthropic")
    assert "(models: any)" in banner
    base_url = banner.split(" on ", 1)[1].split(" ", 1)[0]
    client = anthropic.Anthropic(api_key="sk-ant-test", base_url=base_url, max_retries=0)
    message = client.messages.create(
        model="claude-anything", max_tokens=16, messages=[{"role": "user", "content": "Hi"}]
    )
    assert message.content[0].text == "Hello from the spring_ai_py fake server."  # type: ignore[union-attr]


def test_a_bad_provider_is_a_usage_error() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "spring_ai_py.test.server", "nope"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "invalid choice: 'nope'" in result.stderr


def test_gemini_from_the_shell_answers_through_the_google_genai_sdk(run_server: Runner) -> None:
    from google import genai
    from google.genai import types

    _, banner = run_server("gemini", "--reply", "Bonjour")
    base_url = banner.split(" on ", 1)[1].split(" ", 1)[0]
    client = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=base_url))
    assert client.models.generate_content(model="gemini-2.5-flash", contents="Hi").text == "Bonjour"
    client.close()


def test_anthropic_server_rejects_unknown_models_when_asked() -> None:
    with AnthropicTestServer(models=["claude-sonnet-4-5"]) as server:
        client = anthropic.Anthropic(api_key="k", base_url=server.base_url, max_retries=0)
        with pytest.raises(anthropic.NotFoundError, match="model: claude-sonet-4-5"):
            client.messages.create(
                model="claude-sonet-4-5", max_tokens=8, messages=[{"role": "user", "content": "x"}]
            )
        server.enqueue_text("ok")
        message = client.messages.create(
            model="claude-sonnet-4-5", max_tokens=8, messages=[{"role": "user", "content": "x"}]
        )
        assert message.content[0].text == "ok"  # type: ignore[union-attr]


def test_openai_server_checks_embedding_models_too() -> None:
    with OpenAiTestServer(models=["text-embedding-3-small"]) as server:
        client = openai.OpenAI(api_key="k", base_url=server.base_url, max_retries=0)
        assert client.embeddings.create(model="text-embedding-3-small", input="hi").data
        with pytest.raises(openai.NotFoundError) as caught:
            client.embeddings.create(model="text-embedding-4", input="hi")
        assert caught.value.code == "model_not_found"


def test_bad_models_and_ports_are_rejected() -> None:
    with pytest.raises(TypeError, match="models must be a collection of model names, not a str"):
        OpenAiTestServer(models="gpt-4o")
    with pytest.raises(ValueError, match="port must be an int from 0 to 65535, got 70000"):
        OpenAiTestServer().start(70000)
