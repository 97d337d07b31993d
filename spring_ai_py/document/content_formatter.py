"""Turning a document into text for a model: which metadata to show, and how."""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from spring_ai_py import _assert

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


class DefaultContentFormatter(ContentFormatter):
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
        return DefaultContentFormatter.Builder()

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

    class Builder:
        """Fluent builder with Spring's ``with_*`` setter names.

        ``with_excluded_*_metadata_keys`` given one list replaces the keys; given
        several strings it adds them (Spring's list and varargs overloads).
        """

        def __init__(self) -> None:
            self._metadata_template = DefaultContentFormatter.DEFAULT_METADATA_TEMPLATE
            self._metadata_separator = DefaultContentFormatter.DEFAULT_METADATA_SEPARATOR
            self._text_template = DefaultContentFormatter.DEFAULT_TEXT_TEMPLATE
            self._excluded_inference: list[str] = []
            self._excluded_embed: list[str] = []

        def from_(self, formatter: DefaultContentFormatter) -> DefaultContentFormatter.Builder:
            """Copy every setting of ``formatter``."""
            self._excluded_embed = formatter.get_excluded_embed_metadata_keys()
            self._excluded_inference = formatter.get_excluded_inference_metadata_keys()
            self._metadata_separator = formatter.get_metadata_separator()
            self._metadata_template = formatter.get_metadata_template()
            self._text_template = formatter.get_text_template()
            return self

        def with_metadata_template(self, metadata_template: str) -> DefaultContentFormatter.Builder:
            self._metadata_template = _assert.has_text(
                metadata_template, "Metadata Template must not be empty"
            )
            return self

        def with_metadata_separator(
            self, metadata_separator: str
        ) -> DefaultContentFormatter.Builder:
            self._metadata_separator = _assert.not_none(
                metadata_separator, "Metadata separator must not be empty"
            )
            return self

        def with_text_template(self, text_template: str) -> DefaultContentFormatter.Builder:
            self._text_template = _assert.has_text(
                text_template, "Document's text template must not be empty"
            )
            return self

        def with_excluded_inference_metadata_keys(
            self, *keys: str | list[str]
        ) -> DefaultContentFormatter.Builder:
            self._excluded_inference = _keys(
                self._excluded_inference, keys, "Excluded inference metadata keys must not be null"
            )
            return self

        def with_excluded_embed_metadata_keys(
            self, *keys: str | list[str]
        ) -> DefaultContentFormatter.Builder:
            self._excluded_embed = _keys(
                self._excluded_embed, keys, "Excluded Embed metadata keys must not be null"
            )
            return self

        def build(self) -> DefaultContentFormatter:
            return DefaultContentFormatter(
                self._metadata_template,
                self._metadata_separator,
                self._text_template,
                self._excluded_inference,
                self._excluded_embed,
            )


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
