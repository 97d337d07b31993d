"""Port of Spring AI 2.0.1 `org.springframework.ai.vectorstore.SimpleVectorStoreWithFilterTests`:
9 tests ported, 0 skipped.

Spring's mocked model embeds everything as the float vector (0.1, 0.2, 0.3), and its
float arithmetic leaves a distance of 2.220446049250313E-16; the port computes in
double precision, so the distance is 0 within 1e-12. ``new Date(2000)`` is the aware
datetime two seconds after the epoch.
"""

from __future__ import annotations

import datetime

import pytest

from spring_ai_py.document import Document
from spring_ai_py.embedding import Embedding, EmbeddingModel, EmbeddingRequest, EmbeddingResponse
from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore
from spring_ai_py.vectorstore.filter import Expression, ExpressionType, Key, Value


class ConstantEmbeddingModel(EmbeddingModel):
    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        return EmbeddingResponse(
            [Embedding([0.1, 0.2, 0.3], i) for i, _ in enumerate(request.get_instructions())]
        )

    def dimensions(self) -> int:
        return 3


@pytest.fixture
def store() -> SimpleVectorStore:
    return SimpleVectorStore.builder(ConstantEmbeddingModel()).build()


def epoch_millis(millis: int) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(millis / 1000, tz=datetime.UTC)


def search(
    store: SimpleVectorStore, query: str, filter_expression: str | Expression
) -> list[Document]:
    return store.similarity_search(
        SearchRequest.builder().query(query).filter_expression(filter_expression).build()
    )


def assert_hit(document: Document, id_: str, text: str) -> None:
    assert document.get_id() == id_
    assert document.get_text() == text
    assert len(document.get_metadata()) == 4
    assert document.get_metadata()["distance"] == pytest.approx(0.0, abs=1e-12)


def activation(kind: ExpressionType, millis: int) -> Expression:
    return Expression(kind, Key("activationDate"), Value(epoch_millis(millis)))


def test_should_add_and_retrieve_document_with_filter(store: SimpleVectorStore) -> None:
    store.add(
        [
            Document.builder()
            .id("1")
            .text("test content")
            .metadata({"country": "BG", "year": 2020, "activationDate": "1970-01-01T00:00:02Z"})
            .build()
        ]
    )
    (hit,) = search(store, "test content", "country == 'BG'")
    assert_hit(hit, "1", "test content")
    assert search(store, "test content", "country == 'KR'") == []
    (hit,) = search(store, "test content", "country == 'BG' && year == 2020")
    assert_hit(hit, "1", "test content")
    assert search(store, "test content", "country == 'BG' && year == 2024") == []
    (hit,) = search(store, "test content", "country in ['BG', 'NL']")
    assert_hit(hit, "1", "test content")
    assert search(store, "test content", "country in ['KR', 'NL']") == []
    (hit,) = search(store, "test content", activation(ExpressionType.EQ, 2000))
    assert_hit(hit, "1", "test content")
    assert search(store, "test content", activation(ExpressionType.EQ, 3000)) == []


def test_should_add_multiple_documents_with_filter(store: SimpleVectorStore) -> None:
    store.add(
        [
            Document.builder()
            .id("1")
            .text("first")
            .metadata({"country": "BG", "year": 2020, "activationDate": "1970-01-01T00:00:02Z"})
            .build(),
            Document.builder()
            .id("2")
            .text("second")
            .metadata({"country": "KR", "year": 2022, "activationDate": "1970-01-01T00:00:03Z"})
            .build(),
        ]
    )
    assert sorted(d.get_id() for d in store.similarity_search("first")) == ["1", "2"]
    (hit,) = search(store, "first", "country == 'BG'")
    assert_hit(hit, "1", "first")
    assert search(store, "first", "country == 'NL'") == []
    (hit,) = search(store, "first", "country == 'BG' && year == 2020")
    assert_hit(hit, "1", "first")
    (hit,) = search(store, "first", "country == 'KR' && year == 2022")
    assert_hit(hit, "2", "second")
    assert search(store, "test content", "country == 'KR' && year == 2024") == []
    (hit,) = search(store, "first", "country in ['BG', 'NL']")
    assert_hit(hit, "1", "first")
    assert len(search(store, "first", "country in ['KR', 'NL']")) == 1
    (hit,) = search(store, "first", activation(ExpressionType.EQ, 2000))
    assert_hit(hit, "1", "first")
    both = search(
        store,
        "first",
        Expression(
            ExpressionType.AND,
            activation(ExpressionType.GTE, 2000),
            activation(ExpressionType.LTE, 3000),
        ),
    )
    assert len(both) == 2
    assert_hit(both[0], "1", "first")
    assert len(search(store, "test content", activation(ExpressionType.EQ, 3000))) == 1


def test_should_filter_by_string_equality(store: SimpleVectorStore) -> None:
    store.add(
        [
            Document.builder()
            .id("1")
            .text("sample content")
            .metadata({"category": "category1"})
            .build()
        ]
    )
    (hit,) = search(store, "sample", "category == 'category1'")
    assert hit.get_id() == "1"


def test_should_filter_by_numeric_equality(store: SimpleVectorStore) -> None:
    store.add([Document.builder().id("1").text("item description").metadata({"value": 1}).build()])
    (hit,) = search(store, "item", "value == 1")
    assert hit.get_metadata()["value"] == 1


def test_should_filter_with_in_condition(store: SimpleVectorStore) -> None:
    store.add(
        [
            Document.builder().id("1").text("entry").metadata({"status": "active"}).build(),
            Document.builder().id("2").text("entry").metadata({"status": "inactive"}).build(),
        ]
    )
    (hit,) = search(store, "entry", "status in ['active', 'pending']")
    assert hit.get_id() == "1"


def test_should_filter_by_numeric_range(store: SimpleVectorStore) -> None:
    store.add(
        [
            Document.builder().id(str(v)).text("entity").metadata({"value": v}).build()
            for v in (1, 2, 3)
        ]
    )
    (hit,) = search(store, "entity", "value >= 1 && value <= 1")
    assert hit.get_id() == "1"


def test_should_return_empty_results_when_no_documents_match_filter(
    store: SimpleVectorStore,
) -> None:
    store.add([Document.builder().id("1").text("test").metadata({"type": "document"}).build()])
    assert search(store, "test", "type == 'image'") == []


def test_should_filter_by_boolean_value(store: SimpleVectorStore) -> None:
    store.add(
        [
            Document.builder().id("1").text("instance").metadata({"enabled": True}).build(),
            Document.builder().id("2").text("instance").metadata({"enabled": False}).build(),
        ]
    )
    (hit,) = search(store, "instance", "enabled == true")
    assert hit.get_id() == "1"


def test_should_filter_by_not_equal(store: SimpleVectorStore) -> None:
    store.add(
        [
            Document.builder().id("1").text("item").metadata({"classification": "typeA"}).build(),
            Document.builder().id("2").text("item").metadata({"classification": "typeB"}).build(),
        ]
    )
    (hit,) = search(store, "item", "classification != 'typeB'")
    assert hit.get_id() == "1"
