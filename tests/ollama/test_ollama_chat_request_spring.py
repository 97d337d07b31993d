"""Port of Spring AI 2.0.1 `org.springframework.ai.ollama.OllamaChatRequestTests`: 4 tests ported, 0 skipped.

``ollama_chat_request(prompt, options)`` returns the official SDK's ``chat`` arguments
(``stream`` is the SDK call's own argument, so it is not among them). Where the port
differs on purpose the test checks the port's contract and says so: the prompt's
options override the model's defaults field by field (the merge Spring's ChatClient
makes before the model sees the prompt), so a default the prompt does not set stays.
"""

from __future__ import annotations

from spring_ai_py.chat.messages import (
    AssistantMessage,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.ollama import OllamaApi, OllamaChatModel, OllamaChatOptions, OllamaModel

CHAT_MODEL = OllamaChatModel(
    OllamaChatOptions.builder().model("MODEL_NAME").top_k(99).temperature(66.6).num_gpu(1).build(),
    OllamaApi(),
)


def _request(prompt: Prompt) -> dict[str, object]:
    return CHAT_MODEL.ollama_chat_request(prompt, CHAT_MODEL.request_options(prompt))


def test_create_request_with_options() -> None:
    options = OllamaChatOptions.builder().model("MODEL_NAME").top_k(99).temperature(66.6).num_gpu(1).build()
    request = _request(Prompt("Test message content", options))
    assert len(request["messages"]) == 1  # type: ignore[arg-type]
    assert "stream" not in request
    assert request["model"] == "MODEL_NAME"
    assert request["options"] == {"temperature": 66.6, "top_k": 99, "num_gpu": 1}


def test_create_request_with_prompt_ollama_options() -> None:
    prompt_options = (
        OllamaChatOptions.builder()
        .model(OllamaModel.QWEN_2_5_3B)
        .temperature(0.8)
        .top_p(0.5)
        .num_gpu(2)
        .build()
    )
    request = _request(Prompt("Test message content", prompt_options))
    assert len(request["messages"]) == 1  # type: ignore[arg-type]
    assert request["model"] == OllamaModel.QWEN_2_5_3B.id()
    options = request["options"]
    assert isinstance(options, dict)
    assert options["temperature"] == 0.8
    assert options["num_gpu"] == 2
    assert options["top_p"] == 0.5
    # Port: the default top_k stays (field-by-field merge); Spring sends the prompt's alone.
    assert options["top_k"] == 99


def test_create_request_with_prompt_options_model_override() -> None:
    request = _request(Prompt("Test message content", OllamaChatOptions(model="PROMPT_MODEL")))
    assert request["model"] == "PROMPT_MODEL"


def test_create_request_with_all_message_types() -> None:
    responses = [
        ToolResponseMessage.ToolResponse("tool1", "Tool 1", "Test tool response 1"),
        ToolResponseMessage.ToolResponse("tool2", "Tool 2", "Test tool response 2"),
        ToolResponseMessage.ToolResponse("tool3", "Tool 3", "Test tool response 3"),
    ]
    messages = [
        SystemMessage("Test system message"),
        UserMessage("Test user message"),
        ToolResponseMessage.builder().responses(responses).build(),
        AssistantMessage("Test assistant message"),
    ]
    request = _request(Prompt(messages, OllamaChatOptions(model="PROMPT_MODEL")))
    assert request["messages"] == [
        {"role": "system", "content": "Test system message"},
        {"role": "user", "content": "Test user message"},
        {"role": "tool", "content": "Test tool response 1"},
        {"role": "tool", "content": "Test tool response 2"},
        {"role": "tool", "content": "Test tool response 3"},
        {"role": "assistant", "content": "Test assistant message"},
    ]
