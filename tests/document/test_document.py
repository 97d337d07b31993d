"""Document behaviours beyond Spring's DocumentTests and DocumentBuilderTests (those are
ported in test_document_spring.py and test_document_builder.py): the Python
constructors, argument checks, repr and the metadata keys."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from spring_ai_py.content import Media
from spring_ai_py.document import Document, DocumentMetadata, MetadataMode
from spring_ai_py.document.id import RandomIdGenerator


def _media() -> Media:
    return Media("image/jpeg", "http://type1")


# --- constructors ---------------------------------------------------------------


def test_text_constructor_generates_uuid_id_and_empty_metadata() -> None:
    document = Document("hello")
    assert document.get_text() == "hello"
    assert document.get_metadata() == {}
    assert str(uuid.UUID(document.get_id())) == document.get_id()
    assert document.get_score() is None
    assert document.is_text()


def test_constructor_with_metadata_copies_it() -> None:
    metadata: dict[str, Any] = {"key": "value"}
    document = Document("hello", metadata)
    metadata["key"] = "changed"
    assert document.get_metadata() == {"key": "value"}


def test_each_document_gets_a_different_id() -> None:
    assert Document("a").get_id() != Document("a").get_id()


def test_three_argument_constructor_is_id_text_metadata() -> None:
    document = Document("id-1", "text", {"k": 1})
    assert (document.get_id(), document.get_text(), document.get_metadata()) == (
        "id-1",
        "text",
        {"k": 1},
    )


def test_media_constructors() -> None:
    media = _media()
    document = Document(media, {"fileName": "pixel.png"})
    assert document.get_media() == media
    assert document.get_text() is None
    assert not document.is_text()
    assert Document("m-1", media, {}).get_id() == "m-1"


def test_keyword_constructor() -> None:
    document = Document(id="x", text="t", metadata={"a": 1}, score=0.5)
    assert (document.id, document.text, document.metadata, document.score) == (
        "x",
        "t",
        {"a": 1},
        0.5,
    )


@pytest.mark.parametrize("bad_id", [None, "", "   "])
def test_constructor_rejects_blank_id(bad_id: str | None) -> None:
    with pytest.raises(ValueError, match="id cannot be null or empty"):
        Document(bad_id, "text", {})


def test_constructor_rejects_explicit_null_metadata() -> None:
    with pytest.raises(ValueError, match="metadata cannot be null"):
        Document("Sample text", None)


def test_constructor_rejects_null_metadata_key() -> None:
    with pytest.raises(ValueError, match="metadata cannot have null keys"):
        Document("Sample text", {None: "value"})  # type: ignore[dict-item]


def test_constructor_rejects_null_metadata_value() -> None:
    with pytest.raises(ValueError, match="metadata cannot have null values"):
        Document("Sample text", {"key": None})


def test_constructor_rejects_missing_content() -> None:
    with pytest.raises(ValueError, match="exactly one of text or media must be specified"):
        Document(None)


def test_constructor_rejects_non_mapping_metadata() -> None:
    with pytest.raises(TypeError, match="metadata must be a mapping"):
        Document("id", "text")  # type: ignore[call-overload]


def test_constructor_rejects_content_given_twice() -> None:
    with pytest.raises(TypeError):
        Document("text", text="other")  # type: ignore[call-overload]


def test_constructor_rejects_unknown_keyword() -> None:
    with pytest.raises(TypeError, match="unexpected keyword"):
        Document("text", content="x")  # type: ignore[call-overload]


# --- builder ----------------------------------------------------------------------


def test_builder_returns_itself_from_every_setter() -> None:
    builder = Document.builder()
    assert builder.text("t") is builder
    assert builder.id("i") is builder
    assert builder.metadata("k", "v") is builder
    assert builder.metadata({}) is builder
    assert builder.score(1.0) is builder
    assert builder.media(None) is builder
    assert builder.id_generator(RandomIdGenerator()) is builder


@pytest.mark.parametrize("bad_id", [None, "", "   "])
def test_builder_rejects_blank_id_immediately(bad_id: str | None) -> None:
    with pytest.raises(ValueError, match="id cannot be null or empty"):
        Document.builder().id(bad_id)  # type: ignore[arg-type]


def test_builder_rejects_map_with_null_value_at_build() -> None:
    with pytest.raises(ValueError, match="metadata cannot have null values"):
        Document.builder().text("test").metadata({"validKey": "v", "nullKey": None}).build()


def test_builder_rejects_non_mapping_metadata() -> None:
    with pytest.raises(TypeError, match="takes a mapping"):
        Document.builder().metadata("just-a-key")


def test_builder_does_not_mutate_callers_map() -> None:
    metadata: dict[str, Any] = {"key": "value"}
    document = Document.builder().text("t").metadata(metadata).metadata("added", 1).build()
    metadata["key"] = "modified"
    assert metadata == {"key": "modified"}
    assert document.get_metadata() == {"key": "value", "added": 1}


# --- mutate, equality, repr ---------------------------------------------------------


def test_mutate_with_changes_leaves_original_alone() -> None:
    original = (
        Document.builder().text("Original text").score(0.5).metadata("original", "value").build()
    )
    mutated = original.mutate().text("Mutated text").score(0.8).metadata("new", "metadata").build()
    assert mutated.get_text() == "Mutated text"
    assert mutated.get_score() == 0.8
    assert mutated.get_metadata() == {"original": "value", "new": "metadata"}
    assert original.get_text() == "Original text"
    assert original.get_metadata() == {"original": "value"}


def test_documents_differing_only_in_score_or_metadata_are_not_equal() -> None:
    assert (
        Document("same", "Same text", {})
        != Document.builder().id("same").text("Same text").score(0.8).build()
    )
    assert Document("same", "t", {"a": 1}) != Document("same", "t", {"a": 2})


def test_repr_has_java_shape() -> None:
    document = (
        Document.builder()
        .id("customId")
        .text("Test content")
        .metadata({"key": "value"})
        .score(0.95)
        .build()
    )
    text = repr(document)
    assert "id='customId'" in text
    assert "text='Test content'" in text
    assert "metadata={'key': 'value'}" in text
    assert "score=0.95" in text


# --- formatted content -------------------------------------------------------------


def test_formatted_content_modes() -> None:
    document = Document.builder().text("Visible content").metadata({"secret": "hidden"}).build()
    assert document.get_formatted_content(MetadataMode.ALL) == "secret: hidden\n\nVisible content"
    assert "hidden" not in document.get_formatted_content(MetadataMode.NONE)
    assert document.get_formatted_content() == document.get_formatted_content(MetadataMode.ALL)


def test_custom_formatter_function_and_object() -> None:
    document = Document.builder().text("Test text").build()
    assert document.get_formatted_content(
        lambda d, m: "Custom: " + str(d.get_text()), MetadataMode.ALL
    ) == ("Custom: Test text")
    document.set_content_formatter(lambda d, m: f"{m.name}!")
    assert document.get_formatted_content() == "ALL!"
    assert document.get_content_formatter() is not Document.DEFAULT_CONTENT_FORMATTER


def test_formatted_content_rejects_nulls() -> None:
    document = Document("Sample text", {})
    with pytest.raises(ValueError, match="formatter must not be null"):
        document.get_formatted_content(None, MetadataMode.ALL)
    with pytest.raises(ValueError, match="Metadata mode must not be null"):
        document.get_formatted_content(None)
    with pytest.raises(ValueError, match="Metadata mode must not be null"):
        document.get_formatted_content(Document.DEFAULT_CONTENT_FORMATTER, None)


def test_document_metadata_distance_key() -> None:
    assert DocumentMetadata.DISTANCE.value == "distance"
    assert str(DocumentMetadata.DISTANCE) == "distance"
