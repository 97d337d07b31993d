"""The document: a piece of text (or media) with metadata, stored in and retrieved from
vector stores."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Self, overload

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.content.media import Media
from spring_ai_py.document.content_formatter import (
    ContentFormatter,
    DefaultContentFormatter,
    MetadataMode,
)
from spring_ai_py.document.id.id_generator import IdGenerator, RandomIdGenerator

FormatterLike = ContentFormatter | Callable[["Document", MetadataMode], str]
"""A :class:`ContentFormatter`, or a plain function ``(document, mode) -> str``."""

IdGeneratorLike = IdGenerator | Callable[..., str]
"""An :class:`IdGenerator`, or a plain function ``(*contents) -> str``."""

_UNSET: Any = object()


class DocumentMetadata(enum.StrEnum):
    """Well-known metadata keys that vector stores put on the documents they return."""

    DISTANCE = "distance"
    """Distance between the document's embedding and the query vector: lower is more
    similar (the opposite of the similarity score)."""


class _DocumentBuilder(_builder.Builder["Document"]):
    """Fluent builder for :class:`Document`.

    Exactly one of ``text`` and ``media`` must be set. Without an explicit ``id``,
    the id generator (a random UUID by default) makes one from the text and metadata
    at ``build()``. ``metadata(mapping)`` replaces the metadata;
    ``metadata(key, value)`` adds one entry. The builder can be reused: every
    document it builds gets its own copy of the metadata.
    """

    __slots__ = ()

    def id_generator(self, id_generator: IdGeneratorLike) -> Self:
        """Set the generator used when no explicit id is given."""
        _assert.not_none(id_generator, "id_generator cannot be null")
        self._values["id_generator"] = id_generator
        return self

    def id(self, id: str) -> Self:
        """Set an explicit id (non-blank)."""
        self._values["id"] = _assert.has_text(id, "id cannot be null or empty")
        return self

    def text(self, text: str | None) -> Self:
        self._values["text"] = text
        return self

    def media(self, media: Media | None) -> Self:
        self._values["media"] = media
        return self

    def metadata(
        self, key_or_metadata: str | Mapping[str, Any] | None, value: Any = _UNSET
    ) -> Self:
        """Replace the metadata with a mapping, or add one ``key``/``value`` entry."""
        if value is _UNSET:
            _assert.not_none(key_or_metadata, "metadata cannot be null")
            if not isinstance(key_or_metadata, Mapping):
                raise TypeError(
                    "metadata() takes a mapping, or a key and a value; "
                    f"got {type(key_or_metadata).__name__}"
                )
            self._values["metadata"] = dict(key_or_metadata)
            return self
        _assert.not_none(key_or_metadata, "metadata key cannot be null")
        _assert.not_none(value, "metadata value cannot be null")
        self._values.setdefault("metadata", {})[str(key_or_metadata)] = value
        return self

    def score(self, score: float | None) -> Self:
        self._values["score"] = score
        return self

    def build(self) -> Document:
        """Build the document (``ValueError`` if both or neither of text and media are
        set, or the metadata holds ``None``)."""
        values = self._values
        metadata: dict[str, Any] = values.setdefault("metadata", {})
        id_ = values.get("id")
        if not _assert.has_text_value(id_):
            text = values.get("text")
            text = text if text is not None else ""
            generator: IdGeneratorLike = values.get("id_generator") or RandomIdGenerator()
            if isinstance(generator, IdGenerator):
                id_ = generator.generate_id(text, metadata)
            else:
                id_ = generator(text, metadata)
        document = Document.__new__(Document)
        document._init(id_, values.get("text"), values.get("media"), metadata, values.get("score"))
        return document


class Document(Buildable):
    """A text or media item with an id, metadata and an optional relevance score.

    Exactly one of text and media is set. Metadata keys and values must not be ``None``;
    keep values to strings, numbers and booleans so every vector store can filter on
    them. The score, set by retrieval, is a relevance measure where higher means more
    relevant (for vector stores, the similarity to the query).

    Constructors, as in Spring: ``Document(text)``, ``Document(text, metadata)``,
    ``Document(id, text, metadata)``, ``Document(media, metadata)``,
    ``Document(id, media, metadata)``; keywords ``id=``, ``text=``, ``media=``,
    ``metadata=``, ``score=`` also work. Without an id, a random UUID is used.
    """

    DEFAULT_CONTENT_FORMATTER: DefaultContentFormatter = DefaultContentFormatter.default_config()

    @overload
    def __init__(
        self,
        text: str | Media | None,
        metadata: Mapping[str, Any] | None = None,
        /,
        *,
        id: str | None = None,
        score: float | None = None,
    ) -> None: ...

    @overload
    def __init__(
        self,
        id: str | None,
        text: str | Media | None,
        metadata: Mapping[str, Any] | None,
        /,
        *,
        score: float | None = None,
    ) -> None: ...

    @overload
    def __init__(
        self,
        *,
        id: str | None = None,
        text: str | None = None,
        media: Media | None = None,
        metadata: Mapping[str, Any] | None = None,
        score: float | None = None,
    ) -> None: ...

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        unknown = set(kwargs) - {"id", "text", "media", "metadata", "score"}
        if unknown:
            raise TypeError(f"Document() got unexpected keyword arguments: {sorted(unknown)}")
        if len(args) > 3:
            raise TypeError(f"Document() takes at most 3 positional arguments ({len(args)} given)")
        id_: str | None = kwargs.get("id")
        text: str | None = kwargs.get("text")
        media: Media | None = kwargs.get("media")
        metadata: Mapping[str, Any] | None = kwargs.get("metadata", {})
        if len(args) == 3:
            if "id" in kwargs or "metadata" in kwargs:
                raise TypeError("Document() got id or metadata both positionally and by keyword")
            id_, content, metadata = args
        elif args:
            if len(args) == 2:
                if "metadata" in kwargs:
                    raise TypeError("Document() got metadata both positionally and by keyword")
                metadata = args[1]
            content = args[0]
        if args:
            if "text" in kwargs or "media" in kwargs:
                raise TypeError("Document() got its content both positionally and by keyword")
            if isinstance(content, Media):
                media = content
            else:
                text = content
        if id_ is None and len(args) < 3:
            id_ = RandomIdGenerator().generate_id()
        self._init(id_, text, media, metadata, kwargs.get("score"))

    def _init(
        self,
        id: str | None,
        text: str | None,
        media: Media | None,
        metadata: Mapping[str, Any] | None,
        score: float | None,
    ) -> None:
        _assert.has_text(id, "id cannot be null or empty")
        _assert.not_none(metadata, "metadata cannot be null")
        assert metadata is not None and id is not None
        if not isinstance(metadata, Mapping):
            raise TypeError(f"metadata must be a mapping, not {type(metadata).__name__}")
        _assert.no_null_elements(metadata.keys(), "metadata cannot have null keys")
        _assert.no_null_elements(metadata.values(), "metadata cannot have null values")
        _assert.is_true(
            (text is not None) != (media is not None),
            "exactly one of text or media must be specified",
        )
        self._id: str = id
        self._text = text
        self._media = media
        self._metadata: dict[str, Any] = dict(metadata)
        self._score = score
        self._content_formatter: FormatterLike = Document.DEFAULT_CONTENT_FORMATTER

    @staticmethod
    def builder() -> Document.Builder:
        """Return an empty :class:`Document.Builder`."""
        return Document.Builder(Document)

    def mutate(self) -> Document.Builder:
        """Return a builder pre-filled with this document's id, content, metadata and score."""
        builder = Document.builder().id(self._id).text(self._text).media(self._media)
        return builder.metadata(dict(self._metadata)).score(self._score)

    def get_id(self) -> str:
        """The unique id, explicit or generated."""
        return self._id

    def get_text(self) -> str | None:
        """The text content; ``None`` for a media document."""
        return self._text

    def is_text(self) -> bool:
        """Whether this document holds text (``True``) or media (``False``)."""
        return self._text is not None

    def get_media(self) -> Media | None:
        """The media content; ``None`` for a text document."""
        return self._media

    def get_metadata(self) -> dict[str, Any]:
        """The metadata (the document's own, mutable dict)."""
        return self._metadata

    def get_score(self) -> float | None:
        """The relevance score assigned at retrieval, or ``None``."""
        return self._score

    @property
    def id(self) -> str:
        """The document's id."""
        return self._id

    @property
    def text(self) -> str | None:
        """The document's text, or ``None`` for a media document."""
        return self._text

    @property
    def media(self) -> Media | None:
        """The document's media, or ``None`` for a text document."""
        return self._media

    @property
    def metadata(self) -> dict[str, Any]:
        """The document's metadata."""
        return self._metadata

    @property
    def score(self) -> float | None:
        """The similarity score a search gave the document, or ``None``."""
        return self._score

    def get_content_formatter(self) -> FormatterLike:
        return self._content_formatter

    def set_content_formatter(self, content_formatter: FormatterLike) -> None:
        """Replace the formatter that :meth:`get_formatted_content` uses."""
        self._content_formatter = content_formatter

    @overload
    def get_formatted_content(self) -> str: ...

    @overload
    def get_formatted_content(self, metadata_mode: MetadataMode | None, /) -> str: ...

    @overload
    def get_formatted_content(
        self, formatter: FormatterLike | None, metadata_mode: MetadataMode | None, /
    ) -> str: ...

    def get_formatted_content(self, *args: Any) -> str:
        """The text with its metadata, as the content formatter renders it.

        No argument means ``MetadataMode.ALL`` with this document's formatter; one
        argument is the metadata mode; two are an external formatter and the mode.
        """
        if len(args) > 2:
            raise TypeError("get_formatted_content() takes at most 2 arguments")
        if len(args) == 2:
            formatter = _assert.not_none(args[0], "formatter must not be null")
            mode = _assert.not_none(args[1], "Metadata mode must not be null")
        else:
            formatter = self._content_formatter
            mode = _assert.not_none(
                args[0] if args else MetadataMode.ALL, "Metadata mode must not be null"
            )
        if isinstance(formatter, ContentFormatter):
            return formatter.format(self, mode)
        return str(formatter(self, mode))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Document):
            return NotImplemented
        if type(other) is not type(self):
            return False
        return (self._id, self._text, self._media, self._metadata, self._score) == (
            other._id,
            other._text,
            other._media,
            other._metadata,
            other._score,
        )

    def __hash__(self) -> int:
        return hash((self._id, self._text, self._score))

    def __repr__(self) -> str:
        return (
            f"Document{{id='{self._id}', text='{self._text}', media='{self._media}', "
            f"metadata={self._metadata}, score={self._score}}}"
        )

    # --- generated builder (base: _DocumentBuilder) (own builder()) ---
    class Builder(_DocumentBuilder):
        """The builder of :class:`Document`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> Document: ...
    # --- end of generated builder ---
