"""Vector store observation vocabulary: kinds, providers, metrics and attribute names."""

from __future__ import annotations

import enum


class _Valued(enum.Enum):
    def get_value(self) -> str:
        """The wire value (Java's ``value()``)."""
        return str(self.value)


class SpringAiKind(_Valued):
    """The ``spring.ai.kind`` of a span."""

    ADVISOR = "advisor"
    CHAT_CLIENT = "chat_client"
    TOOL_CALL = "tool_call"
    VECTOR_STORE = "vector_store"


class VectorStoreProvider(_Valued):
    """The ``db.system`` of a vector store span."""

    AZURE = "azure"
    CASSANDRA = "cassandra"
    CHROMA = "chroma"
    COUCHBASE = "couchbase"
    ELASTICSEARCH = "elasticsearch"
    GEMFIRE = "gemfire"
    MARIADB = "mariadb"
    MILVUS = "milvus"
    MONGODB = "mongodb"
    NEO4J = "neo4j"
    OPENSEARCH = "opensearch"
    ORACLE = "oracle"
    PG_VECTOR = "pg_vector"
    PINECONE = "pinecone"
    QDRANT = "qdrant"
    REDIS = "redis"
    S3_VECTOR = "s3_vector"
    SIMPLE = "simple"
    TYPESENSE = "typesense"
    WEAVIATE = "weaviate"


class VectorStoreSimilarityMetric(_Valued):
    """The ``db.search.similarity_metric`` of a query span."""

    COSINE = "cosine"
    DOT = "dot"
    EUCLIDEAN = "euclidean"
    MANHATTAN = "manhattan"


class VectorStoreObservationAttributes(_Valued):
    """Attribute names of vector store spans."""

    DB_COLLECTION_NAME = "db.collection.name"
    DB_NAMESPACE = "db.namespace"
    DB_OPERATION_NAME = "db.operation.name"
    DB_RECORD_ID = "db.record.id"
    DB_SYSTEM = "db.system"
    DB_SEARCH_SIMILARITY_METRIC = "db.search.similarity_metric"
    DB_VECTOR_DIMENSION_COUNT = "db.vector.dimension_count"
    DB_VECTOR_FIELD_NAME = "db.vector.field_name"
    DB_VECTOR_QUERY_CONTENT = "db.vector.query.content"
    DB_VECTOR_QUERY_FILTER = "db.vector.query.filter"
    DB_VECTOR_QUERY_RESPONSE_DOCUMENTS = "db.vector.query.response.documents"
    DB_VECTOR_QUERY_SIMILARITY_THRESHOLD = "db.vector.query.similarity_threshold"
    DB_VECTOR_QUERY_TOP_K = "db.vector.query.top_k"
