"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.observation.DefaultVectorStoreObservationConventionTests`:
6 tests ported, 0 skipped; plus the spans SimpleVectorStore reports.

Attribute types are OpenTelemetry-native (the dimension count is an int, not ``"696"``),
and the query text is on spans only with ``include_query_content=True`` (PORTING §6)."""

from __future__ import annotations

import pytest

from spring_ai_py.document import Document
from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.test import SpanRecorder
from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore
from spring_ai_py.vectorstore.observation import (
    DefaultVectorStoreObservationConvention,
    VectorStoreObservationContext,
    VectorStoreObservationDocumentation,
)

Low = VectorStoreObservationDocumentation.LowCardinalityKeyNames
High = VectorStoreObservationDocumentation.HighCardinalityKeyNames
QUERY = VectorStoreObservationContext.Operation.QUERY

convention = DefaultVectorStoreObservationConvention()


def test_should_have_name() -> None:
    assert convention.get_name() == DefaultVectorStoreObservationConvention.DEFAULT_NAME
    assert convention.get_name() == "db.vector.client.operation"


def test_should_have_contextual_name() -> None:
    context = VectorStoreObservationContext.builder("my-database", QUERY).build()
    assert convention.get_contextual_name(context) == "my-database query"


def test_supports_only_vector_store_observation_context() -> None:
    context = VectorStoreObservationContext.builder("my-database", QUERY).build()
    assert convention.supports_context(context)
    assert not convention.supports_context(object())


def test_should_have_required_key_values() -> None:
    context = VectorStoreObservationContext.builder("my_database", QUERY).build()
    assert convention.get_low_cardinality_key_values(context) == {
        Low.SPRING_AI_KIND.as_string(): "vector_store",
        Low.DB_OPERATION_NAME.as_string(): "query",
        Low.DB_SYSTEM.as_string(): "my_database",
    }


def test_should_have_optional_key_values() -> None:
    with_content = DefaultVectorStoreObservationConvention(include_query_content=True)
    context = (
        VectorStoreObservationContext.builder("my-database", QUERY)
        .collection_name("COLLECTION_NAME")
        .dimensions(696)
        .field_name("FIELD_NAME")
        .namespace("NAMESPACE")
        .similarity_metric("SIMILARITY_METRIC")
        .query_request(
            SearchRequest.builder()
            .query("VDB QUERY")
            .filter_expression("country == 'UK' && year >= 2020")
            .build()
        )
        .build()
    )
    context.set_query_response([Document("doc1"), Document("doc2")])
    assert (
        with_content.get_low_cardinality_key_values(context)[Low.DB_OPERATION_NAME.as_string()]
        == QUERY.value
    )
    high = with_content.get_high_cardinality_key_values(context)
    assert high[High.DB_COLLECTION_NAME.as_string()] == "COLLECTION_NAME"
    assert high[High.DB_VECTOR_DIMENSION_COUNT.as_string()] == 696
    assert high[High.DB_VECTOR_FIELD_NAME.as_string()] == "FIELD_NAME"
    assert high[High.DB_NAMESPACE.as_string()] == "NAMESPACE"
    assert high[High.DB_SEARCH_SIMILARITY_METRIC.as_string()] == "SIMILARITY_METRIC"
    assert high[High.DB_VECTOR_QUERY_CONTENT.as_string()] == "VDB QUERY"
    assert high[High.DB_VECTOR_QUERY_FILTER.as_string()] == (
        "Expression[type=AND, left=Expression[type=EQ, left=Key[key=country], "
        "right=Value[value=UK]], right=Expression[type=GTE, left=Key[key=year], "
        "right=Value[value=2020]]]"
    )
    # without the opt-in, the query text stays off the span
    assert (
        High.DB_VECTOR_QUERY_CONTENT.as_string()
        not in convention.get_high_cardinality_key_values(context)
    )


def test_should_not_have_key_values_when_missing() -> None:
    context = VectorStoreObservationContext.builder("my-database", QUERY).build()
    keys = set(convention.get_high_cardinality_key_values(context))
    assert keys.isdisjoint(
        {
            High.DB_COLLECTION_NAME.as_string(),
            High.DB_VECTOR_DIMENSION_COUNT.as_string(),
            High.DB_VECTOR_FIELD_NAME.as_string(),
            High.DB_NAMESPACE.as_string(),
            High.DB_SEARCH_SIMILARITY_METRIC.as_string(),
            High.DB_VECTOR_QUERY_CONTENT.as_string(),
            High.DB_VECTOR_QUERY_FILTER.as_string(),
        }
    )


# -- the port's extras ----------------------------------------------------------------


def test_simple_vector_store_reports_a_span_per_operation() -> None:
    recorder = SpanRecorder()
    model = HashingEmbeddingModel()
    store = SimpleVectorStore.builder(model).tracer_provider(recorder.tracer_provider).build()
    store.add([Document("1", "hello world", {"lang": "en"})])
    store.similarity_search(
        SearchRequest.builder().query("hello").top_k(3).filter_expression("lang == 'en'").build()
    )
    store.delete(["1"])
    assert recorder.names() == ["simple add", "simple query", "simple delete"]
    query = recorder.by_name("simple query")[0]
    assert query.attributes is not None
    assert dict(query.attributes) == {
        "spring.ai.kind": "vector_store",
        "db.system": "simple",
        "db.operation.name": "query",
        "db.collection.name": "in-memory-map",
        "db.vector.dimension_count": model.dimensions(),
        "db.vector.query.filter": "Expression[type=EQ, left=Key[key=lang], right=Value[value=en]]",
        "db.search.similarity_metric": "cosine",
        "db.vector.query.similarity_threshold": 0.0,
        "db.vector.query.top_k": 3,
    }


def test_a_failing_operation_marks_its_span_as_an_error() -> None:
    recorder = SpanRecorder()
    store = SimpleVectorStore(HashingEmbeddingModel(), recorder.tracer_provider)
    with pytest.raises(ValueError, match="Documents list cannot be empty"):
        store.add([])
    (span,) = recorder.spans
    assert span.name == "simple add"
    assert not span.status.is_ok
