"""Splitting text into chunks of a target number of tokens, at sentence ends."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.tokenizer.encoding import EncodingType, decode, encode
from spring_ai_py.transformer.splitter.text_splitter import TextSplitter


def _java_trim(text: str) -> str:
    """``String.trim()``: strips the characters up to U+0020, not Unicode whitespace."""
    start, end = 0, len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    return text[start:end]


class TokenTextSplitter(Buildable, TextSplitter):
    """Cuts text into chunks of about ``chunk_size`` tokens, as Spring's splitter does.

    The text is encoded (``CL100K_BASE`` by default) and taken ``chunk_size`` tokens at
    a time. When more tokens remain than fit in one chunk, the chunk is cut after its
    last punctuation mark (``.``, ``?``, ``!`` or a newline by default) if that mark lies
    beyond ``min_chunk_size_chars`` characters. Chunks are trimmed; chunks of at most
    ``min_chunk_length_to_embed`` characters are dropped; at most ``max_num_chunks``
    chunks are cut, the rest of the text becoming one last chunk. With
    ``keep_separator=False`` newlines become spaces.

    Defaults: chunk size 800 tokens, 350 characters minimum before a cut, 5 characters
    minimum to keep a chunk, 10000 chunks at most, separators kept. Build one with
    ``TokenTextSplitter.builder().with_chunk_size(400).build()`` (the Java setter names)
    or with keywords.
    """

    DEFAULT_CHUNK_SIZE = 800
    MIN_CHUNK_SIZE_CHARS = 350
    MIN_CHUNK_LENGTH_TO_EMBED = 5
    MAX_NUM_CHUNKS = 10000
    KEEP_SEPARATOR = True
    DEFAULT_PUNCTUATION_MARKS: ClassVar[tuple[str, ...]] = (".", "?", "!", "\n")
    DEFAULT_ENCODING_TYPE = EncodingType.CL100K_BASE

    _builder_aliases: ClassVar[dict[str, str]] = {
        "with_encoding_type": "encoding_type",
        "with_chunk_size": "chunk_size",
        "with_min_chunk_size_chars": "min_chunk_size_chars",
        "with_min_chunk_length_to_embed": "min_chunk_length_to_embed",
        "with_max_num_chunks": "max_num_chunks",
        "with_keep_separator": "keep_separator",
        "with_punctuation_marks": "punctuation_marks",
    }

    def __init__(
        self,
        chunk_size: int = DEFAULT_CHUNK_SIZE,
        min_chunk_size_chars: int = MIN_CHUNK_SIZE_CHARS,
        min_chunk_length_to_embed: int = MIN_CHUNK_LENGTH_TO_EMBED,
        max_num_chunks: int = MAX_NUM_CHUNKS,
        keep_separator: bool = KEEP_SEPARATOR,
        punctuation_marks: Sequence[str] = DEFAULT_PUNCTUATION_MARKS,
        *,
        encoding_type: EncodingType = DEFAULT_ENCODING_TYPE,
    ) -> None:
        _assert.not_none(encoding_type, "encoding_type must not be null")
        _assert.is_true(chunk_size > 0, "chunk_size must be greater than zero")
        _assert.is_true(max_num_chunks > 0, "max_num_chunks must be greater than zero")
        _assert.is_true(min_chunk_size_chars >= 0, "min_chunk_size_chars must not be negative")
        _assert.is_true(
            min_chunk_length_to_embed >= 0, "min_chunk_length_to_embed must not be negative"
        )
        _assert.not_empty(punctuation_marks, "punctuation_marks must not be empty")
        for mark in punctuation_marks:
            # Spring's marks are Characters: a longer string is a mistake, not a mark.
            if not isinstance(mark, str) or len(mark) != 1:
                raise ValueError(f"punctuation_marks must be single characters, got {mark!r}")
        encode(encoding_type, "")  # fail fast on an encoding that is not shipped
        self._encoding_type = encoding_type
        self._chunk_size = chunk_size
        self._min_chunk_size_chars = min_chunk_size_chars
        self._min_chunk_length_to_embed = min_chunk_length_to_embed
        self._max_num_chunks = max_num_chunks
        self._keep_separator = keep_separator
        self._punctuation_marks = tuple(punctuation_marks)

    def split_text(self, text: str) -> list[str]:
        return self.do_split(text, self._chunk_size)

    def do_split(self, text: str, chunk_size: int) -> list[str]:
        """Spring's chunking loop (see the class docstring)."""
        if not _java_trim(text):
            return []
        tokens = encode(self._encoding_type, text)
        chunks: list[str] = []
        num_chunks = 0
        while tokens and num_chunks < self._max_num_chunks:
            chunk = tokens[:chunk_size]
            chunk_text = decode(self._encoding_type, chunk)
            if not _java_trim(chunk_text):
                tokens = tokens[len(chunk) :]
                continue
            if len(tokens) > chunk_size:
                last_punctuation = self.get_last_punctuation_index(chunk_text)
                if last_punctuation != -1 and last_punctuation > self._min_chunk_size_chars:
                    chunk_text = chunk_text[: last_punctuation + 1]
            to_append = (
                _java_trim(chunk_text)
                if self._keep_separator
                else _java_trim(chunk_text.replace("\n", " "))
            )
            if len(to_append) > self._min_chunk_length_to_embed:
                chunks.append(to_append)
            tokens = tokens[len(encode(self._encoding_type, chunk_text)) :]
            num_chunks += 1
        if tokens:
            remaining = _java_trim(decode(self._encoding_type, tokens).replace("\n", " "))
            if len(remaining) > self._min_chunk_length_to_embed:
                chunks.append(remaining)
        return chunks

    def get_last_punctuation_index(self, chunk_text: str) -> int:
        """The last index of any punctuation mark in ``chunk_text``, or -1."""
        return max(chunk_text.rfind(mark) for mark in self._punctuation_marks)

    # --- generated builder ---
    class Builder(_builder.Builder["TokenTextSplitter"]):
        """The builder of :class:`TokenTextSplitter`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def chunk_size(self, chunk_size: int, /) -> Self:
            return self._set("chunk_size", (chunk_size,))

        def min_chunk_size_chars(self, min_chunk_size_chars: int, /) -> Self:
            return self._set("min_chunk_size_chars", (min_chunk_size_chars,))

        def min_chunk_length_to_embed(self, min_chunk_length_to_embed: int, /) -> Self:
            return self._set("min_chunk_length_to_embed", (min_chunk_length_to_embed,))

        def max_num_chunks(self, max_num_chunks: int, /) -> Self:
            return self._set("max_num_chunks", (max_num_chunks,))

        def keep_separator(self, keep_separator: bool, /) -> Self:
            return self._set("keep_separator", (keep_separator,))

        def punctuation_marks(self, punctuation_marks: str | Sequence[str], /, *more: str) -> Self:
            return self._set("punctuation_marks", (punctuation_marks, *more), sequence=True)

        def encoding_type(self, encoding_type: EncodingType, /) -> Self:
            return self._set("encoding_type", (encoding_type,))

        def with_chunk_size(self, chunk_size: int, /) -> Self:
            return self._set("chunk_size", (chunk_size,))

        def with_encoding_type(self, encoding_type: EncodingType, /) -> Self:
            return self._set("encoding_type", (encoding_type,))

        def with_keep_separator(self, keep_separator: bool, /) -> Self:
            return self._set("keep_separator", (keep_separator,))

        def with_max_num_chunks(self, max_num_chunks: int, /) -> Self:
            return self._set("max_num_chunks", (max_num_chunks,))

        def with_min_chunk_length_to_embed(self, min_chunk_length_to_embed: int, /) -> Self:
            return self._set("min_chunk_length_to_embed", (min_chunk_length_to_embed,))

        def with_min_chunk_size_chars(self, min_chunk_size_chars: int, /) -> Self:
            return self._set("min_chunk_size_chars", (min_chunk_size_chars,))

        def with_punctuation_marks(self, punctuation_marks: str | Sequence[str], /, *more: str) -> Self:
            return self._set("punctuation_marks", (punctuation_marks, *more), sequence=True)

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> TokenTextSplitter: ...

    @classmethod
    def builder(cls) -> TokenTextSplitter.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> TokenTextSplitter.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
