"""Hostile input to PgVectorStore on a real PostgreSQL: NUL characters and over-long names."""

from __future__ import annotations

import psycopg
import pytest

from spring_ai_py.document import Document
from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.vectorstore import SearchRequest
from spring_ai_py.vectorstore.pgvector import (
    PgIdType,
    PgIndexType,
    PgVectorSchemaValidator,
    PgVectorStore,
)

pytestmark = pytest.mark.postgres


def doc(id_: str, text: str, metadata: dict[str, object] | None = None) -> Document:
    return Document.builder().id(id_).text(text).metadata(metadata or {}).build()


def build(dsn: str, schema: str, table: str = "", validation: bool = False) -> PgVectorStore:
    return (
        PgVectorStore.builder(dsn, HashingEmbeddingModel(16))
        .schema_name(schema)
        .vector_table_name(table)
        .vector_table_validations_enabled(validation)
        .dimensions(16)
        .index_type(PgIndexType.NONE)
        .id_type(PgIdType.TEXT)
        .initialize_schema(True)
        .build()
    )


def filtered(store: PgVectorStore) -> list[str]:
    request = SearchRequest.builder().query("x").filter_expression("lang == 'en'").build()
    return sorted(d.get_id() for d in store.similarity_search(request))


@pytest.mark.parametrize(
    ("document", "where"),
    [
        (doc("bad-text", "a\x00b", {"lang": "en"}), "in its text"),
        (doc("bad-value", "fine", {"lang": "en", "note": "a\x00b"}), "in metadata['note']"),
        (doc("bad-key", "fine", {"lang": "en", "k\x00": 1}), "in metadata key 'k\\x00'"),
        (
            doc("bad-nested", "fine", {"lang": "en", "tags": [{"t": "\x00"}]}),
            "in metadata['tags'][0]['t']",
        ),
    ],
)
def test_nul_is_rejected_at_add_naming_the_document_and_later_searches_work(
    pgvector_dsn: str, pgvector_schema: str, document: Document, where: str
) -> None:
    store = build(pgvector_dsn, pgvector_schema)
    store.add([doc("good", "fine", {"lang": "en"})])
    with pytest.raises(ValueError, match=f"Document {document.get_id()} contains a NUL") as info:
        store.add([doc("other", "fine", {"lang": "en"}), document])
    assert where in str(info.value)
    # nothing of the refused batch was stored, and filtered searches still run
    assert filtered(store) == ["good"]


def test_a_literal_backslash_u0000_text_is_stored_as_text(
    pgvector_dsn: str, pgvector_schema: str
) -> None:
    store = build(pgvector_dsn, pgvector_schema)
    store.add([doc("escaped", "\\u0000", {"lang": "en", "note": "\\u0000"})])
    assert filtered(store) == ["escaped"]


def test_names_longer_than_63_bytes_are_rejected_by_the_validator() -> None:
    assert PgVectorSchemaValidator.is_valid_name_for_database_object("t" * 63)
    assert not PgVectorSchemaValidator.is_valid_name_for_database_object("t" * 64)


@pytest.mark.parametrize("validation", [True, False])
def test_a_long_table_name_is_never_cut_into_another_stores_table(
    pgvector_dsn: str, pgvector_schema: str, validation: bool
) -> None:
    short = "t" * 63
    build(pgvector_dsn, pgvector_schema, short).add([doc("a", "first store")])
    with pytest.raises(ValueError, match=r"must be at most 63 bytes|Table name should only"):
        build(pgvector_dsn, pgvector_schema, short + "x", validation)
    with psycopg.connect(pgvector_dsn) as connection:
        count = connection.execute(f'SELECT count(*) FROM {pgvector_schema}."{short}"').fetchone()
    assert count == (1,)


def test_long_schema_and_index_names_are_rejected_naming_the_argument(pgvector_dsn: str) -> None:
    with pytest.raises(ValueError, match=r"schema_name must be at most 63 bytes .* got 64"):
        build(pgvector_dsn, "s" * 64)
    with pytest.raises(ValueError, match=r"vector_table_name \+ '_index' must be at most 63 bytes"):
        (
            PgVectorStore.builder(pgvector_dsn, HashingEmbeddingModel(16))
            .vector_table_name("t" * 60)
            .dimensions(16)
            .initialize_schema(True)
            .build()
        )
    # multi-byte characters count in bytes, as PostgreSQL counts them
    with pytest.raises(ValueError, match=r"vector_table_name must be at most 63 bytes .* got 64"):
        build(pgvector_dsn, "public", "é" * 32)
