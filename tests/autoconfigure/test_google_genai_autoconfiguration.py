"""``spring.ai.google.genai.*`` end to end, and ports of Spring AI 2.0.1's
`GoogleGenAiPropertiesTests` (13 tests ported, 0 skipped), `GoogleGenAiModelConfigurationTests`
(3 tests ported, 0 skipped) and `GoogleGenAiCachedContentServiceAutoConfigurationTests`
(6 tests ported, 0 skipped).

Spring's ``ApplicationContextRunner`` with property values is ``SpringApplication.run``
with ``overrides`` here; a bean "not in the context" is a ``RuntimeError`` from
``context.chat_model()``. Spring's cached content service bean is the chat model's
``get_cached_content_service()`` (the port's context has no separate bean), so the
``enable-cached-content`` tests check the property is bound. The Vertex AI test Spring
runs only with ``GOOGLE_CLOUD_PROJECT`` set builds the model offline (the SDK asks for
credentials only when a request is sent). Real-shaped configuration files
(``configs/google-genai-*``) answer through the fake Gemini server.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.autoconfigure import (
    ApplicationContext,
    ConfigurationPropertiesBindError,
    SpringApplication,
)
from spring_ai_py.google.genai import (
    GoogleGenAiCachedContentService,
    GoogleGenAiChatModel,
    GoogleGenAiChatOptions,
    GoogleGenAiChatProperties,
    GoogleGenAiConnectionProperties,
    GoogleGenAiEmbeddingConnectionProperties,
    GoogleGenAiServiceTier,
    GoogleGenAiTextEmbeddingModel,
)
from spring_ai_py.test import GeminiTestServer

CONFIGS = Path(__file__).parent / "configs"
ToolChoice = GoogleGenAiChatOptions.ToolChoice


@pytest.fixture
def server() -> Iterator[GeminiTestServer]:
    with GeminiTestServer() as running:
        yield running


def _context(tmp_path: Path, environ: dict[str, str] | None = None, **overrides: Any) -> ApplicationContext:
    return SpringApplication.run(
        config_dir=tmp_path, overrides=dict(overrides), environ=environ or {}
    )


def _props(tmp_path: Path, **properties: Any) -> ApplicationContext:
    return _context(tmp_path, **{key.replace("__", "."): value for key, value in properties.items()})


def _chat_options(tmp_path: Path, properties: dict[str, Any]) -> GoogleGenAiChatOptions:
    with _context(tmp_path, **properties) as context:
        values = context.get_properties(GoogleGenAiChatProperties).option_values()
    return GoogleGenAiChatOptions(**values)


# -- GoogleGenAiPropertiesTests -------------------------------------------------------------


def test_connection_properties_binding(tmp_path: Path) -> None:
    properties = {
        "spring.ai.google.genai.api-key": "test-key",
        "spring.ai.google.genai.project-id": "test-project",
        "spring.ai.google.genai.location": "us-central1",
    }
    with _context(tmp_path, **properties) as context:
        connection = context.get_properties(GoogleGenAiConnectionProperties)
    assert connection.api_key is not None and connection.api_key.get_secret_value() == "test-key"
    assert connection.project_id == "test-project"
    assert connection.location == "us-central1"
    assert "test-key" not in repr(connection)


def test_chat_properties_binding(tmp_path: Path) -> None:
    options = _chat_options(
        tmp_path,
        {
            "spring.ai.google.genai.chat.model": "gemini-2.0-flash",
            "spring.ai.google.genai.chat.temperature": "0.5",
            "spring.ai.google.genai.chat.max-output-tokens": "2048",
            "spring.ai.google.genai.chat.top-p": "0.9",
            "spring.ai.google.genai.chat.response-mime-type": "application/json",
        },
    )
    assert options.get_model() == "gemini-2.0-flash"
    assert options.get_temperature() == 0.5
    assert options.get_max_output_tokens() == 2048
    assert options.get_top_p() == 0.9
    assert options.get_response_mime_type() == "application/json"


def test_embedding_properties_binding(tmp_path: Path) -> None:
    properties = {
        "spring.ai.google.genai.embedding.api-key": "embedding-key",
        "spring.ai.google.genai.embedding.project-id": "embedding-project",
        "spring.ai.google.genai.embedding.location": "europe-west1",
    }
    with _context(tmp_path, **properties) as context:
        embedding = context.get_properties(GoogleGenAiEmbeddingConnectionProperties)
    assert embedding.api_key is not None
    assert embedding.api_key.get_secret_value() == "embedding-key"
    assert embedding.project_id == "embedding-project"
    assert embedding.location == "europe-west1"


def test_cached_content_properties_binding(tmp_path: Path) -> None:
    options = _chat_options(
        tmp_path,
        {
            "spring.ai.google.genai.chat.use-cached-content": "true",
            "spring.ai.google.genai.chat.cached-content-name": "cachedContent/test123",
            "spring.ai.google.genai.chat.auto-cache-threshold": "100000",
            "spring.ai.google.genai.chat.auto-cache-ttl": "PT1H",
        },
    )
    assert options.get_use_cached_content() is True
    assert options.get_cached_content_name() == "cachedContent/test123"
    assert options.get_auto_cache_threshold() == 100000
    assert options.get_auto_cache_ttl() == timedelta(hours=1)


def test_extended_usage_metadata_properties_binding(tmp_path: Path) -> None:
    options = _chat_options(
        tmp_path, {"spring.ai.google.genai.chat.include-extended-usage-metadata": "true"}
    )
    assert options.get_include_extended_usage_metadata() is True


def test_cached_content_default_values_binding(tmp_path: Path) -> None:
    options = _chat_options(tmp_path, {})
    assert options.get_use_cached_content() is None
    assert options.get_cached_content_name() is None
    assert options.get_auto_cache_threshold() is None
    assert options.get_auto_cache_ttl() is None


def test_extended_usage_metadata_default_binding(tmp_path: Path) -> None:
    assert _chat_options(tmp_path, {}).get_include_extended_usage_metadata() is None


def test_include_thoughts_properties_binding(tmp_path: Path) -> None:
    options = _chat_options(tmp_path, {"spring.ai.google.genai.chat.include-thoughts": "true"})
    assert options.get_include_thoughts() is True


def test_include_thoughts_default_binding(tmp_path: Path) -> None:
    assert _chat_options(tmp_path, {}).get_include_thoughts() is None


def test_tool_choice_mode_only_binding(tmp_path: Path) -> None:
    choice = _chat_options(tmp_path, {"spring.ai.google.genai.chat.tool-choice.mode": "ANY"}).get_tool_choice()
    assert choice is not None
    assert choice.mode is ToolChoice.Mode.ANY
    assert choice.allowed_function_names is None


def test_tool_choice_with_allowed_function_names_binding(tmp_path: Path) -> None:
    choice = _chat_options(
        tmp_path,
        {
            "spring.ai.google.genai.chat.tool-choice.mode": "ANY",
            "spring.ai.google.genai.chat.tool-choice.allowed-function-names": "funcA,funcB",
        },
    ).get_tool_choice()
    assert choice is not None
    assert choice.mode is ToolChoice.Mode.ANY
    assert choice.allowed_function_names == ["funcA", "funcB"]


def test_tool_choice_not_set_by_default(tmp_path: Path) -> None:
    assert _chat_options(tmp_path, {}).get_tool_choice() is None


def test_tool_choice_allowed_function_names_only_binding_defaults_mode_to_auto(tmp_path: Path) -> None:
    choice = _chat_options(
        tmp_path, {"spring.ai.google.genai.chat.tool-choice.allowed-function-names": "funcA,funcB"}
    ).get_tool_choice()
    assert choice is not None
    assert choice.mode is ToolChoice.Mode.AUTO
    assert choice.allowed_function_names == ["funcA", "funcB"]


# -- GoogleGenAiModelConfigurationTests ------------------------------------------------------


def test_chat_model_activation_with_api_key(tmp_path: Path) -> None:
    with _context(
        tmp_path, **{"spring.ai.google.genai.api-key": "test-key", "spring.ai.model.chat": "none"}
    ) as context, pytest.raises(RuntimeError, match=r"No chat model: spring\.ai\.model\.chat is 'none'"):
        context.chat_model()
    with _context(
        tmp_path,
        **{"spring.ai.google.genai.api-key": "test-key", "spring.ai.model.chat": "google-genai"},
    ) as context:
        assert isinstance(context.chat_model(), GoogleGenAiChatModel)


def test_chat_model_activation_with_vertex_ai(tmp_path: Path) -> None:
    vertex = {
        "spring.ai.google.genai.project-id": "test-project",
        "spring.ai.google.genai.location": "us-central1",
    }
    with (
        _context(tmp_path, **vertex, **{"spring.ai.model.chat": "none"}) as context,
        pytest.raises(RuntimeError, match="is 'none'"),
    ):
        context.chat_model()
    with _context(tmp_path, **vertex, **{"spring.ai.model.chat": "google-genai"}) as context:
        model = context.chat_model()
        assert isinstance(model, GoogleGenAiChatModel)
        options = model.get_options()
        assert (options.vertex_ai, options.project_id, options.location) == (
            True,
            "test-project",
            "us-central1",
        )
        client = model.sync_client(options)
        assert client.vertexai is True


def test_chat_model_default_activation(tmp_path: Path) -> None:
    with _context(tmp_path, **{"spring.ai.google.genai.api-key": "test-key"}) as context:
        # The only configured provider is chosen without spring.ai.model.chat.
        assert isinstance(context.chat_model(), GoogleGenAiChatModel)


# -- GoogleGenAiCachedContentServiceAutoConfigurationTests --------------------------------


KEY_AND_MODEL = {
    "spring.ai.google.genai.api-key": "test-key",
    "spring.ai.google.genai.chat.model": "gemini-2.0-flash",
    "spring.ai.model.chat": "google-genai",
}


def test_cached_content_service_bean_is_created_when_chat_model_exists(tmp_path: Path) -> None:
    with _context(tmp_path, **KEY_AND_MODEL) as context:
        model = context.chat_model()
        assert isinstance(model, GoogleGenAiChatModel)
        assert isinstance(model.get_cached_content_service(), GoogleGenAiCachedContentService)


def test_cached_content_service_bean_is_not_created_when_disabled(tmp_path: Path) -> None:
    with _context(
        tmp_path, **KEY_AND_MODEL, **{"spring.ai.google.genai.chat.enable-cached-content": "false"}
    ) as context:
        assert context.get_properties(GoogleGenAiChatProperties).enable_cached_content is False
        assert isinstance(context.chat_model(), GoogleGenAiChatModel)


def test_cached_content_service_bean_is_not_created_when_chat_model_is_disabled(
    tmp_path: Path,
) -> None:
    # Spring's body checks the service exists with a mocked model and no properties;
    # the default of enable-cached-content is true.
    with _context(tmp_path, **KEY_AND_MODEL) as context:
        assert context.get_properties(GoogleGenAiChatProperties).enable_cached_content is True


def test_cached_content_service_cannot_be_created_with_mock_client_without_caches() -> None:
    # Spring's mocked Client without caches; here a client that is not a genai.Client.
    with pytest.raises(ValueError, match="GenAI client must not be null"):
        GoogleGenAiCachedContentService(None)  # type: ignore[arg-type]


def test_cached_content_properties_are_passed_to_chat_model(tmp_path: Path) -> None:
    with _context(
        tmp_path,
        **KEY_AND_MODEL,
        **{
            "spring.ai.google.genai.chat.use-cached-content": "true",
            "spring.ai.google.genai.chat.cached-content-name": "cachedContent/test123",
            "spring.ai.google.genai.chat.auto-cache-threshold": "50000",
            "spring.ai.google.genai.chat.auto-cache-ttl": "PT2H",
        },
    ) as context:
        options = context.chat_model().get_options()
    assert isinstance(options, GoogleGenAiChatOptions)
    assert options.use_cached_content is True
    assert options.cached_content_name == "cachedContent/test123"
    assert options.auto_cache_threshold == 50000
    assert options.auto_cache_ttl == timedelta(hours=2)


def test_extended_usage_metadata_property_is_passed_to_chat_model(tmp_path: Path) -> None:
    with _context(
        tmp_path, **KEY_AND_MODEL, **{"spring.ai.google.genai.chat.include-extended-usage-metadata": "true"}
    ) as context:
        options = context.chat_model().get_options()
    assert isinstance(options, GoogleGenAiChatOptions)
    assert options.include_extended_usage_metadata is True


# -- real-shaped configuration files ---------------------------------------------------------


def _app(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copytree(CONFIGS / name, target)
    return target


def test_yaml_with_the_2_0_1_form_builds_chat_and_embedding_models_that_answer(
    tmp_path: Path, server: GeminiTestServer
) -> None:
    environ = {
        "GEMINI_API_KEY": "AIza-yaml-key",
        "SPRING_AI_GOOGLE_GENAI_BASE_URL": server.base_url,
        "SPRING_AI_GOOGLE_GENAI_EMBEDDING_BASE_URL": server.base_url,
    }
    server.enqueue_text("Hello from Gemini")
    with SpringApplication.run(config_dir=_app("google-genai-chat", tmp_path), environ=environ) as context:
        assert isinstance(context.chat_model(), GoogleGenAiChatModel)
        answer = context.chat_client_builder().build().prompt().user("Hi").call().content()
        embedding = context.embedding_model()
        assert isinstance(embedding, GoogleGenAiTextEmbeddingModel)
        vector = embedding.embed("hello world")
    assert answer == "Hello from Gemini"
    chat, embed = server.requests
    assert chat.path == "/v1/models/gemini-2.5-pro:generateContent"
    assert chat.header("x-goog-api-key") == "AIza-yaml-key"
    config = chat.body["generationConfig"]
    assert config["temperature"] == 0.3 and config["maxOutputTokens"] == 2048
    assert config["thinkingConfig"] == {"thinking_budget": 1024, "include_thoughts": True}
    assert chat.body["safetySettings"] == [
        {"category": "HARM_CATEGORY_HARASSMENT", "threshold": "BLOCK_ONLY_HIGH"}
    ]
    assert chat.body["labels"] == {"team": "docs"}
    assert embed.path == "/v1/models/gemini-embedding-001:batchEmbedContents"
    assert embed.body["requests"][0]["taskType"] == "RETRIEVAL_QUERY"
    assert embed.body["requests"][0]["outputDimensionality"] == 8
    assert len(vector) == 8


def test_properties_with_the_old_options_form_and_the_google_api_key_variable(
    tmp_path: Path, server: GeminiTestServer
) -> None:
    environ = {"GOOGLE_API_KEY": "AIza-env-key", "SPRING_AI_GOOGLE_GENAI_BASE_URL": server.base_url}
    server.enqueue_text("ok")
    app = _app("google-genai-properties", tmp_path)
    with SpringApplication.run(config_dir=app, environ=environ) as context:
        context.chat_client_builder().build().prompt().user("Hi").call().content()
        options = context.chat_model().get_options()
    request = server.requests[-1]
    # ${GOOGLE_API_KEY:} resolves from the context's environ, never os.environ.
    assert request.header("x-goog-api-key") == "AIza-env-key"
    assert request.path.endswith("/gemini-2.5-flash:generateContent")
    config = request.body["generationConfig"]
    assert config["temperature"] == 0.5 and config["topK"] == 20
    assert config["stopSequences"] == ["END", "STOP"]
    assert config["responseMimeType"] == "text/plain"
    assert request.body["toolConfig"]["functionCallingConfig"] == {
        "mode": "ANY",
        "allowedFunctionNames": ["weather"],
    }
    assert isinstance(options, GoogleGenAiChatOptions)
    assert options.service_tier is GoogleGenAiServiceTier.PRIORITY


def test_the_key_comes_from_the_context_environment_only(
    tmp_path: Path, server: GeminiTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GOOGLE_API_KEY", "from-os-environ")
    with _context(
        tmp_path, {}, **{"spring.ai.google.genai.base-url": server.base_url, "spring.ai.model.chat": "google-genai"}
    ) as context, pytest.raises(RuntimeError, match="Incomplete Google GenAI configuration"):
        context.chat_model()
    with _context(
        tmp_path,
        {"GEMINI_API_KEY": "from-context"},
        **{"spring.ai.google.genai.base-url": server.base_url, "spring.ai.model.chat": "google-genai"},
    ) as context:
        server.enqueue_text("ok")
        context.chat_model().call("Hi")
    assert server.requests[-1].header("x-goog-api-key") == "from-context"


def test_vertex_mode_needs_project_and_location(tmp_path: Path) -> None:
    with _context(
        tmp_path,
        **{"spring.ai.google.genai.vertex-ai": "true", "spring.ai.google.genai.project-id": "p", "spring.ai.model.chat": "google-genai"},
    ) as context, pytest.raises(RuntimeError, match="requires both 'project-id' and 'location'"):
        context.chat_model()


def test_exchange_limits_and_bad_values_are_bound(tmp_path: Path) -> None:
    with _context(
        tmp_path,
        **KEY_AND_MODEL,
        **{
            "spring.ai.google.genai.call-timeout": "30s",
            "spring.ai.google.genai.max-answer-bytes": "1000",
            "spring.ai.google.genai.max-retries": "2",
        },
    ) as context:
        options = context.chat_model().get_options()
    assert isinstance(options, GoogleGenAiChatOptions)
    assert (options.call_timeout, options.max_answer_bytes, options.max_retries) == (30.0, 1000, 2)
    with _context(
        tmp_path, **KEY_AND_MODEL, **{"spring.ai.google.genai.chat.thinking-level": "EXTREME"}
    ) as context, pytest.raises(ConfigurationPropertiesBindError, match="thinking-level"):
        context.chat_model()


def test_two_configured_providers_pick_the_one_whose_key_resolves(tmp_path: Path) -> None:
    with _context(
        tmp_path,
        {"GEMINI_API_KEY": "g"},
        **{
            "spring.ai.openai.api-key": "${OPENAI_API_KEY}",
            "spring.ai.google.genai.api-key": "${GEMINI_API_KEY}",
        },
    ) as context:
        assert isinstance(context.chat_model(), GoogleGenAiChatModel)


def test_a_bad_task_type_names_its_property(tmp_path: Path) -> None:
    with _context(
        tmp_path,
        {"GEMINI_API_KEY": "k"},
        **{
            "spring.ai.model.embedding": "google-genai",
            "spring.ai.google.genai.embedding.text.task-type": "SEARCHING",
        },
    ) as context, pytest.raises(ConfigurationPropertiesBindError, match="task-type"):
        context.embedding_model()


def test_vertex_ai_with_a_service_account_file_builds_its_client_offline(tmp_path: Path) -> None:
    import json as json_module

    serialization = pytest.importorskip("cryptography.hazmat.primitives.serialization")
    rsa = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.rsa")
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode("ascii")
    account = tmp_path / "service-account.json"
    account.write_text(
        json_module.dumps(
            {
                "type": "service_account",
                "project_id": "test-project",
                "private_key_id": "test",
                "private_key": pem,
                "client_email": "test@test-project.iam.gserviceaccount.com",
                "client_id": "1",
                "token_uri": "https://oauth2.googleapis.com/token",
            }
        )
    )
    with _context(
        tmp_path,
        **{
            "spring.ai.google.genai.vertex-ai": "true",
            "spring.ai.google.genai.project-id": "test-project",
            "spring.ai.google.genai.location": "europe-west4",
            "spring.ai.google.genai.credentials-uri": f"file:{account}",
            "spring.ai.model.chat": "google-genai",
        },
    ) as context:
        model = context.chat_model()
        assert isinstance(model, GoogleGenAiChatModel)
        client = model.sync_client(model.get_options())
        credentials = client._api_client._credentials
        assert credentials is not None
        assert credentials.service_account_email == "test@test-project.iam.gserviceaccount.com"
        assert client._api_client.location == "europe-west4"
