"""Port of Spring AI 2.0.1 `org.springframework.ai.anthropic.CacheEligibilityResolverTests`: 11 tests ported, 0 skipped.

Spring's resolver returns the SDK's ``CacheControlEphemeral``; the port returns the
wire form ``{"type": "ephemeral", "ttl": "5m" | "1h"}``, so ``cc.ttl()`` becomes
``cc["ttl"]``.
"""

from __future__ import annotations

from spring_ai_py.anthropic import (
    AnthropicCacheOptions,
    AnthropicCacheStrategy,
    AnthropicCacheTtl,
    CacheEligibilityResolver,
)
from spring_ai_py.chat.messages import MessageType


def _resolver(strategy: AnthropicCacheStrategy, **settings: object) -> CacheEligibilityResolver:
    return CacheEligibilityResolver.from_options(
        AnthropicCacheOptions(strategy=strategy, **settings)  # type: ignore[arg-type]
    )


def test_no_caching_when_strategy_none() -> None:
    resolver = _resolver(AnthropicCacheStrategy.NONE)
    assert resolver.is_caching_enabled() is False
    assert resolver.resolve(MessageType.SYSTEM, "some text") is None
    assert resolver.resolve_tool_cache_control() is None


def test_system_caching_respects_min_length() -> None:
    options = (
        AnthropicCacheOptions.builder()
        .strategy(AnthropicCacheStrategy.SYSTEM_ONLY)
        .message_type_min_content_length(MessageType.SYSTEM, 10)
        .build()
    )
    resolver = CacheEligibilityResolver.from_options(options)
    assert resolver.resolve(MessageType.SYSTEM, "short") is None
    cc = resolver.resolve(MessageType.SYSTEM, "01234567890")
    assert cc == {"type": "ephemeral", "ttl": "5m"}


def test_empty_text_should_not_be_cached_even_if_min_is_zero() -> None:
    resolver = _resolver(AnthropicCacheStrategy.SYSTEM_ONLY)
    assert resolver.resolve(MessageType.SYSTEM, "") is None
    assert resolver.resolve(MessageType.SYSTEM, None) is None


def test_tool_cache_control_respects_strategy() -> None:
    one_hour = {MessageType.SYSTEM: AnthropicCacheTtl.ONE_HOUR}
    assert _resolver(AnthropicCacheStrategy.NONE).resolve_tool_cache_control() is None
    system_only = _resolver(AnthropicCacheStrategy.SYSTEM_ONLY, message_type_ttl=one_hour)
    assert system_only.resolve_tool_cache_control() is None
    tools_only = _resolver(AnthropicCacheStrategy.TOOLS_ONLY, message_type_ttl=one_hour)
    assert tools_only.resolve_tool_cache_control() is not None
    assert tools_only.resolve(MessageType.SYSTEM, "Large system prompt text") is None
    both = _resolver(AnthropicCacheStrategy.SYSTEM_AND_TOOLS, message_type_ttl=one_hour)
    cc = both.resolve_tool_cache_control()
    assert cc is not None and cc["ttl"] == "1h"
    history = _resolver(AnthropicCacheStrategy.CONVERSATION_HISTORY)
    assert history.resolve_tool_cache_control() is not None


def test_tools_only_strategy_behavior() -> None:
    resolver = _resolver(
        AnthropicCacheStrategy.TOOLS_ONLY,
        message_type_min_content_lengths={MessageType.SYSTEM: 100},
    )
    assert resolver.is_caching_enabled() is True
    assert (
        resolver.resolve(MessageType.SYSTEM, "Large system prompt with plenty of content") is None
    )
    assert resolver.resolve(MessageType.USER, "User message content") is None
    assert resolver.resolve(MessageType.ASSISTANT, "Assistant message content") is None
    assert resolver.resolve(MessageType.TOOL, "Tool result content") is None
    assert resolver.resolve_tool_cache_control() is not None


def test_breakpoint_count_for_each_strategy() -> None:
    none = _resolver(AnthropicCacheStrategy.NONE)
    assert none.resolve_tool_cache_control() is None
    assert none.resolve(MessageType.SYSTEM, "content") is None
    system_only = _resolver(AnthropicCacheStrategy.SYSTEM_ONLY)
    assert system_only.resolve_tool_cache_control() is None
    assert system_only.resolve(MessageType.SYSTEM, "content") is not None
    tools_only = _resolver(AnthropicCacheStrategy.TOOLS_ONLY)
    assert tools_only.resolve_tool_cache_control() is not None
    assert tools_only.resolve(MessageType.SYSTEM, "content") is None
    both = _resolver(AnthropicCacheStrategy.SYSTEM_AND_TOOLS)
    assert both.resolve_tool_cache_control() is not None
    assert both.resolve(MessageType.SYSTEM, "content") is not None


def test_message_type_eligibility_per_strategy() -> None:
    eligible = {
        AnthropicCacheStrategy.NONE: set(),
        AnthropicCacheStrategy.SYSTEM_ONLY: {MessageType.SYSTEM},
        AnthropicCacheStrategy.TOOLS_ONLY: set(),
        AnthropicCacheStrategy.SYSTEM_AND_TOOLS: {MessageType.SYSTEM},
        AnthropicCacheStrategy.CONVERSATION_HISTORY: set(MessageType),
    }
    for strategy, types in eligible.items():
        resolver = _resolver(strategy)
        for message_type in MessageType:
            cached = resolver.resolve(message_type, "content") is not None
            assert cached is (message_type in types), (strategy, message_type)


def test_system_and_tools_independent_breakpoints() -> None:
    resolver = _resolver(AnthropicCacheStrategy.SYSTEM_AND_TOOLS)
    tool_cache = resolver.resolve_tool_cache_control()
    system_cache = resolver.resolve(MessageType.SYSTEM, "content")
    assert tool_cache is not None and system_cache is not None
    assert tool_cache["ttl"] == system_cache["ttl"]


def test_breakpoint_limit_enforced() -> None:
    resolver = _resolver(AnthropicCacheStrategy.CONVERSATION_HISTORY)
    for message_type in (
        MessageType.SYSTEM,
        MessageType.USER,
        MessageType.ASSISTANT,
        MessageType.TOOL,
    ):
        assert resolver.resolve(message_type, "content") is not None
        resolver.use_cache_block()
    assert resolver.resolve(MessageType.USER, "more content") is None, (
        "Should return null when all 4 breakpoints are used"
    )
    assert resolver.resolve_tool_cache_control() is None


def test_empty_and_null_content_handling() -> None:
    resolver = _resolver(AnthropicCacheStrategy.CONVERSATION_HISTORY)
    assert resolver.resolve(MessageType.SYSTEM, "") is None, "Empty string should not be cached"
    assert resolver.resolve(MessageType.SYSTEM, None) is None, "Null content should not be cached"
    assert resolver.resolve(MessageType.SYSTEM, "   ") is not None, (
        "Whitespace-only content meeting length requirements should be cacheable"
    )


def test_one_hour_ttl_returned_for_configured_message_type() -> None:
    options = (
        AnthropicCacheOptions.builder()
        .strategy(AnthropicCacheStrategy.SYSTEM_ONLY)
        .message_type_ttl(MessageType.SYSTEM, AnthropicCacheTtl.ONE_HOUR)
        .build()
    )
    cc = CacheEligibilityResolver.from_options(options).resolve(
        MessageType.SYSTEM, "enough content"
    )
    assert cc == {"type": "ephemeral", "ttl": "1h"}
