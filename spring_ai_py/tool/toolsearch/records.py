"""The records a :class:`~spring_ai_py.tool.toolsearch.ToolIndex` works with: the tool
reference it stores and returns, the search request and the search response."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable


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

    # --- generated builder ---
    class Builder(_builder.Builder["ToolReference"]):
        """The builder of :class:`ToolReference`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def tool_name(self, tool_name: str, /) -> Self:
            return self._set("tool_name", (tool_name,))

        def relevance_score(self, relevance_score: float | None, /) -> Self:
            return self._set("relevance_score", (relevance_score,))

        def summary(self, summary: str, /) -> Self:
            return self._set("summary", (summary,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolReference: ...

    @classmethod
    def builder(cls) -> ToolReference.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ToolReference.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


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


class _ToolSearchResponseBuilder(_builder.Builder["ToolSearchResponse"]):
    """The response builder; ``add_tool_reference`` appends one reference."""

    __slots__ = ()

    def __init__(self, cls: type[ToolSearchResponse], values: dict[str, Any] | None = None):
        super().__init__(cls, values)

    def tool_references(
        self, tool_references: Iterable[ToolReference]
    ) -> Self:
        self._values["tool_references"] = tuple(tool_references)
        return self

    def add_tool_reference(self, tool_reference: ToolReference) -> Self:
        current: tuple[ToolReference, ...] = self._values.get("tool_references", ())
        self._values["tool_references"] = (*current, tool_reference)
        return self


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

        # --- generated builder ---
        class Builder(_builder.Builder["ToolSearchResponse.SearchMetadata"]):
            """The builder of :class:`SearchMetadata`: one typed setter per constructor keyword."""

            __slots__ = ()
            _generated_builder = True

            def search_type(self, search_type: str, /) -> Self:
                return self._set("search_type", (search_type,))

            def query(self, query: str, /) -> Self:
                return self._set("query", (query,))

            def search_time_ms(self, search_time_ms: int | None, /) -> Self:
                return self._set("search_time_ms", (search_time_ms,))

            if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

                def build(self) -> ToolSearchResponse.SearchMetadata: ...

        @classmethod
        def builder(cls) -> ToolSearchResponse.SearchMetadata.Builder:
            """An empty builder of this class."""
            return cls.Builder(cls)

        def mutate(self) -> ToolSearchResponse.SearchMetadata.Builder:
            """A builder pre-filled with this object's values."""
            return self.Builder(type(self), self._builder_state())
        # --- end of generated builder ---

    # --- generated builder (base: _ToolSearchResponseBuilder) ---
    class Builder(_ToolSearchResponseBuilder):
        """The builder of :class:`ToolSearchResponse`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def total_matches(self, total_matches: int | None, /) -> Self:
            return self._set("total_matches", (total_matches,))

        def search_metadata(self, search_metadata: ToolSearchResponse.SearchMetadata | None, /) -> Self:
            return self._set("search_metadata", (search_metadata,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolSearchResponse: ...

    @classmethod
    def builder(cls) -> ToolSearchResponse.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ToolSearchResponse.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---

