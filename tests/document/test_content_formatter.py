"""Behaviours of Spring's ContentFormatterTests, plus the ETL interfaces."""

from __future__ import annotations

import pytest

from spring_ai_py.document import (
    DefaultContentFormatter,
    Document,
    DocumentReader,
    DocumentTransformer,
    DocumentWriter,
    MetadataMode,
)

TEXT = "The World is Big and Salvation Lurks Around the Corner"


@pytest.fixture
def document() -> Document:
    return Document(
        TEXT,
        {"embedKey1": "value1", "embedKey2": "value2", "embedKey3": "value3", "llmKey2": "value4"},
    )


def test_default_formatter_renders_metadata_then_text(document: Document) -> None:
    formatter = DefaultContentFormatter.default_config()
    assert formatter.format(document, MetadataMode.ALL) == (
        "embedKey1: value1\nembedKey2: value2\nembedKey3: value3\nllmKey2: value4\n\n" + TEXT
    )
    assert document.get_formatted_content() == document.get_formatted_content(
        Document.DEFAULT_CONTENT_FORMATTER, MetadataMode.ALL
    )


def test_custom_templates_and_exclusions(document: Document) -> None:
    formatter = (
        DefaultContentFormatter.builder()
        .with_metadata_template("<{key}>: {value}")
        .with_metadata_separator(", ")
        .with_text_template("Metadata: {metadata_string}\nText: {content}")
        .with_excluded_inference_metadata_keys("embedKey1", "embedKey2", "embedKey3")
        .with_excluded_embed_metadata_keys("llmKey2")
        .build()
    )
    assert (
        formatter.format(document, MetadataMode.INFERENCE)
        == f"Metadata: <llmKey2>: value4\nText: {TEXT}"
    )
    assert formatter.format(document, MetadataMode.EMBED) == (
        f"Metadata: <embedKey1>: value1, <embedKey2>: value2, <embedKey3>: value3\nText: {TEXT}"
    )
    assert formatter.format(document, MetadataMode.NONE) == f"Metadata: \nText: {TEXT}"


def test_excluded_keys_list_replaces_and_varargs_add() -> None:
    builder = DefaultContentFormatter.builder().with_excluded_embed_metadata_keys("a")
    builder.with_excluded_embed_metadata_keys("b")
    assert builder.build().get_excluded_embed_metadata_keys() == ["a", "b"]
    builder.with_excluded_embed_metadata_keys(["c"])
    assert builder.build().get_excluded_embed_metadata_keys() == ["c"]


def test_from_copies_another_formatter() -> None:
    original = (
        DefaultContentFormatter.builder()
        .with_metadata_template("{key}={value}")
        .with_excluded_inference_metadata_keys("x")
        .build()
    )
    copy = DefaultContentFormatter.builder().from_(original).build()
    assert copy.get_metadata_template() == "{key}={value}"
    assert copy.get_excluded_inference_metadata_keys() == ["x"]
    assert copy.get_text_template() == original.get_text_template()
    assert copy.get_metadata_separator() == "\n"


def test_boolean_values_render_as_in_java() -> None:
    document = Document("t", {"open": True})
    assert document.get_formatted_content() == "open: true\n\nt"


def test_builder_rejects_bad_templates() -> None:
    with pytest.raises(ValueError, match="Metadata Template must not be empty"):
        DefaultContentFormatter.builder().with_metadata_template(" ")
    with pytest.raises(ValueError, match="Metadata separator must not be empty"):
        DefaultContentFormatter.builder().with_metadata_separator(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Document's text template must not be empty"):
        DefaultContentFormatter.builder().with_text_template("")
    with pytest.raises(ValueError, match="Excluded Embed metadata keys must not be null"):
        DefaultContentFormatter.builder().with_excluded_embed_metadata_keys(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Excluded inference metadata keys must not be null"):
        DefaultContentFormatter.builder().with_excluded_inference_metadata_keys("a", None)  # type: ignore[arg-type]


class _Reader(DocumentReader):
    def get(self) -> list[Document]:
        return [Document("a"), Document("b")]


class _Upper(DocumentTransformer):
    def apply(self, documents: list[Document]) -> list[Document]:
        return [d.mutate().text(str(d.get_text()).upper()).build() for d in documents]


class _Collect(DocumentWriter):
    def __init__(self) -> None:
        self.written: list[Document] = []

    def accept(self, documents: list[Document]) -> None:
        self.written.extend(documents)


def test_etl_roles_chain() -> None:
    writer = _Collect()
    writer.write(_Upper().transform(_Reader().read()))
    writer(_Upper()(_Reader().get()))
    assert [d.get_text() for d in writer.written] == ["A", "B", "A", "B"]
