"""Port of Spring AI 2.0.1 `org.springframework.ai.vectorstore.pgvector.PgVectorStoreIT`
(with the tests it inherits from `org.springframework.ai.test.vectorstore.BaseVectorStoreTests`):
16 tests ported (13 + 3 inherited), 0 skipped.

Against the real pgvector server (conftest.py), each test in a fresh schema. Spring
embeds with OpenAI; these tests use the offline HashingEmbeddingModel (its vectors are
unit length, so every distance type ranks alike) and three short texts written for
them in place of Spring's data files. Spring polls with Awaitility; the store here is
synchronous, so the checks run once.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from spring_ai_py.document import Document, DocumentMetadata
from spring_ai_py.document.id import RandomIdGenerator
from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.vectorstore import SearchRequest, VectorStore
from spring_ai_py.vectorstore.filter import (
    Expression,
    ExpressionType,
    FilterExpressionParseException,
    Key,
    Value,
)
from spring_ai_py.vectorstore.pgvector import PgDistanceType, PgIdType, PgIndexType, PgVectorStore

pytestmark = pytest.mark.postgres

SPRING_AI = (
    "Spring AI is an application framework for AI engineering. It brings Spring's "
    "portability and modular design to AI, with chat clients, advisors and vector stores."
)
TIME_SHELTER = (
    "Time Shelter is a novel by Georgi Gospodinov about a clinic of the past: each floor "
    "recreates a decade, a shelter in time for patients who are losing their memory."
)
GREAT_DEPRESSION = (
    "The Great Depression was a severe worldwide economic depression of the 1930s. The "
    "depression began after the stock market crash of 1929 and lasted about a decade."
)
DISTANCE_TYPES = ["COSINE_DISTANCE", "EUCLIDEAN_DISTANCE", "NEGATIVE_INNER_PRODUCT"]
WORLD = "The World is Big and Salvation Lurks Around the Corner"


def documents() -> list[Document]:
    return [
        Document(SPRING_AI, {"meta1": "meta1"}),
        Document(TIME_SHELTER),
        Document(GREAT_DEPRESSION, {"meta2": "meta2"}),
    ]


@pytest.fixture
def make_store(pgvector_dsn: str, pgvector_schema: str) -> Any:
    def make(
        distance_type: str = "COSINE_DISTANCE", id_type: PgIdType = PgIdType.UUID
    ) -> PgVectorStore:
        return (
            PgVectorStore.builder(pgvector_dsn, HashingEmbeddingModel())
            .schema_name(pgvector_schema)
            .dimensions(PgVectorStore.INVALID_EMBEDDING_DIMENSION)
            .id_type(id_type)
            .distance_type(PgDistanceType[distance_type])
            .initialize_schema(True)
            .index_type(PgIndexType.HNSW)
            .remove_existing_vector_store_table(True)
            .build()
        )

    return make


def all_world(store: VectorStore, top_k: int = 5) -> list[Document]:
    return store.similarity_search(
        SearchRequest.builder().query("The World").top_k(top_k).similarity_threshold_all().build()
    )


def is_sorted_by_similarity(docs: list[Document]) -> bool:
    scores = [d.get_score() or 0.0 for d in docs]
    return all(a >= b for a, b in itertools.pairwise(scores))


@pytest.mark.parametrize("distance_type", DISTANCE_TYPES)
def test_add_and_search(make_store: Any, distance_type: str) -> None:
    store = make_store(distance_type)
    docs = documents()
    store.add(docs)
    (result,) = store.similarity_search(
        SearchRequest.builder().query("What is Great Depression").top_k(1).build()
    )
    assert result.get_id() == docs[2].get_id()
    assert {"meta2", DocumentMetadata.DISTANCE.value} <= set(result.get_metadata())
    store.delete([d.get_id() for d in docs])
    assert (
        store.similarity_search(SearchRequest.builder().query("Great Depression").top_k(1).build())
        == []
    )


def test_to_pg_type_with_uuid_id_type(make_store: Any) -> None:
    store = make_store()
    store.add([Document(RandomIdGenerator().generate_id(), "TEXT", {})])
    assert len(store.similarity_search("TEXT")) == 1


def test_to_pg_type_with_text_id_type(make_store: Any) -> None:
    store = make_store(id_type=PgIdType.TEXT)
    store.add([Document("NOT_UUID", "TEXT", {})])
    assert [d.get_id() for d in store.similarity_search("TEXT")] == ["NOT_UUID"]


def test_to_pg_type_with_serial_id_type(make_store: Any) -> None:
    store = make_store(id_type=PgIdType.SERIAL)
    store.add([Document("1", "TEXT", {})])
    assert [d.get_id() for d in store.similarity_search("TEXT")] == ["1"]


def test_to_pg_type_with_big_serial_id_type(make_store: Any) -> None:
    store = make_store(id_type=PgIdType.BIGSERIAL)
    store.add([Document("1", "TEXT", {})])
    assert [d.get_id() for d in store.similarity_search("TEXT")] == ["1"]


def test_bulk_operation_with_uuid_id_type(make_store: Any) -> None:
    store = make_store()
    docs = [Document(RandomIdGenerator().generate_id(), "TEXT", {}) for _ in range(3)]
    store.add(docs)
    store.delete([d.get_id() for d in docs])
    assert store.similarity_search("TEXT") == []


def test_bulk_operation_with_non_uuid_id_type(make_store: Any) -> None:
    store = make_store(id_type=PgIdType.TEXT)
    docs = [Document(f"NON_UUID_{i}", "TEXT", {}) for i in (1, 2, 3)]
    store.add(docs)
    store.delete([d.get_id() for d in docs])
    assert store.similarity_search("TEXT") == []


def world_documents() -> list[Document]:
    return [
        Document(WORLD, {"country": "BG", "year": 2020, "foo bar 1": "bar.foo"}),
        Document(WORLD, {"country": "NL"}),
        Document(WORLD, {"country": "BG", "year": 2023}),
    ]


@pytest.mark.parametrize(
    ("expression", "expected_records"),
    [
        ("country in ['BG','NL']", 3),
        ("year in [2020]", 1),
        ("country not in ['BG']", 1),
        ("year not in [2020]", 2),
    ],
)
def test_search_with_in_filter(make_store: Any, expression: str, expected_records: int) -> None:
    """``year not in [2020]`` finds 2 where a document has no ``year``: as in Spring,
    ``!(... || ...)`` over a missing key is true in PostgreSQL's JSONPath."""
    store = make_store()
    store.add(world_documents())
    request = (
        SearchRequest.builder()
        .query("The World")
        .filter_expression(expression)
        .top_k(5)
        .similarity_threshold_all()
        .build()
    )
    assert len(store.similarity_search(request)) == expected_records


@pytest.mark.parametrize("distance_type", DISTANCE_TYPES)
def test_search_with_filters(make_store: Any, distance_type: str) -> None:
    store = make_store(distance_type)
    bg, nl, bg2 = docs = world_documents()
    store.add(docs)
    request = SearchRequest.builder().query("The World").top_k(5).similarity_threshold_all().build()

    def ids(filter_text: str) -> list[str]:
        found = store.similarity_search(
            SearchRequest.from_(request).filter_expression(filter_text).build()
        )
        return sorted(d.get_id() for d in found)

    assert len(store.similarity_search(request)) == 3
    assert ids("country == 'NL'") == [nl.get_id()]
    assert ids("country == 'BG'") == sorted([bg.get_id(), bg2.get_id()])
    assert ids("country == 'BG' && year == 2020") == [bg.get_id()]
    assert ids("(country == 'BG' && year == 2020) || (country == 'NL')") == sorted(
        [bg.get_id(), nl.get_id()]
    )
    assert ids("NOT((country == 'BG' && year == 2020) || (country == 'NL'))") == [bg2.get_id()]
    assert ids("\"foo bar 1\" == 'bar.foo'") == [bg.get_id()]
    with pytest.raises(
        FilterExpressionParseException,
        match="Line: 1:17, Error: no viable alternative at input 'NL'",
    ):
        store.similarity_search(
            SearchRequest.from_(request).filter_expression("country == NL").build()
        )


@pytest.mark.parametrize("distance_type", DISTANCE_TYPES)
def test_document_update(make_store: Any, distance_type: str) -> None:
    store = make_store(distance_type)
    document = Document(RandomIdGenerator().generate_id(), "Spring AI rocks!!", {"meta1": "meta1"})
    store.add([document])
    (result,) = store.similarity_search(SearchRequest.builder().query("Spring").top_k(5).build())
    assert (result.get_id(), result.get_text()) == (document.get_id(), "Spring AI rocks!!")
    assert {"meta1", DocumentMetadata.DISTANCE.value} <= set(result.get_metadata())

    store.add([Document(document.get_id(), WORLD, {"meta2": "meta2"})])
    (result,) = store.similarity_search(SearchRequest.builder().query("FooBar").top_k(5).build())
    assert (result.get_id(), result.get_text()) == (document.get_id(), WORLD)
    assert {"meta2", DocumentMetadata.DISTANCE.value} <= set(result.get_metadata())
    assert "meta1" not in result.get_metadata()


@pytest.mark.parametrize("distance_type", DISTANCE_TYPES)
def test_search_with_threshold(make_store: Any, distance_type: str) -> None:
    store = make_store(distance_type)
    docs = documents()
    store.add(docs)
    full = store.similarity_search(
        SearchRequest.builder().query("Time Shelter").top_k(5).similarity_threshold_all().build()
    )
    assert len(full) == 3
    assert is_sorted_by_similarity(full)
    scores = [d.get_score() or 0.0 for d in full]
    # Spring's midpoint of the two best scores; with EUCLIDEAN_DISTANCE the score
    # 1 - L2 distance of unrelated hashing vectors is negative, so the midpoint is then
    # taken between the best score and 0 (still above every other document's score)
    threshold = max((scores[0] + scores[1]) / 2, scores[0] / 2)
    (result,) = store.similarity_search(
        SearchRequest.builder()
        .query("Time Shelter")
        .top_k(5)
        .similarity_threshold(threshold)
        .build()
    )
    assert result.get_id() == docs[1].get_id()
    assert (result.get_score() or 0.0) >= threshold


def test_get_native_client_test(make_store: Any, pgvector_dsn: str) -> None:
    assert make_store().get_native_client() == pgvector_dsn


# -- inherited from BaseVectorStoreTests -----------------------------------------------


def setup_test_documents(store: VectorStore) -> list[Document]:
    docs = [
        Document(WORLD, {"country": "BG", "year": 2020}),
        Document(WORLD, {"country": "NL"}),
        Document(WORLD, {"country": "BG", "year": 2023}),
    ]
    store.add(docs)
    assert len(all_world(store, len(docs))) == len(docs)
    return docs


def test_delete_by_id(make_store: Any) -> None:
    store = make_store()
    docs = setup_test_documents(store)
    store.delete([docs[0].get_id(), docs[1].get_id()])
    (remaining,) = all_world(store)
    assert remaining.get_id() == docs[2].get_id()
    assert remaining.get_metadata()["country"] == "BG"
    assert remaining.get_metadata()["year"] == 2023
    store.delete([docs[2].get_id()])
    assert all_world(store) == []


def test_delete_with_string_filter_expression(make_store: Any) -> None:
    store = make_store()
    docs = setup_test_documents(store)
    store.delete("country == 'BG'")
    (remaining,) = all_world(store)
    assert remaining.get_metadata()["country"] == "NL"
    store.delete([docs[1].get_id()])
    assert all_world(store) == []


def test_delete_by_filter(make_store: Any) -> None:
    store = make_store()
    docs = setup_test_documents(store)
    store.delete(Expression(ExpressionType.EQ, Key("country"), Value("BG")))
    (remaining,) = all_world(store)
    assert remaining.get_metadata()["country"] == "NL"
    store.delete([docs[1].get_id()])
    assert all_world(store) == []
