"""A deterministic, offline embedding model for tests and demos."""

from __future__ import annotations

import hashlib
import math
import re

from spring_ai_py import _assert
from spring_ai_py.chat.metadata import DefaultUsage
from spring_ai_py.embedding.embedding_model import EmbeddingModel
from spring_ai_py.embedding.request import EmbeddingRequest
from spring_ai_py.embedding.response import (
    Embedding,
    EmbeddingResponse,
    EmbeddingResponseMetadata,
)

_WORD = re.compile(r"\w+")
_EMPTY_FEATURE = "\x00empty"


class HashingEmbeddingModel(EmbeddingModel):
    """Embeds text by feature hashing; no network, no model weights, same input → same
    vector on every machine.

    Each lower-cased word (weight 1) and each character trigram of ``#word#`` (weight
    0.5) is hashed (BLAKE2b) to one of ``dimensions`` buckets; the vector is then
    L2-normalised. Every component is non-negative, so cosine similarities lie in
    [0, 1]; texts that share words or word fragments score higher, which is enough to
    exercise vector stores and retrieval end to end. It knows nothing of meaning (synonyms score 0), so it is for tests and
    demos, not for real semantic search. A text without any word (for example ``""``)
    embeds as one fixed unit vector, so every vector has a norm of 1.

    ``EmbeddingOptions.dimensions`` on a request overrides the default dimensions; the
    usage reports the number of words as prompt tokens.
    """

    MODEL_NAME = "hashing"
    """The model name reported in the response metadata."""

    def __init__(self, dimensions: int = 256) -> None:
        _assert.is_true(
            isinstance(dimensions, int) and dimensions > 0, "dimensions must be a positive integer"
        )
        self._dimensions = dimensions

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        _assert.not_none(request, "EmbeddingRequest must not be null")
        _assert.not_none(request.get_instructions(), "Texts must not be null")
        options = request.get_options()
        dimensions = self._dimensions
        if options is not None and options.get_dimensions() is not None:
            dimensions = int(options.get_dimensions() or 0)
            _assert.is_true(dimensions > 0, "dimensions must be a positive integer")
        results: list[Embedding] = []
        words_seen = 0
        for index, text in enumerate(request.get_instructions()):
            _assert.not_none(text, "Texts must not contain null elements")
            words = _WORD.findall(text.lower())
            words_seen += len(words)
            results.append(Embedding(self._vector(words, dimensions), index))
        usage = DefaultUsage(prompt_tokens=words_seen, completion_tokens=0)
        return EmbeddingResponse(results, EmbeddingResponseMetadata(self.MODEL_NAME, usage))

    def dimensions(self) -> int:
        return self._dimensions

    @staticmethod
    def _vector(words: list[str], dimensions: int) -> list[float]:
        vector = [0.0] * dimensions
        features: list[tuple[str, float]] = [("w:" + word, 1.0) for word in words]
        for word in words:
            padded = f"#{word}#"
            features.extend(("c:" + padded[i : i + 3], 0.5) for i in range(len(padded) - 2))
        if not features:
            features = [(_EMPTY_FEATURE, 1.0)]
        for feature, weight in features:
            digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
            vector[int.from_bytes(digest, "big") % dimensions] += weight
        norm = math.sqrt(sum(x * x for x in vector))
        return [x / norm for x in vector]

    def __repr__(self) -> str:
        return f"HashingEmbeddingModel(dimensions={self._dimensions})"
