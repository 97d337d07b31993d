"""Port of Spring AI 2.0.1 `org.springframework.ai.support.UsageCalculatorTests`: 17 tests ported, 0 skipped.

Plus the utility class refusing instantiation, as Spring's private constructor does.
"""

from __future__ import annotations

import pytest

from spring_ai_py.chat.metadata import ChatResponseMetadata, DefaultUsage, Usage
from spring_ai_py.chat.model import ChatResponse
from spring_ai_py.support import UsageCalculator


def _response_with(usage: Usage) -> ChatResponse:
    metadata = ChatResponseMetadata.builder().usage(usage).build()
    return ChatResponse.builder().generations([]).metadata(metadata).build()


def _assert_usage(
    usage: Usage, prompt_tokens: int, completion_tokens: int, total_tokens: int
) -> None:
    assert usage.get_prompt_tokens() == prompt_tokens
    assert usage.get_completion_tokens() == completion_tokens
    assert usage.get_total_tokens() == total_tokens


def test_get_cumulative_usage_returns_current_when_previous_chat_response_is_null() -> None:
    current = DefaultUsage(10, 20, 30)
    assert UsageCalculator.get_cumulative_usage(current, None) is current


def test_get_cumulative_usage_returns_current_when_previous_usage_is_empty() -> None:
    result = UsageCalculator.get_cumulative_usage(
        DefaultUsage(10, 20, 30), _response_with(DefaultUsage(0, 0, 0))
    )
    _assert_usage(result, 10, 20, 30)


def test_get_cumulative_usage_returns_previous_when_current_is_empty() -> None:
    previous_usage = DefaultUsage(1, 2, 3)
    result = UsageCalculator.get_cumulative_usage(
        DefaultUsage(0, 0, 0), _response_with(previous_usage)
    )
    assert result is previous_usage


def test_get_cumulative_usage_sums_token_counts() -> None:
    result = UsageCalculator.get_cumulative_usage(
        DefaultUsage(10, 20, 30), _response_with(DefaultUsage(1, 2, 3))
    )
    _assert_usage(result, 11, 22, 33)


def test_get_cumulative_usage_sums_cache_metrics() -> None:
    current = DefaultUsage(10, 20, 30, None, 100, 5)
    previous = _response_with(DefaultUsage(1, 2, 3, None, 200, 7))
    result = UsageCalculator.get_cumulative_usage(current, previous)
    _assert_usage(result, 11, 22, 33)
    assert result.get_cache_read_input_tokens() == 300
    assert result.get_cache_write_input_tokens() == 12


def test_get_cumulative_usage_treats_one_sided_cache_metric_as_zero() -> None:
    current = DefaultUsage(10, 20, 30, None, 100, None)
    previous = _response_with(DefaultUsage(1, 2, 3, None, None, None))
    result = UsageCalculator.get_cumulative_usage(current, previous)
    assert result.get_cache_read_input_tokens() == 100
    assert result.get_cache_write_input_tokens() is None


def test_get_cumulative_usage_preserves_null_cache_metrics_when_neither_side_reports() -> None:
    result = UsageCalculator.get_cumulative_usage(
        DefaultUsage(10, 20, 30), _response_with(DefaultUsage(1, 2, 3))
    )
    assert result.get_cache_read_input_tokens() is None
    assert result.get_cache_write_input_tokens() is None


def test_get_cumulative_usage_drops_native_usage_when_accumulating() -> None:
    current = DefaultUsage(10, 20, 30, object())
    previous = _response_with(DefaultUsage(1, 2, 3, object()))
    assert UsageCalculator.get_cumulative_usage(current, previous).get_native_usage() is None


def test_get_cumulative_usage_keeps_native_usage_when_nothing_to_accumulate() -> None:
    native = object()
    result = UsageCalculator.get_cumulative_usage(DefaultUsage(10, 20, 30, native), None)
    assert result.get_native_usage() is native


def test_accumulate_response_usage_returns_accumulated_response_when_current_is_null() -> None:
    accumulated = _response_with(DefaultUsage(1, 2, 3))
    assert UsageCalculator.accumulate_response_usage(None, accumulated) is accumulated


def test_accumulate_response_usage_returns_cumulative_usage_on_the_current_response() -> None:
    result = UsageCalculator.accumulate_response_usage(
        _response_with(DefaultUsage(10, 20, 30)), _response_with(DefaultUsage(1, 2, 3))
    )
    assert result is not None
    _assert_usage(result.get_metadata().get_usage(), 11, 22, 33)


def test_accumulate_response_usage_returns_null_when_nothing_reported() -> None:
    assert (
        UsageCalculator.accumulate_response_usage(_response_with(DefaultUsage(0, 0, 0)), None)
        is None
    )


def test_accumulate_response_usage_keeps_native_usage_on_first_non_empty_response() -> None:
    native = object()
    result = UsageCalculator.accumulate_response_usage(
        _response_with(DefaultUsage(10, 20, 30, native)), None
    )
    assert result is not None
    assert result.get_metadata().get_usage().get_native_usage() is native


def test_with_usage_replaces_usage_and_preserves_other_metadata() -> None:
    metadata = (
        ChatResponseMetadata.builder()
        .id("id-1")
        .model("model-1")
        .usage(DefaultUsage(1, 2, 3))
        .key_value("custom", "value")
        .build()
    )
    response = ChatResponse.builder().generations([]).metadata(metadata).build()
    result = UsageCalculator.with_usage(response, DefaultUsage(10, 20, 30))
    _assert_usage(result.get_metadata().get_usage(), 10, 20, 30)
    assert result.get_metadata().get_id() == "id-1"
    assert result.get_metadata().get_model() == "model-1"
    assert result.get_metadata().get("custom") == "value"


def test_is_empty_returns_true_for_null_usage() -> None:
    assert UsageCalculator.is_empty(None)


def test_is_empty_returns_true_for_zero_total_tokens() -> None:
    assert UsageCalculator.is_empty(DefaultUsage(0, 0, 0))


def test_is_empty_returns_false_for_non_zero_total_tokens() -> None:
    assert not UsageCalculator.is_empty(DefaultUsage(1, 2, 3))


def test_usage_calculator_cannot_be_instantiated() -> None:
    """Spring's private constructor throws ``UnsupportedOperationException``."""
    with pytest.raises(NotImplementedError, match="utility class"):
        UsageCalculator()
