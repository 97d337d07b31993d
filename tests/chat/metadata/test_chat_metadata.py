"""Usage, rate limit, ChatResponseMetadata and ChatGenerationMetadata: the port's own tests
(Spring's DefaultUsageTests are ported in ``test_default_usage.py``)."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.metadata import (
    ChatGenerationMetadata,
    ChatResponseMetadata,
    DefaultUsage,
    EmptyRateLimit,
    EmptyUsage,
    RateLimit,
)


def test_default_usage_equality_and_repr() -> None:
    assert DefaultUsage(100, 50, 150) == DefaultUsage(100, 50)
    assert hash(DefaultUsage(100, 50, 150)) == hash(DefaultUsage(100, 50))
    assert DefaultUsage(100, 50) != DefaultUsage(100, 51)
    assert (
        repr(DefaultUsage(100, 50, 150))
        == "DefaultUsage{promptTokens=100, completionTokens=50, totalTokens=150}"
    )
    assert repr(DefaultUsage(1, 2, cache_read_input_tokens=3)).endswith(", cacheReadInputTokens=3}")


def test_empty_usage() -> None:
    usage = EmptyUsage()
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        0,
        0,
        0,
    )
    assert usage == EmptyUsage() and usage.get_native_usage() is None


def test_rate_limit_record() -> None:
    limit = RateLimit(
        requests_limit=100,
        requests_remaining=99,
        requests_reset=1.5,
        tokens_limit=1000,
        tokens_remaining=999,
        tokens_reset=2.5,
    )
    assert (limit.get_requests_limit(), limit.get_requests_remaining()) == (100, 99)
    assert (limit.get_tokens_limit(), limit.get_tokens_remaining()) == (1000, 999)
    assert (limit.get_requests_reset(), limit.get_tokens_reset()) == (1.5, 2.5)
    assert EmptyRateLimit().get_requests_limit() is None
    assert EmptyRateLimit().get_requests_reset() is None


def test_chat_response_metadata_defaults() -> None:
    metadata = ChatResponseMetadata()
    assert (metadata.get_id(), metadata.get_model()) == ("", "")
    assert isinstance(metadata.get_usage(), EmptyUsage)
    assert isinstance(metadata.get_rate_limit(), EmptyRateLimit)
    assert metadata.is_empty()


def test_chat_response_metadata_builder() -> None:
    usage = DefaultUsage(1, 2)
    limit = RateLimit(requests_limit=5)
    metadata = (
        ChatResponseMetadata.builder()
        .id("id-1")
        .model("gpt")
        .usage(usage)
        .rate_limit(limit)
        .key_value("key1", "value1")
        .key_value("ignored", None)
        .metadata({"key2": 2})
        .build()
    )
    assert (
        metadata.get_id(),
        metadata.get_model(),
        metadata.get_usage(),
        metadata.get_rate_limit(),
    ) == ("id-1", "gpt", usage, limit)
    assert metadata.get("key1") == "value1"
    assert metadata.get("missing", "default") == "default"
    assert metadata.get_or_default("missing", 3) == 3
    assert metadata.contains_key("key2") and not metadata.contains_key("ignored")
    assert dict(metadata.entry_set()) == {"key1": "value1", "key2": 2}
    assert set(metadata.key_set()) == {"key1", "key2"}
    copy = ChatResponseMetadata.builder().from_(metadata).build()
    assert copy == metadata and dict(copy.entry_set()) == dict(metadata.entry_set())


def test_chat_response_metadata_rejects_none_key() -> None:
    with pytest.raises(ValueError, match=r"^Key must not be null$"):
        ChatResponseMetadata.builder().key_value(None, "v")  # type: ignore[arg-type]


def test_chat_generation_metadata() -> None:
    metadata = (
        ChatGenerationMetadata.builder()
        .finish_reason("STOP")
        .metadata("k", "v")
        .metadata({"k2": "v2"})
        .content_filter("violence")
        .content_filters({"hate"})
        .build()
    )
    assert metadata.get_finish_reason() == "STOP"
    assert metadata.get("k") == "v" and metadata.get_or_default("none", 1) == 1
    assert metadata.get_content_filters() == frozenset({"violence", "hate"})
    assert metadata.contains_key("k2") and set(metadata.key_set()) == {"k", "k2"}
    assert not metadata.is_empty()
    assert ChatGenerationMetadata.NULL.get_finish_reason() is None
    assert ChatGenerationMetadata.NULL.is_empty()
    assert (
        ChatGenerationMetadata.builder().finish_reason("STOP").build()
        == ChatGenerationMetadata.builder().finish_reason("STOP").build()
    )
