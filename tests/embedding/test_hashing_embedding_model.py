"""The offline HashingEmbeddingModel: deterministic, normalised, overlap-sensitive."""

from __future__ import annotations

import math

import pytest

from spring_ai_py.embedding import (
    EmbeddingOptions,
    EmbeddingRequest,
    HashingEmbeddingModel,
)


def _cosine(x: list[float], y: list[float]) -> float:
    return sum(a * b for a, b in zip(x, y, strict=True))


def test_vectors_are_deterministic_and_unit_length() -> None:
    first = HashingEmbeddingModel().embed("The cat sat on the mat")
    second = HashingEmbeddingModel().embed("The cat sat on the mat")
    assert first == second
    assert len(first) == 256
    assert math.isclose(math.sqrt(sum(x * x for x in first)), 1.0)
    assert all(x >= 0 for x in first)


def test_shared_words_score_higher_than_unrelated_text() -> None:
    model = HashingEmbeddingModel()
    cat, cats, money = model.embed(
        ["the cat sat on the mat", "a cat on a mat", "quarterly revenue report"]
    )
    assert _cosine(cat, cats) > _cosine(cat, money)
    assert math.isclose(_cosine(cat, cat), 1.0)


def test_case_and_punctuation_do_not_matter() -> None:
    model = HashingEmbeddingModel()
    assert model.embed("Hello, World!") == model.embed("hello world")


def test_empty_text_has_a_fixed_unit_vector() -> None:
    model = HashingEmbeddingModel(dimensions=16)
    empty = model.embed("")
    assert empty == model.embed("  ?! ")
    assert math.isclose(sum(x * x for x in empty), 1.0)


def test_dimensions_are_known_without_a_call_and_options_override_them() -> None:
    model = HashingEmbeddingModel(dimensions=32)
    assert model.dimensions() == 32
    request = EmbeddingRequest(["abc"], EmbeddingOptions.builder().dimensions(8).build())
    assert len(model.call(request).get_result().get_output()) == 8


def test_response_reports_model_usage_and_indexes() -> None:
    response = HashingEmbeddingModel().embed_for_response(["one two", "three"])
    assert [e.get_index() for e in response.get_results()] == [0, 1]
    assert response.get_metadata().get_model() == "hashing"
    assert response.get_metadata().get_usage().get_prompt_tokens() == 3


@pytest.mark.parametrize("bad", [0, -1, 2.5])
def test_rejects_bad_dimensions(bad: int) -> None:
    with pytest.raises(ValueError, match="dimensions must be a positive integer"):
        HashingEmbeddingModel(bad)
    with pytest.raises(ValueError, match="dimensions must be a positive integer"):
        HashingEmbeddingModel().call(
            EmbeddingRequest(["x"], EmbeddingOptions.builder().dimensions(-4).build())
        )


def test_rejects_null_request_and_texts() -> None:
    model = HashingEmbeddingModel()
    with pytest.raises(ValueError, match="EmbeddingRequest must not be null"):
        model.call(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Texts must not be null"):
        model.call(EmbeddingRequest(None))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Texts must not contain null elements"):
        model.call(EmbeddingRequest(["a", None]))  # type: ignore[list-item]
