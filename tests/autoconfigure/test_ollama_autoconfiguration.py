"""``spring.ai.ollama.*`` from application files shaped like Spring apps' (the Spring
AI examples' agentic-patterns properties, a chat-only ``application.yml``), and the
ports of Spring AI 2.0.1's ``OllamaChatAutoConfigurationTests`` (1 test),
``OllamaEmbeddingAutoConfigurationTests`` (1) and ``OllamaModelConfigurationTests`` (2).

Spring activates a model's auto-configuration per class on the classpath; here the
context builds a bean when it is asked for, so "no bean" is the error the context
raises for ``spring.ai.model.chat=none``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from spring_ai_py.autoconfigure import ApplicationContext, SpringApplication
from spring_ai_py.ollama import (
    OllamaChatModel,
    OllamaChatProperties,
    OllamaConnectionProperties,
    OllamaEmbeddingModel,
    OllamaEmbeddingProperties,
    OllamaInitializationProperties,
    PullModelStrategy,
    ThinkLevel,
)
from spring_ai_py.ollama._autoconfigure import OllamaThinkProperties
from spring_ai_py.test import OllamaTestServer

CONFIGS = Path(__file__).parent / "configs"


@pytest.fixture
def ollama_server() -> Iterator[OllamaTestServer]:
    with OllamaTestServer() as server:
        yield server


def run(name: str, tmp_path: Path, environ: dict[str, str]) -> ApplicationContext:
    target = tmp_path / name
    shutil.copytree(CONFIGS / name, target)
    return SpringApplication.run(config_dir=target, environ=environ)


def context_of(**properties: str) -> ApplicationContext:
    return SpringApplication.run(overrides=properties, environ={})


def test_chat_yaml_with_the_old_options_form_answers(
    tmp_path: Path, ollama_server: OllamaTestServer
) -> None:
    ollama_server.enqueue_text("Hello from llama")
    environ = {"SPRING_AI_OLLAMA_BASE_URL": ollama_server.base_url}
    with run("ollama-chat", tmp_path, environ) as context:
        assert isinstance(context.chat_model(), OllamaChatModel)
        client = context.chat_client_builder().build()
        assert client.prompt().user("Hi").call().content() == "Hello from llama"
    request = ollama_server.requests[-1]
    assert request.path == "/api/chat"
    assert request.body["model"] == "llama3.2"
    assert request.body["options"] == {"temperature": 0.7}
    assert "authorization" not in request.headers  # Ollama needs no API key


def test_agentic_patterns_properties_pick_ollama_and_pull_its_model(
    tmp_path: Path, ollama_server: OllamaTestServer
) -> None:
    # The examples list OpenAI, Anthropic and Ollama; without API keys only Ollama's
    # configuration is complete, so the context chooses it.
    environ = {"SPRING_AI_OLLAMA_BASE_URL": ollama_server.base_url}
    with run("ollama-agentic", tmp_path, environ) as context:
        init = context.get_properties(OllamaInitializationProperties)
        assert init.pull_model_strategy is PullModelStrategy.ALWAYS
        assert init.timeout == timedelta(seconds=60)
        assert init.max_retries == 2
        model = context.chat_model()
        assert isinstance(model, OllamaChatModel)
        assert [r.path for r in ollama_server.requests] == ["/api/pull", "/api/tags"]
        assert ollama_server.requests[0].body["model"] == "llama3.2:latest"
        ollama_server.enqueue_text("Routed.")
        assert context.chat_client_builder().build().prompt("Hi").call().content() == "Routed."
    assert ollama_server.installed_models == ["llama3.2:latest"]


def test_with_an_openai_key_too_the_context_asks_which_provider(tmp_path: Path) -> None:
    with run("ollama-agentic", tmp_path, {"OPENAI_API_KEY": "sk-test"}) as context, pytest.raises(
        RuntimeError, match=r"spring\.ai\.model\.chat"
    ):
        context.chat_model()


def test_the_new_chat_form_the_connection_limits_and_init(ollama_server: OllamaTestServer) -> None:
    ollama_server.enqueue_text("ok")
    with context_of(
        **{
            "spring.ai.ollama.base-url": ollama_server.base_url,
            "spring.ai.ollama.call-timeout": "30s",
            "spring.ai.ollama.max-retries": "2",
            "spring.ai.ollama.chat.model": "qwen3:4b",
            "spring.ai.ollama.chat.think": "true",
            "spring.ai.ollama.chat.num-predict": "64",
            "spring.ai.ollama.chat.stop": "END,STOP",
            "spring.ai.ollama.chat.use-numa": "true",
            "spring.ai.ollama.chat.f16-kv": "true",
            "spring.ai.ollama.chat.format": "json",
            "spring.ai.ollama.init.chat.include": "false",
            "spring.ai.ollama.init.pull-model-strategy": "always",
        }
    ) as context:
        model = context.chat_model()
        assert isinstance(model, OllamaChatModel)
        options = model.get_options()
        assert options.call_timeout == 30.0
        assert model.get_ollama_api().max_retries == 2
        context.chat_client_builder().build().prompt("Hi").call().content()
    body = ollama_server.requests[-1].body
    assert [r.path for r in ollama_server.requests] == ["/api/chat"]  # chat not included: no pull
    assert body["think"] is True
    assert body["format"] == "json"
    assert body["options"] == {"num_predict": 64, "stop": ["END", "STOP"], "numa": True, "f16_kv": True}


def test_embedding_model_with_when_missing_pulls_only_a_missing_model() -> None:
    with OllamaTestServer(models=["nomic-embed-text"]) as server, context_of(
        **{
            "spring.ai.ollama.base-url": server.base_url,
            "spring.ai.ollama.embedding.model": "nomic-embed-text",
            "spring.ai.ollama.embedding.keep-alive": "1m",
            "spring.ai.ollama.init.pull-model-strategy": "when-missing",
            "spring.ai.ollama.init.embedding.additional-models": "all-minilm",
        }
    ) as context:
        model = context.embedding_model()
        assert isinstance(model, OllamaEmbeddingModel)
        assert [r.path for r in server.requests] == ["/api/tags", "/api/pull", "/api/tags", "/api/tags"]
        assert server.installed_models == ["nomic-embed-text:latest", "all-minilm:latest"]
        assert len(model.embed("hello")) == 16
    assert server.requests[-1].body == {
        "model": "nomic-embed-text",
        "input": ["hello"],
        "options": {},
        "keep_alive": "1m",
    }


# -- OllamaChatAutoConfigurationTests ---------------------------------------------------


def test_properties_test_chat() -> None:
    with context_of(
        **{
            "spring.ai.ollama.base-url": "TEST_BASE_URL",
            "spring.ai.ollama.chat.model": "MODEL_XYZ",
            "spring.ai.ollama.chat.temperature": "0.55",
            "spring.ai.ollama.chat.top-p": "0.56",
            "spring.ai.ollama.chat.top-k": "123",
            "spring.ai.ollama.chat.think": "high",
        }
    ) as context:
        chat = context.get_properties(OllamaChatProperties)
        connection = context.get_properties(OllamaConnectionProperties)
        assert connection.base_url == "TEST_BASE_URL"
        assert chat.model == "MODEL_XYZ"
        values = chat.option_values()
        assert values["temperature"] == 0.55
        assert values["top_p"] == 0.56
        assert values["top_k"] == 123
        assert chat.think is OllamaThinkProperties.HIGH
        assert values["think_option"] == ThinkLevel.HIGH


# -- OllamaEmbeddingAutoConfigurationTests ----------------------------------------------


def test_properties_test_embedding() -> None:
    with context_of(
        **{
            "spring.ai.ollama.base-url": "TEST_BASE_URL",
            "spring.ai.ollama.embedding.options.model": "MODEL_XYZ",
        }
    ) as context:
        assert context.get_properties(OllamaEmbeddingProperties).model == "MODEL_XYZ"
        assert context.get_properties(OllamaConnectionProperties).base_url == "TEST_BASE_URL"


# -- OllamaModelConfigurationTests ------------------------------------------------------


def test_chat_model_activation() -> None:
    with context_of(**{"spring.ai.ollama.base-url": "http://127.0.0.1:1"}) as context:
        assert isinstance(context.chat_model("ollama"), OllamaChatModel)
    with context_of(**{"spring.ai.model.chat": "none"}) as context, pytest.raises(
        RuntimeError, match="No chat model"
    ):
        context.chat_model()
    with context_of(**{"spring.ai.model.chat": "ollama"}) as context:
        assert isinstance(context.chat_model(), OllamaChatModel)


def test_embedding_model_activation() -> None:
    with context_of(**{"spring.ai.ollama.base-url": "http://127.0.0.1:1"}) as context:
        assert isinstance(context.embedding_model("ollama"), OllamaEmbeddingModel)
    with context_of(**{"spring.ai.model.embedding": "none"}) as context, pytest.raises(
        RuntimeError, match="No embedding model"
    ):
        context.embedding_model()
    with context_of(**{"spring.ai.model.embedding": "ollama"}) as context:
        assert isinstance(context.embedding_model(), OllamaEmbeddingModel)


def test_bad_properties_name_the_property() -> None:
    from spring_ai_py.autoconfigure import ConfigurationPropertiesBindError

    with (
        context_of(**{"spring.ai.ollama.init.pull-model-strategy": "sometimes"}) as context,
        pytest.raises(ConfigurationPropertiesBindError, match="pull-model-strategy"),
    ):
        context.get_properties(OllamaInitializationProperties)
    with (
        context_of(**{"spring.ai.ollama.chat.think": "very"}) as context,
        pytest.raises(ConfigurationPropertiesBindError, match="think"),
    ):
        context.get_properties(OllamaChatProperties)


@pytest.mark.parametrize(
    ("name", "value", "wording"),
    [
        ("top-p", "1.5", "less than or equal to 1"),
        ("temperature", "-0.1", "greater than or equal to 0"),
        ("num-ctx", "0", "greater than 0"),
        ("mirostat", "3", "less than or equal to 2"),
        ("num-predict", "-3", "greater than or equal to -2"),
    ],
)
def test_a_bound_of_an_ollama_option_is_a_bind_error_naming_the_property(
    name: str, value: str, wording: str
) -> None:
    from spring_ai_py.autoconfigure import ConfigurationPropertiesBindError

    with (
        context_of(**{f"spring.ai.ollama.chat.{name}": value}) as context,
        pytest.raises(ConfigurationPropertiesBindError) as caught,
    ):
        context.get_properties(OllamaChatProperties)
    assert caught.value.property_name == f"spring.ai.ollama.chat.{name}"
    assert wording in str(caught.value)


def test_ollama_special_values_inside_the_bounds_bind() -> None:
    # -1: generate until done / look back num_ctx tokens; -2: fill the context.
    with context_of(
        **{
            "spring.ai.ollama.chat.num-predict": "-2",
            "spring.ai.ollama.chat.repeat-last-n": "-1",
            "spring.ai.ollama.chat.top-p": "1",
        }
    ) as context:
        values = context.get_properties(OllamaChatProperties).option_values()
    assert values == {"max_tokens": -2, "repeat_last_n": -1, "top_p": 1.0}


def test_the_embedding_model_loading_options_are_no_properties() -> None:
    with context_of(
        **{"spring.ai.ollama.embedding.model": "m", "spring.ai.ollama.embedding.num-ctx": "9"}
    ) as context:
        embedding = context.get_properties(OllamaEmbeddingProperties)
    assert embedding.option_values() == {"model": "m"}
    assert "num_ctx" not in OllamaEmbeddingProperties.model_fields


def test_a_json_schema_format_binds_from_json_text(
    tmp_path: Path, ollama_server: OllamaTestServer
) -> None:
    (tmp_path / "application.yml").write_text(
        """
spring:
  ai:
    ollama:
      chat:
        model: llama3.2
        format: '{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}'
"""
    )
    ollama_server.enqueue_text('{"city": "Paris"}')
    environ = {"SPRING_AI_OLLAMA_BASE_URL": ollama_server.base_url}
    with SpringApplication.run(config_dir=tmp_path, environ=environ) as context:
        context.chat_client_builder().build().prompt("Where?").call().content()
    assert ollama_server.requests[-1].body["format"] == {
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
    }


def test_a_schema_written_as_a_yaml_map_is_an_error_naming_the_property(tmp_path: Path) -> None:
    from spring_ai_py.autoconfigure import ConfigurationPropertiesBindError

    (tmp_path / "application.yml").write_text(
        "spring.ai.ollama.chat.format:\n  type: object\n  properties: {}\n"
    )
    with (
        SpringApplication.run(config_dir=tmp_path, environ={}) as context,
        pytest.raises(ConfigurationPropertiesBindError, match=r"spring\.ai\.ollama\.chat\.format"),
    ):
        context.chat_model()
