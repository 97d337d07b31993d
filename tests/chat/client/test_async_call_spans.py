"""The async call path reports the same spans as the blocking one (PORTING §6, §8).

A real OpenAI model on the wire-level fake server, a memory advisor and one tool
round-trip: ``call().content()`` and ``await call().acontent()`` give the same span tree,
attributes included.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test import OpenAiTestServer, SpanRecorder
from spring_ai_py.tool import tool


@tool
def weather(city: str) -> str:
    """Weather of a city."""
    return f"{city}: sunny"


@pytest.fixture
def server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as running:
        yield running


def run_turn(
    server: OpenAiTestServer, asynchronous: bool
) -> tuple[str, list[tuple[str, dict[str, object]]]]:
    server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Paris"}}])
    server.enqueue_text("It is sunny.")
    recorder = SpanRecorder()
    options = (
        OpenAiChatOptions.builder()
        .model("gpt-4o-mini")
        .api_key("sk-test")
        .base_url(server.base_url)
        .max_retries(0)
        .build()
    )
    model = OpenAiChatModel(options=options, tracer_provider=recorder.tracer_provider)
    memory = MessageWindowChatMemory.builder().build()
    client = (
        ChatClient.builder(model, recorder.tracer_provider)
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .default_advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "c"))
        .build()
    )
    spec = client.prompt("weather in Paris?").tools(weather).call()
    text = asyncio.run(spec.acontent()) if asynchronous else spec.content()
    assert text == "It is sunny."
    assert [m.get_text() for m in memory.get("c")] == ["weather in Paris?", "It is sunny."]
    attributes = [
        (span.name, {k: v for k, v in (span.attributes or {}).items() if "id" not in k})
        for span in recorder.spans
    ]
    return recorder.tree(durations=False), attributes


def test_async_call_reports_the_same_span_tree_as_call(server: OpenAiTestServer) -> None:
    blocking_tree, blocking_attributes = run_turn(server, asynchronous=False)
    async_tree, async_attributes = run_turn(server, asynchronous=True)
    assert async_tree == blocking_tree
    assert async_attributes == blocking_attributes
    assert "execute_tool weather" in async_tree
    assert async_tree.count("chat gpt-4o-mini") == 2
