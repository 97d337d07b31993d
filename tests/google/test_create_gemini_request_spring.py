"""Port of Spring AI 2.0.1 `org.springframework.ai.google.genai.CreateGeminiRequestTests`: 41 tests ported, 0 skipped.

Spring calls ``createGeminiRequest`` on a model over a mocked ``Client``; here the model
has a real ``google.genai.Client`` that is never called (building a request sends
nothing), and the tests read the SDK's ``GenerateContentConfig``. Turkish-locale
lower-casing has no Python twin (``str.lower`` ignores the locale): the port checks the
same upper-case model id. Spring's ``FunctionCallingConfigMode.Known.X`` is the SDK's
``FunctionCallingConfigMode.X``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from google.genai import types

from spring_ai_py.chat.messages import Message, SystemMessage, UserMessage
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.content.media import Media
from spring_ai_py.google.genai import (
    GeminiRequest,
    GoogleGenAiChatModel,
    GoogleGenAiChatOptions,
    GoogleGenAiServiceTier,
    GoogleGenAiThinkingLevel,
)
from spring_ai_py.model.tool import ToolCallingManager
from spring_ai_py.tool.function import FunctionToolCallback

Level = GoogleGenAiThinkingLevel
ToolChoice = GoogleGenAiChatOptions.ToolChoice
Mode = types.FunctionCallingConfigMode


@pytest.fixture
def models() -> Iterator[list[GoogleGenAiChatModel]]:
    made: list[GoogleGenAiChatModel] = []
    yield made
    for model in made:
        model.close()


@pytest.fixture
def client(models: list[GoogleGenAiChatModel]) -> Any:
    def build(options: GoogleGenAiChatOptions | None = None) -> GoogleGenAiChatModel:
        model = GoogleGenAiChatModel(
            options=(options or GoogleGenAiChatOptions()).mutate().api_key("unused").build()
        )
        models.append(model)
        return model

    return build


def _request(
    client: Any,
    options: GoogleGenAiChatOptions,
    messages: list[Message] | str = "Test message content",
    defaults: GoogleGenAiChatOptions | None = None,
) -> GeminiRequest:
    model: GoogleGenAiChatModel = client(defaults)
    return model.create_gemini_request(Prompt(messages, options))


def _thinking(request: GeminiRequest) -> types.ThinkingConfig:
    assert request.config.thinking_config is not None
    return request.config.thinking_config


def _level(request: GeminiRequest) -> str:
    level = _thinking(request).thinking_level
    assert level is not None
    return str(level.value)


def _calling(request: GeminiRequest) -> types.FunctionCallingConfig:
    assert request.config.tool_config is not None
    assert request.config.tool_config.function_calling_config is not None
    return request.config.tool_config.function_calling_config


def _options(model: str = "DEFAULT_MODEL", **values: Any) -> GoogleGenAiChatOptions:
    return GoogleGenAiChatOptions(model=model, **values)


def test_create_request_with_frequency_and_presence_penalty(client: Any) -> None:
    request = _request(client, _options(frequency_penalty=0.25, presence_penalty=0.75))
    assert len(request.contents) == 1
    assert request.config.frequency_penalty == 0.25
    assert request.config.presence_penalty == 0.75


def test_create_request_with_system_message(client: Any) -> None:
    user = (
        UserMessage.builder()
        .text("User Message Text")
        .media([Media("image/png", "http://example.com")])
        .build()
    )
    request = _request(
        client, _options(temperature=66.6), [SystemMessage("System Message Text"), user]
    )
    assert request.model_name == "DEFAULT_MODEL"
    assert request.config.temperature == pytest.approx(66.6)
    system = request.config.system_instruction
    assert isinstance(system, types.Content) and system.parts is not None
    assert system.parts[0].text == "System Message Text"
    assert len(request.contents) == 1
    parts = request.contents[0].parts or []
    assert len(parts) == 2
    assert parts[0].text == "User Message Text"
    assert parts[1].file_data is not None


def test_prompt_options_tools(client: Any) -> None:
    weather = (
        FunctionToolCallback.builder("CurrentWeather", lambda request: "30 degrees")
        .description("Get the weather in location")
        .input_type(dict)
        .build()
    )
    options = GoogleGenAiChatOptions(model="PROMPT_MODEL", tool_callbacks=[weather])
    request = _request(client, options, defaults=_options())
    definitions = ToolCallingManager.builder().build().resolve_tool_definitions(options)
    assert [d.name for d in definitions] == ["CurrentWeather"]
    assert len(request.contents) == 1
    assert request.config.system_instruction is None
    assert request.model_name == "PROMPT_MODEL"
    assert request.config.tools is not None and len(request.config.tools) == 1
    tool = request.config.tools[0]
    assert isinstance(tool, types.Tool) and tool.function_declarations is not None
    assert [f.name for f in tool.function_declarations] == ["CurrentWeather"]


def test_create_request_with_generation_config_options(client: Any) -> None:
    options = _options(
        temperature=66.6,
        max_tokens=100,
        top_k=10,
        top_p=5.0,
        stop_sequences=["stop1", "stop2"],
        candidate_count=1,
        response_mime_type="application/json",
    )
    request = _request(client, options)
    config = request.config
    assert len(request.contents) == 1
    assert config.system_instruction is None
    assert request.model_name == "DEFAULT_MODEL"
    assert config.temperature == pytest.approx(66.6)
    assert config.max_output_tokens == 100
    assert config.top_k == 10
    assert config.top_p == 5.0
    assert config.candidate_count == 1
    assert config.stop_sequences == ["stop1", "stop2"]
    assert config.response_mime_type == "application/json"


def test_create_request_with_thinking_budget(client: Any) -> None:
    request = _request(client, _options(thinking_budget=12853))
    assert len(request.contents) == 1
    assert request.model_name == "DEFAULT_MODEL"
    assert _thinking(request).thinking_budget == 12853


def test_create_request_with_thinking_budget_override(client: Any) -> None:
    request = _request(
        client,
        GoogleGenAiChatOptions(thinking_budget=25000),
        defaults=_options(thinking_budget=10000),
    )
    assert len(request.contents) == 1
    # The prompt's options are used as they are (the ChatClient merges beforehand).
    assert request.model_name == GoogleGenAiChatModel.ChatModel.GEMINI_2_5_FLASH.get_value()
    assert _thinking(request).thinking_budget == 25000


def test_create_request_with_null_thinking_budget(client: Any) -> None:
    request = _request(client, _options(thinking_budget=None))
    assert len(request.contents) == 1
    assert request.model_name == "DEFAULT_MODEL"
    assert request.config.thinking_config is None


def test_create_request_with_zero_thinking_budget(client: Any) -> None:
    assert _thinking(_request(client, _options(thinking_budget=0))).thinking_budget == 0


def test_create_request_with_no_messages(client: Any) -> None:
    assert _request(client, _options(), []).contents == []


def test_create_request_with_only_system_message(client: Any) -> None:
    request = _request(client, _options(), [SystemMessage("System Message Only")])
    assert request.config.system_instruction is not None
    assert request.contents == []


def test_create_request_with_labels(client: Any) -> None:
    request = _request(client, _options(labels={"org": "my-org", "env": "test"}))
    assert request.config.labels == {"org": "my-org", "env": "test"}


def test_create_request_with_thinking_level(client: Any) -> None:
    options = _options(thinking_level=Level.HIGH)
    request = _request(client, options, defaults=options)
    assert len(request.contents) == 1
    assert request.model_name == "DEFAULT_MODEL"
    assert _level(request) == "HIGH"


def test_create_request_with_thinking_level_override(client: Any) -> None:
    request = _request(
        client, _options(thinking_level=Level.HIGH), defaults=_options(thinking_level=Level.LOW)
    )
    assert _level(request) == "HIGH"


def test_create_request_with_thinking_level_and_budget_combined(client: Any) -> None:
    thinking = _thinking(
        _request(
            client, _options(thinking_budget=8192, thinking_level=Level.HIGH, include_thoughts=True)
        )
    )
    assert thinking.thinking_budget == 8192
    assert thinking.thinking_level is not None and thinking.thinking_level.value == "HIGH"
    assert thinking.include_thoughts is True


def test_create_request_with_null_thinking_level(client: Any) -> None:
    assert _request(client, _options(thinking_level=None)).config.thinking_config is None


def test_create_request_with_only_thinking_level(client: Any) -> None:
    request = _request(client, _options(thinking_level=Level.LOW))
    assert _level(request) == "LOW"
    assert _thinking(request).thinking_budget is None


def test_create_request_with_thinking_level_minimal(client: Any) -> None:
    request = _request(client, _options("gemini-3-flash-preview", thinking_level=Level.MINIMAL))
    assert _level(request) == "MINIMAL"


def test_create_request_with_thinking_level_medium(client: Any) -> None:
    request = _request(client, _options("gemini-3-flash-preview", thinking_level=Level.MEDIUM))
    assert _level(request) == "MEDIUM"


def test_create_request_with_thinking_level_minimal_on_pro_model_throws(client: Any) -> None:
    with pytest.raises(ValueError, match=r"MINIMAL.*not supported.*gemini-3.1-pro-preview"):
        _request(client, _options("gemini-3.1-pro-preview", thinking_level=Level.MINIMAL))


def test_create_request_with_thinking_level_medium_on_pro_model_throws(client: Any) -> None:
    # Spring's name says "throws"; its body checks that gemini-3.1-pro takes MEDIUM.
    request = _request(client, _options("gemini-3.1-pro-preview", thinking_level=Level.MEDIUM))
    assert _level(request) == "MEDIUM"


def test_create_request_with_thinking_level_low_on_pro_model(client: Any) -> None:
    request = _request(client, _options("gemini-3.1-pro-preview", thinking_level=Level.LOW))
    assert _level(request) == "LOW"


def test_create_request_with_thinking_level_high_on_pro_model(client: Any) -> None:
    request = _request(client, _options("gemini-3.1-pro-preview", thinking_level=Level.HIGH))
    assert _level(request) == "HIGH"


def test_create_request_with_all_thinking_levels_on_flash_model(client: Any) -> None:
    for level in (Level.MINIMAL, Level.LOW, Level.MEDIUM, Level.HIGH):
        request = _request(client, _options("gemini-3-flash-preview", thinking_level=level))
        assert _level(request) == level.name


def test_create_request_with_runtime_thinking_level_override_on_pro_model_throws(
    client: Any,
) -> None:
    with pytest.raises(ValueError, match=r"MINIMAL.*not supported"):
        _request(
            client,
            _options("gemini-3-pro-preview", thinking_level=Level.MINIMAL),
            defaults=_options("gemini-3-pro-preview", thinking_level=Level.LOW),
        )


def test_create_request_with_tr_locale_with_preview_model(client: Any) -> None:
    with pytest.raises(ValueError, match=r"MINIMAL.*not supported"):
        _request(client, _options("GEMINI-3-PRO-PREVIEW", thinking_level=Level.MINIMAL))


def test_create_request_with_thinking_level_unspecified_on_pro_model(client: Any) -> None:
    request = _request(
        client, _options("gemini-3-pro-preview", thinking_level=Level.THINKING_LEVEL_UNSPECIFIED)
    )
    assert _thinking(request).thinking_level is not None


def test_create_request_with_pro_model_in_custom_path(client: Any) -> None:
    model = "projects/my-project/locations/us-central1/publishers/google/models/gemini-3-pro-preview"
    with pytest.raises(ValueError, match=r"MINIMAL.*not supported"):
        _request(client, _options(model, thinking_level=Level.MINIMAL))


def test_create_request_with_thinking_level_on_gemini25_flash_throws(client: Any) -> None:
    with pytest.raises(ValueError, match=r"HIGH.*not supported.*gemini-2.5-flash"):
        _request(client, _options("gemini-2.5-flash", thinking_level=Level.HIGH))


def test_create_request_with_thinking_level_on_gemini25_flash_lite_throws(client: Any) -> None:
    with pytest.raises(ValueError, match=r"LOW.*not supported.*gemini-2.5-flash-lite"):
        _request(client, _options("gemini-2.5-flash-lite", thinking_level=Level.LOW))


def test_create_request_with_thinking_level_unspecified_on_gemini25_flash_does_not_throw(
    client: Any,
) -> None:
    request = _request(
        client, _options("gemini-2.5-flash", thinking_level=Level.THINKING_LEVEL_UNSPECIFIED)
    )
    assert request.config.thinking_config is not None


def test_create_request_with_thinking_level_on_gemini25_pro_does_not_throw(client: Any) -> None:
    request = _request(client, _options("gemini-2.5-pro", thinking_level=Level.MINIMAL))
    assert _level(request) == "MINIMAL"


def test_create_request_with_include_server_side_tool_invocations_enabled(client: Any) -> None:
    request = _request(
        client,
        GoogleGenAiChatOptions(google_search_retrieval=True, include_server_side_tool_invocations=True),
        defaults=_options(),
    )
    assert request.config.tool_config is not None
    assert request.config.tool_config.include_server_side_tool_invocations is True
    assert request.config.tools


def test_create_request_with_include_server_side_tool_invocations_disabled(client: Any) -> None:
    request = _request(
        client,
        GoogleGenAiChatOptions(google_search_retrieval=True, include_server_side_tool_invocations=False),
        defaults=_options(),
    )
    assert request.config.tool_config is None


def test_create_request_with_include_server_side_tool_invocations_default(client: Any) -> None:
    request = _request(client, _options(google_search_retrieval=True))
    assert request.config.tool_config is None


def test_create_request_with_tool_choice_auto(client: Any) -> None:
    request = _request(
        client,
        GoogleGenAiChatOptions(tool_choice=ToolChoice.builder().mode(ToolChoice.Mode.AUTO).build()),
        defaults=_options(),
    )
    calling = _calling(request)
    assert calling.mode is Mode.AUTO
    assert calling.allowed_function_names is None


def test_create_request_with_tool_choice_none(client: Any) -> None:
    request = _request(
        client,
        GoogleGenAiChatOptions(tool_choice=ToolChoice.builder().mode(ToolChoice.Mode.NONE).build()),
        defaults=_options(),
    )
    calling = _calling(request)
    assert calling.mode is Mode.NONE
    assert calling.allowed_function_names is None


def test_create_request_with_tool_choice_any_and_allowed_function_names(client: Any) -> None:
    choice = ToolChoice.builder().mode(ToolChoice.Mode.ANY).allowed_function_names(["funcA", "funcB"])
    request = _request(client, GoogleGenAiChatOptions(tool_choice=choice.build()), defaults=_options())
    calling = _calling(request)
    assert calling.mode is Mode.ANY
    assert calling.allowed_function_names == ["funcA", "funcB"]


def test_create_request_with_tool_choice_validated_and_allowed_function_names(client: Any) -> None:
    choice = (
        ToolChoice.builder().mode(ToolChoice.Mode.VALIDATED).allowed_function_names(["funcA", "funcB"])
    )
    request = _request(client, GoogleGenAiChatOptions(tool_choice=choice.build()), defaults=_options())
    calling = _calling(request)
    assert calling.mode is Mode.VALIDATED
    assert calling.allowed_function_names == ["funcA", "funcB"]


def test_create_request_with_tool_choice_any_ignores_allowed_function_names_for_non_any_mode(
    client: Any,
) -> None:
    choice = ToolChoice.builder().mode(ToolChoice.Mode.AUTO).allowed_function_names(["funcA"])
    request = _request(client, GoogleGenAiChatOptions(tool_choice=choice.build()), defaults=_options())
    calling = _calling(request)
    assert calling.mode is Mode.AUTO
    assert calling.allowed_function_names is None


def test_create_request_with_tool_choice_combined_with_server_side_tool_invocations(
    client: Any,
) -> None:
    request = _request(
        client,
        GoogleGenAiChatOptions(
            include_server_side_tool_invocations=True,
            tool_choice=ToolChoice.builder().mode(ToolChoice.Mode.ANY).build(),
        ),
        defaults=_options(),
    )
    assert request.config.tool_config is not None
    assert request.config.tool_config.include_server_side_tool_invocations is True
    assert _calling(request).mode is Mode.ANY


def test_create_request_with_service_tier(client: Any) -> None:
    request = _request(client, _options(service_tier=GoogleGenAiServiceTier.PRIORITY))
    assert str(request.config.service_tier.value if request.config.service_tier else None) == (
        "priority"
    )
