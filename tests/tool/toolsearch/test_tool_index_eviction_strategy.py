"""Port of Spring AI 2.0.1
`org.springframework.ai.tool.toolsearch.eviction.ToolIndexEvictionStrategyTests`: 20 tests
ported, 0 skipped; plus argument checks and TTL details. TTL tests drive a fake clock
instead of sleeping."""

from __future__ import annotations

from datetime import timedelta

import pytest

from spring_ai_py.tool.toolsearch.eviction import (
    AlwaysEvictStrategy,
    CompositeEvictionStrategy,
    LruEvictionStrategy,
    NeverEvictStrategy,
    ToolIndexEvictionStrategy,
    TtlEvictionStrategy,
)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def test_always_evict_on_access_returns_current_session() -> None:
    strategy = AlwaysEvictStrategy.INSTANCE
    assert strategy.on_access("session-1") == {"session-1"}
    assert strategy.on_access("session-2") == {"session-2"}
    assert strategy.on_access("session-1") == {"session-1"}


def test_always_evict_on_removed_does_nothing() -> None:
    strategy = AlwaysEvictStrategy.INSTANCE
    strategy.on_removed("any-session")
    assert strategy.on_access("any-session") == {"any-session"}


def test_always_evict_composed_with_lru_still_evicts_current_session() -> None:
    composite = CompositeEvictionStrategy(AlwaysEvictStrategy.INSTANCE, LruEvictionStrategy(10))
    assert "a" in composite.on_access("a")


def test_never_evict_on_access_always_returns_empty() -> None:
    strategy = NeverEvictStrategy.INSTANCE
    assert strategy.on_access("session-1") == set()
    assert strategy.on_access("session-2") == set()
    assert strategy.on_access("session-1") == set()


def test_never_evict_on_removed_does_nothing() -> None:
    strategy = NeverEvictStrategy.INSTANCE
    strategy.on_removed("any-session")
    assert strategy.on_access("any-session") == set()


def test_strategies_are_tool_index_eviction_strategies() -> None:
    for strategy in (
        NeverEvictStrategy.INSTANCE,
        AlwaysEvictStrategy.INSTANCE,
        LruEvictionStrategy(1),
        TtlEvictionStrategy(timedelta(seconds=1)),
        CompositeEvictionStrategy(NeverEvictStrategy.INSTANCE),
    ):
        assert isinstance(strategy, ToolIndexEvictionStrategy)


def test_lru_below_capacity_no_eviction() -> None:
    strategy = LruEvictionStrategy(3)
    assert strategy.on_access("a") == set()
    assert strategy.on_access("b") == set()
    assert strategy.on_access("c") == set()


def test_lru_capacity_exceeded_evicts_lru_session() -> None:
    strategy = LruEvictionStrategy(2)
    strategy.on_access("a")
    strategy.on_access("b")
    assert strategy.on_access("c") == {"a"}


def test_lru_recent_access_updates_order() -> None:
    strategy = LruEvictionStrategy(2)
    strategy.on_access("a")
    strategy.on_access("b")
    strategy.on_access("a")
    assert strategy.on_access("c") == {"b"}


def test_lru_same_session_access_does_not_evict() -> None:
    strategy = LruEvictionStrategy(1)
    strategy.on_access("a")
    assert strategy.on_access("a") == set()


def test_lru_on_removed_prevents_eviction_of_already_cleared_session() -> None:
    strategy = LruEvictionStrategy(2)
    strategy.on_access("a")
    strategy.on_access("b")
    strategy.on_removed("a")
    assert strategy.on_access("c") == set()


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, None])
def test_lru_max_sessions_must_be_positive(bad: object) -> None:
    with pytest.raises(ValueError, match="max_sessions must be positive"):
        LruEvictionStrategy(bad)  # type: ignore[arg-type]


def test_ttl_fresh_session_not_evicted() -> None:
    clock = FakeClock()
    strategy = TtlEvictionStrategy(timedelta(minutes=10), clock)
    strategy.on_access("a")
    clock.advance(599)
    assert "a" not in strategy.on_access("b")


def test_ttl_expired_session_evicted_on_next_access() -> None:
    clock = FakeClock()
    strategy = TtlEvictionStrategy(timedelta(milliseconds=50), clock)
    strategy.on_access("a")
    clock.advance(0.06)
    assert strategy.on_access("b") == {"a"}
    # Evicted sessions are no longer tracked.
    clock.advance(0.06)
    assert strategy.on_access("c") == {"b"}


def test_ttl_expiry_is_inclusive_and_accepts_seconds() -> None:
    clock = FakeClock()
    strategy = TtlEvictionStrategy(5, clock)
    strategy.on_access("a")
    clock.advance(5)
    assert strategy.on_access("b") == {"a"}


def test_ttl_access_restarts_the_clock() -> None:
    clock = FakeClock()
    strategy = TtlEvictionStrategy(10, clock)
    strategy.on_access("a")
    clock.advance(8)
    strategy.on_access("a")
    clock.advance(8)
    assert strategy.on_access("b") == set()


def test_ttl_current_session_not_evicted_even_if_idle() -> None:
    clock = FakeClock()
    strategy = TtlEvictionStrategy(timedelta(milliseconds=50), clock)
    strategy.on_access("a")
    clock.advance(1)
    assert "a" not in strategy.on_access("a")


def test_ttl_on_removed_removes_session_from_tracking() -> None:
    clock = FakeClock()
    strategy = TtlEvictionStrategy(timedelta(milliseconds=50), clock)
    strategy.on_access("a")
    strategy.on_removed("a")
    clock.advance(1)
    assert "a" not in strategy.on_access("b")


@pytest.mark.parametrize("bad", [timedelta(0), timedelta(seconds=-1), 0, -2.5])
def test_ttl_must_be_positive(bad: timedelta | float) -> None:
    with pytest.raises(ValueError, match="ttl must be positive"):
        TtlEvictionStrategy(bad)


def test_ttl_must_not_be_none() -> None:
    with pytest.raises(ValueError, match="ttl must not be null"):
        TtlEvictionStrategy(None)  # type: ignore[arg-type]


def test_composite_unions_eviction_decisions() -> None:
    composite = CompositeEvictionStrategy(
        LruEvictionStrategy(1), TtlEvictionStrategy(timedelta(minutes=10))
    )
    composite.on_access("a")
    assert composite.on_access("b") == {"a"}


def test_composite_both_strategies_receive_on_removed() -> None:
    clock = FakeClock()
    composite = CompositeEvictionStrategy(LruEvictionStrategy(2), TtlEvictionStrategy(0.05, clock))
    composite.on_access("a")
    composite.on_removed("a")
    clock.advance(1)
    assert "a" not in composite.on_access("b")


def test_composite_accepts_a_list() -> None:
    composite = CompositeEvictionStrategy([LruEvictionStrategy(1), NeverEvictStrategy.INSTANCE])
    composite.on_access("a")
    assert composite.on_access("b") == {"a"}


def test_composite_requires_at_least_one_delegate() -> None:
    with pytest.raises(ValueError, match="at least one strategy is required"):
        CompositeEvictionStrategy()
    with pytest.raises(ValueError, match="at least one strategy is required"):
        CompositeEvictionStrategy([])


def test_composite_rejects_none_delegates() -> None:
    with pytest.raises(ValueError, match="null"):
        CompositeEvictionStrategy(NeverEvictStrategy.INSTANCE, None)  # type: ignore[arg-type]


def test_composite_single_delegate_behaves_like_delegate() -> None:
    composite = CompositeEvictionStrategy(NeverEvictStrategy.INSTANCE)
    assert composite.on_access("x") == set()
    assert composite.on_access("y") == set()
