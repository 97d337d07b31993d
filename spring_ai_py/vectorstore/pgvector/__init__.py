"""``org.springframework.ai.vectorstore.pgvector``: a vector store on PostgreSQL with the
pgvector extension (needs psycopg 3: ``pip install 'spring_ai_py[postgres]'``)."""

from spring_ai_py.vectorstore.pgvector.pg_vector_filter_expression_converter import (
    PgVectorFilterExpressionConverter,
)
from spring_ai_py.vectorstore.pgvector.pg_vector_schema_validator import PgVectorSchemaValidator
from spring_ai_py.vectorstore.pgvector.pg_vector_store import (
    PgDistanceType,
    PgIdType,
    PgIndexType,
    PgVectorStore,
)

__all__ = [
    "PgDistanceType",
    "PgIdType",
    "PgIndexType",
    "PgVectorFilterExpressionConverter",
    "PgVectorSchemaValidator",
    "PgVectorStore",
]
