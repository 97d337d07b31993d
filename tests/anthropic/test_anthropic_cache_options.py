"""Port of Spring AI 2.0.1 `org.springframework.ai.anthropic.AnthropicCacheOptionsTests`: 8 tests ported, 0 skipped."""

from __future__ import annotations

from spring_ai_py.anthropic import AnthropicCacheOptions, AnthropicCacheStrategy, AnthropicCacheTtl
from spring_ai_py.chat.messages import MessageType


def test_defaults_are_sane() -> None:
    options = AnthropicCacheOptions.builder().build()
    assert options.get_strategy() is AnthropicCacheStrategy.NONE
    assert options.get_message_type_ttl()[MessageType.SYSTEM] is AnthropicCacheTtl.FIVE_MINUTES
    assert options.get_message_type_min_content_lengths()[MessageType.SYSTEM] == 1
    assert options.get_content_length_function()("hello") == 5
    assert options.get_content_length_function()(None) == 0


def test_builder_overrides() -> None:
    options = (
        AnthropicCacheOptions.builder()
        .strategy(AnthropicCacheStrategy.SYSTEM_AND_TOOLS)
        .message_type_ttl(MessageType.SYSTEM, AnthropicCacheTtl.ONE_HOUR)
        .message_type_min_content_length(MessageType.SYSTEM, 100)
        .content_length_function(lambda s: len(s) * 2 if s is not None else 0)
        .build()
    )
    assert options.get_strategy() is AnthropicCacheStrategy.SYSTEM_AND_TOOLS
    assert options.get_message_type_ttl()[MessageType.SYSTEM] is AnthropicCacheTtl.ONE_HOUR
    assert options.get_message_type_min_content_lengths()[MessageType.SYSTEM] == 100
    assert options.get_content_length_function()("test") == 8
    # The other message types keep their defaults.
    assert options.get_message_type_ttl()[MessageType.USER] is AnthropicCacheTtl.FIVE_MINUTES
    assert options.get_message_type_min_content_lengths()[MessageType.TOOL] == 1


def test_multi_block_system_caching_defaults_to_false() -> None:
    assert AnthropicCacheOptions.builder().build().is_multi_block_system_caching() is False


def test_multi_block_system_caching_builder_override() -> None:
    options = AnthropicCacheOptions.builder().multi_block_system_caching(True).build()
    assert options.is_multi_block_system_caching() is True


def test_cache_tool_results_defaults_to_false() -> None:
    assert AnthropicCacheOptions.builder().build().is_cache_tool_results() is False


def test_cache_tool_results_builder_override() -> None:
    options = AnthropicCacheOptions.builder().cache_tool_results(True).build()
    assert options.is_cache_tool_results() is True


def test_cache_tool_results_participates_in_equals_and_hash_code() -> None:
    with_flag = (
        AnthropicCacheOptions.builder()
        .strategy(AnthropicCacheStrategy.CONVERSATION_HISTORY)
        .cache_tool_results(True)
        .build()
    )
    without_flag = (
        AnthropicCacheOptions.builder()
        .strategy(AnthropicCacheStrategy.CONVERSATION_HISTORY)
        .build()
    )
    assert with_flag != without_flag
    assert hash(with_flag) != hash(without_flag)
    assert without_flag == AnthropicCacheOptions(
        strategy=AnthropicCacheStrategy.CONVERSATION_HISTORY
    )
    assert hash(without_flag) == hash(
        AnthropicCacheOptions(strategy=AnthropicCacheStrategy.CONVERSATION_HISTORY)
    )


def test_disabled_singleton_has_none_strategy() -> None:
    assert AnthropicCacheOptions.disabled().get_strategy() is AnthropicCacheStrategy.NONE
    # Each call returns a fresh instance, as in Spring.
    assert AnthropicCacheOptions.disabled() is not AnthropicCacheOptions.disabled()
