"""OpenAiChatOptions: builder, Spring's combine_with and mutate rules, validation."""

from __future__ import annotations

from datetime import timedelta

import pytest

from spring_ai_py.chat.prompt import ChatOptions
from spring_ai_py.model.tool import StructuredOutputChatOptions, ToolCallingChatOptions
from spring_ai_py.openai import OpenAiChatOptions, ResponseFormat
from spring_ai_py.tool import tool


@tool
def clock() -> str:
    """The time."""
    return "noon"


def test_builder_sets_every_field_and_mutate_round_trips() -> None:
    options = (
        OpenAiChatOptions.builder()
        .model("gpt-4o")
        .base_url("http://h/v1")
        .api_key("k")
        .organization_id("org")
        .timeout(timedelta(seconds=5))
        .max_retries(2)
        .custom_headers({"X": "1"})
        .temperature(0.5)
        .top_p(0.9)
        .frequency_penalty(0.1)
        .presence_penalty(0.2)
        .stop(["s"])
        .n(2)
        .seed(1)
        .user("u")
        .logprobs(True)
        .top_logprobs(3)
        .logit_bias({"1": 2})
        .parallel_tool_calls(True)
        .reasoning_effort("high")
        .service_tier("auto")
        .extra_body({"a": 1})
        .tool_callbacks(clock)
        .tool_context({"user": "ada"})
        .build()
    )
    assert options.timeout == 5.0
    assert options.get_stop() == ["s"] == options.get_stop_sequences()
    assert options.get_tool_callbacks() == [clock]
    assert options.get_tool_context() == {"user": "ada"}
    assert options.mutate().build() == options
    assert options.copy() == options


def test_implements_the_tool_calling_and_structured_output_contracts() -> None:
    options = OpenAiChatOptions()
    assert isinstance(options, ToolCallingChatOptions)
    assert isinstance(options, StructuredOutputChatOptions)


def test_defaults_are_unset() -> None:
    options = OpenAiChatOptions.builder().build()
    assert options.model is None
    assert options.get_top_k() is None
    assert options._set_fields() == {}


def test_max_completion_tokens_and_max_tokens_exclude_each_other() -> None:
    assert (
        OpenAiChatOptions.builder().max_tokens(50).max_completion_tokens(100).build().max_tokens
        is None
    )
    # As in Spring, max_tokens is ignored once max_completion_tokens is set.
    ignored = OpenAiChatOptions.builder().max_completion_tokens(100).max_tokens(50).build()
    assert (ignored.max_tokens, ignored.max_completion_tokens) == (None, 100)
    kept = OpenAiChatOptions.builder().max_completion_tokens(100).max_tokens(None).build()
    assert (kept.max_tokens, kept.max_completion_tokens) == (None, 100)


def test_combine_with_overrides_only_set_fields() -> None:
    base = OpenAiChatOptions(model="base-model", temperature=0.5, max_tokens=100)
    merged = (
        base.mutate()
        .combine_with(OpenAiChatOptions(model="override-model", top_p=0.9).mutate())
        .build()
    )
    assert (merged.model, merged.temperature, merged.max_tokens, merged.top_p) == (
        "override-model",
        0.5,
        100,
        0.9,
    )


def test_combine_with_portable_and_tool_calling_options() -> None:
    merged = (
        OpenAiChatOptions.builder()
        .combine_with(ChatOptions.builder().model("m").temperature(0.9))
        .build()
    )
    assert isinstance(merged, OpenAiChatOptions)
    assert (merged.model, merged.temperature) == ("m", 0.9)
    tools = (
        OpenAiChatOptions.builder()
        .combine_with(ToolCallingChatOptions(tool_names=["clock"]))
        .build()
    )
    assert tools.tool_names == ["clock"]


def test_combine_with_merges_maps_and_connection_settings() -> None:
    base = OpenAiChatOptions(metadata={"a": "1"}, custom_headers={"X": "1"})
    override = OpenAiChatOptions(
        metadata={"b": "2"},
        custom_headers={"Y": "2"},
        base_url="https://o",
        api_key="o-key",
        max_retries=5,
    )
    merged = base.mutate().combine_with(override.mutate()).build()
    assert merged.metadata == {"a": "1", "b": "2"}
    assert merged.custom_headers == {"X": "1", "Y": "2"}
    assert (merged.base_url, merged.api_key, merged.max_retries) == ("https://o", "o-key", 5)


def test_output_schema_is_the_json_schema_response_format() -> None:
    schema = '{"type":"object"}'
    assert OpenAiChatOptions(output_schema=schema).get_output_schema() == schema
    via_format = OpenAiChatOptions(
        response_format=ResponseFormat.builder().json_schema(schema).build()
    )
    assert via_format.get_output_schema() == schema
    assert via_format.response_format.get_type() is ResponseFormat.Type.JSON_SCHEMA  # type: ignore[union-attr]
    assert ResponseFormat().get_type() is ResponseFormat.Type.TEXT


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"timeout": 0}, "timeout must be positive"),
        ({"max_retries": -1}, "max_retries must not be negative"),
        ({"response_format": {"json_schema": {}}}, "response_format must have a 'type'"),
        ({"tool_callbacks": [None]}, "tool_callbacks cannot contain null elements"),
    ],
)
def test_bad_values_are_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        OpenAiChatOptions(**kwargs)  # type: ignore[arg-type]


def test_unknown_builder_setter_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no setter 'temprature'"):
        OpenAiChatOptions.builder().temprature(0.1)


def test_getters_of_built_options_return_copies() -> None:
    """Built options are immutable: what a getter returns can be changed freely."""
    from spring_ai_py.anthropic import AnthropicChatOptions

    options = OpenAiChatOptions(
        metadata={"a": "1"}, logit_bias={"1": 2}, extra_body={"x": 1}, custom_headers={"h": "v"},
        stop_sequences=["END"],
    )
    for getter in ("get_metadata", "get_logit_bias", "get_extra_body", "get_custom_headers", "get_stop"):
        value = getattr(options, getter)()
        value.clear()
        assert getattr(options, getter)(), getter
    anthropic = AnthropicChatOptions(metadata={"user_id": "u"}, http_headers={"h": "v"})
    anthropic.get_metadata().clear()  # type: ignore[union-attr]
    anthropic.get_http_headers().clear()  # type: ignore[union-attr]
    assert anthropic.get_metadata() == {"user_id": "u"}
    assert anthropic.get_http_headers() == {"h": "v"}
