"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.pgvector.PgVectorStoreObservationIT`: 1 test ported,
0 skipped. Spring's TestObservationRegistry is an in-memory OpenTelemetry SDK here
(``spring_ai_py.test.SpanRecorder``); attribute values are OpenTelemetry-native (the
dimension count an int, the threshold a float), and the query text is recorded only
with the convention's ``include_query_content=True`` (PORTING §6)."""

from __future__ import annotations

import pytest

from spring_ai_py.document import Document
from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.test import SpanRecorder
from spring_ai_py.vectorstore import SearchRequest
from spring_ai_py.vectorstore.observation import DefaultVectorStoreObservationConvention
from spring_ai_py.vectorstore.pgvector import PgDistanceType, PgIndexType, PgVectorStore

pytestmark = pytest.mark.postgres


def test_observation_vector_store_add_and_query_operations(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    recorder = SpanRecorder()
    model = HashingEmbeddingModel(1536)
    store = (
        PgVectorStore.builder(pgvector_dsn, model)
        .schema_name(pgvector_schema)
        .distance_type(PgDistanceType.COSINE_DISTANCE)
        .index_type(PgIndexType.HNSW)
        .tracer_provider(recorder.tracer_provider)
        .custom_observation_convention(
            DefaultVectorStoreObservationConvention(include_query_content=True)
        )
        .initialize_schema(True)
        .build()
    )
    store.add(
        [
            Document(
                "Spring AI is an application framework for AI engineering.", {"meta1": "meta1"}
            ),
            Document("Time Shelter is a novel by Georgi Gospodinov."),
            Document(
                "The Great Depression was a worldwide economic depression.", {"meta2": "meta2"}
            ),
        ]
    )
    (add,) = recorder.spans
    assert add.name == "pg_vector add"
    assert dict(add.attributes or {}) == {
        "spring.ai.kind": "vector_store",
        "db.system": "pg_vector",
        "db.operation.name": "add",
        "db.vector.dimension_count": 1536,
        "db.collection.name": PgVectorStore.DEFAULT_TABLE_NAME,
        "db.namespace": pgvector_schema,
        "db.search.similarity_metric": "cosine",
    }
    recorder.clear()

    results = store.similarity_search(
        SearchRequest.builder().query("What is Great Depression").top_k(1).build()
    )
    assert results
    (query,) = recorder.spans
    assert query.name == "pg_vector query"
    assert dict(query.attributes or {}) == {
        "spring.ai.kind": "vector_store",
        "db.system": "pg_vector",
        "db.operation.name": "query",
        "db.vector.query.content": "What is Great Depression",
        "db.vector.dimension_count": 1536,
        "db.collection.name": PgVectorStore.DEFAULT_TABLE_NAME,
        "db.namespace": pgvector_schema,
        "db.search.similarity_metric": "cosine",
        "db.vector.query.top_k": 1,
        "db.vector.query.similarity_threshold": 0.0,
    }
    assert query.end_time is not None
    assert DefaultVectorStoreObservationConvention.DEFAULT_NAME == "db.vector.client.operation"
