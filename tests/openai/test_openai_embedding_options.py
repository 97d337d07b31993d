"""Port of Spring AI 2.0.1 `org.springframework.ai.openai.embedding.OpenAiEmbeddingOptionsTests`: 8 tests ported, 0 skipped.

Spring inspects ``toOpenAiCreateParams``; the port has no params object of its own, so
the tests read the JSON body the SDK sent to the fake server (OpenAI's embeddings
reference: ``encoding_format`` ``float`` or ``base64``, extra fields at the top level).
Spring's ``builder().from(x)`` is ``x.mutate()``; ``builder()...merge(x)`` is
``OpenAiEmbeddingOptions(...).merge(x)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from spring_ai_py.embedding import EmbeddingOptions
from spring_ai_py.openai import OpenAiEmbeddingModel, OpenAiEmbeddingOptions
from spring_ai_py.test.openai_server import OpenAiTestServer

EncodingFormat = OpenAiEmbeddingOptions.EncodingFormat


@pytest.fixture
def server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as running:
        yield running


def _sent(server: OpenAiTestServer, options: OpenAiEmbeddingOptions) -> dict[str, Any]:
    model = OpenAiEmbeddingModel(
        options=options.mutate().base_url(server.base_url).api_key("k").max_retries(0).build()
    )
    model.embed(["test input"])
    body = server.requests[-1].body
    assert isinstance(body, dict)
    return body


def test_default_encoding_format_is_null(server: OpenAiTestServer) -> None:
    options = OpenAiEmbeddingOptions.builder().model("test-model").build()
    assert options.get_encoding_format() is None
    assert _sent(server, options)["encoding_format"] == "base64"


def test_encoding_format_can_be_configured(server: OpenAiTestServer) -> None:
    options = (
        OpenAiEmbeddingOptions.builder()
        .model("test-model")
        .encoding_format(EncodingFormat.FLOAT)
        .build()
    )
    assert _sent(server, options)["encoding_format"] == "float"


def test_encoding_format_is_copied_and_merged() -> None:
    source = OpenAiEmbeddingOptions(model="test-model", encoding_format=EncodingFormat.FLOAT)
    copied = source.mutate().build()
    merged = OpenAiEmbeddingOptions(model="other-model").merge(source)
    assert copied.get_encoding_format() is EncodingFormat.FLOAT
    assert merged.get_encoding_format() is EncodingFormat.FLOAT


def test_generic_embedding_options_are_merged() -> None:
    source = EmbeddingOptions.builder().model("generic-model").dimensions(1024).build()
    merged = OpenAiEmbeddingOptions().merge(source)
    assert merged.get_model() == "generic-model"
    assert merged.get_dimensions() == 1024


def test_options_builder_merge_custom_headers() -> None:
    defaults = OpenAiEmbeddingOptions(custom_headers={"default-header": "default-value"})
    request = OpenAiEmbeddingOptions(
        custom_headers={"merged-header1": "merged-value1", "merged-header2": "merged-value2"}
    )
    merged = defaults.mutate().build().merge(request)
    assert merged.custom_headers == {
        "default-header": "default-value",
        "merged-header1": "merged-value1",
        "merged-header2": "merged-value2",
    }


def test_extra_body_is_passed_as_additional_body_properties(server: OpenAiTestServer) -> None:
    options = OpenAiEmbeddingOptions(
        model="test-model", extra_body={"top_k": 40, "repetition_penalty": 1.2}
    )
    assert options.extra_body == {"top_k": 40, "repetition_penalty": 1.2}
    body = _sent(server, options)
    assert (body["top_k"], body["repetition_penalty"]) == (40, 1.2)
    assert "extra_body" not in body


def test_extra_body_is_copied_and_merged() -> None:
    source = OpenAiEmbeddingOptions(model="test-model", extra_body={"top_k": 40})
    copied = source.mutate().build()
    merged = OpenAiEmbeddingOptions(extra_body={"repetition_penalty": 1.2}).merge(source)
    assert copied.extra_body == {"top_k": 40}
    assert merged.extra_body == {"repetition_penalty": 1.2, "top_k": 40}


def test_empty_extra_body_is_not_added_to_create_params(server: OpenAiTestServer) -> None:
    options = OpenAiEmbeddingOptions(model="test-model")
    assert options.extra_body is None
    assert set(_sent(server, options)) == {"input", "model", "encoding_format"}
