"""Port of Spring AI 2.0.1 `org.springframework.ai.vectorstore.pgvector.PgVectorStoreTests`:
7 tests ported, 0 skipped.

Spring mocks the JdbcTemplate and reads the SQL text it receives. Here the store talks
to the real pgvector server through a connection that records every statement and its
parameters. Where Spring embeds the filter in the SQL text with single quotes doubled,
the port binds the JSONPath as a parameter, so the tests check that the SQL text holds
no filter text at all, that the bound JSONPath is the converter's, and that the right
rows are matched or deleted (PORTING: the store stays injection-proof).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import psycopg
import pytest

from spring_ai_py.document import Document
from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.vectorstore import SearchRequest
from spring_ai_py.vectorstore.filter import (
    Expression,
    ExpressionType,
    FilterExpressionTextParser,
    Key,
    Value,
)
from spring_ai_py.vectorstore.pgvector import (
    PgIdType,
    PgVectorFilterExpressionConverter,
    PgVectorSchemaValidator,
    PgVectorStore,
)

pytestmark = pytest.mark.postgres


@dataclass
class Recorder:
    """Every statement a store sent: ``(sql_text, params)``; ``batches`` holds the row
    count of each ``executemany``."""

    statements: list[tuple[str, Any]] = field(default_factory=list)
    batches: list[int] = field(default_factory=list)
    connections: int = 0


class _RecordingCursor:
    def __init__(self, cursor: psycopg.Cursor[Any], recorder: Recorder, connection: Any) -> None:
        self._cursor = cursor
        self._recorder = recorder
        self._connection = connection

    def executemany(self, statement: Any, rows: Any) -> None:
        rows = list(rows)
        self._recorder.batches.append(len(rows))
        self._recorder.statements.append((_text(statement, self._connection), rows))
        self._cursor.executemany(statement, rows)

    def __enter__(self) -> _RecordingCursor:
        return self

    def __exit__(self, *exc: object) -> None:
        self._cursor.close()


class _RecordingConnection:
    def __init__(self, connection: psycopg.Connection[Any], recorder: Recorder) -> None:
        self._connection = connection
        self._recorder = recorder

    def execute(self, statement: Any, params: Any = None) -> Any:
        self._recorder.statements.append((_text(statement, self._connection), params))
        return self._connection.execute(statement, params)

    def cursor(self) -> _RecordingCursor:
        return _RecordingCursor(self._connection.cursor(), self._recorder, self._connection)

    def commit(self) -> None:
        self._connection.commit()

    def close(self) -> None:
        self._connection.close()


def _text(statement: Any, connection: Any) -> str:
    return statement if isinstance(statement, str) else statement.as_string(connection)


def recording_source(dsn: str, recorder: Recorder) -> Callable[[], _RecordingConnection]:
    def connect() -> _RecordingConnection:
        recorder.connections += 1
        return _RecordingConnection(psycopg.connect(dsn), recorder)

    return connect


class CountingEmbeddingModel(HashingEmbeddingModel):
    """Counts the store's calls that embed a list of documents or texts."""

    def __init__(self, dimensions: int = 8) -> None:
        super().__init__(dimensions)
        self.batch_embeds = 0

    def embed(self, *args: Any, **kwargs: Any) -> Any:
        if args and isinstance(args[0], list):
            self.batch_embeds += 1
        return super().embed(*args, **kwargs)


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def store(pgvector_dsn: str, pgvector_schema: str, recorder: Recorder) -> Iterator[PgVectorStore]:
    built = (
        PgVectorStore.builder(recording_source(pgvector_dsn, recorder), HashingEmbeddingModel(8))
        .schema_name(pgvector_schema)
        .id_type(PgIdType.TEXT)
        .initialize_schema(True)
        .build()
    )
    recorder.statements.clear()
    yield built


VALID_NAMES = [
    ("customvectorstore", True),
    ("user_data", True),
    ("test123", True),
    ("valid_table_name", True),
    ("", False),
    ("   ", False),
    ("custom vector store", False),
    ("customvectorstore;", False),
    ("customvectorstore--", False),
    ("drop table users;", False),
    ("customvectorstore;drop table users;", False),
    ("customvectorstore#", False),
    ("customvectorstore$", False),
    ("1", False),
    ("customvectorstore or 1=1", False),
    ("customvectorstore;--", False),
    ("custom_vector_store; DROP TABLE users;", False),
    ("customvectorstore\u0000", False),
    ("customvectorstore\n", False),
    ("1234567890" * 6 + "12345", False),
]


@pytest.mark.parametrize(("table_name", "expected"), VALID_NAMES)
def test_is_valid_table(table_name: str, expected: bool) -> None:
    assert PgVectorSchemaValidator.is_valid_name_for_database_object(table_name) is expected


def test_invalid_table_name_is_rejected_before_any_sql_reaches_the_database() -> None:
    opened: list[str] = []

    def data_source() -> Any:
        opened.append("connection")
        raise AssertionError("no connection may be opened")

    with pytest.raises(ValueError, match="Table name should only contain"):
        (
            PgVectorStore.builder(data_source, HashingEmbeddingModel())
            .vector_table_name("vector_store; DROP TABLE users;")
            .dimensions(1024)
            .initialize_schema(True)
            .vector_table_validations_enabled(True)
            .build()
        )
    assert opened == []


def test_should_add_documents_in_batches_and_embed_once(
    pgvector_dsn: str, pgvector_schema: str, recorder: Recorder
) -> None:
    model = CountingEmbeddingModel()
    store = (
        PgVectorStore.builder(recording_source(pgvector_dsn, recorder), model)
        .schema_name(pgvector_schema)
        .id_type(PgIdType.TEXT)
        .initialize_schema(True)
        .max_document_batch_size(1000)
        .build()
    )
    document = Document("foo")
    store.do_add([document] * 9989)
    assert model.batch_embeds == 1
    assert recorder.batches == [1000] * 9 + [989]


def test_delete_by_filter_doubles_single_quotes_when_metadata_key_contains_apostrophe(
    store: PgVectorStore, recorder: Recorder
) -> None:
    store.add([Document("a", "a", {"O'Brien": "n"}), Document("b", "b", {"O'Brien": "m"})])
    expression = Expression(ExpressionType.EQ, Key("O'Brien"), Value("n"))
    recorder.statements.clear()
    store.do_delete_by_filter(expression)
    ((sql_text, params),) = recorder.statements
    assert "O'Brien" not in sql_text and "O''Brien" not in sql_text
    assert params == ('$."O\'Brien" == "n"',)
    assert "O''Brien" in PgVectorFilterExpressionConverter().convert_expression(expression)
    assert [d.get_id() for d in store.similarity_search("a")] == ["b"]


def test_delete_by_filter_doubles_single_quotes_when_string_value_contains_apostrophe(
    store: PgVectorStore, recorder: Recorder
) -> None:
    store.add([Document("a", "a", {"author": "O'Connor"}), Document("b", "b", {"author": "O"})])
    recorder.statements.clear()
    store.do_delete_by_filter(Expression(ExpressionType.EQ, Key("author"), Value("O'Connor")))
    ((sql_text, params),) = recorder.statements
    assert "Connor" not in sql_text
    assert params == ('$."author" == "O\'Connor"',)
    assert [d.get_id() for d in store.similarity_search("a")] == ["b"]


def test_delete_by_filter_from_text_parser_doubles_single_quotes_for_quoted_key_with_apostrophe(
    store: PgVectorStore, recorder: Recorder
) -> None:
    store.add([Document("a", "a", {"vendor": "ACME's"}), Document("b", "b", {"vendor": "ACME"})])
    recorder.statements.clear()
    store.do_delete_by_filter(FilterExpressionTextParser().parse('"vendor" == "ACME\'s"'))
    ((sql_text, params),) = recorder.statements
    assert "ACME" not in sql_text
    assert params == ('$."vendor" == "ACME\'s"',)
    assert [d.get_id() for d in store.similarity_search("a")] == ["b"]


def test_similarity_search_doubles_single_quotes_inside_json_path_sql_literal(
    store: PgVectorStore, recorder: Recorder
) -> None:
    store.add([Document("a", "hello", {"O'Brien": "x"}), Document("b", "hello", {"O'Brien": "y"})])
    recorder.statements.clear()
    request = (
        SearchRequest.builder()
        .query("hello")
        .top_k(5)
        .similarity_threshold_all()
        .filter_expression(FilterExpressionTextParser().parse("\"O'Brien\" == 'x'"))
        .build()
    )
    results = store.do_similarity_search(request)
    ((sql_text, params),) = recorder.statements
    assert "metadata::jsonb @@ %s::jsonpath" in sql_text
    assert "Brien" not in sql_text
    assert '$."O\'Brien" == "x"' in params
    assert [d.get_id() for d in results] == ["a"]


# -- the port's extras ----------------------------------------------------------------


def test_hostile_names_and_filters_cannot_inject_sql(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    """Without validations a hostile table name is one quoted identifier; a hostile key
    or value is bound JSONPath text: the decoy table survives every attempt."""
    with psycopg.connect(pgvector_dsn, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA IF NOT EXISTS {pgvector_schema}")
        connection.execute(f"CREATE TABLE {pgvector_schema}.decoy (x int)")
    hostile_table = f'docs"; DROP TABLE {pgvector_schema}.decoy; --'
    store = (
        PgVectorStore.builder(pgvector_dsn, HashingEmbeddingModel(8))
        .schema_name(pgvector_schema)
        .vector_table_name(hostile_table)
        .id_type(PgIdType.TEXT)
        .index_type(PgVectorStore.PgIndexType.NONE)  # type: ignore[attr-defined]
        .initialize_schema(True)
        .build()
    )
    store.add([Document("a", "a", {"k": "v"})])
    hostile_key = f"k' || (SELECT 1 FROM {pgvector_schema}.decoy) || '"
    hostile_value = f"v'; DROP TABLE {pgvector_schema}.decoy; --"
    for expression in (
        Expression(ExpressionType.EQ, Key(hostile_key), Value("v")),
        Expression(ExpressionType.EQ, Key("k"), Value(hostile_value)),
    ):
        assert (
            store.similarity_search(
                SearchRequest.builder().query("a").filter_expression(expression).build()
            )
            == []
        )
        store.delete(expression)
    assert [d.get_id() for d in store.similarity_search("a")] == ["a"]
    with psycopg.connect(pgvector_dsn) as connection:
        assert connection.execute(f"SELECT count(*) FROM {pgvector_schema}.decoy").fetchone() == (
            0,
        )
        tables = {
            row[0]
            for row in connection.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = %s",
                (pgvector_schema,),
            )
        }
    assert tables == {"decoy", hostile_table}


def test_validations_reject_bad_schema_names_and_all_digit_names() -> None:
    def data_source() -> Any:
        raise AssertionError("no connection may be opened")

    with pytest.raises(ValueError, match="Schema name should only contain"):
        PgVectorStore(
            data_source,
            HashingEmbeddingModel(),
            schema_name="pub lic",
            vector_table_validations_enabled=True,
        )
    with pytest.raises(ValueError, match="Table name should only contain"):
        PgVectorStore(
            data_source,
            HashingEmbeddingModel(),
            vector_table_name="12345",
            vector_table_validations_enabled=True,
        )


def test_vector_table_name_none_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="vector_table_name must not be null"):
        PgVectorStore.builder("dbname=unused", HashingEmbeddingModel()).vector_table_name(
            None
        ).build()


def test_get_native_client_is_the_data_source(pgvector_dsn: str, pgvector_schema: str) -> None:
    source = recording_source(pgvector_dsn, Recorder())
    store = PgVectorStore(source, HashingEmbeddingModel(8), schema_name=pgvector_schema)
    assert store.get_native_client() is source
