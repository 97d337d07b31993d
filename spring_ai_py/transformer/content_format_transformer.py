"""A transformer that sets or merges the documents' content formatter."""

from __future__ import annotations

from spring_ai_py import _assert
from spring_ai_py.document.content_formatter import ContentFormatter, DefaultContentFormatter
from spring_ai_py.document.document import Document
from spring_ai_py.document.etl import DocumentTransformer


class ContentFormatTransformer(DocumentTransformer):
    """Gives each document a content formatter, in place.

    When both the document's formatter and this one are :class:`DefaultContentFormatter`
    instances, they merge: the excluded embed and inference keys of both are combined,
    and the document keeps its metadata template and separator, and its text template
    unless ``disable_template_rewrite`` is true (then the default text template applies,
    as in Spring). Otherwise this formatter replaces the document's.
    """

    def __init__(
        self, content_formatter: ContentFormatter, disable_template_rewrite: bool = False
    ) -> None:
        _assert.not_none(content_formatter, "ContentFormatter is required")
        self._content_formatter = content_formatter
        self._disable_template_rewrite = disable_template_rewrite

    def apply(self, documents: list[Document]) -> list[Document]:
        for document in documents:
            self._process_document(document)
        return documents

    def _process_document(self, document: Document) -> None:
        current = document.get_content_formatter()
        if isinstance(current, DefaultContentFormatter) and isinstance(
            self._content_formatter, DefaultContentFormatter
        ):
            document.set_content_formatter(self._merge(current, self._content_formatter))
        else:
            document.set_content_formatter(self._content_formatter)

    def _merge(
        self, current: DefaultContentFormatter, update: DefaultContentFormatter
    ) -> DefaultContentFormatter:
        builder = (
            DefaultContentFormatter.builder()
            .with_excluded_embed_metadata_keys(
                [
                    *current.get_excluded_embed_metadata_keys(),
                    *update.get_excluded_embed_metadata_keys(),
                ]
            )
            .with_excluded_inference_metadata_keys(
                [
                    *current.get_excluded_inference_metadata_keys(),
                    *update.get_excluded_inference_metadata_keys(),
                ]
            )
            .with_metadata_template(current.get_metadata_template())
            .with_metadata_separator(current.get_metadata_separator())
        )
        if not self._disable_template_rewrite:
            builder.with_text_template(current.get_text_template())
        return builder.build()
