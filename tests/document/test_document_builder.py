"""Port of Spring AI 2.0.1 `org.springframework.ai.document.DocumentBuilderTests`: 34 tests ported, 0 skipped."""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.content import Media
from spring_ai_py.document import Document


def _media() -> Media:
    return Media(mime_type="image/jpeg", data="http://type1")


@pytest.fixture
def builder() -> Document.Builder:
    return Document.builder()


def test_with_id_generator(builder: Document.Builder) -> None:
    result = builder.id_generator(lambda *contents: "mockedId")
    assert result is builder
    assert result.text("Test content").metadata("key", "value").build().get_id() == "mockedId"


def test_with_id_generator_null(builder: Document.Builder) -> None:
    with pytest.raises(ValueError, match="id_generator cannot be null"):
        builder.id_generator(None).build()  # type: ignore[arg-type]


def test_with_id(builder: Document.Builder) -> None:
    result = builder.text("text").id("testId")
    assert result is builder
    assert result.build().get_id() == "testId"


def test_with_id_null_or_empty(builder: Document.Builder) -> None:
    with pytest.raises(ValueError, match="id cannot be null or empty"):
        builder.text("text").id(None).build()  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="id cannot be null or empty"):
        builder.text("text").id("").build()


def test_with_content(builder: Document.Builder) -> None:
    result = builder.text("Test content")
    assert result is builder
    assert result.build().get_text() == "Test content"


def test_with_media_single(builder: Document.Builder) -> None:
    media = Media(mime_type="image/jpeg", data="http://test")
    result = builder.media(media)
    assert result is builder
    assert result.build().get_media() == media


def test_with_metadata_map(builder: Document.Builder) -> None:
    metadata: dict[str, Any] = {"key1": "value1", "key2": 2}
    result = builder.text("text").metadata(metadata)
    assert result is builder
    assert result.build().get_metadata() == metadata


def test_with_metadata_map_null(builder: Document.Builder) -> None:
    with pytest.raises(ValueError, match="metadata cannot be null"):
        builder.text("text").metadata(None).build()


def test_with_metadata_key_value(builder: Document.Builder) -> None:
    result = builder.metadata("key", "value")
    assert result is builder
    assert result.text("text").build().get_metadata()["key"] == "value"


def test_with_metadata_key_null(builder: Document.Builder) -> None:
    with pytest.raises(ValueError, match="metadata key cannot be null"):
        builder.text("text").metadata(None, "value").build()


def test_with_metadata_value_null(builder: Document.Builder) -> None:
    with pytest.raises(ValueError, match="metadata value cannot be null"):
        builder.text("text").metadata("key", None).build()


def test_build_without_id(builder: Document.Builder) -> None:
    document = builder.text("text").text("Test content").build()
    assert document.get_id()
    assert document.get_text() == "Test content"


def test_build_with_all_properties(builder: Document.Builder) -> None:
    metadata = {"key": "value"}
    document = builder.id("customId").text("Test content").metadata(metadata).build()
    assert document.get_id() == "customId"
    assert document.get_text() == "Test content"
    assert document.get_metadata() == metadata


def test_with_whitespace_only_id(builder: Document.Builder) -> None:
    with pytest.raises(ValueError, match="id cannot be null or empty"):
        builder.text("text").id("   ").build()


def test_with_empty_text(builder: Document.Builder) -> None:
    assert builder.text("").build().get_text() == ""


def test_overwriting_text(builder: Document.Builder) -> None:
    assert builder.text("initial text").text("final text").build().get_text() == "final text"


def test_multiple_metadata_key_value_calls(builder: Document.Builder) -> None:
    document = builder.text("text").metadata("key1", "value1").metadata("key2", "value2")
    metadata = document.metadata("key3", 123).build().get_metadata()
    assert metadata == {"key1": "value1", "key2": "value2", "key3": 123}


def test_metadata_map_overrides_key_value(builder: Document.Builder) -> None:
    document = (
        builder.text("text").metadata("oldKey", "oldValue").metadata({"newKey": "newValue"}).build()
    )
    assert document.get_metadata() == {"newKey": "newValue"}


def test_key_value_metadata_after_map(builder: Document.Builder) -> None:
    document = (
        builder.text("text")
        .metadata({"mapKey": "mapValue"})
        .metadata("additionalKey", "additionalValue")
        .build()
    )
    assert document.get_metadata() == {"mapKey": "mapValue", "additionalKey": "additionalValue"}


def test_with_empty_metadata_map(builder: Document.Builder) -> None:
    assert builder.text("text").metadata({}).build().get_metadata() == {}


def test_overwriting_metadata_with_same_key(builder: Document.Builder) -> None:
    document = (
        builder.text("text").metadata("key", "firstValue").metadata("key", "secondValue").build()
    )
    assert document.get_metadata() == {"key": "secondValue"}


def test_with_null_media(builder: Document.Builder) -> None:
    assert builder.text("text").media(None).build().get_media() is None


def test_id_overrides_id_generator(builder: Document.Builder) -> None:
    document = (
        builder.text("text").id_generator(lambda *c: "generated-id").id("explicit-id").build()
    )
    assert document.get_id() == "explicit-id"


def test_complex_metadata_types(builder: Document.Builder) -> None:
    nested = {"nested": "value"}
    document = (
        builder.text("text")
        .metadata("string", "text")
        .metadata("integer", 42)
        .metadata("double", 3.14)
        .metadata("boolean", True)
        .metadata("map", nested)
        .build()
    )
    assert document.get_metadata() == {
        "string": "text",
        "integer": 42,
        "double": 3.14,
        "boolean": True,
        "map": nested,
    }


def test_builder_reuse(builder: Document.Builder) -> None:
    doc1 = builder.text("first").id("id1").metadata("key", "value1").build()
    doc2 = builder.text("second").id("id2").metadata("key", "value2").build()
    assert (doc1.get_id(), doc1.get_text(), doc1.get_metadata()["key"]) == (
        "id1",
        "first",
        "value1",
    )
    assert (doc2.get_id(), doc2.get_text(), doc2.get_metadata()["key"]) == (
        "id2",
        "second",
        "value2",
    )


def test_media_document_without_text(builder: Document.Builder) -> None:
    media = _media()
    document = builder.media(media).build()
    assert document.get_media() == media
    assert document.get_text() is None


def test_text_document_without_media(builder: Document.Builder) -> None:
    document = builder.text("test content").build()
    assert document.get_text() == "test content"
    assert document.get_media() is None


def test_overwriting_media_with_null(builder: Document.Builder) -> None:
    assert builder.media(_media()).media(None).text("fallback").build().get_media() is None


def test_metadata_with_special_character_keys(builder: Document.Builder) -> None:
    document = (
        builder.text("test")
        .metadata("key-with-dashes", "value1")
        .metadata("key.with.dots", "value2")
        .metadata("key_with_underscores", "value3")
        .metadata("key with spaces", "value4")
        .build()
    )
    assert document.get_metadata() == {
        "key-with-dashes": "value1",
        "key.with.dots": "value2",
        "key_with_underscores": "value3",
        "key with spaces": "value4",
    }


def test_builder_state_isolation(builder: Document.Builder) -> None:
    builder.text("first").metadata("shared", "first")
    doc1 = builder.build()
    builder.text("second").metadata("shared", "second")
    doc2 = builder.build()
    assert (doc1.get_text(), doc1.get_metadata()["shared"]) == ("first", "first")
    assert (doc2.get_text(), doc2.get_metadata()["shared"]) == ("second", "second")


def test_builder_method_chaining(builder: Document.Builder) -> None:
    document = (
        builder.text("chained")
        .id("chain-id")
        .metadata("key1", "value1")
        .metadata("key2", "value2")
        .score(0.75)
        .build()
    )
    assert document.get_text() == "chained"
    assert document.get_id() == "chain-id"
    assert len(document.get_metadata()) == 2
    assert document.get_score() == 0.75


def test_text_with_newlines_and_tabs(builder: Document.Builder) -> None:
    text = "Line 1\nLine 2\n\tTabbed line\r\nWindows line ending"
    assert builder.text(text).build().get_text() == text


def test_metadata_overwriting_with_map_after_key_value(builder: Document.Builder) -> None:
    document = (
        builder.text("test")
        .metadata("old-key", "old-value")
        .metadata("another-key", "another-value")
        .metadata({"map-key": "map-value"})
        .build()
    )
    assert document.get_metadata() == {"map-key": "map-value"}


def test_metadata_key_value_pairs_accumulation(builder: Document.Builder) -> None:
    builder.text("test")
    for key, value in zip("abcde", "12345", strict=True):
        builder.metadata(key, value)
    assert sorted(builder.build().get_metadata()) == ["a", "b", "c", "d", "e"]
