"""Port of Spring AI 2.0.1
`org.springframework.ai.rag.retrieval.join.ConcatenationDocumentJoinerTests`: 6 tests
ported, 0 skipped; plus the empty map."""

from __future__ import annotations

import pytest

from spring_ai_py.document import Document
from spring_ai_py.rag import Query
from spring_ai_py.rag.retrieval.join import ConcatenationDocumentJoiner, DocumentJoiner


def test_when_documents_for_query_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="documents_for_query cannot be null"):
        ConcatenationDocumentJoiner().apply(None)  # type: ignore[arg-type]


def test_when_documents_for_query_contains_null_keys_then_throw() -> None:
    with pytest.raises(ValueError, match="documents_for_query cannot contain null keys"):
        ConcatenationDocumentJoiner().apply({None: []})  # type: ignore[dict-item]


def test_when_documents_for_query_contains_null_values_then_throw() -> None:
    with pytest.raises(ValueError, match="documents_for_query cannot contain null values"):
        ConcatenationDocumentJoiner().apply({Query("test"): None})  # type: ignore[dict-item]


def test_when_no_duplicated_documents_then_all_documents_are_joined() -> None:
    joiner: DocumentJoiner = ConcatenationDocumentJoiner()
    result = joiner.join(
        {
            Query("query1"): [
                [Document("1", "Content 1", {}), Document("2", "Content 2", {})],
                [Document("3", "Content 3", {})],
            ],
            Query("query2"): [[Document("4", "Content 4", {})]],
        }
    )
    assert sorted(d.get_id() for d in result) == ["1", "2", "3", "4"]


def test_when_duplicated_documents_then_only_first_occurrence_is_kept() -> None:
    first = Document("2", "Content 2", {"source": "first"})
    result = ConcatenationDocumentJoiner().join(
        {
            Query("query1"): [
                [Document("1", "Content 1", {}), first],
                [Document("3", "Content 3", {})],
            ],
            Query("query2"): [
                [Document("2", "Content 2", {"source": "second"}), Document("4", "Content 4", {})]
            ],
        }
    )
    assert sorted(d.get_id() for d in result) == ["1", "2", "3", "4"]
    assert [d.get_text() for d in result].count("Content 2") == 1
    assert next(d for d in result if d.get_id() == "2") is first


def test_should_sort_documents_by_descending_score() -> None:
    result = ConcatenationDocumentJoiner().join(
        {
            Query("query1"): [
                [
                    Document.builder().id("1").text("Content 1").score(0.81).build(),
                    Document.builder().id("2").text("Content 2").score(0.83).build(),
                ],
                [Document.builder().id("3").text("Content 3").score(None).build()],
            ],
            Query("query2"): [
                [
                    Document.builder().id("4").text("Content 4").score(0.85).build(),
                    Document.builder().id("5").text("Content 5").score(0.77).build(),
                ]
            ],
        }
    )
    assert [d.get_id() for d in result] == ["4", "2", "1", "5", "3"]


# -- the port's extras ----------------------------------------------------------------


def test_empty_map_joins_to_nothing() -> None:
    assert ConcatenationDocumentJoiner()({}) == []
