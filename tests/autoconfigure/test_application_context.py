"""Real-shaped configuration files build the beans a Spring AI application would get,
and those beans answer against the project's fake OpenAI and Anthropic servers."""

from __future__ import annotations

import asyncio
import logging
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from spring_ai_py.anthropic import AnthropicChatModel
from spring_ai_py.autoconfigure import (
    ApplicationContext,
    ConfigurationPropertiesBindError,
    SpringApplication,
)
from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory, InMemoryChatMemoryRepository
from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
from spring_ai_py.document import Document
from spring_ai_py.model.tool import DefaultToolCallingManager, ToolCallLimitBehavior
from spring_ai_py.openai import OpenAiChatModel
from spring_ai_py.test import AnthropicTestServer, OpenAiTestServer
from spring_ai_py.tool import tool
from spring_ai_py.vectorstore import SimpleVectorStore

CONFIGS = Path(__file__).parent / "configs"


@pytest.fixture
def openai_server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as server:
        yield server


@pytest.fixture
def anthropic_server() -> Iterator[AnthropicTestServer]:
    with AnthropicTestServer() as server:
        yield server


def app_dir(name: str, tmp_path: Path) -> Path:
    """A copy of a configuration directory, unchanged, as the application's working dir."""
    target = tmp_path / name
    shutil.copytree(CONFIGS / name, target)
    return target


def run(name: str, tmp_path: Path, environ: dict[str, str], **kwargs: object) -> ApplicationContext:
    return SpringApplication.run(config_dir=app_dir(name, tmp_path), environ=environ, **kwargs)  # type: ignore[arg-type]


def test_openai_yaml_with_old_options_form_builds_a_client_that_answers(
    tmp_path: Path, openai_server: OpenAiTestServer
) -> None:
    openai_server.enqueue_text("Hello from the configured client")
    environ = {"OPENAI_API_KEY": "sk-test", "SPRING_AI_OPENAI_BASE_URL": openai_server.base_url}
    with run("openai-chat", tmp_path, environ) as context:
        assert isinstance(context.chat_model(), OpenAiChatModel)
        client = context.chat_client_builder().build()
        assert client.prompt().user("Hi").call().content() == "Hello from the configured client"
    request = openai_server.requests[-1]
    assert request.body["model"] == "gpt-4o-mini"
    assert request.body["temperature"] == 0.7
    assert request.headers["authorization"] == "Bearer sk-test"


def test_openai_properties_with_new_form_and_connection_settings(
    tmp_path: Path, openai_server: OpenAiTestServer
) -> None:
    openai_server.enqueue_text("local answer")
    environ = {"SPRING_AI_OPENAI_BASE_URL": openai_server.base_url}
    with run("openai-properties", tmp_path, environ) as context:
        client = context.chat_client_builder().build()
        assert client.prompt().user("Hi").call().content() == "local answer"
        options = context.chat_model().get_options()
    request = openai_server.requests[-1]
    assert request.body["model"] == "llama3.2"
    assert request.body["temperature"] == 0.2
    assert request.body["top_p"] == 0.9
    assert request.body["stop"] == ["END", "STOP"]
    assert request.headers["x-client"] == "spring-ai-py"
    # The placeholder's default is the key when OPENAI_API_KEY is not set.
    assert request.headers["authorization"] == "Bearer not-used-by-local-servers"
    assert getattr(options, "timeout", None) == 30.0
    assert getattr(options, "max_retries", None) == 1


def test_anthropic_selected_by_spring_ai_model_chat(
    tmp_path: Path, anthropic_server: AnthropicTestServer
) -> None:
    anthropic_server.enqueue_text("Bonjour")
    environ = {
        "ANTHROPIC_API_KEY": "sk-ant-test",
        "SPRING_AI_ANTHROPIC_BASE_URL": anthropic_server.base_url,
    }
    with run("anthropic-chat", tmp_path, environ) as context:
        assert isinstance(context.chat_model(), AnthropicChatModel)
        answer = context.chat_client_builder().build().prompt().user("Hi").call().content()
    assert answer == "Bonjour"
    request = anthropic_server.requests[-1]
    assert request.body["model"] == "claude-opus-4-6"
    assert request.body["max_tokens"] == 1024
    assert request.body["temperature"] == 0.5
    assert "sk-ant-test" in (
        request.headers.get("x-api-key", ""),
        request.headers.get("authorization", "").removeprefix("Bearer "),
    )


def test_each_chat_client_builder_is_new_and_beans_are_singletons(tmp_path: Path) -> None:
    with run("openai-chat", tmp_path, {"OPENAI_API_KEY": "k"}) as context:
        assert context.chat_client_builder() is not context.chat_client_builder()
        assert context.chat_model() is context.chat_model()
        assert context.chat_memory() is context.chat_memory()


def test_profiles_files_and_config_directory_combine(
    tmp_path: Path, openai_server: OpenAiTestServer
) -> None:
    environ = {"OPENAI_API_KEY": "k", "SPRING_AI_OPENAI_BASE_URL": openai_server.base_url}
    for profile, model, temperature in (("dev", "gpt-4o-mini", 0.1), ("prod", "gpt-4o", 0.9)):
        openai_server.enqueue_text("ok")
        with run("profiles", tmp_path / profile, {**environ, "APP_PROFILE": profile}) as context:
            assert context.environment.active_profiles == (profile,)
            context.chat_client_builder().build().prompt().user("x").call().content()
        body = openai_server.requests[-1].body
        assert (body["model"], body["temperature"]) == (model, temperature)
        assert body.get("max_tokens", body.get("max_completion_tokens")) == 64


def test_overrides_in_code_win_over_environment_and_files(
    tmp_path: Path, openai_server: OpenAiTestServer
) -> None:
    openai_server.enqueue_text("ok")
    environ = {"OPENAI_API_KEY": "k", "SPRING_AI_OPENAI_CHAT_TEMPERATURE": "0.4"}
    overrides = {
        "spring.ai.openai.base-url": openai_server.base_url,
        "spring.ai.openai.chat.temperature": 0.6,
    }
    with run("openai-chat", tmp_path, environ, overrides=overrides) as context:
        context.chat_client_builder().build().prompt().user("x").call().content()
    assert openai_server.requests[-1].body["temperature"] == 0.6


def test_missing_api_key_is_a_clear_error_naming_the_property(tmp_path: Path) -> None:
    (tmp_path / "application.yml").write_text(
        "spring.ai.openai.chat.options.model: gpt-4o\n", encoding="utf-8"
    )
    with (
        SpringApplication.run(config_dir=tmp_path, environ={}) as context,
        pytest.raises(ValueError, match=r"spring\.ai\.openai\.api-key"),
    ):
        context.chat_model()


def test_unresolved_key_placeholder_fails_instead_of_sending_the_placeholder(
    tmp_path: Path,
) -> None:
    with (
        run("openai-chat", tmp_path, {}) as context,
        pytest.raises(ConfigurationPropertiesBindError) as caught,
    ):
        context.chat_client_builder()
    assert caught.value.property_name == "spring.ai.openai.api-key"


def test_model_selection_errors(tmp_path: Path) -> None:
    both = {"SPRING_AI_OPENAI_API_KEY": "a", "SPRING_AI_ANTHROPIC_API_KEY": "b"}
    with SpringApplication.run(config_dir=tmp_path, environ=both) as context:
        with pytest.raises(RuntimeError, match=r"set spring\.ai\.model\.chat"):
            context.chat_model()
        assert isinstance(context.chat_model("anthropic"), AnthropicChatModel)
    with (
        SpringApplication.run(
            config_dir=tmp_path, environ=both, overrides={"spring.ai.model.chat": "none"}
        ) as context,
        pytest.raises(RuntimeError, match="'none'"),
    ):
        context.chat_model()
    with (
        SpringApplication.run(
            config_dir=tmp_path, environ=both, overrides={"spring.ai.model.chat": "vertex"}
        ) as context,
        pytest.raises(ConfigurationPropertiesBindError, match="unknown provider 'vertex'"),
    ):
        context.chat_model()


def test_chat_client_can_be_disabled_and_tool_calling_auto_registration_switched_off(
    tmp_path: Path, openai_server: OpenAiTestServer
) -> None:
    environ = {"OPENAI_API_KEY": "k", "SPRING_AI_OPENAI_BASE_URL": openai_server.base_url}
    with (
        SpringApplication.run(
            config_dir=tmp_path, environ=environ, overrides={"spring.ai.chat.client.enabled": False}
        ) as context,
        pytest.raises(RuntimeError, match=r"spring\.ai\.chat\.client\.enabled is false"),
    ):
        context.chat_client_builder()

    @tool
    def current_time() -> str:
        """The current time."""
        return "12:00"

    openai_server.enqueue_tool_calls([{"name": "current_time", "arguments": {}}])
    with SpringApplication.run(
        config_dir=tmp_path,
        environ=environ,
        overrides={"spring.ai.chat.client.tool-calling.enabled": "false"},
    ) as context:
        client = context.chat_client_builder().default_tools(current_time).build()
        response = client.prompt().user("time?").call().chat_response()
    assert response is not None and response.has_tool_calls()  # the loop did not run


def test_tool_calling_properties_configure_the_manager_and_advisor(
    tmp_path: Path, openai_server: OpenAiTestServer
) -> None:
    environ = {"OPENAI_API_KEY": "k", "SPRING_AI_OPENAI_BASE_URL": openai_server.base_url}
    with run("tools-limits", tmp_path, environ) as context:
        manager = context.tool_calling_manager()
        assert isinstance(manager, DefaultToolCallingManager)
        limits = manager.get_tool_call_limits()
        assert limits.default_max_calls_per_tool == 2
        assert dict(limits.max_calls_per_tool) == {"getWeather": 1}
        assert set(limits.tools_excluded_from_limit) == {"currentTime"}
        assert limits.on_limit_exceeded is ToolCallLimitBehavior.RETURN_ERROR_RESPONSE
        client = context.chat_client_builder().build()
        plan = str(client.prompt().user("x").explain())
        assert re.search(r"Tool Calling Advisor\s+100\s", plan), plan


def test_memory_on_sqlite_from_spring_datasource_url(
    tmp_path: Path, openai_server: OpenAiTestServer
) -> None:
    database = tmp_path / "memory.db"
    environ = {
        "OPENAI_API_KEY": "k",
        "SPRING_AI_OPENAI_BASE_URL": openai_server.base_url,
        "MEMORY_DB": str(database),
    }
    openai_server.enqueue_text("Nice to meet you, Ada.")
    openai_server.enqueue_text("You are Ada.")
    with run("memory-sqlite", tmp_path, environ) as context:
        repository = context.chat_memory_repository()
        assert isinstance(repository, JdbcChatMemoryRepository)
        client = (
            context.chat_client_builder()
            .default_advisors(MessageChatMemoryAdvisor.builder(context.chat_memory()).build())
            .build()
        )
        for text in ("I am Ada.", "Who am I?"):
            client.prompt().user(text).advisors(
                lambda a: a.param(ChatMemory.CONVERSATION_ID, "ada")
            ).call().content()
    assert database.is_file()
    texts = [m["content"] for m in openai_server.requests[-1].body["messages"]]
    assert texts[:3] == ["I am Ada.", "Nice to meet you, Ada.", "Who am I?"]
    with JdbcChatMemoryRepository.sqlite(database) as reopened:
        assert len(reopened.find_by_conversation_id("ada")) == 4


def test_memory_is_in_memory_without_a_datasource(tmp_path: Path) -> None:
    with run("openai-chat", tmp_path, {"OPENAI_API_KEY": "k"}) as context:
        assert isinstance(context.chat_memory_repository(), InMemoryChatMemoryRepository)


def test_embedding_model_and_simple_vector_store(
    tmp_path: Path, openai_server: OpenAiTestServer
) -> None:
    environ = {"SPRING_AI_OPENAI_BASE_URL": openai_server.base_url}
    with run("openai-properties", tmp_path, environ) as context:
        store = context.vector_store()
        assert isinstance(store, SimpleVectorStore)
        store.add([Document("Paris is in France"), Document("Rust is a language")])
        hits = store.similarity_search("Where is Paris?")
    assert hits[0].get_text() == "Paris is in France"
    assert openai_server.requests[-1].body["model"] == "text-embedding-3-small"


def test_log_prompt_warns_and_puts_the_prompt_on_the_span(
    tmp_path: Path, openai_server: OpenAiTestServer, caplog: pytest.LogCaptureFixture
) -> None:
    from spring_ai_py.test.spans import SpanRecorder

    recorder = SpanRecorder()
    openai_server.enqueue_text("done")
    environ = {"OPENAI_API_KEY": "k", "SPRING_AI_OPENAI_BASE_URL": openai_server.base_url}
    with (
        caplog.at_level(logging.WARNING, "spring_ai_py.autoconfigure"),
        SpringApplication.run(
            config_dir=tmp_path,
            environ=environ,
            overrides={"spring.ai.chat.client.observations.log-prompt": True},
            tracer_provider=recorder.tracer_provider,
        ) as context,
    ):
        context.chat_client_builder().build().prompt().user("secret plan").call().content()
    assert "prompt content" in caplog.text
    client_span = next(s for s in recorder.spans if s.name == "spring_ai chat_client")
    assert "secret plan" in str(dict(client_span.attributes or {}))


def test_closing_the_context_closes_what_it_built_and_refuses_new_beans(tmp_path: Path) -> None:
    environ = {"OPENAI_API_KEY": "k", "MEMORY_DB": str(tmp_path / "m.db")}
    context = run("memory-sqlite", tmp_path, environ)
    repository = context.chat_memory_repository()
    assert isinstance(repository, JdbcChatMemoryRepository)
    context.close()
    context.close()  # idempotent
    with pytest.raises(RuntimeError, match="closed"):
        context.chat_model()
    with pytest.raises(RuntimeError):
        repository.find_conversation_ids()


def test_context_repr_shows_no_secret(tmp_path: Path) -> None:
    with run("openai-chat", tmp_path, {"OPENAI_API_KEY": "sk-hidden-123"}) as context:
        context.chat_model()
        assert "sk-hidden-123" not in repr(context)
        assert "sk-hidden-123" not in repr(context.chat_model())
        assert "sk-hidden-123" not in repr(context.environment)


def test_async_with_closes_the_context(tmp_path: Path) -> None:
    async def main() -> ApplicationContext:
        async with run("openai-chat", tmp_path, {"OPENAI_API_KEY": "k"}) as context:
            assert isinstance(context.chat_client_builder().build(), ChatClient)
        return context

    context = asyncio.run(main())
    with pytest.raises(RuntimeError, match="closed"):
        context.chat_model()


def test_application_tool_callbacks_resolve_by_name(tmp_path: Path) -> None:
    # Spring's toolCallbackResolver collects the ToolCallback and ToolCallbackProvider beans.
    from spring_ai_py.tool import StaticToolCallbackProvider, ToolCallbacks
    from spring_ai_py.tool.function import FunctionToolCallback

    class Clock:
        @tool(description="The time")
        def now(self) -> str:
            return "noon"

    weather = FunctionToolCallback.builder("weather", lambda city: f"{city}: sunny").description("d").input_type(str).build()
    with run("openai-chat", tmp_path, {"OPENAI_API_KEY": "k"}) as context:
        context.add_tool_callbacks(weather, StaticToolCallbackProvider(ToolCallbacks.from_(Clock())))
        with pytest.raises(TypeError, match=r"tool_callbacks\[0\] must be a ToolCallback or a ToolCallbackProvider, got str"):
            context.add_tool_callbacks("weather")  # type: ignore[arg-type]
        resolver = context.tool_calling_manager()._resolver  # type: ignore[attr-defined]
        assert resolver.resolve("weather") is weather
        assert resolver.resolve("now").call("{}") == "noon"
        assert resolver.resolve("missing") is None
        with pytest.raises(RuntimeError, match=r"tool_calling_manager\(\) is already built"):
            context.add_tool_callbacks(weather)


def _manager_settings(manager: object) -> tuple[object, ...]:
    assert isinstance(manager, DefaultToolCallingManager)
    state = vars(manager)
    convention = state["_convention"]
    return (
        manager.get_tool_call_limits(),
        state["_resolution_fallback_enabled"],
        state["_processor"]._always_throw,
        type(convention),
        getattr(convention, "include_arguments", False),
        getattr(convention, "include_result", False),
    )


def test_an_unconfigured_tools_section_gives_the_manager_of_springs_defaults(tmp_path: Path) -> None:
    # With nothing under spring.ai.tools the context skips binding the section and uses
    # the manager builder's defaults: they must be the properties' defaults.
    from spring_ai_py.autoconfigure.context import _TOOLS_PREFIX
    from spring_ai_py.autoconfigure.tools import ToolCallingProperties

    assert _TOOLS_PREFIX == ToolCallingProperties.CONFIG_PREFIX
    with SpringApplication.run(config_dir=tmp_path, environ={}) as context:
        unbound = _manager_settings(context.tool_calling_manager())
    # Setting one property to its default value makes the context bind the section.
    overrides = {"spring.ai.tools.throw-exception-on-error": "false"}
    with SpringApplication.run(config_dir=tmp_path, environ={}, overrides=overrides) as context:
        bound = _manager_settings(context.tool_calling_manager())
    assert unbound == bound
    overrides = {"spring.ai.tools.observations.include-content": "true"}
    with SpringApplication.run(config_dir=tmp_path, environ={}, overrides=overrides) as context:
        assert _manager_settings(context.tool_calling_manager()) != unbound
