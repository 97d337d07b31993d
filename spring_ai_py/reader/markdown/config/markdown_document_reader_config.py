"""What the markdown reader turns into separate documents, and extra metadata."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable


class _MarkdownDocumentReaderConfigBuilder(_builder.Builder["MarkdownDocumentReaderConfig"]):
    """Builder with Spring's setter names (``with_include_code_block(True)``)."""

    __slots__ = ()

    def with_additional_metadata(
        self, key_or_metadata: str | Mapping[str, Any], value: Any = None
    ) -> Self:
        """Add one ``key``/``value`` entry, or replace all with a mapping."""
        if isinstance(key_or_metadata, Mapping):
            self._values["additional_metadata"] = dict(key_or_metadata)
            return self
        if key_or_metadata is None and value is None:
            raise ValueError("additional_metadata must not be null")
        _assert.not_none(key_or_metadata, "key must not be null")
        _assert.not_none(value, "value must not be null")
        self._values.setdefault("additional_metadata", {})[key_or_metadata] = value
        return self


class MarkdownDocumentReaderConfig(Buildable):
    """Options of :class:`~spring_ai_py.reader.markdown.MarkdownDocumentReader`.

    ``horizontal_rule_create_document``: a ``---`` rule ends the current document.
    ``include_code_block`` / ``include_blockquote``: a fenced code block or a block
    quote joins the text before it instead of starting a new document.
    ``additional_metadata``: added to every document. All off / empty by default.
    ``max_document_size``: the largest file read, in bytes (``DEFAULT_MAX_DOCUMENT_SIZE``
    = 10 MiB); the parser's syntax tree takes many times the file's size, so a larger
    file is a ``ValueError`` naming it and the limit instead of exhausting memory.
    """

    DEFAULT_MAX_DOCUMENT_SIZE = 10 * 1024 * 1024

    _builder_aliases: ClassVar[dict[str, str]] = {
        "with_horizontal_rule_create_document": "horizontal_rule_create_document",
        "with_include_code_block": "include_code_block",
        "with_include_blockquote": "include_blockquote",
        "with_max_document_size": "max_document_size",
    }

    def __init__(
        self,
        *,
        horizontal_rule_create_document: bool = False,
        include_code_block: bool = False,
        include_blockquote: bool = False,
        additional_metadata: Mapping[str, Any] | None = None,
        max_document_size: int = DEFAULT_MAX_DOCUMENT_SIZE,
    ) -> None:
        if (
            isinstance(max_document_size, bool)
            or not isinstance(max_document_size, int)
            or max_document_size <= 0
        ):
            raise ValueError(
                f"max_document_size must be a positive integer, got {max_document_size!r}"
            )
        self.horizontal_rule_create_document = horizontal_rule_create_document
        self.include_code_block = include_code_block
        self.include_blockquote = include_blockquote
        self.additional_metadata: dict[str, Any] = dict(additional_metadata or {})
        self.max_document_size = max_document_size

    @staticmethod
    def default_config() -> MarkdownDocumentReaderConfig:
        """The configuration with every default."""
        return MarkdownDocumentReaderConfig()

    @staticmethod
    def builder() -> MarkdownDocumentReaderConfig.Builder:
        """A builder for a configuration."""
        return MarkdownDocumentReaderConfig.Builder(MarkdownDocumentReaderConfig)

    # --- generated builder (base: _MarkdownDocumentReaderConfigBuilder) (own builder()) ---
    class Builder(_MarkdownDocumentReaderConfigBuilder):
        """The builder of :class:`MarkdownDocumentReaderConfig`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def horizontal_rule_create_document(self, horizontal_rule_create_document: bool, /) -> Self:
            return self._set("horizontal_rule_create_document", (horizontal_rule_create_document,))

        def include_code_block(self, include_code_block: bool, /) -> Self:
            return self._set("include_code_block", (include_code_block,))

        def include_blockquote(self, include_blockquote: bool, /) -> Self:
            return self._set("include_blockquote", (include_blockquote,))

        def additional_metadata(self, additional_metadata: Mapping[str, Any] | None, /) -> Self:
            return self._set("additional_metadata", (additional_metadata,))

        def max_document_size(self, max_document_size: int, /) -> Self:
            return self._set("max_document_size", (max_document_size,))

        def with_horizontal_rule_create_document(self, horizontal_rule_create_document: bool, /) -> Self:
            return self._set("horizontal_rule_create_document", (horizontal_rule_create_document,))

        def with_include_blockquote(self, include_blockquote: bool, /) -> Self:
            return self._set("include_blockquote", (include_blockquote,))

        def with_include_code_block(self, include_code_block: bool, /) -> Self:
            return self._set("include_code_block", (include_code_block,))

        def with_max_document_size(self, max_document_size: int, /) -> Self:
            return self._set("max_document_size", (max_document_size,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> MarkdownDocumentReaderConfig: ...
    # --- end of generated builder ---
