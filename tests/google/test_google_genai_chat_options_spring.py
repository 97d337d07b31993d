"""Port of Spring AI 2.0.1 `org.springframework.ai.google.genai.GoogleGenAiChatOptionsTest`: 19 tests ported, 0 skipped
(plus the port's own check of bad values).

Spring's ``AbstractChatOptionsTests`` base (builder and copy contracts of every options
class) is ported once, for the portable options, in ``tests/chat``; the Gemini-specific
tests are here. Where Spring compares ``hashCode()`` values the port compares
``hash()``; ``getIncludeServerSideToolInvocations()`` of ``false`` and of unset are both
``False``, as Spring's ``Boolean.TRUE.equals`` makes them.
"""

from __future__ import annotations

from spring_ai_py.google.genai import (
    GoogleGenAiChatOptions,
    GoogleGenAiSafetySetting,
    GoogleGenAiServiceTier,
    GoogleGenAiThinkingLevel,
)

ToolChoice = GoogleGenAiChatOptions.ToolChoice
Category = GoogleGenAiSafetySetting.HarmCategory
Threshold = GoogleGenAiSafetySetting.HarmBlockThreshold


def _setting(category: Category, threshold: Threshold) -> GoogleGenAiSafetySetting:
    return (
        GoogleGenAiSafetySetting.builder().with_category(category).with_threshold(threshold).build()
    )


def test_thinking_budget_with_builder() -> None:
    options = GoogleGenAiChatOptions.builder().model("test-model").thinking_budget(15000).build()
    assert options.get_model() == "test-model"
    assert options.get_thinking_budget() == 15000


def test_equals_and_hash_code_with_thinking_budget() -> None:
    options1 = GoogleGenAiChatOptions.builder().model("test-model").thinking_budget(12853).build()
    options2 = GoogleGenAiChatOptions.builder().model("test-model").thinking_budget(12853).build()
    options3 = GoogleGenAiChatOptions.builder().model("test-model").thinking_budget(25000).build()
    assert options1 == options2
    assert hash(options1) == hash(options2)
    assert options1 != options3
    assert hash(options1) != hash(options3)


def test_equals_and_hash_code_with_labels() -> None:
    options1 = GoogleGenAiChatOptions.builder().model("test-model").labels({"org": "my-org"}).build()
    options2 = GoogleGenAiChatOptions.builder().model("test-model").labels({"org": "my-org"}).build()
    options3 = (
        GoogleGenAiChatOptions.builder().model("test-model").labels({"org": "other-org"}).build()
    )
    assert options1 == options2
    assert hash(options1) == hash(options2)
    assert options1 != options3
    assert hash(options1) != hash(options3)


def test_thinking_budget_with_zero_value() -> None:
    assert GoogleGenAiChatOptions.builder().thinking_budget(0).build().get_thinking_budget() == 0


def test_labels_with_empty_map() -> None:
    assert GoogleGenAiChatOptions.builder().labels({}).build().get_labels() == {}


def test_thinking_level_with_builder() -> None:
    options = (
        GoogleGenAiChatOptions.builder()
        .model("test-model")
        .thinking_level(GoogleGenAiThinkingLevel.HIGH)
        .build()
    )
    assert options.get_model() == "test-model"
    assert options.get_thinking_level() is GoogleGenAiThinkingLevel.HIGH


def test_equals_and_hash_code_with_thinking_level() -> None:
    def build(level: GoogleGenAiThinkingLevel) -> GoogleGenAiChatOptions:
        return GoogleGenAiChatOptions.builder().model("test-model").thinking_level(level).build()

    options1, options2 = build(GoogleGenAiThinkingLevel.HIGH), build(GoogleGenAiThinkingLevel.HIGH)
    assert options1 == options2
    assert hash(options1) == hash(options2)
    assert options1 != build(GoogleGenAiThinkingLevel.LOW)


def test_thinking_level_with_budget_and_include_thoughts() -> None:
    options = (
        GoogleGenAiChatOptions.builder()
        .model("test-model")
        .thinking_budget(8192)
        .include_thoughts(True)
        .thinking_level(GoogleGenAiThinkingLevel.HIGH)
        .build()
    )
    assert options.get_thinking_budget() == 8192
    assert options.get_include_thoughts() is True
    assert options.get_thinking_level() is GoogleGenAiThinkingLevel.HIGH


def test_all_thinking_level_values() -> None:
    for level in GoogleGenAiThinkingLevel:
        options = GoogleGenAiChatOptions.builder().model("test-model").thinking_level(level).build()
        assert options.get_thinking_level() is level


def test_include_server_side_tool_invocations_with_builder() -> None:
    options = (
        GoogleGenAiChatOptions.builder()
        .model("test-model")
        .include_server_side_tool_invocations(True)
        .build()
    )
    assert options.get_model() == "test-model"
    assert options.get_include_server_side_tool_invocations() is True


def test_equals_and_hash_code_with_include_server_side_tool_invocations() -> None:
    def build(value: bool) -> GoogleGenAiChatOptions:
        return (
            GoogleGenAiChatOptions.builder()
            .model("test-model")
            .include_server_side_tool_invocations(value)
            .build()
        )

    assert build(True) == build(True)
    assert hash(build(True)) == hash(build(True))
    assert build(True) != build(False)


def test_service_tier_with_builder() -> None:
    options = (
        GoogleGenAiChatOptions.builder()
        .model("test-model")
        .service_tier(GoogleGenAiServiceTier.PRIORITY)
        .build()
    )
    assert options.get_model() == "test-model"
    assert options.get_service_tier() is GoogleGenAiServiceTier.PRIORITY


def test_equals_and_hash_code_with_service_tier() -> None:
    def build(tier: GoogleGenAiServiceTier) -> GoogleGenAiChatOptions:
        return GoogleGenAiChatOptions.builder().model("test-model").service_tier(tier).build()

    assert build(GoogleGenAiServiceTier.PRIORITY) == build(GoogleGenAiServiceTier.PRIORITY)
    assert hash(build(GoogleGenAiServiceTier.PRIORITY)) == hash(
        build(GoogleGenAiServiceTier.PRIORITY)
    )
    assert build(GoogleGenAiServiceTier.PRIORITY) != build(GoogleGenAiServiceTier.STANDARD)


def test_combine_with_collections() -> None:
    base_setting = _setting(Category.HARM_CATEGORY_DANGEROUS_CONTENT, Threshold.BLOCK_LOW_AND_ABOVE)
    base = (
        GoogleGenAiChatOptions.builder()
        .labels({"base-key": "base-value"})
        .safety_settings([base_setting])
        .build()
    )
    override_setting = _setting(Category.HARM_CATEGORY_HARASSMENT, Threshold.BLOCK_MEDIUM_AND_ABOVE)
    override = (
        GoogleGenAiChatOptions.builder()
        .labels({"override-key": "override-value"})
        .safety_settings([override_setting])
        .build()
    )
    merged = base.mutate().combine_with(override.mutate()).build()
    assert merged.get_labels() == {"base-key": "base-value", "override-key": "override-value"}
    assert sorted(merged.get_safety_settings() or [], key=str) == sorted(
        [base_setting, override_setting], key=str
    )


def test_clone_creates_independent_collections() -> None:
    setting = _setting(Category.HARM_CATEGORY_DANGEROUS_CONTENT, Threshold.BLOCK_LOW_AND_ABOVE)
    settings = [setting]
    labels = {"key": "value"}
    source = GoogleGenAiChatOptions.builder().safety_settings(settings).labels(labels)
    clone = source.clone()
    settings.append(_setting(Category.HARM_CATEGORY_HARASSMENT, Threshold.BLOCK_MEDIUM_AND_ABOVE))
    labels["anotherKey"] = "anotherValue"
    cloned = clone.build()
    assert cloned.get_safety_settings() == [setting]
    assert set(cloned.get_labels() or {}) == {"key"}


def test_clone_handles_null_collections() -> None:
    cloned = GoogleGenAiChatOptions.builder().clone().build()
    assert cloned.get_safety_settings() is None
    assert cloned.get_labels() is None


def test_tool_choice_allowed_function_name_creates_list_when_null() -> None:
    choice = ToolChoice.builder().mode(ToolChoice.Mode.ANY).allowed_function_name("functionA").build()
    assert choice.allowed_function_names == ["functionA"]


def test_tool_choice_allowed_function_name_accumulates_across_calls() -> None:
    choice = (
        ToolChoice.builder()
        .mode(ToolChoice.Mode.ANY)
        .allowed_function_name("functionA")
        .allowed_function_name("functionB")
        .build()
    )
    assert choice.allowed_function_names == ["functionA", "functionB"]


def test_tool_choice_allowed_function_name_appends_to_existing_mutable_list() -> None:
    existing = ["functionA"]
    choice = (
        ToolChoice.builder()
        .mode(ToolChoice.Mode.ANY)
        .allowed_function_names(existing)
        .allowed_function_name("functionB")
        .build()
    )
    assert choice.allowed_function_names == ["functionA", "functionB"]
    assert existing == ["functionA"]  # the port copies the list it was given


def test_bad_values_name_their_field() -> None:
    import pytest

    with pytest.raises(ValueError, match="thinking_level must be one of"):
        GoogleGenAiChatOptions(thinking_level="EXTREME")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="tool_choice must be a ToolChoice"):
        GoogleGenAiChatOptions(tool_choice="ANY")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="safety_settings must hold GoogleGenAiSafetySetting"):
        GoogleGenAiChatOptions(safety_settings=["x"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match=r"category must be a GoogleGenAiSafetySetting.HarmCategory"):
        GoogleGenAiSafetySetting(category="BAD")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="mode must be one of"):
        ToolChoice(mode="SOMETIMES")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="candidate_count must be positive"):
        GoogleGenAiChatOptions(candidate_count=0)
    with pytest.raises(ValueError, match="max_tokens must be positive"):
        GoogleGenAiChatOptions.builder().max_output_tokens(0).build()
