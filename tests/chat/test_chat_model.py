"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.ChatModelTests`: 9 tests ported, 0 skipped.

Spring mocks ``ChatModel`` with Mockito and calls the real ``call(String)`` default
method; here a scripted ``ChatModel`` subclass records the prompts it receives and the
text overload comes from the base class. Where Java throws ``NullPointerException``
(a model returning null), the port raises a ``TypeError`` naming what was missing.
Plus the port's ``StreamingChatModel.stream(str)`` text overload.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import pytest

from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt


class _ScriptedChatModel(ChatModel):
    def __init__(self, answer: Callable[[Prompt], ChatResponse | None]) -> None:
        self.answer = answer
        self.prompts: list[Prompt] = []

    def call(self, prompt: Prompt) -> ChatResponse:
        self.prompts.append(prompt)
        return self.answer(prompt)  # type: ignore[return-value]

    async def stream(self, prompt: Prompt) -> AsyncIterator[ChatResponse]:  # type: ignore[override]
        self.prompts.append(prompt)
        for text in ("All your ", None, "bases"):
            yield _response(text)
        yield ChatResponse([])


def _response(text: str | None) -> ChatResponse:
    return ChatResponse([Generation(AssistantMessage(text))])


def _replying(text: str | None) -> _ScriptedChatModel:
    return _ScriptedChatModel(lambda prompt: _response(text))


def test_generate_with_string_calls_generate_with_prompt_and_returns_response_correctly() -> None:
    model = _replying("All your bases are belong to us")
    assert model.call("Zero Wing") == "All your bases are belong to us"
    assert len(model.prompts) == 1
    assert model.prompts[0].get_contents() == "Zero Wing"


def test_generate_with_empty_string_returns_empty_response() -> None:
    model = _replying("")
    assert model.call("") == ""
    assert len(model.prompts) == 1


def test_generate_with_whitespace_only_string_handles_correctly() -> None:
    model = _replying("I received whitespace input")
    assert model.call("   \t\n   ") == "I received whitespace input"
    assert model.prompts[0].get_contents() == "   \t\n   "


def test_generate_when_prompt_call_throws_exception_propagates_correctly() -> None:
    expected = RuntimeError("API call failed")

    def fail(prompt: Prompt) -> ChatResponse:
        raise expected

    model = _ScriptedChatModel(fail)
    with pytest.raises(RuntimeError) as raised:
        model.call("Test message")
    assert raised.value is expected
    assert len(model.prompts) == 1


def test_generate_when_response_is_null_handles_gracefully() -> None:
    model = _ScriptedChatModel(lambda prompt: None)
    with pytest.raises(TypeError, match="returned NoneType, not a ChatResponse"):
        model.call("Test message")
    assert len(model.prompts) == 1


def test_generate_when_assistant_message_is_null_handles_gracefully() -> None:
    class _NoOutput(Generation):
        def get_output(self) -> AssistantMessage:
            return None  # type: ignore[return-value]

    model = _ScriptedChatModel(lambda prompt: ChatResponse([_NoOutput(AssistantMessage("x"))]))
    with pytest.raises(TypeError, match="generation without output"):
        model.call("Test message")


def test_generate_when_assistant_message_text_is_null_returns_null() -> None:
    model = _replying(None)
    assert model.call("Test message") is None
    assert len(model.prompts) == 1


def test_generate_with_multiline_string_handles_correctly() -> None:
    message = "Line 1\nLine 2\r\nLine 3\rLine 4"
    model = _replying("Multiline input processed")
    assert model.call(message) == "Multiline input processed"
    assert model.prompts[0].get_contents() == message


def test_generate_multiple_times_with_same_client_maintains_state() -> None:
    answers = iter(["Response 1", "Response 2"])
    model = _ScriptedChatModel(lambda prompt: _response(next(answers)))
    assert model.call("Message 1") == "Response 1"
    assert model.call("Message 2") == "Response 2"
    assert [p.get_contents() for p in model.prompts] == ["Message 1", "Message 2"]


def test_stream_with_string_streams_the_text_of_each_chunk() -> None:
    """Port contract: Spring's ``Flux<String> stream(String)`` default method."""
    model = _replying("unused")

    async def collect() -> list[str]:
        return [text async for text in model.stream("Zero Wing")]

    assert asyncio.run(collect()) == ["All your ", "", "bases", ""]
    assert model.prompts[0].get_contents() == "Zero Wing"


def test_stream_with_a_prompt_streams_chat_responses() -> None:
    model = _replying("unused")

    async def collect() -> list[ChatResponse]:
        return [chunk async for chunk in model.stream(Prompt("Zero Wing"))]

    chunks = asyncio.run(collect())
    assert all(isinstance(chunk, ChatResponse) for chunk in chunks)
    assert len(chunks) == 4
