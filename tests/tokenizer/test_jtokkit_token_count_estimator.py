"""JTokkitTokenCountEstimator and the offline encodings (Spring has no test class for
them; the counts and ids below are OpenAI's published values for these encodings)."""

from __future__ import annotations

import base64

import pytest

from spring_ai_py.chat.messages import UserMessage
from spring_ai_py.content import Media, MediaContent
from spring_ai_py.tokenizer import EncodingType, JTokkitTokenCountEstimator
from spring_ai_py.tokenizer.encoding import decode, encode


def test_known_token_ids_of_both_encodings() -> None:
    assert encode(EncodingType.CL100K_BASE, "hello world") == [15339, 1917]
    assert encode(EncodingType.O200K_BASE, "hello world") == [24912, 2375]
    assert encode(EncodingType.CL100K_BASE, "tiktoken is great!") == [83, 1609, 5963, 374, 2294, 0]


def test_counts_differ_between_encodings_where_the_vocabularies_differ() -> None:
    text = "Dzień dobry, jak się masz? 今日は良い天気ですね。"
    cl100k = JTokkitTokenCountEstimator().estimate(text)
    o200k = JTokkitTokenCountEstimator(EncodingType.O200K_BASE).estimate(text)
    assert o200k < cl100k


def test_decode_round_trips_and_replaces_cut_characters() -> None:
    tokens = encode(EncodingType.CL100K_BASE, "naïve café ☕")
    assert decode(EncodingType.CL100K_BASE, tokens) == "naïve café ☕"
    cut = encode(EncodingType.CL100K_BASE, "☕")[:1]
    assert "\ufffd" in decode(EncodingType.CL100K_BASE, cut)


def test_estimate_of_none_and_empty_text_is_zero() -> None:
    estimator = JTokkitTokenCountEstimator()
    assert estimator.estimate(None) == 0
    assert estimator.estimate("") == 0


def test_special_token_markers_count_as_plain_text() -> None:
    assert JTokkitTokenCountEstimator().estimate("<|endoftext|>") > 1


def test_message_counts_text_and_media_mime_type_and_data() -> None:
    estimator = JTokkitTokenCountEstimator()
    data = b"\x00\x01binary"
    message = UserMessage(
        "Describe this", media=[Media("image/png", data), Media("text/plain", "hi there")]
    )
    assert isinstance(message, MediaContent)
    expected = (
        estimator.estimate("Describe this")
        + estimator.estimate("image/png")
        + estimator.estimate(base64.b64encode(data).decode())
        + estimator.estimate("text/plain")
        + estimator.estimate("hi there")
    )
    assert estimator.estimate(message) == expected
    assert estimator.estimate([message, UserMessage("x")]) == expected + estimator.estimate("x")


def test_encodings_that_are_not_shipped_are_rejected_by_name() -> None:
    with pytest.raises(ValueError, match="P50K_BASE is not available offline"):
        JTokkitTokenCountEstimator(EncodingType.P50K_BASE)
    with pytest.raises(ValueError, match="token_encoding_type must not be null"):
        JTokkitTokenCountEstimator(None)  # type: ignore[arg-type]
