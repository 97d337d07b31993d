"""What the in-memory tool indexes share: per-session storage, the stop words, result
limits and response building."""

from __future__ import annotations

import logging
import threading
import time
from abc import abstractmethod
from collections.abc import Sequence
from types import TracebackType
from typing import Generic, Protocol, Self, TypeVar

from spring_ai_py.tool.toolsearch.records import (
    ToolReference,
    ToolSearchRequest,
    ToolSearchResponse,
)
from spring_ai_py.tool.toolsearch.tool_index import ToolIndex

DEFAULT_MAX_RESULTS = 10
"""How many tools a search returns when the request does not say."""

_STOP_WORDS_TEXT = """a an the is are was were be been being have has had do does did will
would could should may might must shall can need dare ought used to of in for on with at by
from as into through during before after above below between and or but if because until
while although this that these those what which who whom whose i me my we our you your he
him his she her it its they them their all any both each every some no not only just also
very too so"""

STOP_WORDS: frozenset[str] = frozenset(_STOP_WORDS_TEXT.split())
"""Common English words that say nothing about a tool (Spring's regex index list)."""


def max_results_of(request: ToolSearchRequest) -> int:
    """The request's result limit, or the default; a negative limit returns nothing
    rather than failing the tool call."""
    if request.max_results is None:
        return DEFAULT_MAX_RESULTS
    return max(int(request.max_results), 0)


def search_response(
    index: ToolIndex,
    query: str,
    references: Sequence[ToolReference] | None = None,
    started: float | None = None,
) -> ToolSearchResponse:
    """A response carrying ``references`` and metadata naming the index's class."""
    elapsed = None if started is None else int((time.monotonic() - started) * 1000)
    metadata = ToolSearchResponse.SearchMetadata(type(index).__name__, query or "", elapsed)
    if references is None:
        return ToolSearchResponse((), None, metadata)
    return ToolSearchResponse(tuple(references), len(references), metadata)


class SessionState(Protocol):
    """The tools one session has indexed."""

    def size(self) -> int: ...


S = TypeVar("S", bound=SessionState)


class ClosableToolIndex(ToolIndex):
    """A tool index that can be closed, also as a context manager (Java's ``Closeable``)."""

    def close(self) -> None:
        """Release what the index holds; nothing by default."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


class InMemoryToolIndex(ClosableToolIndex, Generic[S]):
    """A tool index keeping one in-memory state per session, thread-safely.

    Subclasses create the state (:meth:`_new_session`), add to it and search it; this
    base handles lookup, clearing, sizes and closing.
    """

    def __init__(self) -> None:
        self._sessions: dict[str, S] = {}
        self._lock = threading.RLock()
        self._logger = logging.getLogger(f"{type(self).__module__}.{type(self).__name__}")

    @abstractmethod
    def _new_session(self) -> S:
        """A fresh, empty session state."""

    def _session(self, session_id: str) -> S:
        """The state of ``session_id``, created when missing (call under ``self._lock``)."""
        state = self._sessions.get(session_id)
        if state is None:
            state = self._new_session()
            self._sessions[session_id] = state
        return state

    def _searchable(self, request: ToolSearchRequest) -> S | None:
        """The state to search, or ``None`` (logged) when there is none."""
        if not request.session_id or not str(request.session_id).strip():
            self._logger.warning(
                "No session_id provided in ToolSearchRequest, returning empty results"
            )
            return None
        with self._lock:
            state = self._sessions.get(request.session_id)
        if state is None:
            self._logger.debug("No index found for session: %s", request.session_id)
        return state

    def clear_index(self, session_id: str) -> None:
        with self._lock:
            removed = self._sessions.pop(session_id, None)
        if removed is not None:
            self._logger.debug("Cleared index for session: %s", session_id)

    def size(self, session_id: str) -> int:
        """How many tools ``session_id`` has indexed (0 for an unknown session)."""
        with self._lock:
            state = self._sessions.get(session_id)
            return 0 if state is None else state.size()

    def total_size(self) -> int:
        """How many tools are indexed across all sessions."""
        with self._lock:
            return sum(state.size() for state in self._sessions.values())

    def close(self) -> None:
        """Drop every session's index."""
        with self._lock:
            self._sessions.clear()
