"""The records a :class:`~spring_ai_py.tool.toolsearch.ToolIndex` works with: the tool
reference it stores and returns, the search request and the search response."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from spring_ai_py import _assert
from spring_ai_py._builder import Buildable, Builder


@dataclass(frozen=True)
class ToolReference(Buildable):
    """A tool found in (or put into) a tool index: its name, an optional relevance score
    and a summary (the tool description).

    ``tool_name`` is required and neither it nor ``summary`` may be ``None`` (the
    summary defaults to empty); ``relevance_score`` is set by searches (higher means
    more relevant; its scale depends on the index).
    """

    tool_name: str
    relevance_score: float | None = None
    summary: str = ""

    def __post_init__(self) -> None:
        _assert.not_none(self.tool_name, "tool_name cannot be null")
        _assert.not_none(self.summary, "summary cannot be null")
        if self.relevance_score is not None:
            object.__setattr__(self, "relevance_score", float(self.relevance_score))


@dataclass(frozen=True)
class ToolSearchRequest:
    """A search in one session's tool index.

    ``query`` describes the needed capability in natural language; ``max_results``
    ``None`` lets the index apply its own default; ``category_filter`` is a hint whose
    support depends on the index implementation.
    """

    session_id: str
    query: str
    max_results: int | None = None
    category_filter: str | None = None


@dataclass(frozen=True)
class ToolSearchResponse(Buildable):
    """The tools matching a search, best first, with the number of matches and metadata
    about how the search ran."""

    tool_references: tuple[ToolReference, ...] = ()
    total_matches: int | None = None
    search_metadata: ToolSearchResponse.SearchMetadata | None = None

    def __post_init__(self) -> None:
        _assert.not_none(self.tool_references, "tool_references cannot be null")
        object.__setattr__(self, "tool_references", tuple(self.tool_references))

    @classmethod
    def builder(cls) -> ToolSearchResponse.Builder:
        return ToolSearchResponse.Builder(cls)

    def mutate(self) -> ToolSearchResponse.Builder:
        return ToolSearchResponse.Builder(type(self), self._builder_state())

    @dataclass(frozen=True)
    class SearchMetadata(Buildable):
        """How a search was performed.

        ``search_type`` names the index implementation (usually its class name, for
        example ``"KeywordToolIndex"``); ``query`` is the query as received;
        ``search_time_ms`` the elapsed time in milliseconds, ``None`` when not measured.
        """

        search_type: str
        query: str
        search_time_ms: int | None = None

        def __post_init__(self) -> None:
            _assert.not_none(self.search_type, "search_type cannot be null")
            _assert.not_none(self.query, "query cannot be null")

    class Builder(Builder["ToolSearchResponse"]):
        """The response builder; ``add_tool_reference`` appends one reference."""

        __slots__ = ()

        def __init__(self, cls: type[ToolSearchResponse], values: dict[str, Any] | None = None):
            super().__init__(cls, values)

        def tool_references(
            self, tool_references: Iterable[ToolReference]
        ) -> ToolSearchResponse.Builder:
            self._values["tool_references"] = tuple(tool_references)
            return self

        def add_tool_reference(self, tool_reference: ToolReference) -> ToolSearchResponse.Builder:
            current: tuple[ToolReference, ...] = self._values.get("tool_references", ())
            self._values["tool_references"] = (*current, tool_reference)
            return self
