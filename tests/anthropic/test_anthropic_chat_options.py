"""AnthropicChatOptions: builder shortcuts, combine_with, validation."""

from __future__ import annotations

import pytest

from spring_ai_py.anthropic import AnthropicChatOptions
from spring_ai_py.chat.prompt import ChatOptions
from spring_ai_py.model.tool import StructuredOutputChatOptions, ToolCallingChatOptions


def test_defaults_are_unset_and_constants_match_spring() -> None:
    options = AnthropicChatOptions.builder().build()
    assert options.model is None and options.max_tokens is None
    assert AnthropicChatOptions.DEFAULT_MODEL == "claude-haiku-4-5"
    assert AnthropicChatOptions.DEFAULT_MAX_TOKENS == 4096
    assert isinstance(options, ToolCallingChatOptions)
    assert isinstance(options, StructuredOutputChatOptions)


def test_penalties_are_unsupported() -> None:
    options = AnthropicChatOptions(frequency_penalty=0.5, presence_penalty=0.5)
    assert options.get_frequency_penalty() is None
    assert options.get_presence_penalty() is None


@pytest.mark.parametrize(
    ("configure", "expected"),
    [
        (lambda b: b.thinking_enabled(2048), {"type": "enabled", "budget_tokens": 2048}),
        (
            lambda b: b.thinking_enabled(2048, "omitted"),
            {"type": "enabled", "budget_tokens": 2048, "display": "omitted"},
        ),
        (lambda b: b.thinking_adaptive(), {"type": "adaptive"}),
        (
            lambda b: b.thinking_adaptive("summarized"),
            {"type": "adaptive", "display": "summarized"},
        ),
        (lambda b: b.thinking_disabled(), {"type": "disabled"}),
    ],
)
def test_thinking_shortcuts(configure: object, expected: dict[str, object]) -> None:
    options = configure(AnthropicChatOptions.builder()).build()  # type: ignore[operator]
    assert options.thinking == expected
    assert options.mutate().build().thinking == expected


def test_combine_with_overrides_only_set_values_and_merges_headers() -> None:
    base = AnthropicChatOptions(
        model="a", max_tokens=100, temperature=0.5, http_headers={"x-a": "1"}
    )
    override = AnthropicChatOptions(
        model="b", http_headers={"x-b": "2"}, thinking={"type": "adaptive"}
    )
    merged = base.mutate().combine_with(override.mutate()).build()
    assert (merged.model, merged.max_tokens, merged.temperature) == ("b", 100, 0.5)
    assert merged.http_headers == {"x-a": "1", "x-b": "2"}
    assert merged.thinking == {"type": "adaptive"}
    portable = AnthropicChatOptions.builder().combine_with(ChatOptions(top_k=4)).build()
    assert portable.top_k == 4


def test_output_schema_round_trip_through_output_config() -> None:
    schema = '{"type": "object"}'
    assert AnthropicChatOptions(output_schema=schema).get_output_schema() == schema
    configured = AnthropicChatOptions(
        output_config={"format": {"type": "json_schema", "schema": {"type": "object"}}}
    )
    assert configured.get_output_schema() == schema
    assert AnthropicChatOptions.builder().effort("low").build().output_config == {"effort": "low"}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"timeout": -1}, "timeout must be positive"),
        ({"max_retries": -1}, "max_retries must not be negative"),
        ({"max_tokens": 0}, "max_tokens must be positive"),
        ({"tool_callbacks": [None]}, "tool_callbacks cannot contain null elements"),
    ],
)
def test_bad_values_are_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        AnthropicChatOptions(**kwargs)  # type: ignore[arg-type]
