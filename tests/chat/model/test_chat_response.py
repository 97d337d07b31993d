"""ChatResponse and ChatModel behaviours beyond Spring's ChatResponseTests and GenerationTests
(ported in ``test_chat_response_spring.py`` and ``test_generation.py``)."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.messages import AssistantMessage, SystemMessage, UserMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata, ChatResponseMetadata
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import ChatOptions, Prompt

ToolCall = AssistantMessage.ToolCall


def test_has_finish_reasons_ignores_case() -> None:
    response = ChatResponse(
        [
            Generation(
                AssistantMessage("Result"),
                ChatGenerationMetadata.builder().finish_reason("completed").build(),
            )
        ]
    )
    assert response.has_finish_reasons({"COMPLETED"})


def test_results() -> None:
    first, second = Generation(AssistantMessage("a")), Generation(AssistantMessage("b"))
    response = ChatResponse([first, second])
    assert response.get_result() is first
    assert response.get_results() == [first, second]
    assert ChatResponse([]).get_result() is None
    assert isinstance(response.get_metadata(), ChatResponseMetadata)


def test_generations_none_raises() -> None:
    with pytest.raises(ValueError, match=r"^'generations' must not be null$"):
        ChatResponse(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^'generations' must not be null$"):
        ChatResponse.builder().build()


def test_builder_from_copies_generations_and_metadata() -> None:
    metadata = ChatResponseMetadata.builder().id("1").model("m").key_value("k", "v").build()
    original = ChatResponse([Generation(AssistantMessage("a"))], metadata)
    copy = ChatResponse.builder().from_(original).metadata("extra", 1).build()
    assert copy.get_results() == original.get_results()
    assert copy.get_metadata().get_id() == "1"
    assert copy.get_metadata().get("k") == "v" and copy.get_metadata().get("extra") == 1
    assert ChatResponse([Generation(AssistantMessage("a"))], metadata) == original


class EchoModel(ChatModel):
    def __init__(self) -> None:
        self.prompts: list[Prompt] = []

    def call(self, prompt: Prompt) -> ChatResponse:
        self.prompts.append(prompt)
        return ChatResponse([Generation(AssistantMessage(f"echo: {prompt.get_contents()}"))])


def test_chat_model_call_accepts_prompt_text_and_messages() -> None:
    model = EchoModel()
    response = model.call(Prompt("hi"))
    assert response.get_result().get_output().get_text() == "echo: hi"  # type: ignore[union-attr]
    # the text overloads are added to every subclass at runtime, as Java's default methods
    assert model.call("hi") == "echo: hi"  # type: ignore[arg-type]
    assert model.call(SystemMessage("a"), UserMessage("b")) == "echo: ab"  # type: ignore[arg-type,call-arg]
    assert [type(m).__name__ for m in model.prompts[-1].get_instructions()] == [
        "SystemMessage",
        "UserMessage",
    ]
    with pytest.raises(TypeError, match=r"call\(\) takes a Prompt, a str or messages, not int"):
        model.call(42)  # type: ignore[arg-type]


def test_chat_model_call_with_text_returns_empty_string_without_generations() -> None:
    class Empty(ChatModel):
        def call(self, prompt: Prompt) -> ChatResponse:
            return ChatResponse([])

    assert Empty().call("hi") == ""  # type: ignore[arg-type]


def test_chat_model_options_and_deprecated_alias() -> None:
    class WithOptions(EchoModel):
        def get_options(self) -> ChatOptions:
            return ChatOptions(model="m1")

    assert WithOptions().get_options() == ChatOptions(model="m1")
    assert WithOptions().get_default_options() == ChatOptions(model="m1")
    assert EchoModel().get_options() == ChatOptions()


def test_chat_model_without_stream_raises_not_implemented() -> None:
    with pytest.raises(NotImplementedError):
        EchoModel().stream(Prompt("hi"))
