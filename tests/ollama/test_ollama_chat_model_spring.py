"""Port of Spring AI 2.0.1 `org.springframework.ai.ollama.OllamaChatModelTests`: 20 tests ported (19 and the parametrized one), 0 skipped.

The mocked ``OllamaApi`` becomes the loopback ``OllamaTestServer`` (the official SDK
talks to it); ``OllamaChatModel.from(response, previous)`` is
:func:`spring_ai_py.ollama.chat_model.response_metadata` over Ollama's JSON answer.
Where the port differs on purpose the test checks the port's contract and says so:
``None`` for ``ollama_api`` or ``model_management_options`` selects the defaults (a
local server; never pull), where Spring's builder rejects a null; a wrong type is a
``TypeError`` naming the argument. Durations are ``timedelta`` (microseconds), and
Python's integers do not overflow. There is no ``RetryTemplate``: ``OllamaApi`` carries
``max_retries``. The observation registry is OpenTelemetry's ``tracer_provider``.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from opentelemetry.sdk.trace import TracerProvider

from spring_ai_py.chat.messages import UserMessage
from spring_ai_py.chat.metadata import ChatResponseMetadata, DefaultUsage
from spring_ai_py.chat.model import ChatModel, ChatResponse
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import ToolCallingManager
from spring_ai_py.ollama import (
    ModelManagementOptions,
    OllamaApi,
    OllamaChatModel,
    OllamaChatOptions,
    OllamaModel,
)
from spring_ai_py.ollama.chat_model import response_metadata
from spring_ai_py.test import OllamaTestServer

LONG_MAX = 2**63 - 1
INT_MAX = 2**31 - 1


@pytest.fixture
def server() -> Iterator[OllamaTestServer]:
    with OllamaTestServer() as running:
        yield running


@pytest.fixture
def ollama_api(server: OllamaTestServer) -> OllamaApi:
    return OllamaApi(base_url=server.base_url)


def _answer(**fields: object) -> dict[str, object]:
    return {"model": "model", "created_at": "2026-01-01T00:00:00Z", **fields}


def _previous(usage: DefaultUsage, eval_duration: timedelta, prompt_duration: timedelta) -> ChatResponse:
    metadata = (
        ChatResponseMetadata.builder()
        .usage(usage)
        .key_value("eval-duration", eval_duration)
        .key_value("prompt-eval-duration", prompt_duration)
        .build()
    )
    return ChatResponse([], metadata)


def test_build_ollama_chat_model_with_constructor(ollama_api: OllamaApi) -> None:
    chat_model: ChatModel = OllamaChatModel(
        OllamaChatOptions.builder().model(OllamaModel.MISTRAL).build(),
        ollama_api,
        tool_calling_manager=ToolCallingManager.builder().build(),
        model_management_options=ModelManagementOptions.builder().build(),
    )
    assert chat_model is not None


def test_build_ollama_chat_model_with_builder(ollama_api: OllamaApi) -> None:
    assert OllamaChatModel.builder().ollama_api(ollama_api).build() is not None


def test_build_ollama_chat_model(ollama_api: OllamaApi) -> None:
    # Port: None selects the defaults; a wrong type names the argument.
    model = (
        OllamaChatModel.builder()
        .ollama_api(ollama_api)
        .options(OllamaChatOptions.builder().model(OllamaModel.LLAMA2).build())
        .model_management_options(None)
        .build()
    )
    assert model.get_options().get_model() == "llama2"
    with pytest.raises(TypeError, match="model_management_options"):
        OllamaChatModel(ollama_api=ollama_api, model_management_options="NEVER")  # type: ignore[arg-type]


def test_build_chat_response_metadata() -> None:
    response = _answer(
        total_duration=2000,
        load_duration=100,
        prompt_eval_count=808,
        prompt_eval_duration=8,
        eval_count=101,
        eval_duration=1000,
    )
    metadata = response_metadata(response, None)
    assert metadata.get("eval-duration") == timedelta(microseconds=1)
    assert metadata.get("eval-count") == 101
    assert metadata.get("prompt-eval-duration") == timedelta(microseconds=8 / 1000)
    assert metadata.get("prompt-eval-count") == 808


def test_build_chat_response_metadata_aggregation_with_non_empty_metadata() -> None:
    response = _answer(
        total_duration=2000,
        load_duration=100,
        prompt_eval_count=808,
        prompt_eval_duration=8,
        eval_count=101,
        eval_duration=1000,
    )
    previous = _previous(DefaultUsage(66, 99), timedelta(seconds=2), timedelta(seconds=2))
    metadata = response_metadata(response, previous)
    assert metadata.get_usage() == DefaultUsage(808 + 66, 101 + 99)
    assert metadata.get("eval-duration") == timedelta(microseconds=1) + timedelta(seconds=2)
    assert metadata.get("eval-count") == 101 + 99
    assert metadata.get("prompt-eval-duration") == timedelta(seconds=2)  # 8 ns is below a microsecond
    assert metadata.get("prompt-eval-count") == 808 + 66


def test_build_chat_response_metadata_aggregation_with_non_empty_metadata_but_empty_eval() -> None:
    previous = _previous(DefaultUsage(66, 99), timedelta(seconds=2), timedelta(seconds=2))
    metadata = response_metadata(_answer(), previous)
    assert metadata.get("eval-duration") is None
    assert metadata.get("prompt-eval-duration") is None
    assert metadata.get("eval-count") == 99
    assert metadata.get("prompt-eval-count") == 66


def test_build_ollama_chat_model_with_null_ollama_api() -> None:
    # Port: no OllamaApi means the default one, a server on localhost:11434.
    model = OllamaChatModel.builder().ollama_api(None).build()
    assert model.get_ollama_api().get_base_url() == "http://localhost:11434"


def test_build_ollama_chat_model_with_all_builder_options(ollama_api: OllamaApi) -> None:
    options = OllamaChatOptions.builder().model(OllamaModel.CODELLAMA).temperature(0.0).build()
    chat_model = (
        OllamaChatModel.builder()
        .ollama_api(ollama_api)
        .options(options)
        .tool_calling_manager(ToolCallingManager.builder().build())
        .tracer_provider(TracerProvider())
        .model_management_options(ModelManagementOptions.builder().build())
        .build()
    )
    assert isinstance(chat_model, OllamaChatModel)


def test_build_chat_response_metadata_with_large_values() -> None:
    response = _answer(
        total_duration=LONG_MAX,
        load_duration=LONG_MAX,
        prompt_eval_count=INT_MAX,
        prompt_eval_duration=LONG_MAX,
        eval_count=INT_MAX,
        eval_duration=LONG_MAX,
    )
    metadata = response_metadata(response, None)
    assert metadata.get("eval-duration") == timedelta(microseconds=LONG_MAX / 1000)
    assert metadata.get("eval-count") == INT_MAX
    assert metadata.get("prompt-eval-duration") == timedelta(microseconds=LONG_MAX / 1000)
    assert metadata.get("prompt-eval-count") == INT_MAX


def test_build_chat_response_metadata_aggregation_with_null_previous() -> None:
    response = _answer(
        total_duration=2000,
        load_duration=100,
        prompt_eval_count=808,
        prompt_eval_duration=8,
        eval_count=101,
        eval_duration=1000,
    )
    metadata = response_metadata(response, None)
    assert metadata.get_usage() == DefaultUsage(808, 101)
    assert metadata.get("eval-duration") == timedelta(microseconds=1)
    assert metadata.get("eval-count") == 101
    assert metadata.get("prompt-eval-count") == 808


@pytest.mark.parametrize("model_name", ["LLAMA2", "MISTRAL", "CODELLAMA", "LLAMA3", "GEMMA"])
def test_build_ollama_chat_model_with_different_models(model_name: str, ollama_api: OllamaApi) -> None:
    model = OllamaModel[model_name]
    options = OllamaChatOptions.builder().model(model).build()
    chat_model = OllamaChatModel.builder().ollama_api(ollama_api).options(options).build()
    assert isinstance(chat_model, OllamaChatModel)
    assert chat_model.get_options().get_model() == model.id()


def test_build_ollama_chat_model_with_custom_observation_registry(ollama_api: OllamaApi) -> None:
    chat_model = OllamaChatModel.builder().ollama_api(ollama_api).tracer_provider(TracerProvider()).build()
    assert chat_model is not None


def test_build_chat_response_metadata_preserves_model_name() -> None:
    response = {
        "model": "custom-model-name",
        "created_at": "2026-01-01T00:00:00Z",
        "total_duration": 1000,
        "load_duration": 100,
        "prompt_eval_count": 10,
        "prompt_eval_duration": 50,
        "eval_count": 20,
        "eval_duration": 200,
    }
    assert response_metadata(response, None).get_model() == "custom-model-name"


def test_build_chat_response_metadata_with_instant_time() -> None:
    metadata = response_metadata(_answer(created_at="2026-03-04T05:06:07.123456789Z"), None)
    created = metadata.get("created-at")
    assert created is not None
    assert (created.year, created.microsecond) == (2026, 123456)


def test_build_chat_response_metadata_aggregation_overflow_handling() -> None:
    response = _answer(
        total_duration=1000,
        load_duration=100,
        prompt_eval_count=INT_MAX,
        prompt_eval_duration=LONG_MAX,
        eval_count=INT_MAX,
        eval_duration=LONG_MAX,
    )
    previous = _previous(DefaultUsage(1, 1), timedelta(0), timedelta(0))
    metadata = response_metadata(response, previous)
    assert metadata.get_usage().get_prompt_tokens() == INT_MAX + 1  # no overflow in Python


def test_build_ollama_chat_model_immutability(ollama_api: OllamaApi) -> None:
    options = OllamaChatOptions.builder().model(OllamaModel.MISTRAL).temperature(0.0).build()
    first = OllamaChatModel.builder().ollama_api(ollama_api).options(options).build()
    second = OllamaChatModel.builder().ollama_api(ollama_api).options(options).build()
    assert first is not second


def test_build_chat_response_metadata_with_zero_values() -> None:
    response = _answer(
        total_duration=0,
        load_duration=0,
        prompt_eval_count=0,
        prompt_eval_duration=0,
        eval_count=0,
        eval_duration=0,
    )
    metadata = response_metadata(response, None)
    assert metadata.get("eval-duration") == timedelta(0)
    assert metadata.get("eval-count") == 0
    assert metadata.get("prompt-eval-duration") == timedelta(0)
    assert metadata.get("prompt-eval-count") == 0
    assert metadata.get_usage() == DefaultUsage(0, 0)


def test_build_ollama_chat_model_with_minimal_configuration(ollama_api: OllamaApi) -> None:
    assert isinstance(OllamaChatModel.builder().ollama_api(ollama_api).build(), OllamaChatModel)


def test_thinking_field_is_stored_in_assistant_message_properties(
    server: OllamaTestServer, ollama_api: OllamaApi
) -> None:
    thinking = "Let me reason step by step..."
    server.enqueue_text("The answer is 42.", thinking=thinking)
    with OllamaChatModel.builder().ollama_api(ollama_api).build() as chat_model:
        response = chat_model.call(Prompt(UserMessage("What is the answer?")))
    message = response.get_result().get_output()
    assert message.get_metadata()["thinking"] == thinking


def test_thinking_field_round_trips_through_conversation_history(
    server: OllamaTestServer, ollama_api: OllamaApi
) -> None:
    thinking = "Step 1: understand the question..."
    server.enqueue_text("First answer.", thinking=thinking)
    server.enqueue_text("Second answer.")
    with OllamaChatModel.builder().ollama_api(ollama_api).build() as chat_model:
        first = chat_model.call(Prompt(UserMessage("Turn 1"))).get_result().get_output()
        assert first.get_metadata()["thinking"] == thinking
        chat_model.call(Prompt([UserMessage("Turn 1"), first, UserMessage("Turn 2")]))
    sent = server.requests[-1].body["messages"]
    assert sent[1] == {"role": "assistant", "content": "First answer."}
