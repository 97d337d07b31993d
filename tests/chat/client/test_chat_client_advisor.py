"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.ChatClientAdvisorTests`:
2 tests ported, 0 skipped.

MessageChatMemoryAdvisor remembers the conversation through the ChatClient, on the call
and the stream path."""

from __future__ import annotations

from collections.abc import Callable

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import (
    ChatMemory,
    InMemoryChatMemoryRepository,
    MessageWindowChatMemory,
)
from spring_ai_py.chat.messages import MessageType
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


def _call(client: ChatClient, text: str) -> str:
    spec = client.prompt().user(text).advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "test-session"))
    return spec.call().content() or ""


def _stream(client: ChatClient, text: str) -> str:
    spec = client.prompt().user(text).advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "test-session"))
    return "".join(spec.stream().content())


def _remembers(run: Callable[[ChatClient, str], str]) -> None:
    model = ScriptedChatModel("Hello John", "Your name is John")
    chat_memory = MessageWindowChatMemory.builder().chat_memory_repository(InMemoryChatMemoryRepository()).build()
    chat_client = (
        ChatClient.builder(model)
        .default_system("Default system text.")
        .default_advisors(MessageChatMemoryAdvisor.builder(chat_memory).build())
        .build()
    )

    assert run(chat_client, "my name is John") == "Hello John"
    first = model.last_prompt.get_instructions()
    assert [(m.get_message_type(), m.get_text()) for m in first] == [
        (MessageType.SYSTEM, "Default system text."),
        (MessageType.USER, "my name is John"),
    ]

    assert run(chat_client, "What is my name?") == "Your name is John"
    second = model.last_prompt.get_instructions()
    assert [(m.get_message_type(), m.get_text()) for m in second] == [
        (MessageType.SYSTEM, "Default system text."),
        (MessageType.USER, "my name is John"),
        (MessageType.ASSISTANT, "Hello John"),
        (MessageType.USER, "What is my name?"),
    ]


def test_message_chat_memory() -> None:
    _remembers(_call)


def test_streaming_message_chat_memory() -> None:
    _remembers(_stream)
