"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.pgvector.PgVectorSchemaValidatorIT`: 2 tests ported,
0 skipped; plus the missing-column check. Each test uses its own schema."""

from __future__ import annotations

import psycopg
import pytest

from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.vectorstore.pgvector import PgVectorSchemaValidator, PgVectorStore

pytestmark = pytest.mark.postgres


def run(dsn: str, *statements: str) -> None:
    with psycopg.connect(dsn, autocommit=True) as connection:
        for statement in statements:
            connection.execute(statement)


def test_validate_dimensions(pgvector_dsn: str, pgvector_schema: str) -> None:
    run(
        pgvector_dsn,
        "CREATE EXTENSION IF NOT EXISTS vector",
        f"CREATE SCHEMA {pgvector_schema}",
        f"CREATE TABLE IF NOT EXISTS {pgvector_schema}.vector_store (id serial PRIMARY KEY, "
        "content text, metadata json, embedding vector(1024))",
    )
    validator = PgVectorSchemaValidator(pgvector_dsn)
    validator.validate_table_schema(pgvector_schema, "vector_store", 1024)
    with pytest.raises(RuntimeError, match="1024"):
        validator.validate_table_schema(pgvector_schema, "vector_store", 2048)


def test_schema_validation_with_initialize_schema_succeeds_on_fresh_database(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    (
        PgVectorStore.builder(pgvector_dsn, HashingEmbeddingModel())
        .schema_name(pgvector_schema)
        .vector_table_name("fresh_vector_store")
        .dimensions(1024)
        .initialize_schema(True)
        .vector_table_validations_enabled(True)
        .build()
    )
    assert PgVectorSchemaValidator(pgvector_dsn).is_table_exists(
        pgvector_schema, "fresh_vector_store"
    )


# -- the port's extras ----------------------------------------------------------------


def test_missing_columns_and_missing_tables_are_reported(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    run(
        pgvector_dsn,
        f"CREATE SCHEMA {pgvector_schema}",
        f"CREATE TABLE {pgvector_schema}.partial (id text PRIMARY KEY, content text)",
    )
    validator = PgVectorSchemaValidator(pgvector_dsn)
    with pytest.raises(RuntimeError, match=r"Missing fields \[metadata, embedding\]"):
        validator.validate_table_schema(pgvector_schema, "partial", 3)
    with pytest.raises(
        RuntimeError, match=f"Table absent does not exist in schema {pgvector_schema}"
    ):
        validator.validate_table_schema(pgvector_schema, "absent", 3)
    assert not validator.is_table_exists(pgvector_schema, "absent")
