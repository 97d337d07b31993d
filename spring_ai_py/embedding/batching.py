"""Batching documents for embedding so that no request exceeds the model's input limit."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from spring_ai_py import _assert
from spring_ai_py.document.content_formatter import ContentFormatter, MetadataMode
from spring_ai_py.document.document import Document
from spring_ai_py.tokenizer.encoding import EncodingType
from spring_ai_py.tokenizer.token_count_estimator import (
    JTokkitTokenCountEstimator,
    TokenCountEstimator,
)


class BatchingStrategy(ABC):
    """Splits documents into batches, each sent to the embedding model in one request."""

    @abstractmethod
    def batch(self, documents: Sequence[Document]) -> list[list[Document]]:
        """Group ``documents`` into batches, keeping their order (and any repeats)."""


class TokenCountBatchingStrategy(BatchingStrategy):
    """Fills each batch up to a token budget.

    The budget is ``max_input_token_count * (1 - reserve_percentage)``, rounded
    (defaults 8191 tokens and a 10 % reserve, OpenAI's embedding limit: 7372 tokens).
    A document is counted by the tokens of its formatted content (``MetadataMode.NONE``
    by default: the text alone). A document that alone exceeds the budget is a
    ``ValueError``.

    The first argument is an :class:`EncodingType` (``CL100K_BASE`` by default) or any
    :class:`TokenCountEstimator`.
    """

    MAX_INPUT_TOKEN_COUNT = 8191
    DEFAULT_TOKEN_COUNT_RESERVE_PERCENTAGE = 0.1

    def __init__(
        self,
        encoding_type: EncodingType | TokenCountEstimator = EncodingType.CL100K_BASE,
        max_input_token_count: int = MAX_INPUT_TOKEN_COUNT,
        reserve_percentage: float = DEFAULT_TOKEN_COUNT_RESERVE_PERCENTAGE,
        content_formatter: ContentFormatter | None = None,
        metadata_mode: MetadataMode = MetadataMode.NONE,
    ) -> None:
        if isinstance(encoding_type, TokenCountEstimator):
            self._estimator: TokenCountEstimator = encoding_type
        else:
            _assert.not_none(encoding_type, "encoding_type must not be null")
            self._estimator = JTokkitTokenCountEstimator(encoding_type)
        _assert.is_true(max_input_token_count > 0, "max_input_token_count must be greater than 0")
        _assert.is_true(0 <= reserve_percentage < 1, "reserve_percentage must be in range [0, 1)")
        _assert.not_none(metadata_mode, "metadata_mode must not be null")
        # Java's Math.round: half up, not Python's half to even.
        self._max_input_token_count = int(max_input_token_count * (1 - reserve_percentage) + 0.5)
        self._content_formatter = content_formatter or Document.DEFAULT_CONTENT_FORMATTER
        self._metadata_mode = metadata_mode

    def batch(self, documents: Sequence[Document]) -> list[list[Document]]:
        batches: list[list[Document]] = []
        current_size = 0
        current: list[Document] = []
        for document in documents:
            content = document.get_formatted_content(self._content_formatter, self._metadata_mode)
            token_count = self._estimator.estimate(content)
            if token_count > self._max_input_token_count:
                raise ValueError(
                    "Tokens in a single document exceeds the maximum number of allowed input tokens"
                )
            current_size += token_count
            if current_size > self._max_input_token_count:
                batches.append(current)
                current = []
                current_size = token_count
            current.append(document)
        if current:
            batches.append(current)
        return batches
