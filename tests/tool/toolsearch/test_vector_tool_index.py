"""Port of Spring AI 2.0.1
`org.springframework.ai.tool.toolsearch.index.VectorToolIndexTests`: 18 tests ported,
0 skipped; plus the index's own options. Spring mocks the VectorStore; here a real
SimpleVectorStore with the hashing embedding model records what reaches it, so search
results come from real similarity rather than scripted documents."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from spring_ai_py.document import Document
from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.tool.toolsearch import ToolReference, ToolSearchRequest, ToolSearchResponse
from spring_ai_py.tool.toolsearch.index.vectorstore import VectorToolIndex
from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore

SESSION = "session-1"


class RecordingVectorStore(SimpleVectorStore):
    def __init__(self) -> None:
        super().__init__(HashingEmbeddingModel())
        self.added: list[list[Document]] = []
        self.deleted: list[list[str]] = []
        self.searches: list[SearchRequest] = []

    def add(self, documents: list[Document]) -> None:
        self.added.append(list(documents))
        super().add(documents)

    def do_delete(self, id_list: list[str]) -> None:
        self.deleted.append(list(id_list))
        super().do_delete(id_list)

    def do_similarity_search(self, request: SearchRequest) -> list[Document]:
        self.searches.append(request)
        return super().do_similarity_search(request)


@pytest.fixture
def store() -> RecordingVectorStore:
    return RecordingVectorStore()


@pytest.fixture
def index(store: RecordingVectorStore) -> VectorToolIndex:
    return VectorToolIndex(store)


def ref(name: str, description: str) -> ToolReference:
    return ToolReference.builder().tool_name(name).summary(description).build()


def search(
    index: VectorToolIndex, query: str, max_results: int | None = None
) -> ToolSearchResponse:
    return index.search(ToolSearchRequest(SESSION, query, max_results))


def test_search_type_is_semantic(index: VectorToolIndex) -> None:
    assert type(index).__name__ == "VectorToolIndex"


def test_index_tool_adds_one_document_to_vector_store(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.index_tool(SESSION, ref("weatherTool", "Returns current weather conditions"))
    assert len(store.added) == 1
    (document,) = store.added[0]
    assert document.get_metadata()[VectorToolIndex.METADATA_TOOL_NAME] == "weatherTool"
    assert (
        document.get_metadata()[VectorToolIndex.METADATA_TOOL_DESCRIPTION]
        == "Returns current weather conditions"
    )
    assert document.get_metadata()["sessionId"] == SESSION
    assert document.get_metadata()["id"] == document.get_id()
    assert document.get_text() == "Returns current weather conditions"


def test_index_tool_tracks_id_so_that_clear_index_can_delete_it(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.index_tool(SESSION, ref("tool1", "desc1"))
    index.index_tool(SESSION, ref("tool2", "desc2"))
    index.clear_index(SESSION)
    assert [len(ids) for ids in store.deleted] == [2]


def test_index_tools_batch_adds_all_documents_in_one_vector_store_call(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.index_tools(
        SESSION,
        [ref("tool1", "First tool"), ref("tool2", "Second tool"), ref("tool3", "Third tool")],
    )
    assert [len(batch) for batch in store.added] == [3]


def test_index_tools_batch_documents_carry_correct_metadata(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.index_tools(SESSION, [ref("weatherTool", "Weather forecast service")])
    (document,) = store.added[0]
    assert document.get_metadata()[VectorToolIndex.METADATA_TOOL_NAME] == "weatherTool"
    assert document.get_metadata()[VectorToolIndex.METADATA_TOOL_DESCRIPTION] == (
        "Weather forecast service"
    )
    assert document.get_metadata()["sessionId"] == SESSION
    assert document.get_text() == "Weather forecast service"


def test_index_tools_batch_tracks_all_ids_for_cleanup(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.index_tools(SESSION, [ref("t1", "d1"), ref("t2", "d2"), ref("t3", "d3")])
    index.clear_index(SESSION)
    assert [len(ids) for ids in store.deleted] == [3]


def test_index_tools_batch_is_noop_for_empty_list(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.index_tools(SESSION, [])
    assert store.added == []


def test_clear_index_deletes_all_tracked_ids(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.index_tool(SESSION, ref("tool1", "desc1"))
    index.index_tools(SESSION, [ref("tool2", "desc2"), ref("tool3", "desc3")])
    index.clear_index(SESSION)
    assert len(store.deleted) == 1
    assert sorted(store.deleted[0]) == sorted(d.get_id() for batch in store.added for d in batch)
    assert search(index, "desc1").tool_references == ()


def test_clear_index_is_noop_for_unknown_session(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.clear_index("no-such-session")
    assert store.deleted == []


def test_clear_index_allows_reindexing_afterwards(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.index_tools(SESSION, [ref("tool1", "desc1")])
    index.clear_index(SESSION)
    index.index_tools(SESSION, [ref("tool2", "desc2")])
    index.clear_index(SESSION)
    assert [len(ids) for ids in store.deleted] == [1, 1]


def test_clear_index_for_one_session_does_not_affect_another(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.index_tools(SESSION, [ref("tool1", "weather forecast")])
    index.index_tools("session-2", [ref("tool2", "weather forecast")])
    index.clear_index(SESSION)
    assert [len(ids) for ids in store.deleted] == [1]
    assert [
        r.tool_name for r in index.search(ToolSearchRequest("session-2", "weather")).tool_references
    ] == ["tool2"]


def test_search_passes_query_and_session_filter_to_vector_store(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    search(index, "weather forecast", 5)
    (request,) = store.searches
    assert request.get_query() == "weather forecast"
    assert request.get_top_k() == 5
    assert request.get_similarity_threshold() == 0.2
    assert SESSION in str(request.get_filter_expression())


def test_search_uses_default_max_results_when_not_provided(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    search(index, "query")
    assert store.searches[0].get_top_k() == 10


def test_search_maps_document_metadata_to_tool_references(index: VectorToolIndex) -> None:
    index.index_tools(
        SESSION,
        [
            ref("weatherTool", "Provides weather forecast data"),
            ref("calculatorTool", "Adds and multiplies numbers"),
        ],
    )
    response = search(index, "weather forecast")
    assert [r.tool_name for r in response.tool_references] == ["weatherTool"]
    reference = response.tool_references[0]
    assert reference.summary == "Provides weather forecast data"
    assert reference.relevance_score is not None and 0.2 <= reference.relevance_score <= 1.0
    assert response.total_matches == 1
    assert response.search_metadata is not None
    assert response.search_metadata.search_type == "VectorToolIndex"
    assert response.search_metadata.query == "weather forecast"


def test_search_with_multiple_results_returns_all_mapped(index: VectorToolIndex) -> None:
    index.index_tools(
        SESSION,
        [ref("weatherTool", "Weather data tools"), ref("calculatorTool", "Calculator tools")],
    )
    response = search(index, "tools")
    assert sorted(r.tool_name for r in response.tool_references) == [
        "calculatorTool",
        "weatherTool",
    ]
    assert response.total_matches == 2
    assert response.search_metadata is not None
    assert response.search_metadata.search_type == "VectorToolIndex"


def test_search_ranks_by_similarity(index: VectorToolIndex) -> None:
    index.index_tools(
        SESSION,
        [ref("a", "weather"), ref("b", "weather forecast for the city"), ref("c", "stock prices")],
    )
    names = [
        r.tool_name
        for r in index.search(ToolSearchRequest(SESSION, "weather", None)).tool_references
    ]
    assert names[:2] == ["a", "b"]


def test_search_returns_empty_when_vector_store_returns_no_results(index: VectorToolIndex) -> None:
    assert search(index, "anything").tool_references == ()


def test_session_isolation_via_metadata_filter(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.index_tools("session-A", [ref("weatherTool", "weather forecast")])
    assert index.search(ToolSearchRequest("session-B", "weather forecast")).tool_references == ()
    assert [
        r.tool_name for r in index.search(ToolSearchRequest("session-A", "weather")).tool_references
    ] == ["weatherTool"]
    assert "session-B" in str(store.searches[0].get_filter_expression())
    assert "session-A" in str(store.searches[1].get_filter_expression())


def test_search_without_a_session_id_returns_nothing(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    index.index_tools(SESSION, [ref("weatherTool", "weather forecast")])
    assert index.search(ToolSearchRequest("", "weather forecast")).tool_references == ()
    assert store.searches == []


def test_category_filter_is_ignored_with_a_warning(
    index: VectorToolIndex, caplog: pytest.LogCaptureFixture
) -> None:
    index.index_tools(SESSION, [ref("weatherTool", "weather forecast")])
    response = index.search(ToolSearchRequest(SESSION, "weather forecast", None, "outdoors"))
    assert [r.tool_name for r in response.tool_references] == ["weatherTool"]
    assert "does not support category_filter" in caplog.text


def test_an_embedding_model_gets_a_private_in_memory_store() -> None:
    with VectorToolIndex(HashingEmbeddingModel()) as index:
        assert isinstance(index.get_vector_store(), SimpleVectorStore)
        index.index_tools(
            SESSION, [ref("weatherTool", "weather forecast"), ref("calc", "adds numbers")]
        )
        assert [r.tool_name for r in search(index, "forecast").tool_references] == ["weatherTool"]


def test_the_similarity_threshold_is_configurable() -> None:
    index = VectorToolIndex(HashingEmbeddingModel(), similarity_threshold=0.0)
    index.index_tools(
        SESSION, [ref("weatherTool", "weather forecast"), ref("calc", "adds numbers")]
    )
    assert len(search(index, "forecast").tool_references) == 2


def test_negative_max_results_returns_nothing(index: VectorToolIndex) -> None:
    index.index_tools(SESSION, [ref("weatherTool", "weather forecast")])
    assert search(index, "weather", -1).tool_references == ()


def test_bad_arguments_are_rejected() -> None:
    with pytest.raises(ValueError, match="VectorStore must not be null"):
        VectorToolIndex(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"\[0,1\]"):
        VectorToolIndex(HashingEmbeddingModel(), similarity_threshold=1.5)


def test_concurrent_index_tools_does_not_corrupt_id_list(
    index: VectorToolIndex, store: RecordingVectorStore
) -> None:
    def add(thread: int) -> None:
        index.index_tools(
            SESSION, [ref(f"tool-{thread}-{i}", f"desc {thread} {i}") for i in range(20)]
        )

    with ThreadPoolExecutor(10) as pool:
        list(pool.map(add, range(10)))
    index.clear_index(SESSION)
    assert len(store.deleted[0]) == 200
