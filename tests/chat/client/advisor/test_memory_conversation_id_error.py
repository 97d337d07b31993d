"""Memory without a conversation id fails with Spring's message and says how to give one."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.test import ScriptedChatModel


def test_missing_conversation_id_error_shows_the_fix() -> None:
    memory = MessageWindowChatMemory.builder().build()
    client = (
        ChatClient.builder(ScriptedChatModel("never sent"))
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .build()
    )
    with pytest.raises(ValueError) as caught:
        client.prompt().user("hi").call().content()
    message = str(caught.value)
    assert message.startswith("conversation_id cannot be null or empty")
    assert ".advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID," in message
    # Following the hint works, and nothing was stored by the failed call.
    assert memory.get("c1") == []
    model = ScriptedChatModel("stored")
    client = (
        ChatClient.builder(model)
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .build()
    )
    client.prompt().user("hi").advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "c1")).call().content()
    assert len(memory.get("c1")) == 2
