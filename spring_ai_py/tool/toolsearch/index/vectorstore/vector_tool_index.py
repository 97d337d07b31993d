"""A tool index searching tool descriptions by embedding similarity."""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Sequence

from spring_ai_py import _assert
from spring_ai_py.document import Document
from spring_ai_py.embedding import EmbeddingModel
from spring_ai_py.tool.toolsearch.index._support import (
    ClosableToolIndex,
    max_results_of,
    search_response,
)
from spring_ai_py.tool.toolsearch.records import (
    ToolReference,
    ToolSearchRequest,
    ToolSearchResponse,
)
from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore, VectorStore
from spring_ai_py.vectorstore.filter.filter_expression_builder import FilterExpressionBuilder

_logger = logging.getLogger(__name__ + ".VectorToolIndex")


class VectorToolIndex(ClosableToolIndex):
    """Finds tools whose descriptions are semantically close to the query.

    Each tool becomes one document in a :class:`~spring_ai_py.vectorstore.VectorStore`:
    its description is the text, and the metadata holds the session id, the tool name
    and description. Searches are restricted to the session by a metadata filter and
    return at most ``max_results`` tools (default 10) with a similarity of at least
    ``similarity_threshold`` (default 0.2), best first, each scored by its similarity.

    Pass any ``VectorStore``, or any ``EmbeddingModel`` to search through a private
    in-memory :class:`~spring_ai_py.vectorstore.SimpleVectorStore`. The index never
    closes the store: its life cycle belongs to the caller. ``category_filter`` is not
    supported (a warning is logged and the filter ignored). Closing it releases nothing:
    the store's life cycle belongs to its owner.
    """

    METADATA_TOOL_NAME = "toolName"
    METADATA_TOOL_DESCRIPTION = "toolDescription"
    METADATA_SESSION_ID = "sessionId"
    METADATA_ID = "id"
    DEFAULT_SIMILARITY_THRESHOLD = 0.2

    def __init__(
        self,
        vector_store: VectorStore | EmbeddingModel,
        similarity_threshold: float = DEFAULT_SIMILARITY_THRESHOLD,
    ) -> None:
        _assert.not_none(vector_store, "VectorStore must not be null")
        _assert.is_true(
            0 <= similarity_threshold <= 1, "Similarity threshold must be in [0,1] range."
        )
        if isinstance(vector_store, EmbeddingModel):
            vector_store = SimpleVectorStore(vector_store)
        self._vector_store = vector_store
        self._similarity_threshold = float(similarity_threshold)
        self._session_tool_ids: dict[str, list[str]] = {}
        self._lock = threading.Lock()

    def get_vector_store(self) -> VectorStore:
        """The store holding the tool documents."""
        return self._vector_store

    def clear_index(self, session_id: str) -> None:
        with self._lock:
            tool_ids = self._session_tool_ids.pop(session_id, None)
        if tool_ids is None:
            _logger.info("No tools found for sessionId=%s", session_id)
            return
        self._vector_store.delete(tool_ids)
        _logger.info("Cleared %d tools for sessionId=%s", len(tool_ids), session_id)

    def index_tool(self, session_id: str, tool_reference: ToolReference) -> None:
        self.index_tools(session_id, [tool_reference])

    def index_tools(self, session_id: str, tool_references: Sequence[ToolReference]) -> None:
        if not tool_references:
            return
        documents: list[Document] = []
        for ref in tool_references:
            id_ = str(uuid.uuid4())
            metadata = {
                self.METADATA_SESSION_ID: session_id,
                self.METADATA_ID: id_,
                self.METADATA_TOOL_NAME: ref.tool_name,
                self.METADATA_TOOL_DESCRIPTION: ref.summary,
            }
            documents.append(Document(id_, ref.summary, metadata))
        self._vector_store.add(documents)
        with self._lock:
            self._session_tool_ids.setdefault(session_id, []).extend(d.get_id() for d in documents)
        _logger.info("Indexed %d tools for sessionId=%s", len(documents), session_id)

    def search(self, tool_search_request: ToolSearchRequest) -> ToolSearchResponse:
        if tool_search_request.category_filter is not None:
            _logger.warning(
                "VectorToolIndex does not support category_filter — '%s' will be ignored "
                "and results will not be narrowed by category.",
                tool_search_request.category_filter,
            )
        session_id = tool_search_request.session_id
        if not session_id or not str(session_id).strip():
            _logger.warning("No session_id provided in ToolSearchRequest, returning empty results")
            return ToolSearchResponse()
        query = tool_search_request.query or ""
        request = SearchRequest(
            query,
            max_results_of(tool_search_request),
            self._similarity_threshold,
            FilterExpressionBuilder().eq(self.METADATA_SESSION_ID, session_id).build(),
        )
        references = [
            ToolReference(
                str(document.get_metadata()[self.METADATA_TOOL_NAME]),
                document.get_score() if document.get_score() is not None else 0.0,
                str(document.get_metadata()[self.METADATA_TOOL_DESCRIPTION]),
            )
            for document in self._vector_store.similarity_search(request)
        ]
        return search_response(self, query, references)
