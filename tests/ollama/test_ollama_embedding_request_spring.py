"""Port of Spring AI 2.0.1 `org.springframework.ai.ollama.OllamaEmbeddingRequestTests`: 13 tests ported, 0 skipped.

``ollama_embedding_request(request)`` is Spring's ``buildEmbeddingRequest`` (merging
the request's options over the model's) followed by ``ollamaEmbeddingRequest``: it
returns the merged options, the model and the official SDK's ``embed`` arguments.
"""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.embedding import EmbeddingRequest
from spring_ai_py.ollama import OllamaApi, OllamaEmbeddingModel, OllamaEmbeddingOptions


@pytest.fixture
def embedding_model() -> OllamaEmbeddingModel:
    return OllamaEmbeddingModel(
        OllamaEmbeddingOptions.builder().model("DEFAULT_MODEL").main_gpu(11).use_mmap(True).num_gpu(1).build(),
        OllamaApi(),
    )


def _request(model: OllamaEmbeddingModel, inputs: list[Any], options: Any = None) -> dict[str, Any]:
    return model.ollama_embedding_request(EmbeddingRequest(inputs, options))[2]


def test_ollama_embedding_request_options(embedding_model: OllamaEmbeddingModel) -> None:
    request = _request(embedding_model, ["Hello"])
    assert request["model"] == "DEFAULT_MODEL"
    assert request["input"] == ["Hello"]


def test_ollama_embedding_request_request_options(embedding_model: OllamaEmbeddingModel) -> None:
    request = _request(embedding_model, ["Hello"], OllamaEmbeddingOptions.builder().model("PROMPT_MODEL").build())
    assert request["model"] == "PROMPT_MODEL"
    assert request["input"] == ["Hello"]


def test_ollama_embedding_request_with_negative_keep_alive(embedding_model: OllamaEmbeddingModel) -> None:
    options = OllamaEmbeddingOptions.builder().model("PROMPT_MODEL").keep_alive("-1m").build()
    assert _request(embedding_model, ["Hello"], options)["keep_alive"] == "-1m"


def test_ollama_embedding_request_with_empty_input(embedding_model: OllamaEmbeddingModel) -> None:
    request = _request(embedding_model, [])
    assert request["input"] == []
    assert request["model"] == "DEFAULT_MODEL"


def test_ollama_embedding_request_with_multiple_inputs(embedding_model: OllamaEmbeddingModel) -> None:
    assert _request(embedding_model, ["Hello", "World", "How are you?"])["input"] == [
        "Hello",
        "World",
        "How are you?",
    ]


def test_ollama_embedding_request_options_override_defaults(embedding_model: OllamaEmbeddingModel) -> None:
    options = OllamaEmbeddingOptions.builder().model("OVERRIDE_MODEL").build()
    assert _request(embedding_model, ["Override test"], options)["model"] == "OVERRIDE_MODEL"


def test_ollama_embedding_request_with_different_keep_alive_formats(
    embedding_model: OllamaEmbeddingModel,
) -> None:
    seconds = OllamaEmbeddingOptions.builder().keep_alive("30s").build()
    assert _request(embedding_model, ["Test"], seconds)["keep_alive"] == "30s"
    hours = OllamaEmbeddingOptions.builder().keep_alive("2h").build()
    assert _request(embedding_model, ["Test"], hours)["keep_alive"] == "2h"


def test_ollama_embedding_request_with_minimal_defaults() -> None:
    minimal = OllamaEmbeddingModel(OllamaEmbeddingOptions.builder().model("MINIMAL_MODEL").build(), OllamaApi())
    request = _request(minimal, ["Minimal test"])
    assert request["model"] == "MINIMAL_MODEL"
    assert request["input"] == ["Minimal test"]
    assert request["options"].get("num_gpu") is None
    assert request["options"].get("main_gpu") is None
    assert request["options"].get("use_mmap") is None


def test_ollama_embedding_request_preserves_input_order(embedding_model: OllamaEmbeddingModel) -> None:
    inputs = ["First", "Second", "Third", "Fourth"]
    assert _request(embedding_model, inputs)["input"] == inputs


def test_ollama_embedding_request_with_whitespace_inputs(embedding_model: OllamaEmbeddingModel) -> None:
    inputs = ["", "   ", "\t\n", "normal text", "  spaced  "]
    assert _request(embedding_model, inputs)["input"] == inputs


def test_ollama_embedding_request_with_null_input(embedding_model: OllamaEmbeddingModel) -> None:
    request = _request(embedding_model, ["Hello", None, "World"])
    assert request["input"] == ["Hello", None, "World"]


def test_ollama_embedding_request_partial_options_override(embedding_model: OllamaEmbeddingModel) -> None:
    options = OllamaEmbeddingOptions.builder().model("PARTIAL_OVERRIDE_MODEL").num_gpu(5).build()
    request = _request(embedding_model, ["Partial override"], options)
    assert request["model"] == "PARTIAL_OVERRIDE_MODEL"
    assert request["options"] == {"num_gpu": 5, "main_gpu": 11, "use_mmap": True}


def test_ollama_embedding_request_with_empty_string_input(embedding_model: OllamaEmbeddingModel) -> None:
    request = _request(embedding_model, [""])
    assert request["input"] == [""]
    assert request["model"] == "DEFAULT_MODEL"
