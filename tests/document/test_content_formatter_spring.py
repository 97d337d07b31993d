"""Port of Spring AI 2.0.1 `org.springframework.ai.document.ContentFormatterTests`: 23 tests ported, 0 skipped."""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.document import ContentFormatter, DefaultContentFormatter, Document, MetadataMode
from spring_ai_py.document.id import IdGenerator


@pytest.fixture
def document() -> Document:
    return Document(
        "The World is Big and Salvation Lurks Around the Corner",
        {"embedKey1": "value1", "embedKey2": "value2", "embedKey3": "value3", "llmKey2": "value4"},
    )


class _Formatter(ContentFormatter):
    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.calls: list[tuple[Document, MetadataMode]] = []

    def format(self, document: Document, mode: MetadataMode) -> str:
        self.calls.append((document, mode))
        return self.answer


def test_no_explicitly_set_formatter(document: Document) -> None:
    assert document.get_text() == "The World is Big and Salvation Lurks Around the Corner"
    assert document.get_formatted_content() == document.get_formatted_content(MetadataMode.ALL)
    assert document.get_formatted_content() == document.get_formatted_content(
        Document.DEFAULT_CONTENT_FORMATTER, MetadataMode.ALL
    )


def test_default_config_text_formatter(document: Document) -> None:
    """Spring's expected text lists the metadata in Java ``HashMap`` order; the port
    keeps the metadata's insertion order, so the lines are compared as a set."""
    formatter = DefaultContentFormatter.default_config()
    formatted = document.get_formatted_content(formatter, MetadataMode.ALL)
    lines = formatted.split("\n")
    assert set(lines[:4]) == {
        "llmKey2: value4",
        "embedKey1: value1",
        "embedKey2: value2",
        "embedKey3: value3",
    }
    assert lines[4:] == ["", "The World is Big and Salvation Lurks Around the Corner"]
    assert formatted == document.get_formatted_content()
    assert formatted == formatter.format(document, MetadataMode.ALL)


def test_should_throw_when_id_is_null() -> None:
    with pytest.raises(ValueError, match="id cannot be null or empty"):
        Document(None, "text", {})


def test_should_throw_when_id_is_empty() -> None:
    with pytest.raises(ValueError, match="id cannot be null or empty"):
        Document("", "text", {})


def test_should_throw_when_metadata_is_null() -> None:
    with pytest.raises(ValueError, match="metadata cannot be null"):
        Document("Sample text", None)


def test_should_throw_when_metadata_has_null_key() -> None:
    with pytest.raises(ValueError, match="metadata cannot have null keys"):
        Document("Sample text", {None: "value"})


def test_should_throw_when_metadata_has_null_value() -> None:
    with pytest.raises(ValueError, match="metadata cannot have null values"):
        Document("Sample text", {"key": None})


def test_should_throw_when_neither_text_nor_media_are_set() -> None:
    with pytest.raises(ValueError, match="exactly one of text or media must be specified"):
        Document.builder().id("test-id").metadata("key", "value").build()


def test_builder_with_custom_id_generator() -> None:
    seen: list[tuple[Any, ...]] = []

    class Generator(IdGenerator):
        def generate_id(self, *contents: Any) -> str:
            seen.append(contents)
            return "generated-id"

    document = (
        Document.builder()
        .id_generator(Generator())
        .text("test text")
        .metadata("key", "value")
        .build()
    )
    assert document.get_id() == "generated-id"
    assert seen == [("test text", {"key": "value"})]


def test_builder_should_throw_when_id_generator_is_null() -> None:
    with pytest.raises(ValueError, match="id_generator cannot be null"):
        Document.builder().id_generator(None)  # type: ignore[arg-type]


def test_builder_should_throw_when_metadata_key_is_null() -> None:
    with pytest.raises(ValueError, match="metadata key cannot be null"):
        Document.builder().metadata(None, "value")


def test_builder_should_throw_when_metadata_value_is_null() -> None:
    with pytest.raises(ValueError, match="metadata value cannot be null"):
        Document.builder().metadata("key", None)


def test_set_custom_content_formatter() -> None:
    document = Document("Sample text", {})
    formatter = _Formatter("Custom formatted content")
    document.set_content_formatter(formatter)
    assert document.get_content_formatter() is formatter
    assert document.get_formatted_content() == "Custom formatted content"
    assert formatter.calls == [(document, MetadataMode.ALL)]


def test_should_throw_when_formatter_is_null() -> None:
    document = Document("Sample text", {})
    with pytest.raises(ValueError, match="formatter must not be null"):
        document.get_formatted_content(None, MetadataMode.ALL)


def test_should_throw_when_metadata_mode_is_null() -> None:
    document = Document("Sample text", {})
    with pytest.raises(ValueError, match="Metadata mode must not be null"):
        document.get_formatted_content(None)


def test_mutate_text_document() -> None:
    original = Document("id", "original text", {"key": "value"})
    mutated = (
        original.mutate().text("modified text").metadata("newKey", "newValue").score(0.9).build()
    )
    assert mutated.get_id() == "id"
    assert mutated.get_text() == "modified text"
    assert mutated.get_metadata()["newKey"] == "newValue"
    assert mutated.get_score() == 0.9
    assert original.get_text() == "original text"
    assert original.get_score() is None


def test_equal_documents() -> None:
    metadata = {"key": "value"}
    doc1 = Document("id", "text", metadata)
    doc2 = Document("id", "text", metadata)
    assert doc1 == doc2
    assert hash(doc1) == hash(doc2)


def test_different_ids() -> None:
    assert Document("id1", "text", {"key": "value"}) != Document("id2", "text", {"key": "value"})


def test_different_text() -> None:
    assert Document("id", "text1", {"key": "value"}) != Document("id", "text2", {"key": "value"})


def test_is_text_returns_true_for_text_document() -> None:
    document = Document("Sample text", {})
    assert document.is_text()
    assert document.get_text() is not None
    assert document.get_media() is None


def test_score_handling() -> None:
    assert Document.builder().text("test").score(0.85).build().get_score() == 0.85
    assert Document("test").get_score() is None


def test_metadata_immutability() -> None:
    original = {"key": "value"}
    document = Document("test", original)
    original["newKey"] = "newValue"
    assert document.get_metadata() == {"key": "value"}


def test_builder_with_metadata_map() -> None:
    metadata = {"key1": "value1", "key2": 1}
    assert Document.builder().text("test").metadata(metadata).build().get_metadata() == metadata
