"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.observation.VectorStoreObservationContextTests`:
13 tests ported, 0 skipped."""

from __future__ import annotations

import pytest

from spring_ai_py.vectorstore.observation import VectorStoreObservationContext

ADD = VectorStoreObservationContext.Operation.ADD
QUERY = VectorStoreObservationContext.Operation.QUERY


def test_when_mandatory_fields_then_return() -> None:
    assert VectorStoreObservationContext.builder("db", ADD).build() is not None


def test_when_db_system_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="database_system cannot be null or empty"):
        VectorStoreObservationContext.builder(None, "delete").build()  # type: ignore[arg-type]


def test_when_operation_name_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="operation_name cannot be null or empty"):
        VectorStoreObservationContext.builder("Db", "").build()


def test_when_empty_db_system_then_throw() -> None:
    with pytest.raises(ValueError, match="database_system cannot be null or empty"):
        VectorStoreObservationContext.builder("", ADD).build()


def test_when_whitespace_db_system_then_throw() -> None:
    with pytest.raises(ValueError, match="database_system cannot be null or empty"):
        VectorStoreObservationContext.builder("   ", ADD).build()


def test_when_string_operation_name_used_then_correct_value() -> None:
    context = VectorStoreObservationContext.builder("testdb", "custom_operation").build()
    assert context.get_database_system() == "testdb"
    assert context.get_operation_name() == "custom_operation"


def test_when_collection_name_provided_then_set() -> None:
    context = VectorStoreObservationContext.builder("db", ADD).collection_name("documents").build()
    assert context.get_collection_name() == "documents"


def test_when_no_collection_name_provided_then_null() -> None:
    assert VectorStoreObservationContext.builder("db", ADD).build().get_collection_name() is None


def test_when_no_dimensions_provided_then_null() -> None:
    assert VectorStoreObservationContext.builder("db", QUERY).build().get_dimensions() is None


def test_when_field_name_provided_then_set() -> None:
    context = (
        VectorStoreObservationContext.builder("db", QUERY).field_name("embedding_vector").build()
    )
    assert context.get_field_name() == "embedding_vector"


def test_when_namespace_provided_then_set() -> None:
    context = VectorStoreObservationContext.builder("db", ADD).namespace("production").build()
    assert context.get_namespace() == "production"


def test_when_similarity_metric_provided_then_set() -> None:
    context = VectorStoreObservationContext.builder("db", QUERY).similarity_metric("cosine").build()
    assert context.get_similarity_metric() == "cosine"


def test_when_empty_collection_name_then_set() -> None:
    context = VectorStoreObservationContext.builder("db", ADD).collection_name("").build()
    assert context.get_collection_name() == ""
