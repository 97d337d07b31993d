"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.metadata.DefaultUsageTests`: 9 tests ported, 13 skipped.

The skipped tests exercise Jackson serialization only. In the tests that mix both,
the constructor half is ported. Java's ``toString`` is ``repr`` here, in Spring's format.
"""

from __future__ import annotations

import pytest

from spring_ai_py.chat.metadata import DefaultUsage

JACKSON = "Java-only: Jackson serialization of DefaultUsage"


@pytest.mark.skip(reason=JACKSON)
def test_serialization_with_all_fields() -> None:
    pass


@pytest.mark.skip(reason=JACKSON)
def test_deserialization_with_all_fields() -> None:
    pass


@pytest.mark.skip(reason=JACKSON)
def test_serialization_with_null_fields() -> None:
    pass


@pytest.mark.skip(reason=JACKSON)
def test_deserialization_with_missing_fields() -> None:
    pass


@pytest.mark.skip(reason=JACKSON)
def test_deserialization_with_null_fields() -> None:
    pass


@pytest.mark.skip(reason=JACKSON)
def test_round_trip_serialization() -> None:
    pass


def test_two_argument_constructor_and_serialization() -> None:
    usage = DefaultUsage(100, 50)
    assert usage.get_prompt_tokens() == 100
    assert usage.get_completion_tokens() == 50
    assert usage.get_total_tokens() == 150


def test_two_argument_constructor_with_null_values() -> None:
    usage = DefaultUsage(None, None)
    assert usage.get_prompt_tokens() == 0
    assert usage.get_completion_tokens() == 0
    assert usage.get_total_tokens() == 0


@pytest.mark.skip(reason=JACKSON)
def test_deserialization_with_different_property_order() -> None:
    pass


@pytest.mark.skip(reason=JACKSON)
def test_serialization_with_custom_native_usage() -> None:
    pass


@pytest.mark.skip(reason=JACKSON)
def test_deserialization_with_custom_native_usage() -> None:
    pass


@pytest.mark.skip(reason=JACKSON)
def test_arbitrary_native_usage_map() -> None:
    pass


def test_equals_and_hash_code() -> None:
    usage1 = DefaultUsage(100, 50, 150)
    usage2 = DefaultUsage(100, 50, 150)
    usage3 = DefaultUsage(200, 100, 300)
    usage4 = DefaultUsage(100, 50, 150, {"custom": "value"})

    assert usage1 == usage2
    assert usage1 != usage3
    assert usage1 != usage4
    assert usage1 != None  # noqa: E711
    assert usage1 != object()

    assert hash(usage1) == hash(usage2)
    assert hash(usage1) != hash(usage3)
    assert hash(usage1) != hash(usage4)

    assert usage1 == usage1
    assert (usage1 == usage2) == (usage2 == usage1)

    usage5 = DefaultUsage(100, 50, 150, {"key": "value"})
    usage6 = DefaultUsage(100, 50, 150, {"key": "value"})
    assert usage5 == usage6
    assert hash(usage5) == hash(usage6)


def test_to_string() -> None:
    assert (
        repr(DefaultUsage(100, 50, 150))
        == "DefaultUsage{promptTokens=100, completionTokens=50, totalTokens=150}"
    )
    assert (
        repr(DefaultUsage(100, 50, 150, {"custom": "value"}))
        == "DefaultUsage{promptTokens=100, completionTokens=50, totalTokens=150}"
    )
    assert (
        repr(DefaultUsage(None, None, None))
        == "DefaultUsage{promptTokens=0, completionTokens=0, totalTokens=0}"
    )


def test_negative_token_values() -> None:
    usage = DefaultUsage(-1, -2, -3)
    assert usage.get_prompt_tokens() == -1
    assert usage.get_completion_tokens() == -2
    assert usage.get_total_tokens() == -3


def test_cache_fields() -> None:
    usage = DefaultUsage(100, 50, 150, None, 500, 200)
    assert usage.get_cache_read_input_tokens() == 500
    assert usage.get_cache_write_input_tokens() == 200


def test_cache_fields_null_by_default() -> None:
    usage = DefaultUsage(100, 50, 150)
    assert usage.get_cache_read_input_tokens() is None
    assert usage.get_cache_write_input_tokens() is None


def test_to_string_with_cache_fields() -> None:
    assert repr(DefaultUsage(100, 50, 150, None, 500, 200)) == (
        "DefaultUsage{promptTokens=100, completionTokens=50, totalTokens=150, "
        "cacheReadInputTokens=500, cacheWriteInputTokens=200}"
    )


@pytest.mark.skip(reason=JACKSON)
def test_serialization_with_cache_fields() -> None:
    pass


@pytest.mark.skip(reason=JACKSON)
def test_deserialization_with_cache_fields() -> None:
    pass


@pytest.mark.skip(reason=JACKSON)
def test_deserialization_without_cache_fields() -> None:
    pass


def test_calculated_total_tokens() -> None:
    assert DefaultUsage(100, 50, None).get_total_tokens() == 150
    assert DefaultUsage(100, 50, 200).get_total_tokens() == 200
