"""Port of Spring AI 2.0.1 `org.springframework.ai.anthropic.AnthropicChatOptionsTests`: 49 tests ported, 1 skipped.

Where the port differs on purpose the test checks the port's contract and says so:
options leave unset fields ``None`` (the model falls back to ``DEFAULT_MODEL`` and
``DEFAULT_MAX_TOKENS`` when it sends), so a combined builder keeps the base's model and
max tokens where Spring's builder defaults would overwrite them; ``output_schema`` is
its own field (the model turns it into ``output_config.format``), so
``get_output_config()`` holds only what was set directly; the API's JSON shapes
(``thinking``, ``metadata``, ``tool_choice``, ``output_config``) are dicts instead of
the Java SDK's builders; timeouts are seconds.
"""

from __future__ import annotations

import json

import pytest

from spring_ai_py.anthropic import (
    AnthropicChatOptions,
    AnthropicCitationDocument,
    AnthropicServiceTier,
    AnthropicSkill,
    AnthropicSkillType,
    AnthropicWebSearchTool,
)
from spring_ai_py.model.tool import StructuredOutputChatOptions
from spring_ai_py.tool import tool


@tool
def weather(city: str) -> str:
    """Weather."""
    return city


def _merge(base: AnthropicChatOptions, override: AnthropicChatOptions) -> AnthropicChatOptions:
    merged = base.mutate().combine_with(override.mutate()).build()
    assert isinstance(merged, AnthropicChatOptions)
    return merged


def _doc(text: str, enabled: bool = False) -> AnthropicCitationDocument:
    return AnthropicCitationDocument.builder().plain_text(text).citations_enabled(enabled).build()


def test_builder_with_all_fields() -> None:
    options = (
        AnthropicChatOptions.builder()
        .model("test-model")
        .max_tokens(100)
        .stop_sequences(["stop1", "stop2"])
        .temperature(0.7)
        .top_p(0.8)
        .top_k(50)
        .metadata({"user_id": "userId_123"})
        .base_url("https://custom.api.com")
        .timeout(120.0)
        .max_retries(5)
        .tool_choice({"type": "auto"})
        .disable_parallel_tool_use(True)
        .tool_context({"key": "value"})
        .build()
    )
    assert options.get_model() == "test-model"
    assert options.get_max_tokens() == 100
    assert options.get_stop_sequences() == ["stop1", "stop2"]
    assert options.get_temperature() == 0.7
    assert options.get_top_p() == 0.8
    assert options.get_top_k() == 50
    assert options.get_metadata() == {"user_id": "userId_123"}
    assert options.base_url == "https://custom.api.com"
    assert options.timeout == 120.0
    assert options.max_retries == 5
    assert options.get_tool_choice() is not None
    assert options.get_disable_parallel_tool_use() is True
    assert options.get_tool_context() == {"key": "value"}


@pytest.mark.skip(reason="Java-only: the Java SDK's Model enum; the port takes the model id string")
def test_builder_with_model_enum() -> None:
    pass


def test_combine_with_overrides_only_non_null_values() -> None:
    """Port's contract: unset max tokens stay unset, so the base's 100 is kept."""
    base = AnthropicChatOptions(
        model="base-model",
        max_tokens=100,
        temperature=0.5,
        top_p=0.8,
        base_url="https://base.api.com",
        timeout=60.0,
    )
    merged = _merge(base, AnthropicChatOptions(model="override-model", top_k=40))
    assert merged.get_model() == "override-model"
    assert merged.get_top_k() == 40
    assert merged.get_max_tokens() == 100
    assert merged.get_temperature() == 0.5
    assert merged.get_top_p() == 0.8
    assert merged.base_url == "https://base.api.com"
    assert merged.timeout == 60.0


def test_combine_with_collections() -> None:
    base_doc, combine_doc = _doc("base-doc"), _doc("combine-doc")
    base = AnthropicChatOptions(
        stop_sequences=["base-stop"],
        tool_context={"base-key": "base-value"},
        custom_headers={"base-header": "base-header-value"},
        http_headers={"base-http-header": "base-http-header-value"},
        citation_documents=[base_doc],
    )
    combine = AnthropicChatOptions(
        stop_sequences=["combine-stop1", "combine-stop2"],
        tool_context={"combine-key1": "combine-value1", "combine-key2": "combine-value2"},
        custom_headers={"combine-header": "combine-header-value"},
        http_headers={"combine-http-header": "combine-http-header-value"},
        citation_documents=[combine_doc],
    )
    merged = _merge(base, combine)
    assert merged.get_stop_sequences() == ["base-stop", "combine-stop1", "combine-stop2"]
    assert merged.get_tool_context() == {
        "base-key": "base-value",
        "combine-key1": "combine-value1",
        "combine-key2": "combine-value2",
    }
    assert merged.custom_headers == {
        "base-header": "base-header-value",
        "combine-header": "combine-header-value",
    }
    assert merged.get_http_headers() == {
        "base-http-header": "base-http-header-value",
        "combine-http-header": "combine-http-header-value",
    }
    assert merged.get_citation_documents() == [base_doc, combine_doc]


def test_equals_and_hash_code() -> None:
    options1 = AnthropicChatOptions(model="test-model", max_tokens=100, temperature=0.7)
    options2 = AnthropicChatOptions(model="test-model", max_tokens=100, temperature=0.7)
    options3 = AnthropicChatOptions(model="different-model", max_tokens=100, temperature=0.7)
    assert options1 == options2
    assert options1 != options3
    assert options1 != None  # noqa: E711
    assert options1 != "not an options object"


def test_tool_callbacks_validation_rejects_null() -> None:
    with pytest.raises(ValueError, match="tool_callbacks cannot contain null elements"):
        AnthropicChatOptions.builder().tool_callbacks(weather, None)


def test_default_constants() -> None:
    assert AnthropicChatOptions.DEFAULT_MODEL == "claude-haiku-4-5"
    assert AnthropicChatOptions.DEFAULT_MAX_TOKENS == 4096


def test_unsupported_penalty_methods_return_null() -> None:
    options = AnthropicChatOptions.builder().build()
    assert options.get_frequency_penalty() is None
    assert options.get_presence_penalty() is None


def test_implements_structured_output_chat_options() -> None:
    assert isinstance(AnthropicChatOptions.builder().build(), StructuredOutputChatOptions)


def test_output_schema_round_trip() -> None:
    schema = '{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}'
    options = AnthropicChatOptions.builder().output_schema(schema).build()
    round_tripped = options.get_output_schema()
    assert round_tripped is not None
    assert json.loads(round_tripped) == json.loads(schema)


def test_effort_configuration() -> None:
    options = AnthropicChatOptions.builder().effort("high").build()
    assert options.get_output_config() == {"effort": "high"}
    assert options.get_output_schema() is None


def test_output_config_with_effort_and_schema() -> None:
    schema = '{"type":"object","properties":{"result":{"type":"string"}}}'
    options = AnthropicChatOptions.builder().effort("high").output_schema(schema).build()
    assert (options.get_output_config() or {})["effort"] == "high"
    assert "result" in (options.get_output_schema() or "")


def test_output_config_direct_builder() -> None:
    output_config = {
        "effort": "medium",
        "format": {"type": "json_schema", "schema": {"type": "object"}},
    }
    options = AnthropicChatOptions.builder().output_config(output_config).build()
    assert options.get_output_config() == output_config
    assert "object" in (options.get_output_schema() or "")


def test_combine_with_preserves_output_config() -> None:
    """Port's contract: the base's model is kept (Spring's builder default replaces it)."""
    merged = _merge(
        AnthropicChatOptions(model="base-model"),
        AnthropicChatOptions(output_config={"effort": "medium"}),
    )
    assert merged.get_model() == "base-model"
    assert merged.get_output_config() == {"effort": "medium"}


def test_output_config_null_schema_resets_config() -> None:
    options = AnthropicChatOptions.builder().output_schema('{"type":"object"}').build()
    assert options.get_output_schema() is not None
    options2 = options.mutate().output_schema(None).build()
    assert options2.get_output_config() is None
    assert options2.get_output_schema() is None


def test_http_headers_builder() -> None:
    headers = {"X-Custom-Header": "value1", "X-Request-Id": "req-123"}
    options = AnthropicChatOptions.builder().http_headers(headers).build()
    assert options.get_http_headers() == headers


def test_http_headers_default_null() -> None:
    assert AnthropicChatOptions.builder().build().get_http_headers() is None


def test_http_headers_copied_in_mutate() -> None:
    """Port's contract: mutate() and combine copy the headers, so changing the copy's
    builder never changes the original (Spring makes the map unmodifiable)."""
    original = AnthropicChatOptions.builder().http_headers({"X-Custom": "value"}).build()
    copied = (
        original.mutate().combine_with(AnthropicChatOptions(http_headers={"X-New": "n"})).build()
    )
    assert copied.get_http_headers() == {"X-Custom": "value", "X-New": "n"}
    assert original.get_http_headers() == {"X-Custom": "value"}


def test_combine_with_preserves_http_headers() -> None:
    merged = _merge(
        AnthropicChatOptions(http_headers={"X-Base": "base-value"}),
        AnthropicChatOptions(http_headers={"X-Override": "override-value"}),
    )
    assert merged.get_http_headers() == {"X-Base": "base-value", "X-Override": "override-value"}


def test_combine_with_empty_http_headers_do_not_override() -> None:
    merged = _merge(
        AnthropicChatOptions(http_headers={"X-Base": "base-value"}), AnthropicChatOptions()
    )
    assert merged.get_http_headers() == {"X-Base": "base-value"}


def test_http_headers_in_equals_and_hash_code() -> None:
    options1 = AnthropicChatOptions(http_headers={"X-Header": "value"})
    options2 = AnthropicChatOptions(http_headers={"X-Header": "value"})
    options3 = AnthropicChatOptions(http_headers={"X-Header": "different"})
    assert options1 == options2
    assert options1 != options3


def test_citation_consistency_validation_passes() -> None:
    doc1 = (
        AnthropicCitationDocument.builder()
        .plain_text("Text 1")
        .title("Doc 1")
        .citations_enabled(True)
        .build()
    )
    doc2 = (
        AnthropicCitationDocument.builder()
        .plain_text("Text 2")
        .title("Doc 2")
        .citations_enabled(True)
        .build()
    )
    options = AnthropicChatOptions.builder().citation_documents(doc1, doc2).build()
    assert len(options.get_citation_documents() or []) == 2


def test_citation_consistency_validation_fails_on_mixed() -> None:
    enabled, disabled = _doc("Text 1", True), _doc("Text 2", False)
    with pytest.raises(ValueError, match="consistent citation settings"):
        AnthropicChatOptions.builder().citation_documents(enabled, disabled).build()


def test_citation_consistency_validation_skips_empty() -> None:
    assert AnthropicChatOptions.builder().build().get_citation_documents() is None


def test_skill_builder_with_string_id() -> None:
    container = AnthropicChatOptions.builder().skill("xlsx").build().get_skill_container()
    assert container is not None
    skills = container.get_skills()
    assert len(skills) == 1
    assert skills[0].get_skill_id() == "xlsx"
    assert skills[0].get_type() is AnthropicSkillType.ANTHROPIC
    assert skills[0].get_version() == "latest"


def test_skill_builder_with_enum() -> None:
    container = (
        AnthropicChatOptions.builder().skill(AnthropicSkill.PPTX).build().get_skill_container()
    )
    assert container is not None
    assert container.get_skills()[0].get_skill_id() == "pptx"
    assert container.get_skills()[0].get_type() is AnthropicSkillType.ANTHROPIC


def test_multiple_skills() -> None:
    options = (
        AnthropicChatOptions.builder().skill(AnthropicSkill.XLSX).skill(AnthropicSkill.PPTX).build()
    )
    container = options.get_skill_container()
    assert container is not None
    assert [s.get_skill_id() for s in container.get_skills()] == ["xlsx", "pptx"]


def test_skill_container_copied_in_mutate() -> None:
    original = (
        AnthropicChatOptions.builder().skill(AnthropicSkill.XLSX).skill(AnthropicSkill.PDF).build()
    )
    container = original.mutate().build().get_skill_container()
    assert container is not None
    assert [s.get_skill_id() for s in container.get_skills()] == ["xlsx", "pdf"]


def test_combine_with_preserves_skill_container() -> None:
    """Port's contract: the base's model is kept (Spring's builder default replaces it)."""
    merged = _merge(
        AnthropicChatOptions(model="base-model"),
        AnthropicChatOptions.builder().skill(AnthropicSkill.DOCX).build(),
    )
    assert merged.get_model() == "base-model"
    container = merged.get_skill_container()
    assert container is not None
    assert [s.get_skill_id() for s in container.get_skills()] == ["docx"]


def test_skill_container_default_is_null() -> None:
    assert AnthropicChatOptions.builder().build().get_skill_container() is None


def test_inference_geo_builder() -> None:
    assert AnthropicChatOptions.builder().inference_geo("eu").build().get_inference_geo() == "eu"


def test_inference_geo_preserved_in_mutate() -> None:
    original = AnthropicChatOptions.builder().inference_geo("us").build()
    assert original.mutate().build().get_inference_geo() == "us"


def test_inference_geo_combine_with() -> None:
    base = AnthropicChatOptions(inference_geo="us")
    assert _merge(base, AnthropicChatOptions(inference_geo="eu")).get_inference_geo() == "eu"
    assert _merge(base, AnthropicChatOptions()).get_inference_geo() == "us"


def test_web_search_tool_builder() -> None:
    web_search = (
        AnthropicWebSearchTool.builder()
        .allowed_domains(["docs.spring.io"])
        .blocked_domains(["example.com"])
        .max_uses(5)
        .user_location("San Francisco", "US", "California", "America/Los_Angeles")
        .build()
    )
    tool_options = (
        AnthropicChatOptions.builder().web_search_tool(web_search).build().get_web_search_tool()
    )
    assert tool_options is not None
    assert tool_options.get_allowed_domains() == ["docs.spring.io"]
    assert tool_options.get_blocked_domains() == ["example.com"]
    assert tool_options.get_max_uses() == 5
    location = tool_options.get_user_location()
    assert location is not None
    assert (location.city, location.country) == ("San Francisco", "US")


def test_web_search_tool_preserved_in_mutate() -> None:
    original = AnthropicChatOptions(web_search_tool=AnthropicWebSearchTool(max_uses=3))
    copied = original.mutate().build().get_web_search_tool()
    assert copied is not None and copied.get_max_uses() == 3


def test_web_search_tool_combine_with() -> None:
    base = AnthropicChatOptions(
        web_search_tool=AnthropicWebSearchTool.builder().max_uses(3).build()
    )
    override = AnthropicChatOptions(
        web_search_tool=AnthropicWebSearchTool.builder().max_uses(10).build()
    )
    merged = _merge(base, override).get_web_search_tool()
    assert merged is not None and merged.get_max_uses() == 10
    kept = _merge(base, AnthropicChatOptions()).get_web_search_tool()
    assert kept is not None and kept.get_max_uses() == 3


def test_service_tier_builder() -> None:
    options = AnthropicChatOptions.builder().service_tier(AnthropicServiceTier.AUTO).build()
    assert options.get_service_tier() is AnthropicServiceTier.AUTO


def test_service_tier_preserved_in_mutate() -> None:
    original = AnthropicChatOptions(service_tier=AnthropicServiceTier.STANDARD_ONLY)
    assert original.mutate().build().get_service_tier() is AnthropicServiceTier.STANDARD_ONLY


def test_service_tier_combine_with() -> None:
    base = AnthropicChatOptions(service_tier=AnthropicServiceTier.STANDARD_ONLY)
    override = AnthropicChatOptions(service_tier=AnthropicServiceTier.AUTO)
    assert _merge(base, override).get_service_tier() is AnthropicServiceTier.AUTO
    assert (
        _merge(base, AnthropicChatOptions()).get_service_tier()
        is AnthropicServiceTier.STANDARD_ONLY
    )


def test_thinking_enabled_with_display() -> None:
    options = (
        AnthropicChatOptions.builder()
        .thinking_enabled(2048, "summarized")
        .max_tokens(16384)
        .build()
    )
    assert options.get_thinking() == {
        "type": "enabled",
        "budget_tokens": 2048,
        "display": "summarized",
    }


def test_thinking_enabled_with_omitted_display() -> None:
    options = (
        AnthropicChatOptions.builder().thinking_enabled(4096, "omitted").max_tokens(16384).build()
    )
    assert (options.get_thinking() or {})["display"] == "omitted"


def test_thinking_enabled_without_display_has_no_display() -> None:
    options = AnthropicChatOptions.builder().thinking_enabled(2048).max_tokens(16384).build()
    assert "display" not in (options.get_thinking() or {})


def test_thinking_adaptive_with_display() -> None:
    options = (
        AnthropicChatOptions.builder().thinking_adaptive("summarized").max_tokens(16384).build()
    )
    assert options.get_thinking() == {"type": "adaptive", "display": "summarized"}


def test_thinking_adaptive_with_omitted_display() -> None:
    options = AnthropicChatOptions.builder().thinking_adaptive("omitted").max_tokens(16384).build()
    assert (options.get_thinking() or {})["display"] == "omitted"


def test_thinking_adaptive_without_display_has_no_display() -> None:
    options = AnthropicChatOptions.builder().thinking_adaptive().max_tokens(16384).build()
    assert options.get_thinking() == {"type": "adaptive"}


def test_thinking_display_preserved_in_mutate() -> None:
    original = (
        AnthropicChatOptions.builder()
        .thinking_enabled(2048, "summarized")
        .max_tokens(16384)
        .build()
    )
    thinking = original.mutate().build().get_thinking() or {}
    assert thinking["budget_tokens"] == 2048
    assert thinking["display"] == "summarized"


def test_thinking_display_preserved_in_combine_with() -> None:
    """Port's contract: the base's model is kept (Spring's builder default replaces it)."""
    merged = _merge(
        AnthropicChatOptions(model="base-model", max_tokens=16384),
        AnthropicChatOptions.builder().thinking_adaptive("omitted").build(),
    )
    assert merged.get_model() == "base-model"
    assert merged.get_thinking() == {"type": "adaptive", "display": "omitted"}


def test_clone_does_not_share_citation_documents() -> None:
    doc_a, doc_b = _doc("doc-a"), _doc("doc-b")
    builder = AnthropicChatOptions.builder().add_citation_document(doc_a)
    clone = builder.clone()
    clone.add_citation_document(doc_b)
    assert builder.build().get_citation_documents() == [doc_a]
    assert clone.build().get_citation_documents() == [doc_a, doc_b]


def test_clone_copies_collection_fields() -> None:
    doc = _doc("doc")
    builder = (
        AnthropicChatOptions.builder()
        .custom_headers({"X-Custom": "value"})
        .http_headers({"anthropic-beta": "beta-feature"})
        .add_citation_document(doc)
    )
    cloned = builder.clone().build()
    assert cloned.custom_headers == {"X-Custom": "value"}
    assert cloned.get_http_headers() == {"anthropic-beta": "beta-feature"}
    assert cloned.get_citation_documents() == [doc]


def test_clone_handles_null_collections() -> None:
    cloned = AnthropicChatOptions.builder().clone().build()
    assert cloned.custom_headers is None
    assert cloned.get_citation_documents() is None
    assert cloned.get_http_headers() is None
