"""Port of Spring AI 2.0.1
`org.springframework.ai.rag.retrieval.search.VectorStoreDocumentRetrieverTests`: 12 tests
ported, 0 skipped; plus filter text and fallbacks. Spring mocks the VectorStore; here a
real SimpleVectorStore records the search requests it receives. Spring's ThreadLocal
tenant holder is a ContextVar."""

from __future__ import annotations

import contextvars

import pytest

from spring_ai_py.document import Document
from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.rag import Query
from spring_ai_py.rag.retrieval.search import DocumentRetriever, VectorStoreDocumentRetriever
from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore
from spring_ai_py.vectorstore.filter import (
    Expression,
    ExpressionType,
    FilterExpressionBuilder,
    Key,
    Value,
)


class RecordingVectorStore(SimpleVectorStore):
    """A SimpleVectorStore that remembers every search request."""

    def __init__(self) -> None:
        super().__init__(HashingEmbeddingModel())
        self.requests: list[SearchRequest] = []

    def do_similarity_search(self, request: SearchRequest) -> list[Document]:
        self.requests.append(request)
        return super().do_similarity_search(request)


@pytest.fixture
def store() -> RecordingVectorStore:
    return RecordingVectorStore()


def test_when_vector_store_is_null_then_throw() -> None:
    with pytest.raises(RuntimeError, match="vector_store cannot be null"):
        VectorStoreDocumentRetriever.builder().vector_store(None).build()


def test_when_top_k_is_zero_then_throw(store: RecordingVectorStore) -> None:
    with pytest.raises(ValueError, match="top_k must be greater than 0"):
        VectorStoreDocumentRetriever.builder().top_k(0).vector_store(store).build()


def test_when_top_k_is_negative_then_throw(store: RecordingVectorStore) -> None:
    with pytest.raises(ValueError, match="top_k must be greater than 0"):
        VectorStoreDocumentRetriever.builder().top_k(-1).vector_store(store).build()


def test_when_similarity_threshold_is_negative_then_throw(store: RecordingVectorStore) -> None:
    with pytest.raises(
        ValueError, match=r"similarity_threshold must be equal to or greater than 0\.0"
    ):
        VectorStoreDocumentRetriever.builder().similarity_threshold(-1.0).vector_store(
            store
        ).build()


def test_search_request_parameters(store: RecordingVectorStore) -> None:
    expression = Expression(ExpressionType.EQ, Key("location"), Value("Rivendell"))
    retriever = (
        VectorStoreDocumentRetriever.builder()
        .vector_store(store)
        .similarity_threshold(0.73)
        .top_k(5)
        .filter_expression(expression)
        .build()
    )
    retriever.retrieve(Query("query"))
    (request,) = store.requests
    assert request.get_query() == "query"
    assert request.get_similarity_threshold() == 0.73
    assert request.get_top_k() == 5
    assert request.get_filter_expression() == expression


def test_filter_text_is_parsed(store: RecordingVectorStore) -> None:
    VectorStoreDocumentRetriever(store, filter_expression="location == 'Rivendell'").retrieve(
        Query("q")
    )
    assert (
        store.requests[0].get_filter_expression()
        == FilterExpressionBuilder().eq("location", "Rivendell").build()
    )


_tenant: contextvars.ContextVar[str] = contextvars.ContextVar("tenant")


def test_dynamic_filter_expressions(store: RecordingVectorStore) -> None:
    retriever = (
        VectorStoreDocumentRetriever.builder()
        .vector_store(store)
        .filter_expression(lambda: FilterExpressionBuilder().eq("tenantId", _tenant.get()).build())
        .build()
    )
    for tenant in ("tenant1", "tenant2"):
        token = _tenant.set(tenant)
        try:
            retriever.retrieve(Query("query"))
        finally:
            _tenant.reset(token)
    assert [r.get_filter_expression() for r in store.requests] == [
        Expression(ExpressionType.EQ, Key("tenantId"), Value("tenant1")),
        Expression(ExpressionType.EQ, Key("tenantId"), Value("tenant2")),
    ]


def test_when_query_object_is_null_then_throw(store: RecordingVectorStore) -> None:
    retriever = VectorStoreDocumentRetriever.builder().vector_store(store).build()
    with pytest.raises(ValueError, match="query cannot be null"):
        retriever.retrieve(None)  # type: ignore[arg-type]


def test_default_values_are_applied_when_not_specified(store: RecordingVectorStore) -> None:
    VectorStoreDocumentRetriever.builder().vector_store(store).build().retrieve(Query("test query"))
    (request,) = store.requests
    assert request.get_similarity_threshold() == SearchRequest.SIMILARITY_THRESHOLD_ACCEPT_ALL
    assert request.get_top_k() == SearchRequest.DEFAULT_TOP_K
    assert request.get_filter_expression() is None


def test_retrieve_with_query_object(store: RecordingVectorStore) -> None:
    expression = Expression(ExpressionType.EQ, Key("category"), Value("books"))
    retriever = (
        VectorStoreDocumentRetriever.builder()
        .vector_store(store)
        .similarity_threshold(0.85)
        .top_k(3)
        .filter_expression(expression)
        .build()
    )
    retriever.retrieve(Query("test query"))
    (request,) = store.requests
    assert request.get_query() == "test query"
    assert request.get_similarity_threshold() == 0.85
    assert request.get_top_k() == 3
    assert request.get_filter_expression() == expression


def test_retrieve_with_query_object_and_default_values(store: RecordingVectorStore) -> None:
    store.add([Document("content1", {"id": "1"}), Document("content2", {"id": "2"})])
    retriever: DocumentRetriever = (
        VectorStoreDocumentRetriever.builder().vector_store(store).build()
    )
    result = retriever(Query("content1"))
    (request,) = store.requests
    assert request.get_query() == "content1"
    assert request.get_similarity_threshold() == SearchRequest.SIMILARITY_THRESHOLD_ACCEPT_ALL
    assert request.get_top_k() == SearchRequest.DEFAULT_TOP_K
    assert request.get_filter_expression() is None
    assert [d.get_text() for d in result] == ["content1", "content2"]
    assert result[0].get_score() is not None


def test_retrieve_with_query_object_and_request_filter_expression(
    store: RecordingVectorStore,
) -> None:
    store.add(
        [
            Document("hobbit lore", {"location": "Shire"}),
            Document("elf lore", {"location": "Rivendell"}),
        ]
    )
    retriever = VectorStoreDocumentRetriever(store, filter_expression="location == 'Shire'")
    query = (
        Query.builder()
        .text("lore")
        .context({VectorStoreDocumentRetriever.FILTER_EXPRESSION: "location == 'Rivendell'"})
        .build()
    )
    assert [d.get_text() for d in retriever.retrieve(query)] == ["elf lore"]
    assert (
        store.requests[0].get_filter_expression()
        == FilterExpressionBuilder().eq("location", "Rivendell").build()
    )


def test_retrieve_with_query_object_and_filter_expression_object(
    store: RecordingVectorStore,
) -> None:
    expression = Expression(ExpressionType.EQ, Key("location"), Value("Rivendell"))
    query = Query(
        "test query", context={VectorStoreDocumentRetriever.FILTER_EXPRESSION: expression}
    )
    VectorStoreDocumentRetriever(store).retrieve(query)
    assert store.requests[0].get_filter_expression() == expression


def test_blank_filter_text_in_context_falls_back_to_configured(store: RecordingVectorStore) -> None:
    retriever = VectorStoreDocumentRetriever(store, filter_expression="a == 1")
    retriever.retrieve(Query("q", context={VectorStoreDocumentRetriever.FILTER_EXPRESSION: "  "}))
    assert store.requests[0].get_filter_expression() == FilterExpressionBuilder().eq("a", 1).build()


# -- the port's extras ----------------------------------------------------------------


def test_builder_without_a_vector_store_fails_at_build() -> None:
    with pytest.raises(RuntimeError, match="vector_store cannot be null"):
        VectorStoreDocumentRetriever.builder().build()


def test_any_vector_store_retriever_will_do() -> None:
    """Implementing VectorStoreRetriever.similarity_search(request) is enough."""
    from spring_ai_py.vectorstore import VectorStoreRetriever

    class Fixed(VectorStoreRetriever):
        def similarity_search(self, request: SearchRequest) -> list[Document]:  # type: ignore[override]
            return [Document(f"hit for {request.get_query()}")]

    retriever = Fixed()
    assert retriever.similarity_search("text")[0].get_text() == "hit for text"
