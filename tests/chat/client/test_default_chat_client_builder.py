"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.DefaultChatClientBuilderTests`:
21 tests ported, 0 skipped.

Spring's ``ReflectionTestUtils.getField(builder, "defaultRequest")`` reads the
builder's ``_default_request``; a ``Resource`` is a ``pathlib.Path``, a ``Charset`` a
codec name, an ``ObservationRegistry`` an OpenTelemetry tracer provider (PORTING §6).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.chat.client import (
    ChatClientRequestSpec,
    DefaultChatClient,
    DefaultChatClientBuilder,
)
from spring_ai_py.chat.client.advisor import ToolCallingAdvisor
from spring_ai_py.model.tool import ToolCallingManager
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


def default_request(builder: DefaultChatClientBuilder) -> ChatClientRequestSpec:
    request = builder._default_request
    assert isinstance(request, DefaultChatClient.DefaultChatClientRequestSpec)
    return request


def test_when_clone_builder() -> None:
    original_builder = DefaultChatClientBuilder(ScriptedChatModel())
    original_builder.default_system("first instructions")
    cloned_builder = original_builder.clone()
    original_builder.default_system("second instructions")

    assert cloned_builder is not original_builder
    assert default_request(cloned_builder).get_system_text() == "first instructions"


def test_when_chat_model_is_null_then_throws() -> None:
    with pytest.raises(ValueError, match=r"^chat_model cannot be null$"):
        DefaultChatClientBuilder(None)  # type: ignore[arg-type]


def test_when_observation_registry_is_null_then_throws() -> None:
    """PORTING §6 differs on purpose: ``tracer_provider=None`` means the global
    OpenTelemetry provider, so the builder is created."""
    builder = DefaultChatClientBuilder(ScriptedChatModel(), None, None, None, None)
    assert default_request(builder).tracer_provider is None


def test_when_advisor_observation_convention_is_null_then_return(otel: Any) -> None:
    assert DefaultChatClientBuilder(ScriptedChatModel(), otel.provider, None, None, None) is not None


def test_when_tool_calling_manager_then_propagated_to_request_spec(otel: Any) -> None:
    manager = ToolCallingManager.builder().build()
    builder = DefaultChatClientBuilder(
        ScriptedChatModel(), otel.provider, None, None, ToolCallingAdvisor.builder().tool_calling_manager(manager)
    )
    advisor_builder = default_request(builder).tool_calling_advisor_builder
    assert advisor_builder is not None
    assert advisor_builder.get_tool_calling_manager() is manager


def test_when_user_resource_is_null_then_throws() -> None:
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    with pytest.raises(ValueError, match=r"^text cannot be null$"):
        builder.default_user(None, "utf-8")


def test_when_user_charset_is_null_then_throws(tmp_path: Path) -> None:
    (tmp_path / "user-prompt.txt").write_text("my question", encoding="utf-8")
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    with pytest.raises(ValueError, match=r"^charset cannot be null$"):
        builder.default_user(tmp_path / "user-prompt.txt", None)


def test_when_system_resource_is_null_then_throws() -> None:
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    with pytest.raises(ValueError, match=r"^text cannot be null$"):
        builder.default_system(None, "utf-8")


def test_when_system_charset_is_null_then_throws(tmp_path: Path) -> None:
    (tmp_path / "system-prompt.txt").write_text("instructions", encoding="utf-8")
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    with pytest.raises(ValueError, match=r"^charset cannot be null$"):
        builder.default_system(tmp_path / "system-prompt.txt", None)


def test_when_template_renderer_is_null_then_throws() -> None:
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    with pytest.raises(ValueError, match=r"^template_renderer cannot be null$"):
        builder.default_template_renderer(None)  # type: ignore[arg-type]


def test_when_clone_builder_then_modifying_original_does_not_affect_clone() -> None:
    original_builder = DefaultChatClientBuilder(ScriptedChatModel())
    original_builder.default_system("original system")
    original_builder.default_user("original user")
    cloned_builder = original_builder.clone()
    original_builder.default_system("modified system")
    original_builder.default_user("modified user")

    cloned_request = default_request(cloned_builder)
    assert cloned_request.get_system_text() == "original system"
    assert cloned_request.get_user_text() == "original user"


def test_when_build_chat_client_then_returns_valid_instance() -> None:
    chat_client = DefaultChatClientBuilder(ScriptedChatModel()).build()
    assert isinstance(chat_client, DefaultChatClient)


def test_when_overriding_system_prompt_then_latest_value_is_used() -> None:
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    builder.default_system("first system prompt")
    builder.default_system("second system prompt")
    assert default_request(builder).get_system_text() == "second system prompt"


def test_when_overriding_user_prompt_then_latest_value_is_used() -> None:
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    builder.default_user("first user prompt")
    builder.default_user("second user prompt")
    assert default_request(builder).get_user_text() == "second user prompt"


def test_when_default_user_string_set_then_applied_to_request() -> None:
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    builder.default_user("test user prompt")
    assert default_request(builder).get_user_text() == "test user prompt"


def test_when_default_system_string_set_then_applied_to_request() -> None:
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    builder.default_system("test system prompt")
    assert default_request(builder).get_system_text() == "test system prompt"


def test_when_builder_method_chaining_then_all_settings_applied() -> None:
    builder = DefaultChatClientBuilder(ScriptedChatModel()).default_system("system prompt").default_user("user prompt")
    request = default_request(builder)
    assert request.get_system_text() == "system prompt"
    assert request.get_user_text() == "user prompt"


def test_when_clone_with_all_settings_then_all_are_copied() -> None:
    original_builder = (
        DefaultChatClientBuilder(ScriptedChatModel()).default_system("system prompt").default_user("user prompt")
    )
    cloned_request = default_request(original_builder.clone())
    assert cloned_request.get_system_text() == "system prompt"
    assert cloned_request.get_user_text() == "user prompt"


def test_when_builder_used_multiple_times_then_produces_different_instances() -> None:
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    client1 = builder.build()
    client2 = builder.build()
    assert client1 is not client2
    assert isinstance(client1, DefaultChatClient)
    assert isinstance(client2, DefaultChatClient)


def test_when_default_user_with_template_variables_then_processed() -> None:
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    builder.default_user("Hello {name}, welcome to {service}!")
    assert default_request(builder).get_user_text() == "Hello {name}, welcome to {service}!"


def test_when_multiple_system_settings_then_last_one_wins() -> None:
    builder = DefaultChatClientBuilder(ScriptedChatModel())
    builder.default_system("first system message")
    builder.default_system("final system message")
    assert default_request(builder).get_system_text() == "final system message"
