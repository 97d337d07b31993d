"""OllamaModelManager and the pull strategies against the loopback OllamaTestServer,
with the cases of Spring AI 2.0.1's ``OllamaModelManagerIT`` (an integration test
against a real Ollama there: its ``@Disabled`` "brittle in CI" cases run here, on the
fake server; the Hugging Face one is the same flow with an ``hf.co/...`` name)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import timedelta

import ollama
import pytest

from spring_ai_py.ollama import (
    ModelManagementOptions,
    OllamaApi,
    OllamaChatModel,
    OllamaChatOptions,
    OllamaEmbeddingModel,
    OllamaModel,
    OllamaModelManager,
    PullModelStrategy,
    management,
)
from spring_ai_py.test import OllamaTestServer

MODEL = OllamaModel.NOMIC_EMBED_TEXT.get_name()


@pytest.fixture
def server() -> Iterator[OllamaTestServer]:
    with OllamaTestServer(models=[MODEL]) as running:
        yield running


@pytest.fixture
def manager(server: OllamaTestServer) -> Iterator[OllamaModelManager]:
    manager = OllamaModelManager(OllamaApi(base_url=server.base_url))
    yield manager
    manager.close()


def test_when_model_available_return_true(manager: OllamaModelManager) -> None:
    assert manager.is_model_available(MODEL) is True
    assert manager.is_model_available(MODEL + ":latest") is True


def test_when_model_not_available_return_false(manager: OllamaModelManager) -> None:
    assert manager.is_model_available("aleph") is False


@pytest.mark.parametrize(
    "name", ["all-minilm", "hf.co/SanctumAI/Llama-3.2-1B-Instruct-GGUF"], ids=["ollama", "hugging-face"]
)
def test_pull_and_delete_model(manager: OllamaModelManager, name: str) -> None:
    explicit = f"{name}:33m"
    manager.delete_model(explicit)
    manager.pull_model(explicit, PullModelStrategy.WHEN_MISSING)
    assert manager.is_model_available(explicit)
    manager.delete_model(name)
    assert not manager.is_model_available(name)
    assert manager.is_model_available(explicit)
    manager.pull_model(name, PullModelStrategy.WHEN_MISSING)
    assert manager.is_model_available(name)
    assert manager.is_model_available(f"{name}:latest")
    manager.delete_model(explicit)
    assert not manager.is_model_available(explicit)
    manager.delete_model(f"{name}:latest")
    assert not manager.is_model_available(f"{name}:latest")


def test_pull_additional_models(server: OllamaTestServer, manager: OllamaModelManager) -> None:
    assert not manager.is_model_available("all-minilm")
    OllamaModelManager(
        OllamaApi(base_url=server.base_url),
        ModelManagementOptions(
            pull_model_strategy=PullModelStrategy.WHEN_MISSING,
            additional_models=["all-minilm"],
            timeout=timedelta(minutes=5),
        ),
    ).close()
    assert manager.is_model_available("all-minilm")
    manager.delete_model("all-minilm")
    assert not manager.is_model_available("all-minilm")


def test_strategies(server: OllamaTestServer, manager: OllamaModelManager) -> None:
    manager.pull_model(MODEL, PullModelStrategy.NEVER)
    manager.pull_model(MODEL, PullModelStrategy.WHEN_MISSING)
    assert [r.path for r in server.requests] == ["/api/tags"]
    manager.pull_model(MODEL, PullModelStrategy.ALWAYS)
    assert [r.path for r in server.requests][1:] == ["/api/pull", "/api/tags"]
    assert server.requests[1].body == {"model": MODEL, "insecure": False, "stream": True}


def test_pull_progress_is_logged(manager: OllamaModelManager, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="spring_ai_py.ollama.management"):
        manager.pull_model("qwen3:4b", PullModelStrategy.ALWAYS)
    statuses = [r.getMessage() for r in caplog.records]
    assert statuses[0] == "Start pulling model: qwen3:4b"
    assert "Pulling the 'qwen3:4b' model - Status: pulling manifest" in statuses
    assert statuses[-1] == "Completed pulling the 'qwen3:4b' model"


def test_a_failed_pull_is_tried_again_then_fails(
    server: OllamaTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(management, "PULL_RETRY_BACKOFF", 0.0)
    options = ModelManagementOptions(pull_model_strategy=PullModelStrategy.ALWAYS, max_retries=1)
    with OllamaModelManager(OllamaApi(base_url=server.base_url), options) as retrying:
        server.enqueue_pull_error("pull model manifest: file does not exist")
        retrying.pull_model("qwen3:4b")
        assert retrying.is_model_available("qwen3:4b")
        server.enqueue_pull_error("first")
        server.enqueue_pull_error("second")
        with pytest.raises(ollama.ResponseError, match="second"):
            retrying.pull_model("gemma3")


def test_a_pull_past_its_timeout_fails(server: OllamaTestServer) -> None:
    import httpx

    options = ModelManagementOptions(timeout=timedelta(microseconds=1))
    with (
        OllamaModelManager(OllamaApi(base_url=server.base_url), options) as slow,
        pytest.raises(httpx.ReadTimeout, match="the pull timeout"),
    ):
        slow.pull_model("gemma3", PullModelStrategy.ALWAYS)


def test_models_pull_their_model_when_built(server: OllamaTestServer) -> None:
    api = OllamaApi(base_url=server.base_url)
    when_missing = ModelManagementOptions(pull_model_strategy=PullModelStrategy.WHEN_MISSING)
    with OllamaChatModel(OllamaChatOptions(model="llama3.2"), api, model_management_options=when_missing):
        assert "llama3.2:latest" in server.installed_models
    with OllamaEmbeddingModel(ollama_api=api, model_management_options=when_missing):
        assert "mxbai-embed-large:latest" in server.installed_models
    count = len(server.requests)
    with OllamaChatModel(OllamaChatOptions(model="gemma3"), api):  # NEVER by default
        assert len(server.requests) == count


def test_bad_management_options_name_themselves() -> None:
    with pytest.raises(TypeError, match="pull_model_strategy"):
        ModelManagementOptions(pull_model_strategy="ALWAYS")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="additional_models"):
        ModelManagementOptions(additional_models="all-minilm")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="timeout"):
        ModelManagementOptions(timeout=timedelta(0))
    with pytest.raises(ValueError, match="max_retries"):
        ModelManagementOptions(max_retries=-1)
    with pytest.raises(ValueError, match="modelName must not be empty"):
        OllamaModelManager().is_model_available(" ")
