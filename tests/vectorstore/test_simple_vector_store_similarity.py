"""Port of Spring AI 2.0.1 `org.springframework.ai.vectorstore.SimpleVectorStoreSimilarityTests`:
8 tests ported, 0 skipped; plus the other checks of SimpleVectorStoreContent."""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.vectorstore import SimpleVectorStoreContent


def test_similarity() -> None:
    content = SimpleVectorStoreContent("1", "hello, how are you?", {"foo": "bar"}, [1.0, 2.0, 3.0])
    document = content.to_document(0.6)
    assert document.get_id() == "1"
    assert document.get_text() == "hello, how are you?"
    assert document.get_metadata()["foo"] == "bar"
    assert document.get_metadata()["distance"] == pytest.approx(0.4)
    assert document.get_score() == 0.6


def test_empty_id() -> None:
    with pytest.raises(ValueError, match="id must not be null or empty"):
        SimpleVectorStoreContent("", "text content", {}, [1.0])


def test_empty_embedding_array() -> None:
    with pytest.raises(ValueError, match="embedding vector must not be empty"):
        SimpleVectorStoreContent("valid-id", "text content", {}, [])


def test_single_element_embedding() -> None:
    document = SimpleVectorStoreContent("id-1", "text", {}, [0.1]).to_document(0.1)
    assert document.get_score() == 0.1


def test_null_metadata() -> None:
    with pytest.raises(ValueError, match="metadata must not be null"):
        SimpleVectorStoreContent("id-1", "text", None, [1.0])


def test_metadata_immutability() -> None:
    metadata: dict[str, Any] = {"key": "original"}
    content = SimpleVectorStoreContent("id-1", "text", metadata, [1.0])
    metadata["key"] = "modified"
    metadata["new"] = "value"
    document = content.to_document(0.5)
    assert document.get_metadata()["key"] == "original"
    assert "new" not in document.get_metadata()


def test_whitespace_only_text() -> None:
    for text in ("   ", "\t\t", "\n\n", "\r\n", "   \t\n\r   "):
        assert (
            SimpleVectorStoreContent("ws-id", text, {}, [1.0]).to_document(0.1).get_text() == text
        )


def test_empty_string_text() -> None:
    assert SimpleVectorStoreContent("empty-id", "", {}, [1.0]).to_document(0.1).get_text() == ""


# -- the port's extras ----------------------------------------------------------------


def test_store_content_copies_the_embedding_and_compares_by_value() -> None:
    embedding = [1.0]
    content = SimpleVectorStoreContent("id-1", "text", {"key": "original"}, embedding)
    embedding[0] = 9.0
    assert content.get_embedding() == [1.0]
    assert content == SimpleVectorStoreContent("id-1", "text", {"key": "original"}, [1.0])


def test_store_content_rejects_missing_text_and_embedding_and_generates_an_id() -> None:
    with pytest.raises(ValueError, match="content must not be null"):
        SimpleVectorStoreContent("id-1", None, {}, [1.0])
    with pytest.raises(ValueError, match="embedding must not be null"):
        SimpleVectorStoreContent("id-1", "t", {}, None)
    assert SimpleVectorStoreContent(None, "t", {}, [1.0]).get_id()
