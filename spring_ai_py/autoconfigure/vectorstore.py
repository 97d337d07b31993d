"""``spring.ai.vectorstore.*``: which vector store, and PgVectorStore's settings."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from spring_ai_py.autoconfigure.binder import ConfigurationProperties, relaxed_enum
from spring_ai_py.vectorstore.pgvector.pg_vector_store import (
    PgDistanceType,
    PgIdType,
    PgIndexType,
    PgVectorStore,
)


class VectorStoreSelectionProperties(ConfigurationProperties):
    """``spring.ai.vectorstore.type``: ``pgvector`` or ``simple`` (the port's in-memory
    store); unset, PgVectorStore when ``spring.ai.vectorstore.pgvector.*`` is configured,
    else SimpleVectorStore."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.vectorstore"

    type: str | None = None


class VectorStoreObservationProperties(ConfigurationProperties):
    """``spring.ai.vectorstore.observations.*``: ``log-query-response`` puts the found
    documents' texts on each query's span (Spring logs them)."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.vectorstore.observations"

    log_query_response: bool = False


class PgVectorStoreProperties(ConfigurationProperties):
    """``spring.ai.vectorstore.pgvector.*``, with Spring 2.0.1's defaults."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.vectorstore.pgvector"

    initialize_schema: bool = False
    dimensions: int = PgVectorStore.INVALID_EMBEDDING_DIMENSION
    index_type: Annotated[PgIndexType, relaxed_enum(PgIndexType)] = PgIndexType.HNSW
    distance_type: Annotated[PgDistanceType, relaxed_enum(PgDistanceType)] = (
        PgDistanceType.COSINE_DISTANCE
    )
    remove_existing_vector_store_table: bool = False
    table_name: str = PgVectorStore.DEFAULT_TABLE_NAME
    schema_name: str = PgVectorStore.DEFAULT_SCHEMA_NAME
    id_type: Annotated[PgIdType, relaxed_enum(PgIdType)] = PgIdType.UUID
    schema_validation: bool = PgVectorStore.DEFAULT_SCHEMA_VALIDATION
    max_document_batch_size: int = Field(default=PgVectorStore.MAX_DOCUMENT_BATCH_SIZE, gt=0)
