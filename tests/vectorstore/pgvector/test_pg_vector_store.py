"""PgVectorStore against a real PostgreSQL with pgvector (see conftest.py): the port's
own checks beyond the Spring ports (test_pg_vector_store_it.py and friends)."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest

from spring_ai_py.document import Document
from spring_ai_py.embedding import (
    EmbeddingRequest,
    EmbeddingResponse,
    HashingEmbeddingModel,
    TokenCountBatchingStrategy,
)
from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore
from spring_ai_py.vectorstore.filter import FilterExpressionBuilder
from spring_ai_py.vectorstore.pgvector import PgIdType, PgIndexType, PgVectorStore

pytestmark = pytest.mark.postgres

DOCUMENTS = [
    Document(
        "Spring AI rocks!! Spring AI rocks!!", {"meta1": "meta1", "country": "BG", "year": 2020}
    ),
    Document(
        "The World is Big and Salvation Lurks Around the Corner", {"country": "NL", "year": 2023}
    ),
    Document(
        "You walk forward facing the past and you turn back toward the future.",
        {"country": "BG", "year": 2024, "meta2": "meta2"},
    ),
]


def _store(dsn: str, schema: str, **settings: object) -> PgVectorStore:
    builder = (
        PgVectorStore.builder(dsn, HashingEmbeddingModel())
        .schema_name(schema)
        .initialize_schema(True)
    )
    for name, value in settings.items():
        getattr(builder, name)(value)
    return builder.build()


def _texts(documents: list[Document]) -> list[str]:
    return [d.get_text() or "" for d in documents]


def test_initialize_schema_creates_table_and_index(pgvector_dsn: str, pgvector_schema: str) -> None:
    _store(pgvector_dsn, pgvector_schema)
    with psycopg.connect(pgvector_dsn) as connection:
        columns = dict(
            connection.execute(
                "SELECT column_name, udt_name FROM information_schema.columns WHERE table_schema = %s AND table_name = 'vector_store'",
                (pgvector_schema,),
            ).fetchall()
        )
        indexes = connection.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = %s", (pgvector_schema,)
        ).fetchall()
    assert columns == {"id": "uuid", "content": "text", "metadata": "json", "embedding": "vector"}
    assert any(
        name == "spring_ai_vector_index"
        and "hnsw" in definition
        and "vector_cosine_ops" in definition
        for name, definition in indexes
    )


def test_scores_match_the_simple_vector_store(pgvector_dsn: str, pgvector_schema: str) -> None:
    store = _store(pgvector_dsn, pgvector_schema, index_type=PgIndexType.NONE)
    reference = SimpleVectorStore(HashingEmbeddingModel())
    store.add(DOCUMENTS)
    reference.add(DOCUMENTS)
    request = SearchRequest(query="the world and the past", top_k=3)
    ours = store.similarity_search(request)
    theirs = reference.similarity_search(request)
    assert [d.get_id() for d in ours] == [d.get_id() for d in theirs]
    assert [d.get_score() for d in ours] == pytest.approx([d.get_score() for d in theirs], abs=1e-5)


@pytest.mark.parametrize(
    ("filter_text", "expected"),
    [
        ("country == 'BG'", [0, 2]),
        ("country == 'BG' && year == 2020", [0]),
        ("country in ['NL', 'XX']", [1]),
        ("country nin ['NL']", [0, 2]),
        ("NOT(country == 'BG')", [1]),
        ("year >= 2023", [1, 2]),
        ("year > 2020 && year < 2024", [1]),
        ("meta2 IS NULL", [0, 1]),
        ("meta2 IS NOT NULL", [2]),
        ("(year == 2020 || year == 2024) && country != 'NL'", [0, 2]),
    ],
)
def test_filters_run_in_the_database(
    pgvector_dsn: str, pgvector_schema: str, filter_text: str, expected: list[int]
) -> None:
    store = _store(pgvector_dsn, pgvector_schema)
    store.add(DOCUMENTS)
    results = store.similarity_search(
        SearchRequest(query="world", top_k=10, filter_expression=filter_text)
    )
    assert sorted(_texts(results)) == sorted(DOCUMENTS[i].get_text() or "" for i in expected)


def test_filter_values_cannot_inject_sql_or_jsonpath(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    store = _store(pgvector_dsn, pgvector_schema)
    store.add(DOCUMENTS)
    hostile = (
        FilterExpressionBuilder()
        .eq("country", 'BG" || $.year > 0 || $.x == "\' ; DROP TABLE vector_store; --')
        .build()
    )
    assert (
        store.similarity_search(SearchRequest(query="world", top_k=10, filter_expression=hostile))
        == []
    )
    assert len(store.similarity_search(SearchRequest(query="world", top_k=10))) == 3


def test_text_ids_and_custom_table(pgvector_dsn: str, pgvector_schema: str) -> None:
    store = _store(
        pgvector_dsn,
        pgvector_schema,
        id_type=PgIdType.TEXT,
        vector_table_name="my_docs",
        max_document_batch_size=2,
    )
    store.add([Document(f"doc-{i}", f"text number {i}", {}) for i in range(5)])
    assert len(store.similarity_search(SearchRequest(query="text", top_k=10))) == 5
    with psycopg.connect(pgvector_dsn) as connection:
        names = {
            row[0]
            for row in connection.execute(
                "SELECT indexname FROM pg_indexes WHERE schemaname = %s", (pgvector_schema,)
            )
        }
    assert "my_docs_index" in names


def test_integer_ids_reject_non_numeric_ids(pgvector_dsn: str, pgvector_schema: str) -> None:
    store = _store(pgvector_dsn, pgvector_schema, id_type=PgIdType.INTEGER)
    store.add([Document("7", "seven", {})])
    assert [d.get_id() for d in store.similarity_search("seven")] == ["7"]
    with pytest.raises(ValueError, match="not a valid INTEGER"):
        store.add([Document("seven", "seven", {})])


def test_uuid_store_rejects_non_uuid_ids(pgvector_dsn: str, pgvector_schema: str) -> None:
    with pytest.raises(ValueError, match="not a valid UUID"):
        _store(pgvector_dsn, pgvector_schema).add([Document("not-a-uuid", "x", {})])


def test_remove_existing_table_starts_empty(pgvector_dsn: str, pgvector_schema: str) -> None:
    _store(pgvector_dsn, pgvector_schema).add(DOCUMENTS)
    assert _store(pgvector_dsn, pgvector_schema).similarity_search("world") != []
    fresh = _store(pgvector_dsn, pgvector_schema, remove_existing_vector_store_table=True)
    assert fresh.similarity_search("world") == []


def test_schema_validation(pgvector_dsn: str, pgvector_schema: str) -> None:
    with pytest.raises(RuntimeError, match="does not exist"):
        PgVectorStore.builder(pgvector_dsn, HashingEmbeddingModel()).schema_name(
            pgvector_schema
        ).vector_table_validations_enabled(True).build()
    _store(pgvector_dsn, pgvector_schema)
    validated = (
        PgVectorStore.builder(pgvector_dsn, HashingEmbeddingModel())
        .schema_name(pgvector_schema)
        .vector_table_validations_enabled(True)
        .build()
    )
    assert validated.similarity_search("anything") == []


def test_dimensions_setting_and_connection_factory(pgvector_dsn: str, pgvector_schema: str) -> None:
    store = PgVectorStore(
        lambda: psycopg.connect(pgvector_dsn),
        HashingEmbeddingModel(64),
        schema_name=pgvector_schema,
        dimensions=64,
        initialize_schema=True,
    )
    assert store.embedding_dimensions() == 64
    store.add(DOCUMENTS[:1])
    assert len(store.similarity_search("Spring")) == 1


def test_bad_input_is_rejected(pgvector_dsn: str, pgvector_schema: str) -> None:
    store = _store(pgvector_dsn, pgvector_schema)
    with pytest.raises(ValueError, match="cannot be empty"):
        store.add([])
    with pytest.raises(ValueError, match="null elements"):
        store.add([None])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="data_source must not be null"):
        PgVectorStore.builder(None, HashingEmbeddingModel())
    with pytest.raises(ValueError, match="EmbeddingModel must be configured"):
        PgVectorStore(pgvector_dsn, None)  # type: ignore[arg-type]


def test_date_filters_match_dates_stored_as_datetimes_or_spring_text(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    """A ``datetime`` in metadata is stored as Spring's UTC text (``...T10:30:00.000Z``),
    the form the converter normalises date values and ISO date strings to."""
    import datetime

    moment = datetime.datetime(2024, 1, 15, 10, 30, tzinfo=datetime.UTC)
    store = _store(pgvector_dsn, pgvector_schema)
    store.add(
        [
            Document("a datetime", {"activationDate": moment}),
            Document("spring text", {"activationDate": "2024-01-15T10:30:00.000Z"}),
            Document("other day", {"activationDate": "2024-02-20T14:45:00.000Z"}),
        ]
    )
    for value in (moment, "2024-01-15T10:30:00Z"):
        expression = FilterExpressionBuilder().eq("activationDate", value).build()
        found = store.similarity_search(
            SearchRequest(query="day", top_k=10, filter_expression=expression)
        )
        assert sorted(_texts(found)) == ["a datetime", "spring text"]
    later = FilterExpressionBuilder().in_("activationDate", ["2024-02-20T14:45:00Z"]).build()
    assert _texts(
        store.similarity_search(SearchRequest(query="day", top_k=10, filter_expression=later))
    ) == ["other day"]


def test_a_dotted_key_is_one_literal_key(pgvector_dsn: str, pgvector_schema: str) -> None:
    store = _store(pgvector_dsn, pgvector_schema)
    store.add(
        [
            Document("literal", {"config.setting": "on"}),
            Document("nested", {"config": {"setting": "on"}}),
        ]
    )
    found = store.similarity_search(
        SearchRequest(query="x", top_k=10, filter_expression="config.setting == 'on'")
    )
    assert _texts(found) == ["literal"]


class _CountingEmbeddingModel(HashingEmbeddingModel):
    """The hashing model, counting ``embed(documents, options, batching_strategy)`` calls
    and the model requests they make."""

    def __init__(self) -> None:
        super().__init__()
        self.document_embeds: list[int] = []
        self.requests: list[int] = []

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        self.requests.append(len(request.get_instructions()))
        return super().call(request)

    def embed(self, text: Any, options: Any = None, batching_strategy: Any = None) -> Any:
        if batching_strategy is not None:
            self.document_embeds.append(len(text))
        return super().embed(text, options, batching_strategy)


def test_add_embeds_all_documents_once_then_writes_in_batches(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    """As Spring's ``doAdd``: one ``embed(documents, options, batching_strategy)`` for the
    whole call (the strategy forms the model requests), then the rows are written in
    batches of ``max_document_batch_size``."""
    model = _CountingEmbeddingModel()
    store = (
        PgVectorStore.builder(pgvector_dsn, model)
        .schema_name(pgvector_schema)
        .initialize_schema(True)
        .dimensions(model.dimensions())
        .max_document_batch_size(2)
        .batching_strategy(TokenCountBatchingStrategy(max_input_token_count=8, reserve_percentage=0.0))
        .build()
    )
    model.requests.clear()
    documents = [Document(f"document number {i}") for i in range(5)]
    store.add(documents)

    assert model.document_embeds == [5]
    assert sum(model.requests) == 5 and len(model.requests) > 1  # token batches, not write batches
    with psycopg.connect(pgvector_dsn) as connection:
        (count,) = connection.execute(
            f"SELECT count(*) FROM {pgvector_schema}.vector_store"
        ).fetchone() or (0,)
    assert count == 5
    found = store.similarity_search(SearchRequest(query="document number 3", top_k=1))
    assert _texts(found) == ["document number 3"]
