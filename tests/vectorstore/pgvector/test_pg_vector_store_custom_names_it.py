"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.pgvector.PgVectorStoreCustomNamesIT`: 5 tests ported,
0 skipped. Each test uses its own schema (``public`` in Spring) so tests do not meet;
Spring's failed application context is the ``ValueError`` from building the store."""

from __future__ import annotations

import psycopg
import pytest

from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.vectorstore.pgvector import PgDistanceType, PgIndexType, PgVectorStore

pytestmark = pytest.mark.postgres


def build(dsn: str, schema: str, table: str = "", validation: bool = False) -> PgVectorStore:
    return (
        PgVectorStore.builder(dsn, HashingEmbeddingModel(768))
        .schema_name(schema)
        .vector_table_name(table)
        .vector_table_validations_enabled(validation)
        .dimensions(768)
        .distance_type(PgDistanceType.COSINE_DISTANCE)
        .remove_existing_vector_store_table(True)
        .index_type(PgIndexType.HNSW)
        .initialize_schema(True)
        .build()
    )


def exists(dsn: str, query: str, *params: str) -> bool:
    with psycopg.connect(dsn) as connection:
        row = connection.execute(query, params).fetchone()
    return bool(row and row[0])


def table_exists(dsn: str, schema: str, table: str) -> bool:
    return exists(
        dsn,
        "SELECT EXISTS (SELECT FROM information_schema.tables WHERE table_schema = %s AND table_name = %s)",
        schema,
        table,
    )


def test_should_create_default_table_and_index_if_not_present_in_config(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    build(pgvector_dsn, pgvector_schema)
    assert table_exists(pgvector_dsn, pgvector_schema, "vector_store")
    assert exists(
        pgvector_dsn,
        "SELECT EXISTS (SELECT FROM information_schema.schemata WHERE schema_name = %s)",
        pgvector_schema,
    )


def test_should_create_table_and_index_if_not_present_in_database(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    build(pgvector_dsn, pgvector_schema, "new_vector_table")
    assert table_exists(pgvector_dsn, pgvector_schema, "new_vector_table")
    assert exists(
        pgvector_dsn,
        "SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = %s AND tablename = %s AND indexname = %s)",
        pgvector_schema,
        "new_vector_table",
        "new_vector_table_index",
    )
    assert not table_exists(pgvector_dsn, pgvector_schema, "vector_store")


def test_should_create_custom_table_when_absent_and_validation_enabled(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    build(pgvector_dsn, pgvector_schema, "customvectortable", validation=True)
    assert table_exists(pgvector_dsn, pgvector_schema, "customvectortable")


def test_should_fail_on_sql_injection_attempt_in_table_name(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    with pytest.raises(
        ValueError, match="Table name should only contain alphanumeric characters and underscores"
    ):
        build(pgvector_dsn, pgvector_schema, "users; DROP TABLE users;", validation=True)


def test_should_fail_on_sql_injection_attempt_in_schema_name(pgvector_dsn: str) -> None:
    with pytest.raises(
        ValueError, match="Schema name should only contain alphanumeric characters and underscores"
    ):
        build(pgvector_dsn, "public; DROP TABLE users;", "customvectortable", validation=True)
