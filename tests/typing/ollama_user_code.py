"""A typed user script for the Ollama provider, checked like ``user_code.py`` (``mypy
--strict`` and basedpyright by ``make typecheck``; lines ending in ``# type: ignore[...]``
must be errors). Not collected by pytest."""

from __future__ import annotations

from typing import assert_type


def check_ollama() -> None:
    from spring_ai_py import ChatResponse, Prompt
    from spring_ai_py.ollama import (
        ModelManagementOptions,
        OllamaApi,
        OllamaChatModel,
        OllamaChatOptions,
        OllamaEmbeddingModel,
        OllamaModel,
        PullModelStrategy,
        ThinkLevel,
    )

    options = (
        OllamaChatOptions.builder()
        .model(OllamaModel.LLAMA3_2)
        .num_ctx(4096)
        .num_predict(64)
        .keep_alive("5m")
        .think_option(ThinkLevel.HIGH)
        .build()
    )
    assert_type(options, OllamaChatOptions)
    assert_type(options.mutate().enable_thinking().build(), OllamaChatOptions)
    api = OllamaApi.builder().base_url("http://localhost:11434").max_retries(2).build()
    assert_type(api, OllamaApi)
    management = ModelManagementOptions(pull_model_strategy=PullModelStrategy.WHEN_MISSING)
    model = OllamaChatModel(options, api, model_management_options=management)
    assert_type(model.call("hi"), str | None)
    assert_type(model.call(Prompt("hi")), ChatResponse)
    assert_type(model.get_options(), OllamaChatOptions)
    assert_type(OllamaChatModel.builder().ollama_api(api).build(), OllamaChatModel)
    embedding = OllamaEmbeddingModel(ollama_api=api)
    assert_type(embedding.embed("hello"), list[float])

    OllamaChatOptions.builder().num_ctx("big")  # type: ignore[arg-type]
    OllamaChatOptions.builder().keep_alive(5)  # type: ignore[arg-type]
    OllamaChatModel(ollama_api="http://localhost:11434")  # type: ignore[arg-type]
    OllamaApi(base_url=11434)  # type: ignore[arg-type]


def check_ollama_properties() -> None:
    """The properties derived from the options are typed as the options' fields."""
    from spring_ai_py.ollama import (
        OllamaChatOptions,
        OllamaChatProperties,
        OllamaEmbeddingProperties,
    )

    properties = OllamaChatProperties()
    assert_type(properties.num_predict, int | None)
    assert_type(properties.top_p, float | None)
    assert_type(properties.stop, list[str] | None)
    assert_type(OllamaEmbeddingProperties().keep_alive, str | None)
    assert_type(OllamaChatOptions.builder().stop("END").build(), OllamaChatOptions)
    OllamaChatOptions.builder().stop(1)  # type: ignore[arg-type]
