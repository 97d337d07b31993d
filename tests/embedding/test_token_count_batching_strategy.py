"""Port of Spring AI 2.0.1 `org.springframework.ai.embedding.TokenCountBatchingStrategyTests`: 5 tests ported, 0 skipped."""

from __future__ import annotations

from pathlib import Path

import pytest

from spring_ai_py.document import Document, MetadataMode
from spring_ai_py.embedding import TokenCountBatchingStrategy
from spring_ai_py.tokenizer import EncodingType, TokenCountEstimator

TEXT_SOURCE = Path(__file__).parent.parent / "reader" / "resources" / "text_source.txt"


def test_batch_embedding_happy_path() -> None:
    batches = TokenCountBatchingStrategy().batch(
        [Document("Hello world"), Document("Hello Spring"), Document("Hello Spring AI!")]
    )
    assert len(batches) == 1
    assert len(batches[0]) == 3


def test_batch_should_track_token_count_across_batch_boundaries() -> None:
    strategy = TokenCountBatchingStrategy(EncodingType.CL100K_BASE, 10, 0.0)
    documents = [Document("Hello world") for _ in range(6)]
    batches = strategy.batch(documents)
    assert len(batches) > 1
    assert sum(len(b) for b in batches) == len(documents)
    # Counted is the formatted content "\n\nHello world" (3 tokens): 3 fit in 10.
    assert [len(b) for b in batches] == [3, 3]


def test_batch_embedding_with_large_document_exceeds_max_token_size() -> None:
    content = TEXT_SOURCE.read_text(encoding="utf-8")
    with pytest.raises(
        ValueError,
        match="Tokens in a single document exceeds the maximum number of allowed input tokens",
    ):
        TokenCountBatchingStrategy().batch([Document(content)])


def test_batch_keeps_equal_documents() -> None:
    first = Document("shared-id", "same text content", {})
    second = Document("shared-id", "same text content", {})
    batches = TokenCountBatchingStrategy().batch([first, second])
    assert sum(len(b) for b in batches) == 2
    assert batches[0][0] is first and batches[0][1] is second


def test_batch_keeps_repeated_document_instance() -> None:
    document = Document("doc-id", "Hello world", {})
    batches = TokenCountBatchingStrategy().batch([document, document])
    assert sum(len(b) for b in batches) == 2


def test_budget_rounds_like_java_and_counts_the_formatted_content() -> None:
    """Beyond Spring's tests: 8191 * 0.9 rounds to 7372, and ``MetadataMode`` decides
    what is counted."""

    class Counting(TokenCountEstimator):
        def __init__(self) -> None:
            self.seen: list[str] = []

        def estimate(self, text: object) -> int:
            assert isinstance(text, str)
            self.seen.append(text)
            return 7372

    estimator = Counting()
    strategy = TokenCountBatchingStrategy(
        estimator, 8191, 0.1, Document.DEFAULT_CONTENT_FORMATTER, MetadataMode.ALL
    )
    batches = strategy.batch([Document("a", {"k": "v"}), Document("b")])
    assert [len(b) for b in batches] == [1, 1]
    assert "k: v" in estimator.seen[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((EncodingType.CL100K_BASE, 0, 0.1), "max_input_token_count must be greater than 0"),
        ((EncodingType.CL100K_BASE, 10, 1.0), r"reserve_percentage must be in range \[0, 1\)"),
        ((None, 10, 0.1), "encoding_type must not be null"),
    ],
)
def test_invalid_arguments_are_rejected(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TokenCountBatchingStrategy(*args)  # type: ignore[arg-type]
