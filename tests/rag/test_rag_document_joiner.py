"""ConcatenationDocumentJoiner (Spring's ConcatenationDocumentJoinerTests)."""

from __future__ import annotations

import pytest

from spring_ai_py.document import Document
from spring_ai_py.rag import Query
from spring_ai_py.rag.retrieval.join import ConcatenationDocumentJoiner, DocumentJoiner


def test_null_map_is_rejected() -> None:
    with pytest.raises(ValueError, match="documents_for_query cannot be null"):
        ConcatenationDocumentJoiner().apply(None)  # type: ignore[arg-type]


def test_null_key_is_rejected() -> None:
    with pytest.raises(ValueError, match="documents_for_query cannot contain null keys"):
        ConcatenationDocumentJoiner().apply({None: []})  # type: ignore[dict-item]


def test_null_value_is_rejected() -> None:
    with pytest.raises(ValueError, match="documents_for_query cannot contain null values"):
        ConcatenationDocumentJoiner().apply({Query("test"): None})  # type: ignore[dict-item]


def test_documents_without_duplicates_are_all_joined() -> None:
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


def test_only_the_first_occurrence_of_a_duplicate_is_kept() -> None:
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


def test_documents_are_sorted_by_descending_score_missing_score_last() -> None:
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


def test_empty_map_joins_to_nothing() -> None:
    assert ConcatenationDocumentJoiner()({}) == []
