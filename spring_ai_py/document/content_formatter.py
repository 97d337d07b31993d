"""Turning a document into text for a model: which metadata to show, and how."""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable

if TYPE_CHECKING:
    from spring_ai_py.document.document import Document


class MetadataMode(enum.Enum):
    """Which metadata entries a formatter includes.

    ``ALL`` includes every entry, ``NONE`` none; ``EMBED`` and ``INFERENCE`` drop the
    keys the formatter excludes for embedding and for inference respectively.
    """

    ALL = "ALL"
    EMBED = "EMBED"
    INFERENCE = "INFERENCE"
    NONE = "NONE"


class ContentFormatter(ABC):
    """Formats a document's text and metadata into one string."""

    @abstractmethod
    def format(self, document: Document, mode: MetadataMode) -> str:
        """Return the text of ``document`` with the metadata that ``mode`` selects."""


_CONTENT = "{content}"
_METADATA_STRING = "{metadata_string}"
_KEY = "{key}"
_VALUE = "{value}"


class _DefaultContentFormatterBuilder(_builder.Builder["DefaultContentFormatter"]):
    """Fluent builder with Spring's ``with_*`` setter names (checked at once).

    ``with_excluded_*_metadata_keys`` given one list replaces the keys; given
    several strings it adds them (Spring's list and varargs overloads).
    """

    __slots__ = ()

    def from_(self, formatter: DefaultContentFormatter) -> Self:
        """Copy every setting of ``formatter``."""
        self._values.update(
            excluded_embed_metadata_keys=formatter.get_excluded_embed_metadata_keys(),
            excluded_inference_metadata_keys=formatter.get_excluded_inference_metadata_keys(),
            metadata_separator=formatter.get_metadata_separator(),
            metadata_template=formatter.get_metadata_template(),
            text_template=formatter.get_text_template(),
        )
        return self

    def with_metadata_template(self, metadata_template: str) -> Self:
        self._values["metadata_template"] = _assert.has_text(
            metadata_template, "Metadata Template must not be empty"
        )
        return self

    def with_metadata_separator(self, metadata_separator: str) -> Self:
        self._values["metadata_separator"] = _assert.not_none(
            metadata_separator, "Metadata separator must not be empty"
        )
        return self

    def with_text_template(self, text_template: str) -> Self:
        self._values["text_template"] = _assert.has_text(
            text_template, "Document's text template must not be empty"
        )
        return self

    def with_excluded_inference_metadata_keys(self, *keys: str | list[str]) -> Self:
        self._values["excluded_inference_metadata_keys"] = _keys(
            self._values.get("excluded_inference_metadata_keys", []),
            keys,
            "Excluded inference metadata keys must not be null",
        )
        return self

    def with_excluded_embed_metadata_keys(self, *keys: str | list[str]) -> Self:
        self._values["excluded_embed_metadata_keys"] = _keys(
            self._values.get("excluded_embed_metadata_keys", []),
            keys,
            "Excluded Embed metadata keys must not be null",
        )
        return self


class DefaultContentFormatter(ContentFormatter, Buildable):
    """Template-based formatter: one ``{key}: {value}`` line per metadata entry, a blank
    line, then the text.

    The text template places ``{metadata_string}`` and ``{content}``; the metadata
    template places ``{key}`` and ``{value}``; entries are joined with the separator
    (``"\\n"``). Keys listed as excluded for embedding or inference are left out in the
    ``EMBED`` and ``INFERENCE`` modes.
    """

    DEFAULT_METADATA_TEMPLATE = f"{_KEY}: {_VALUE}"
    DEFAULT_METADATA_SEPARATOR = "\n"
    DEFAULT_TEXT_TEMPLATE = f"{_METADATA_STRING}\n\n{_CONTENT}"

    def __init__(
        self,
        metadata_template: str = DEFAULT_METADATA_TEMPLATE,
        metadata_separator: str = DEFAULT_METADATA_SEPARATOR,
        text_template: str = DEFAULT_TEXT_TEMPLATE,
        excluded_inference_metadata_keys: Iterable[str] = (),
        excluded_embed_metadata_keys: Iterable[str] = (),
    ) -> None:
        _assert.has_text(metadata_template, "Metadata Template must not be empty")
        _assert.not_none(metadata_separator, "Metadata separator must not be empty")
        _assert.has_text(text_template, "Document's text template must not be empty")
        self._metadata_template = metadata_template
        self._metadata_separator = metadata_separator
        self._text_template = text_template
        self._excluded_inference_metadata_keys = list(excluded_inference_metadata_keys)
        self._excluded_embed_metadata_keys = list(excluded_embed_metadata_keys)

    @staticmethod
    def builder() -> DefaultContentFormatter.Builder:
        """A builder (templates, separator, metadata keys excluded from inference and embedding)."""
        return DefaultContentFormatter.Builder(DefaultContentFormatter)

    @staticmethod
    def default_config() -> DefaultContentFormatter:
        """The formatter with every default (the one documents use unless told otherwise)."""
        return DefaultContentFormatter()

    def format(self, document: Document, mode: MetadataMode) -> str:
        metadata = self._metadata_filter(document.get_metadata(), mode)
        metadata_text = self._metadata_separator.join(
            self._metadata_template.replace(_KEY, key).replace(_VALUE, _java_string(value))
            for key, value in metadata.items()
        )
        text = document.get_text() or ""
        return self._text_template.replace(_METADATA_STRING, metadata_text).replace(_CONTENT, text)

    def _metadata_filter(
        self, metadata: Mapping[str, Any], mode: MetadataMode
    ) -> Mapping[str, Any]:
        if mode is MetadataMode.ALL:
            return metadata
        if mode is MetadataMode.NONE:
            return {}
        excluded: list[str] = []
        if mode is MetadataMode.INFERENCE:
            excluded = self._excluded_inference_metadata_keys
        elif mode is MetadataMode.EMBED:
            excluded = self._excluded_embed_metadata_keys
        return {key: value for key, value in metadata.items() if key not in excluded}

    def get_metadata_template(self) -> str:
        return self._metadata_template

    def get_metadata_separator(self) -> str:
        return self._metadata_separator

    def get_text_template(self) -> str:
        return self._text_template

    def get_excluded_inference_metadata_keys(self) -> list[str]:
        return list(self._excluded_inference_metadata_keys)

    def get_excluded_embed_metadata_keys(self) -> list[str]:
        return list(self._excluded_embed_metadata_keys)

    # --- generated builder (base: _DefaultContentFormatterBuilder) (own builder()) ---
    class Builder(_DefaultContentFormatterBuilder):
        """The builder of :class:`DefaultContentFormatter`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def metadata_template(self, metadata_template: str, /) -> Self:
            return self._set("metadata_template", (metadata_template,))

        def metadata_separator(self, metadata_separator: str, /) -> Self:
            return self._set("metadata_separator", (metadata_separator,))

        def text_template(self, text_template: str, /) -> Self:
            return self._set("text_template", (text_template,))

        def excluded_inference_metadata_keys(self, excluded_inference_metadata_keys: Iterable[str], /) -> Self:
            return self._set("excluded_inference_metadata_keys", (excluded_inference_metadata_keys,))

        def excluded_embed_metadata_keys(self, excluded_embed_metadata_keys: Iterable[str], /) -> Self:
            return self._set("excluded_embed_metadata_keys", (excluded_embed_metadata_keys,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> DefaultContentFormatter: ...
    # --- end of generated builder ---

def _keys(current: list[str], keys: tuple[str | list[str], ...], message: str) -> list[str]:
    if len(keys) == 1 and (keys[0] is None or isinstance(keys[0], list)):
        return list(_assert.not_none(keys[0], message))
    _assert.no_null_elements(keys, message)
    return [*current, *(str(key) for key in keys)]


def _java_string(value: Any) -> str:
    """``String.valueOf`` spelling for the values that differ in Python (booleans)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
