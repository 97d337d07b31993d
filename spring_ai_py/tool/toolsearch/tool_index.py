"""The ``ToolIndex`` interface: where tool search looks tools up."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from spring_ai_py.tool.toolsearch.records import (
    ToolReference,
    ToolSearchRequest,
    ToolSearchResponse,
)


class ToolIndex(ABC):
    """Indexes tools per session and finds the ones matching a search query.

    Implementations differ in how they match: keywords
    (:class:`~spring_ai_py.tool.toolsearch.index.keyword.KeywordToolIndex`), regular
    expressions (:class:`~spring_ai_py.tool.toolsearch.index.regex.RegexToolIndex`) or
    embeddings (:class:`~spring_ai_py.tool.toolsearch.index.vectorstore.VectorToolIndex`).
    Every session has its own index, so conversations never see each other's tools.
    """

    @abstractmethod
    def index_tool(self, session_id: str, tool_reference: ToolReference) -> None:
        """Add one tool to the index of ``session_id``."""

    def index_tools(self, session_id: str, tool_references: Sequence[ToolReference]) -> None:
        """Add several tools to the index of ``session_id`` in one go.

        The default adds them one by one; override it when a batch is cheaper (one
        embedding call, one write transaction).
        """
        for tool_reference in tool_references:
            self.index_tool(session_id, tool_reference)

    @abstractmethod
    def search(self, tool_search_request: ToolSearchRequest) -> ToolSearchResponse:
        """Return the tools of the request's session that match its query, best first."""

    @abstractmethod
    def clear_index(self, session_id: str) -> None:
        """Remove every tool indexed for ``session_id``."""
