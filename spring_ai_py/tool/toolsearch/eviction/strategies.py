"""Strategies that decide when a session's tool index is dropped."""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable
from datetime import timedelta
from typing import ClassVar

from spring_ai_py import _assert


class ToolIndexEvictionStrategy(ABC):
    """Decides which sessions' tool indexes to clear.

    The tool search advisor calls :meth:`on_access` at the start of every request; the
    sessions it returns are cleared from the tool index, and :meth:`on_removed` is then
    called for each of them (and for every explicit eviction) so the strategy can forget
    its own bookkeeping for that session.
    """

    @abstractmethod
    def on_access(self, session_id: str) -> set[str]:
        """Record an access to ``session_id`` and return the sessions to evict now.

        The result should not contain ``session_id`` itself (only
        :class:`AlwaysEvictStrategy` does so, on purpose); it may be empty.
        """

    @abstractmethod
    def on_removed(self, session_id: str) -> None:
        """Forget ``session_id``: its tool index has been cleared."""


class NeverEvictStrategy(ToolIndexEvictionStrategy):
    """Never evicts: indexes live until the advisor's ``evict_session`` releases them.

    One index is kept per distinct session id, forever; with many short conversations
    that grows without bound. Use it only for a small, stable set of sessions, and
    prefer :class:`LruEvictionStrategy`, :class:`TtlEvictionStrategy` or a
    :class:`CompositeEvictionStrategy` of both in services.
    """

    INSTANCE: ClassVar[NeverEvictStrategy]

    def on_access(self, session_id: str) -> set[str]:
        return set()

    def on_removed(self, session_id: str) -> None:
        return None


NeverEvictStrategy.INSTANCE = NeverEvictStrategy()


class AlwaysEvictStrategy(ToolIndexEvictionStrategy):
    """Clears a session's index before every request, so its tools are re-indexed on
    every turn.

    For tool sets that change between turns. :meth:`on_access` returns the accessed
    session itself: evicting it drops its fingerprint too, so the advisor always
    re-indexes. Inside a :class:`CompositeEvictionStrategy` this behaviour wins.
    """

    INSTANCE: ClassVar[AlwaysEvictStrategy]

    def on_access(self, session_id: str) -> set[str]:
        return {session_id}

    def on_removed(self, session_id: str) -> None:
        return None


AlwaysEvictStrategy.INSTANCE = AlwaysEvictStrategy()


class LruEvictionStrategy(ToolIndexEvictionStrategy):
    """Keeps at most ``max_sessions`` session indexes, evicting the least recently used.

    Every access makes the session the most recently used, so an active conversation is
    evicted only after all others have been used since. Suited to remote vector stores
    and paid embedding APIs, where the number of retained indexes must be bounded.
    """

    def __init__(self, max_sessions: int) -> None:
        _assert.is_true(
            isinstance(max_sessions, int)
            and not isinstance(max_sessions, bool)
            and max_sessions > 0,
            "max_sessions must be positive",
        )
        self._max_sessions = max_sessions
        self._access_order: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()

    def on_access(self, session_id: str) -> set[str]:
        with self._lock:
            self._access_order[session_id] = None
            self._access_order.move_to_end(session_id)
            if len(self._access_order) <= self._max_sessions:
                return set()
            least_recently_used, _ = self._access_order.popitem(last=False)
            return {least_recently_used}

    def on_removed(self, session_id: str) -> None:
        with self._lock:
            self._access_order.pop(session_id, None)


class TtlEvictionStrategy(ToolIndexEvictionStrategy):
    """Evicts sessions idle for at least ``ttl``.

    Expiry is checked lazily on each :meth:`on_access` (no background thread): every
    other tracked session whose last access is ``ttl`` or more ago is returned. Each
    access restarts the session's clock. ``ttl`` is a ``timedelta`` or a number of
    seconds; ``clock`` (default ``time.monotonic``) returns the current time in
    seconds, and can be replaced to control time in tests.
    """

    def __init__(self, ttl: timedelta | float, clock: Callable[[], float] = time.monotonic) -> None:
        _assert.not_none(ttl, "ttl must not be null")
        seconds = ttl.total_seconds() if isinstance(ttl, timedelta) else float(ttl)
        _assert.is_true(seconds > 0, "ttl must be positive")
        _assert.not_none(clock, "clock must not be null")
        self._ttl = seconds
        self._clock = clock
        self._last_access: dict[str, float] = {}
        self._lock = threading.Lock()

    def on_access(self, session_id: str) -> set[str]:
        with self._lock:
            now = self._clock()
            self._last_access[session_id] = now
            expired = {
                other
                for other, last in self._last_access.items()
                if other != session_id and now - last >= self._ttl
            }
            for other in expired:
                del self._last_access[other]
            return expired

    def on_removed(self, session_id: str) -> None:
        with self._lock:
            self._last_access.pop(session_id, None)


class CompositeEvictionStrategy(ToolIndexEvictionStrategy):
    """Combines strategies: every delegate sees every call, and a session is evicted
    when any delegate asks for it (typically LRU capacity plus TTL idle clean-up)."""

    def __init__(
        self, *strategies: ToolIndexEvictionStrategy | list[ToolIndexEvictionStrategy]
    ) -> None:
        delegates: list[ToolIndexEvictionStrategy] = []
        for strategy in strategies:
            if isinstance(strategy, list | tuple):
                delegates.extend(strategy)
            else:
                delegates.append(strategy)
        _assert.is_true(len(delegates) > 0, "at least one strategy is required")
        _assert.no_null_elements(delegates, "strategies cannot contain null elements")
        self._delegates = tuple(delegates)

    def on_access(self, session_id: str) -> set[str]:
        evicted: set[str] = set()
        for delegate in self._delegates:
            evicted |= delegate.on_access(session_id)
        return evicted

    def on_removed(self, session_id: str) -> None:
        for delegate in self._delegates:
            delegate.on_removed(session_id)
