"""The fake Anthropic server's prompt cache: prefix writes and reads as the API reports them."""

from __future__ import annotations

from typing import Any

from spring_ai_py.test._anthropic_cache import CacheUsage, PromptCache, count_tokens

CC = {"type": "ephemeral", "ttl": "5m"}


def _body(system: str, *messages: tuple[str, str, bool]) -> dict[str, Any]:
    return {
        "system": [{"type": "text", "text": system, "cache_control": CC}],
        "messages": [
            {
                "role": role,
                "content": [
                    {"type": "text", "text": text, **({"cache_control": CC} if cached else {})}
                ],
            }
            for role, text, cached in messages
        ],
    }


def test_without_breakpoints_everything_is_plain_input() -> None:
    body = {"system": "Be brief.", "messages": [{"role": "user", "content": "Hi"}]}
    usage = PromptCache().process(body)
    assert usage == CacheUsage(
        count_tokens({"type": "text", "text": "Be brief."})
        + count_tokens({"type": "text", "text": "Hi"}),
        0,
        0,
    )


def test_the_prefix_is_written_once_and_read_afterwards() -> None:
    cache = PromptCache()
    body = _body("S" * 400, ("user", "question", False))
    first = cache.process(body)
    second = cache.process(body)
    assert first.cache_creation_input_tokens > 100 and first.cache_read_input_tokens == 0
    assert second == CacheUsage(first.input_tokens, 0, first.cache_creation_input_tokens)


def test_a_later_breakpoint_reads_the_earlier_prefix_and_writes_the_rest() -> None:
    cache = PromptCache()
    system = cache.process(_body("S" * 400, ("user", "q1", False)))
    grown = cache.process(
        _body("S" * 400, ("user", "q1", False), ("assistant", "a1", False), ("user", "q2", True))
    )
    assert grown.cache_read_input_tokens == system.cache_creation_input_tokens
    assert grown.cache_creation_input_tokens > 0 and grown.input_tokens == 0


def test_prefixes_under_the_minimum_are_not_cached() -> None:
    cache = PromptCache(min_cacheable_tokens=10_000)
    body = _body("S" * 400, ("user", "question", False))
    assert cache.process(body).cache_creation_input_tokens == 0
    assert cache.process(body).cache_read_input_tokens == 0


def test_a_changed_block_before_the_breakpoint_misses_the_cache() -> None:
    cache = PromptCache()
    cache.process(_body("S" * 400, ("user", "question", False)))
    changed = cache.process(_body("T" * 400, ("user", "question", False)))
    assert changed.cache_read_input_tokens == 0 and changed.cache_creation_input_tokens > 0
