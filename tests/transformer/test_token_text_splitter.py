# ruff: noqa: RUF001  (Spring's test texts use typographic and full-width punctuation)
"""Port of Spring AI 2.0.1 `org.springframework.ai.transformer.splitter.TokenTextSplitterTest`: 13 tests ported, 0 skipped.

``testTokenTextSplitterWithDifferentEncodingTypes`` checks ``CL100K_BASE`` and
``O200K_BASE``; its ``P50K_BASE`` part checks instead that the encoding, whose ranks
the port does not ship, is rejected by name.
"""

from __future__ import annotations

import pytest

from spring_ai_py.document import DefaultContentFormatter, Document
from spring_ai_py.tokenizer import EncodingType
from spring_ai_py.transformer.splitter import TokenTextSplitter

QUOTE1 = "In the end, writing arises when man realizes that memory is not enough."
QUOTE2_CURLY = (
    "The most oppressive thing about the labyrinth is that you are constantly "
    "being forced to choose. It isn’t the lack of an exit, but the abundance of exits that is so disorienting."
)
QUOTE2 = QUOTE2_CURLY.replace("’", "'")

EXPECTED_CL100K = [
    "In the end, writing arises when man realizes that",
    "memory is not enough.",
    "The most oppressive thing about the labyrinth is that you",
    "are constantly being forced to choose.",
    "It isn't the lack of an exit, but",
    "the abundance of exits that is so disorienting",
]


def _documents(second: str = QUOTE2) -> tuple[Document, Document]:
    formatter1 = DefaultContentFormatter.default_config()
    formatter2 = DefaultContentFormatter.default_config()
    assert formatter1 is not formatter2
    doc1 = Document(QUOTE1, {"key1": "value1", "key2": "value2"})
    doc1.set_content_formatter(formatter1)
    doc2 = Document(second, {"key2": "value22", "key3": "value3"})
    doc2.set_content_formatter(formatter2)
    return doc1, doc2


def _small_splitter(encoding_type: EncodingType = EncodingType.CL100K_BASE) -> TokenTextSplitter:
    return (
        TokenTextSplitter.builder()
        .with_encoding_type(encoding_type)
        .with_chunk_size(10)
        .with_min_chunk_size_chars(5)
        .with_min_chunk_length_to_embed(3)
        .with_max_num_chunks(50)
        .with_keep_separator(True)
        .build()
    )


def test_token_text_splitter_builder_with_default_values() -> None:
    chunks = TokenTextSplitter.builder().build().apply(list(_documents(QUOTE2_CURLY)))
    assert [c.get_text() for c in chunks] == [QUOTE1, QUOTE2_CURLY]
    assert {"key1", "key2"} <= set(chunks[0].get_metadata()) and "key3" not in chunks[
        0
    ].get_metadata()
    assert {"key2", "key3"} <= set(chunks[1].get_metadata()) and "key1" not in chunks[
        1
    ].get_metadata()


def test_token_text_splitter_builder_with_all_fields() -> None:
    chunks = _small_splitter().apply(list(_documents()))
    assert [c.get_text() for c in chunks] == EXPECTED_CL100K
    keys = {"parent_document_id", "chunk_index", "total_chunks"}
    assert {"key1", "key2"} | keys <= set(chunks[0].get_metadata())
    assert {"key1", "key2"} | keys <= set(chunks[1].get_metadata())
    assert {"key2", "key3"} | keys <= set(chunks[2].get_metadata())
    assert {"key2", "key3"} | keys <= set(chunks[3].get_metadata())
    assert [c.get_metadata()["chunk_index"] for c in chunks[:4]] == [0, 1, 0, 1]
    assert "key3" not in chunks[0].get_metadata()
    assert "key1" not in chunks[2].get_metadata()


def test_small_text_with_punctuation_should_not_split() -> None:
    splitter = (
        TokenTextSplitter.builder()
        .with_keep_separator(True)
        .with_chunk_size(10000)
        .with_min_chunk_size_chars(10)
        .build()
    )
    text = "Hi. This is a small text without one of the ending chars. It is splitted into multiple chunks but shouldn't"
    chunks = splitter.split(Document(text))
    assert [c.get_text() for c in chunks] == [text]


def test_large_text_still_splits_at_punctuation() -> None:
    splitter = (
        TokenTextSplitter.builder()
        .with_keep_separator(True)
        .with_chunk_size(15)
        .with_min_chunk_size_chars(10)
        .build()
    )
    chunks = splitter.split(
        Document(
            "This is the first sentence with enough words. This is the second sentence. And this is the third sentence."
        )
    )
    assert len(chunks) > 1
    assert (chunks[0].get_text() or "").endswith(".")


def test_token_text_splitter_with_custom_punctuation_marks() -> None:
    doc1 = Document(
        "Here, we set custom punctuation marks。？！. We just want to test it works or not？"
    )
    doc2 = Document(
        "And more, we add protected method getLastPunctuationIndex in TokenTextSplitter class！"
        "The subclasses can override this method to achieve their own business logic。We just want to test it works or not？"
    )
    splitter = (
        TokenTextSplitter.builder()
        .with_chunk_size(10)
        .with_min_chunk_size_chars(5)
        .with_min_chunk_length_to_embed(3)
        .with_max_num_chunks(50)
        .with_keep_separator(True)
        .with_punctuation_marks(["。", "？", "！"])
        .build()
    )
    assert [c.get_text() for c in splitter.apply([doc1, doc2])] == [
        "Here, we set custom punctuation marks。？！",
        ". We just want to test it works or not",
        "And more, we add protected method getLastPunctuation",
        "Index in TokenTextSplitter class！",
        "The subclasses can override this method to achieve their own",
        "business logic。",
        "We just want to test it works or not？",
    ]


def test_token_text_splitter_with_null_encoding_type_throws() -> None:
    with pytest.raises(ValueError, match=r"^encoding_type must not be null$"):
        TokenTextSplitter.builder().with_encoding_type(None).build()


def test_token_text_splitter_with_zero_chunk_size_throws() -> None:
    with pytest.raises(ValueError, match=r"^chunk_size must be greater than zero$"):
        TokenTextSplitter.builder().with_chunk_size(0).build()


def test_token_text_splitter_with_negative_chunk_size_throws() -> None:
    with pytest.raises(ValueError, match=r"^chunk_size must be greater than zero$"):
        TokenTextSplitter.builder().with_chunk_size(-1).build()


def test_token_text_splitter_with_non_positive_max_num_chunks_throws() -> None:
    with pytest.raises(ValueError, match=r"^max_num_chunks must be greater than zero$"):
        TokenTextSplitter.builder().with_max_num_chunks(0).build()


def test_token_text_splitter_with_negative_min_chunk_size_chars_throws() -> None:
    with pytest.raises(ValueError, match=r"^min_chunk_size_chars must not be negative$"):
        TokenTextSplitter.builder().with_min_chunk_size_chars(-1).build()


def test_token_text_splitter_with_negative_min_chunk_length_to_embed_throws() -> None:
    with pytest.raises(ValueError, match=r"^min_chunk_length_to_embed must not be negative$"):
        TokenTextSplitter.builder().with_min_chunk_length_to_embed(-1).build()


def test_token_text_splitter_with_chunk_size_one_terminates() -> None:
    splitter = (
        TokenTextSplitter.builder().with_chunk_size(1).with_min_chunk_length_to_embed(0).build()
    )
    assert splitter.apply([Document("Hello world from Spring AI")])


def test_token_text_splitter_with_different_encoding_types() -> None:
    documents = list(_documents())
    assert [
        c.get_text() for c in _small_splitter(EncodingType.CL100K_BASE).apply(documents)
    ] == EXPECTED_CL100K
    with pytest.raises(ValueError, match="P50K_BASE is not available offline"):
        _small_splitter(EncodingType.P50K_BASE)
    assert [c.get_text() for c in _small_splitter(EncodingType.O200K_BASE).apply(documents)] == [
        "In the end, writing arises when man realizes that",
        "memory is not enough.",
        "The most oppressive thing about the labyrinth is that you",
        "are constantly being forced to choose.",
        "It isn't the lack of an exit, but the",
        "abundance of exits that is so disorienting.",
    ]


def test_keyword_constructor_and_mutate_match_the_builder() -> None:
    """Beyond Spring's tests: one definition serves the keyword constructor, the builder
    (Java setter names) and ``mutate()``; ``keep_separator=False`` turns newlines into
    spaces."""
    splitter = TokenTextSplitter(chunk_size=10, min_chunk_size_chars=5, min_chunk_length_to_embed=3)
    assert [c.get_text() for c in splitter.apply(list(_documents()))] == EXPECTED_CL100K
    no_newlines = splitter.mutate().keep_separator(False).chunk_size(800).build()
    assert no_newlines.split_text("line one\nline two\nline three") == [
        "line one line two line three"
    ]


def test_punctuation_marks_are_single_characters() -> None:
    # Spring's marks are Characters; a string of several is a clear error, not one mark.
    assert TokenTextSplitter.builder().with_punctuation_marks("！").build()._punctuation_marks == (
        "！",
    )
    assert TokenTextSplitter(punctuation_marks="?!")._punctuation_marks == ("?", "!")
    with pytest.raises(ValueError, match=r"punctuation_marks must be single characters, got '\?!'"):
        TokenTextSplitter.builder().with_punctuation_marks("?!").build()
    with pytest.raises(ValueError, match=r"punctuation_marks must be single characters, got ''"):
        TokenTextSplitter(punctuation_marks=[".", ""])
