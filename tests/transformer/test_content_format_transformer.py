"""ContentFormatTransformer (Spring has no test class for it)."""

from __future__ import annotations

from spring_ai_py.document import ContentFormatter, DefaultContentFormatter, Document, MetadataMode
from spring_ai_py.transformer import ContentFormatTransformer


def test_default_formatters_merge_excluded_keys_and_keep_the_documents_templates() -> None:
    document = Document("text", {"a": 1, "b": 2, "c": 3})
    document.set_content_formatter(
        DefaultContentFormatter.builder()
        .with_excluded_embed_metadata_keys(["a"])
        .with_metadata_template("{key}={value}")
        .with_text_template("{metadata_string}|{content}")
        .build()
    )
    update = DefaultContentFormatter.builder().with_excluded_embed_metadata_keys(["b"]).build()
    result = ContentFormatTransformer(update).apply([document])
    assert result == [document]
    formatter = document.get_content_formatter()
    assert isinstance(formatter, DefaultContentFormatter)
    assert formatter.get_excluded_embed_metadata_keys() == ["a", "b"]
    assert document.get_formatted_content(MetadataMode.EMBED) == "c=3|text"


def test_disable_template_rewrite_falls_back_to_the_default_text_template() -> None:
    document = Document("text")
    document.set_content_formatter(
        DefaultContentFormatter.builder().with_text_template("{content}!").build()
    )
    ContentFormatTransformer(DefaultContentFormatter.default_config(), True).apply([document])
    formatter = document.get_content_formatter()
    assert isinstance(formatter, DefaultContentFormatter)
    assert (
        formatter.get_text_template()
        == DefaultContentFormatter.default_config().get_text_template()
    )


def test_other_formatters_replace_the_documents_formatter() -> None:
    class Upper(ContentFormatter):
        def format(self, document: Document, mode: MetadataMode) -> str:
            return (document.get_text() or "").upper()

    document = Document("text")
    upper = Upper()
    ContentFormatTransformer(upper).apply([document])
    assert document.get_content_formatter() is upper
    assert document.get_formatted_content() == "TEXT"
