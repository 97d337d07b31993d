"""``org.springframework.ai.tool.toolsearch.eviction``: when session tool indexes are dropped."""

from spring_ai_py.tool.toolsearch.eviction.strategies import (
    AlwaysEvictStrategy,
    CompositeEvictionStrategy,
    LruEvictionStrategy,
    NeverEvictStrategy,
    ToolIndexEvictionStrategy,
    TtlEvictionStrategy,
)

__all__ = [
    "AlwaysEvictStrategy",
    "CompositeEvictionStrategy",
    "LruEvictionStrategy",
    "NeverEvictStrategy",
    "ToolIndexEvictionStrategy",
    "TtlEvictionStrategy",
]
