"""A vector store in PostgreSQL with the pgvector extension."""

from __future__ import annotations

import datetime
import enum
import json
import logging
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.document import Document, DocumentMetadata
from spring_ai_py.embedding import BatchingStrategy, EmbeddingModel
from spring_ai_py.observation.conventions import VectorStoreProvider, VectorStoreSimilarityMetric
from spring_ai_py.vectorstore._support import (
    aembed_documents,
    batching_strategy_or_default,
    check_text_documents,
    embed_documents,
)
from spring_ai_py.vectorstore.filter import Expression
from spring_ai_py.vectorstore.filter.converter import AbstractFilterExpressionConverter
from spring_ai_py.vectorstore.observation import (
    AbstractObservationVectorStore,
    VectorStoreObservationContext,
    VectorStoreObservationConvention,
)
from spring_ai_py.vectorstore.pgvector.pg_vector_filter_expression_converter import (
    PgVectorFilterExpressionConverter,
)
from spring_ai_py.vectorstore.pgvector.pg_vector_schema_validator import (
    MAX_IDENTIFIER_LENGTH,
    DataSource,
    PgVectorSchemaValidator,
    connect,
)
from spring_ai_py.vectorstore.search_request import SearchRequest

if TYPE_CHECKING:
    from opentelemetry.trace import TracerProvider

_logger = logging.getLogger(__name__)

AsyncDataSource = str | Callable[[], Awaitable[Any]] | Any
"""Where async connections come from: a DSN, a function returning an awaitable
``psycopg.AsyncConnection``, or an async pool with ``connection()`` (for example
``psycopg_pool.AsyncConnectionPool``)."""


class PgIndexType(enum.Enum):
    """The nearest-neighbour index on the embedding column."""

    NONE = "NONE"
    """No index: exact search, perfect recall."""
    IVFFLAT = "IVFFLAT"
    """Lists of vectors, searched near the query: fast to build, little memory, lower
    recall for the speed than HNSW."""
    HNSW = "HNSW"
    """A multilayer graph: slower to build, more memory, better speed-recall trade-off;
    needs no training data. The default."""


class PgIdType(enum.Enum):
    """The type of the ``id`` column; document ids must parse as that type."""

    UUID = "UUID"
    TEXT = "TEXT"
    INTEGER = "INTEGER"
    SERIAL = "SERIAL"
    BIGSERIAL = "BIGSERIAL"


class PgDistanceType(enum.Enum):
    """How distance is measured: its pgvector ``operator`` and index operator class."""

    EUCLIDEAN_DISTANCE = ("<->", "vector_l2_ops")
    """L2 distance; meaningful as a similarity only for unit-length vectors."""
    NEGATIVE_INNER_PRODUCT = ("<#>", "vector_ip_ops")
    """Inner product (as ``1 + (a <#> b)``); the fastest, for unit-length vectors."""
    COSINE_DISTANCE = ("<=>", "vector_cosine_ops")
    """Cosine distance, the default."""

    def __init__(self, operator: str, index: str) -> None:
        self.operator = operator
        self.index = index

    def distance_sql(self) -> str:
        """The SQL expression of the distance between ``embedding`` and the parameter."""
        if self is PgDistanceType.NEGATIVE_INNER_PRODUCT:
            return "(1 + (embedding <#> %s::vector))"
        return f"(embedding {self.operator} %s::vector)"


class PgVectorStore(AbstractObservationVectorStore, Buildable):
    """Documents and their embeddings in a PostgreSQL table, searched with pgvector.

    The table (``vector_store`` in schema ``public`` by default) has the columns ``id``
    (``uuid`` by default, see :class:`PgIdType`), ``content``, ``metadata`` (JSON) and
    ``embedding vector(dimensions)``. With ``initialize_schema=True`` the store creates
    the ``vector`` extension, the schema, the table and the index (HNSW by default)
    when it is built; ``remove_existing_vector_store_table=True`` drops the table first;
    ``vector_table_validations_enabled=True`` rejects schema and table names that are
    not 1 to 63 letters, digits and underscores (``ValueError``, before any SQL runs)
    and checks that the table exists with those columns and dimensions. The dimensions
    come from ``dimensions``, else the embedding model, else 1536. Whatever the
    validations, a schema, table or derived index name (``<table>_index``) longer than
    PostgreSQL's 63 bytes is a ``ValueError``: the server would silently cut it and
    address another store's table.

    ``add`` embeds the documents in the batches ``batching_strategy`` forms (a
    :class:`~spring_ai_py.embedding.TokenCountBatchingStrategy` by default, one model
    request per batch) and upserts them by id in batches of
    ``max_document_batch_size``. ``similarity_search`` keeps the rows whose distance is
    at most ``1 - similarity_threshold`` (so a threshold of 0.0 accepts everything
    ``SimpleVectorStore`` would accept), filtered in the database by translating the
    filter expression to a ``jsonpath`` predicate, best first; each document's score is
    ``1 - distance`` and its metadata gains ``distance``. Table and schema names are
    quoted as SQL identifiers and filter predicates are bind parameters, so neither can
    inject SQL. A document whose text or metadata holds a NUL character is a
    ``ValueError`` at ``add`` naming the document (PostgreSQL text cannot store it, and
    a ``\\u0000`` in stored metadata would break every later filtered search).

    ``aadd``, ``adelete`` and ``asimilarity_search`` use psycopg's async connections
    (and the embedding model's ``aembed``), so async code holds no thread while the
    database answers: from ``async_data_source`` (a
    ``psycopg_pool.AsyncConnectionPool``, a DSN, or a function returning an awaitable
    ``psycopg.AsyncConnection``), else from ``data_source`` when it is a DSN; with
    neither, they run the blocking operations off the event loop.

    ``PgVectorStore.builder(dsn, embedding_model).initialize_schema(True).build()``;
    psycopg 3 is needed (``pip install 'spring_ai_py[postgres]'``), imported on first use.
    """

    OPENAI_EMBEDDING_DIMENSION_SIZE: ClassVar[int] = 1536
    INVALID_EMBEDDING_DIMENSION: ClassVar[int] = -1
    DEFAULT_TABLE_NAME: ClassVar[str] = "vector_store"
    DEFAULT_ID_TYPE: ClassVar[PgIdType] = PgIdType.UUID
    DEFAULT_VECTOR_INDEX_NAME: ClassVar[str] = "spring_ai_vector_index"
    DEFAULT_SCHEMA_NAME: ClassVar[str] = "public"
    DEFAULT_SCHEMA_VALIDATION: ClassVar[bool] = False
    MAX_DOCUMENT_BATCH_SIZE: ClassVar[int] = 10_000

    def __init__(
        self,
        data_source: DataSource,
        embedding_model: EmbeddingModel,
        schema_name: str = DEFAULT_SCHEMA_NAME,
        vector_table_name: str = DEFAULT_TABLE_NAME,
        id_type: PgIdType = DEFAULT_ID_TYPE,
        vector_table_validations_enabled: bool = DEFAULT_SCHEMA_VALIDATION,
        dimensions: int = INVALID_EMBEDDING_DIMENSION,
        distance_type: PgDistanceType = PgDistanceType.COSINE_DISTANCE,
        remove_existing_vector_store_table: bool = False,
        index_type: PgIndexType = PgIndexType.HNSW,
        initialize_schema: bool = False,
        max_document_batch_size: int = MAX_DOCUMENT_BATCH_SIZE,
        tracer_provider: TracerProvider | None = None,
        custom_observation_convention: VectorStoreObservationConvention | None = None,
        batching_strategy: BatchingStrategy | None = None,
        async_data_source: AsyncDataSource | None = None,
    ) -> None:
        _assert.not_none(data_source, "data_source must not be null")
        _assert.not_none(embedding_model, "EmbeddingModel must be configured")
        _assert.has_text(schema_name, "schema_name cannot be null or empty")
        _assert.not_none(vector_table_name, "vector_table_name must not be null")
        _assert.is_true(max_document_batch_size > 0, "max_document_batch_size must be positive")
        super().__init__(embedding_model, tracer_provider, custom_observation_convention)
        self._data_source = data_source
        self._schema_name = schema_name.strip()
        self._vector_table_name = vector_table_name.strip() or self.DEFAULT_TABLE_NAME
        self._vector_index_name = (
            self.DEFAULT_VECTOR_INDEX_NAME
            if self._vector_table_name == self.DEFAULT_TABLE_NAME
            else f"{self._vector_table_name}_index"
        )
        _check_identifier_length(self._schema_name, "schema_name")
        _check_identifier_length(self._vector_table_name, "vector_table_name")
        if initialize_schema and index_type is not PgIndexType.NONE:
            _check_identifier_length(self._vector_index_name, "vector_table_name + '_index'")
        self._id_type = id_type
        self._vector_table_validations_enabled = vector_table_validations_enabled
        self._dimensions = dimensions
        self._distance_type = distance_type
        self._remove_existing_vector_store_table = remove_existing_vector_store_table
        self._index_type = index_type
        self._initialize_schema = initialize_schema
        self._max_document_batch_size = max_document_batch_size
        self._batching_strategy = batching_strategy_or_default(batching_strategy)
        self._converter = PgVectorFilterExpressionConverter()
        self._schema_validator = PgVectorSchemaValidator(data_source)
        self._observed_dimensions: int | None = None
        self._async_data_source = _async_data_source_of(async_data_source, data_source)
        self.after_properties_set()

    @classmethod
    def builder(
        cls, data_source: DataSource, embedding_model: EmbeddingModel
    ) -> PgVectorStore.Builder:
        """A builder; every other constructor keyword is a setter."""
        _assert.not_none(data_source, "data_source must not be null")
        return cls.Builder(cls, {"data_source": data_source, "embedding_model": embedding_model})

    def mutate(self) -> PgVectorStore.Builder:
        """A builder pre-filled with this store's settings."""
        return self.Builder(type(self), self._builder_state())

    @classmethod
    def _check_builder_value(cls, name: str, value: Any) -> None:
        if name == "batching_strategy":
            _assert.not_none(value, "BatchingStrategy must not be null")

    def get_distance_type(self) -> PgDistanceType:
        return self._distance_type

    def get_name(self) -> str:
        return "PgVectorStore"

    def get_native_client(self) -> DataSource:
        """The data source the store gets its connections from (Spring returns its
        ``JdbcTemplate``)."""
        return self._data_source

    def embedding_distance(self, query: str) -> list[float]:
        """The distance of every stored embedding to ``query``'s, in table order."""
        from psycopg import sql

        statement = sql.SQL(
            "SELECT " + self._distance_type.distance_sql() + " AS distance FROM {}"
        ).format(self._table())
        embedding = _vector(self._embedding_model.embed(query))
        with self._connection() as connection:
            rows = connection.execute(statement, (embedding,)).fetchall()
        return [float(row[0]) for row in rows]

    # -- connections and SQL ---------------------------------------------------------

    @contextmanager
    def _connection(self) -> Iterator[Any]:
        """A connection for one operation, committed when the block succeeds."""
        with connect(self._data_source) as connection:
            yield connection

    def _table(self) -> Any:
        from psycopg import sql

        return sql.Identifier(self._schema_name, self._vector_table_name)

    # -- initialisation --------------------------------------------------------------

    def after_properties_set(self) -> None:
        """Validate the names, create the schema objects when asked, then validate the
        table (Spring's ``afterPropertiesSet``; the constructor runs it).

        With ``vector_table_validations_enabled``, a schema or table name that is not
        1 to 63 letters, digits and underscores (or is all digits) is a ``ValueError``
        before any SQL runs.
        """
        if self._vector_table_validations_enabled:
            self._schema_validator.validate_names(self._schema_name, self._vector_table_name)
        if not self._initialize_schema:
            _logger.debug(
                "Skipping the schema initialization for the table: %s", self._qualified_name()
            )
            self._validate_table_schema_if_enabled()
            return
        from psycopg import sql

        dimensions = self.embedding_dimensions()
        id_column = {
            PgIdType.UUID: "uuid DEFAULT gen_random_uuid()",
            PgIdType.TEXT: "text",
            PgIdType.INTEGER: "integer",
            PgIdType.SERIAL: "serial",
            PgIdType.BIGSERIAL: "bigserial",
        }[self._id_type]
        with self._connection() as connection:
            connection.execute("CREATE EXTENSION IF NOT EXISTS vector")
            connection.execute(
                sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(self._schema_name))
            )
            if self._remove_existing_vector_store_table:
                connection.execute(sql.SQL("DROP TABLE IF EXISTS {}").format(self._table()))
            connection.execute(
                sql.SQL(
                    "CREATE TABLE IF NOT EXISTS {} (id {} PRIMARY KEY, content text, "
                    "metadata json, embedding vector({}))"
                ).format(self._table(), sql.SQL(id_column), sql.Literal(dimensions))
            )
            if self._index_type is not PgIndexType.NONE:
                connection.execute(
                    sql.SQL("CREATE INDEX IF NOT EXISTS {} ON {} USING {} (embedding {})").format(
                        sql.Identifier(self._vector_index_name),
                        self._table(),
                        sql.SQL(self._index_type.value),
                        sql.SQL(self._distance_type.index),
                    )
                )
        self._validate_table_schema_if_enabled()

    def _validate_table_schema_if_enabled(self) -> None:
        if self._vector_table_validations_enabled:
            self._schema_validator.validate_table_schema(
                self._schema_name, self._vector_table_name, self.embedding_dimensions()
            )

    def embedding_dimensions(self) -> int:
        """The configured dimensions, else the embedding model's, else 1536."""
        if self._dimensions > 0:
            return self._dimensions
        try:
            dimensions = self._embedding_model.dimensions()
            if dimensions > 0:
                return dimensions
        except Exception:
            _logger.warning(
                "Failed to obtain the embedding dimensions from the embedding model; "
                "falling back to %d",
                self.OPENAI_EMBEDDING_DIMENSION_SIZE,
                exc_info=True,
            )
        return self.OPENAI_EMBEDDING_DIMENSION_SIZE

    def _qualified_name(self) -> str:
        return f"{self._schema_name}.{self._vector_table_name}"

    # -- the VectorStore operations --------------------------------------------------

    def create_observation_context_builder(
        self, operation_name: str
    ) -> VectorStoreObservationContext.Builder:
        if self._observed_dimensions is None:
            # asked once: a model without known dimensions embeds a probe text to find out
            self._observed_dimensions = self.embedding_dimensions()
        return (
            VectorStoreObservationContext.builder(
                VectorStoreProvider.PG_VECTOR.value, operation_name
            )
            .collection_name(self._vector_table_name)
            .dimensions(self._observed_dimensions)
            .namespace(self._schema_name)
            .similarity_metric(_SIMILARITY_METRICS[self._distance_type].value)
        )

    def _checked_ids(self, documents: list[Document]) -> list[Any]:
        """The documents' row ids, after refusing what PostgreSQL cannot store (NUL)."""
        check_text_documents(documents)
        for document in documents:
            _check_no_nul(document)
        return [self._pg_id(document.get_id()) for document in documents]

    def do_add(self, documents: list[Document]) -> None:
        ids = self._checked_ids(documents)
        embeddings = embed_documents(self._embedding_model, documents, self._batching_strategy)
        statement, rows = self._upsert(ids, documents, embeddings)
        with self._connection() as connection, connection.cursor() as cursor:
            for start in range(0, len(rows), self._max_document_batch_size):
                cursor.executemany(statement, rows[start : start + self._max_document_batch_size])

    def _upsert(
        self, ids: list[Any], documents: list[Document], embeddings: list[list[float]]
    ) -> tuple[Any, list[tuple[Any, ...]]]:
        """The upsert statement and its rows, one per document."""
        from psycopg import sql

        statement = sql.SQL(
            "INSERT INTO {} (id, content, metadata, embedding) VALUES (%s, %s, %s::json, %s::vector) "
            "ON CONFLICT (id) DO UPDATE SET content = EXCLUDED.content, "
            "metadata = EXCLUDED.metadata, embedding = EXCLUDED.embedding"
        ).format(self._table())
        rows = [
            (id_, document.get_text(), _to_json(document.get_metadata()), _vector(embedding))
            for id_, document, embedding in zip(ids, documents, embeddings, strict=True)
        ]
        return statement, rows

    def do_delete(self, id_list: list[str]) -> None:
        if not id_list:
            return
        statement, ids = self._delete_ids(id_list)
        with self._connection() as connection, connection.cursor() as cursor:
            cursor.executemany(statement, ids)

    def _delete_ids(self, id_list: list[str]) -> tuple[Any, list[tuple[Any]]]:
        from psycopg import sql

        statement = sql.SQL("DELETE FROM {} WHERE id = %s").format(self._table())
        return statement, [(self._pg_id(id_),) for id_ in id_list]

    def do_delete_by_filter(self, filter_expression: Expression) -> None:
        statement, params = self._delete_matching(filter_expression)
        try:
            with self._connection() as connection:
                connection.execute(statement, params)
        except Exception as error:
            raise RuntimeError("Failed to delete documents by filter") from error

    def _delete_matching(self, filter_expression: Expression) -> tuple[Any, tuple[str]]:
        from psycopg import sql

        predicate = self._converter.convert_to_json_path(filter_expression)
        statement = sql.SQL("DELETE FROM {} WHERE metadata::jsonb @@ %s::jsonpath").format(
            self._table()
        )
        return statement, (predicate,)

    def do_similarity_search(self, request: SearchRequest) -> list[Document]:
        embedding = self._embedding_model.embed(request.get_query())
        statement, params = self._search(request, embedding)
        with self._connection() as connection:
            rows = connection.execute(statement, params).fetchall()
        return [_to_document(*row) for row in rows]

    def _search(self, request: SearchRequest, embedding: list[float]) -> tuple[Any, list[Any]]:
        """The query of a similarity search for ``embedding``, and its parameters."""
        from psycopg import sql

        query_embedding = _vector(embedding)
        distance = self._distance_type.distance_sql()
        params: list[Any] = [query_embedding]
        where: list[str] = []
        if request.get_similarity_threshold() > SearchRequest.SIMILARITY_THRESHOLD_ACCEPT_ALL:
            where.append(f"{distance} <= %s")
            params += [query_embedding, 1.0 - request.get_similarity_threshold()]
        filter_expression = request.get_filter_expression()
        if filter_expression is not None:
            where.append("metadata::jsonb @@ %s::jsonpath")
            params.append(self._converter.convert_to_json_path(filter_expression))
        params.append(request.get_top_k())
        statement = sql.SQL(
            "SELECT id::text, content, metadata::text, "
            + distance
            + " AS distance FROM {}"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY distance LIMIT %s"
        ).format(self._table())
        return statement, params

    # -- the async operations ----------------------------------------------------------

    async def ado_add(self, documents: list[Document]) -> None:
        if self._async_data_source is None:
            return await super().ado_add(documents)
        ids = self._checked_ids(documents)
        embeddings = await aembed_documents(
            self._embedding_model, documents, self._batching_strategy
        )
        statement, rows = self._upsert(ids, documents, embeddings)
        async with _aconnect(self._async_data_source) as connection, connection.cursor() as cursor:
            for start in range(0, len(rows), self._max_document_batch_size):
                await cursor.executemany(
                    statement, rows[start : start + self._max_document_batch_size]
                )
        return None

    async def ado_delete(self, id_list: list[str]) -> None:
        if self._async_data_source is None:
            return await super().ado_delete(id_list)
        if not id_list:
            return None
        statement, ids = self._delete_ids(id_list)
        async with _aconnect(self._async_data_source) as connection, connection.cursor() as cursor:
            await cursor.executemany(statement, ids)
        return None

    async def ado_delete_by_filter(self, filter_expression: Expression) -> None:
        if self._async_data_source is None:
            return await super().ado_delete_by_filter(filter_expression)
        statement, params = self._delete_matching(filter_expression)
        try:
            async with _aconnect(self._async_data_source) as connection:
                await connection.execute(statement, params)
        except Exception as error:
            raise RuntimeError("Failed to delete documents by filter") from error
        return None

    async def ado_similarity_search(self, request: SearchRequest) -> list[Document]:
        if self._async_data_source is None:
            return await super().ado_similarity_search(request)
        embedding = await self._embedding_model.aembed(request.get_query())
        statement, params = self._search(request, embedding)
        async with _aconnect(self._async_data_source) as connection:
            cursor = await connection.execute(statement, params)
            rows = await cursor.fetchall()
        return [_to_document(*row) for row in rows]

    def _pg_id(self, id_: str) -> Any:
        try:
            if self._id_type is PgIdType.UUID:
                return uuid.UUID(id_)
            if self._id_type is PgIdType.TEXT:
                return id_
            return int(id_)
        except ValueError as error:
            raise ValueError(
                f"Document id {id_!r} is not a valid {self._id_type.name} for this store"
            ) from error

    def __repr__(self) -> str:
        return (
            f"PgVectorStore(table={self._qualified_name()!r}, "
            f"distance_type={self._distance_type.name}, index_type={self._index_type.name})"
        )

    # --- generated builder (own builder()) ---
    class Builder(_builder.Builder["PgVectorStore"]):
        """The builder of :class:`PgVectorStore`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def data_source(self, data_source: DataSource, /) -> Self:
            return self._set("data_source", (data_source,))

        def embedding_model(self, embedding_model: EmbeddingModel, /) -> Self:
            return self._set("embedding_model", (embedding_model,))

        def schema_name(self, schema_name: str, /) -> Self:
            return self._set("schema_name", (schema_name,))

        def vector_table_name(self, vector_table_name: str, /) -> Self:
            return self._set("vector_table_name", (vector_table_name,))

        def id_type(self, id_type: PgIdType, /) -> Self:
            return self._set("id_type", (id_type,))

        def vector_table_validations_enabled(self, vector_table_validations_enabled: bool, /) -> Self:
            return self._set("vector_table_validations_enabled", (vector_table_validations_enabled,))

        def dimensions(self, dimensions: int, /) -> Self:
            return self._set("dimensions", (dimensions,))

        def distance_type(self, distance_type: PgDistanceType, /) -> Self:
            return self._set("distance_type", (distance_type,))

        def remove_existing_vector_store_table(self, remove_existing_vector_store_table: bool, /) -> Self:
            return self._set("remove_existing_vector_store_table", (remove_existing_vector_store_table,))

        def index_type(self, index_type: PgIndexType, /) -> Self:
            return self._set("index_type", (index_type,))

        def initialize_schema(self, initialize_schema: bool, /) -> Self:
            return self._set("initialize_schema", (initialize_schema,))

        def max_document_batch_size(self, max_document_batch_size: int, /) -> Self:
            return self._set("max_document_batch_size", (max_document_batch_size,))

        def tracer_provider(self, tracer_provider: TracerProvider | None, /) -> Self:
            return self._set("tracer_provider", (tracer_provider,))

        def custom_observation_convention(self, custom_observation_convention: VectorStoreObservationConvention | None, /) -> Self:
            return self._set("custom_observation_convention", (custom_observation_convention,))

        def batching_strategy(self, batching_strategy: BatchingStrategy | None, /) -> Self:
            return self._set("batching_strategy", (batching_strategy,))

        def async_data_source(self, async_data_source: AsyncDataSource | None, /) -> Self:
            return self._set("async_data_source", (async_data_source,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> PgVectorStore: ...
    # --- end of generated builder ---


_SIMILARITY_METRICS = {
    PgDistanceType.COSINE_DISTANCE: VectorStoreSimilarityMetric.COSINE,
    PgDistanceType.EUCLIDEAN_DISTANCE: VectorStoreSimilarityMetric.EUCLIDEAN,
    PgDistanceType.NEGATIVE_INNER_PRODUCT: VectorStoreSimilarityMetric.DOT,
}

# Java's nested enums, for code translated name by name (``PgVectorStore.PgIndexType.HNSW``).
for _nested in (PgIndexType, PgIdType, PgDistanceType):
    setattr(PgVectorStore, _nested.__name__, _nested)


def _vector(embedding: Sequence[float]) -> str:
    return "[" + ",".join(repr(float(x)) for x in embedding) + "]"


def _check_identifier_length(name: str, argument: str) -> None:
    size = len(name.encode("utf-8"))
    if size > MAX_IDENTIFIER_LENGTH:
        raise ValueError(
            f"{argument} must be at most {MAX_IDENTIFIER_LENGTH} bytes (PostgreSQL would "
            f"silently cut it to another name), got {size}: {name!r}"
        )


def _check_no_nul(document: Document) -> None:
    """PostgreSQL text cannot hold NUL, and a ``\\u0000`` in the json metadata makes
    every later ``metadata::jsonb`` filter fail; refuse such a document up front."""
    if "\x00" in (document.get_text() or ""):
        raise ValueError(
            f"Document {document.get_id()} contains a NUL character (\\x00) in its text, "
            "which PostgreSQL cannot store"
        )
    where = _nul_in(document.get_metadata(), "metadata", 0)
    if where is not None:
        raise ValueError(
            f"Document {document.get_id()} contains a NUL character (\\x00) in {where}, "
            "which PostgreSQL cannot store"
        )


def _nul_in(value: object, path: str, depth: int) -> str | None:
    """The path of the first key or string holding NUL, else ``None``."""
    if depth > _MAX_METADATA_DEPTH:
        raise ValueError(f"{path} is nested deeper than {_MAX_METADATA_DEPTH} levels")
    if isinstance(value, str):
        return path if "\x00" in value else None
    if isinstance(value, Mapping):
        for key, item in value.items():
            if isinstance(key, str) and "\x00" in key:
                return f"{path} key {key!r}"
            found = _nul_in(item, f"{path}[{key!r}]", depth + 1)
            if found is not None:
                return found
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found = _nul_in(item, f"{path}[{index}]", depth + 1)
            if found is not None:
                return found
    return None


_MAX_METADATA_DEPTH = 100


def _to_json(metadata: dict[str, Any]) -> str:
    return json.dumps(metadata, ensure_ascii=False, default=_json_default)


def _json_default(value: object) -> object:
    # dates as the filter converter writes them, so date filters match stored dates
    if isinstance(value, datetime.date):
        return AbstractFilterExpressionConverter.format_date(value)
    return str(value)


def _to_document(
    id_: str, content: str | None, metadata_json: str | None, distance: float
) -> Document:
    metadata: dict[str, Any] = json.loads(metadata_json) if metadata_json else {}
    metadata[DocumentMetadata.DISTANCE.value] = float(distance)
    return (
        Document.builder()
        .id(id_)
        .text(content if content is not None else "")
        .metadata(metadata)
        .score(1.0 - float(distance))
        .build()
    )


def _async_data_source_of(
    async_data_source: AsyncDataSource | None, data_source: DataSource
) -> AsyncDataSource | None:
    """The async connection source to use: the one given, else ``data_source`` when it
    is a DSN, else ``None`` (no native async access)."""
    if async_data_source is not None:
        return async_data_source
    return data_source if isinstance(data_source, str) else None


@asynccontextmanager
async def _aconnect(data_source: AsyncDataSource) -> AsyncIterator[Any]:
    """An async connection for one operation, committed when the block succeeds (a
    DSN's connection is also closed, a pool's returned)."""
    if isinstance(data_source, str):
        import psycopg

        async with await psycopg.AsyncConnection.connect(data_source) as connection:
            yield connection
    elif hasattr(data_source, "connection"):
        async with data_source.connection() as connection:
            yield connection
            await connection.commit()
    else:
        connection = await data_source()
        try:
            yield connection
            await connection.commit()
        finally:
            await connection.close()
