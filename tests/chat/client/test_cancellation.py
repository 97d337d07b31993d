"""Cancellation (PORTING §8, §9; issue "Reliability"): cancelling the awaiting task
aborts the model's HTTP request and the tools in flight, a tool raising
``asyncio.CancelledError`` propagates on every path, and the memory advisors store
nothing in either case.

The model requests go to the wire-level fake servers, which hold a stalled request
until the client closes its connection and count that as aborted.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions
from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.model import ChatModel
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test import AnthropicTestServer, OpenAiTestServer
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.tool import tool

CID = ChatMemory.CONVERSATION_ID


@pytest.fixture
def openai_server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as server:
        yield server


@pytest.fixture
def anthropic_server() -> Iterator[AnthropicTestServer]:
    with AnthropicTestServer() as server:
        yield server


def openai_model(server: OpenAiTestServer) -> OpenAiChatModel:
    options = (
        OpenAiChatOptions.builder()
        .model("gpt-4o-mini")
        .api_key("sk-test")
        .base_url(server.base_url)
        .max_retries(0)
        .build()
    )
    return OpenAiChatModel(options=options)


def anthropic_model(server: AnthropicTestServer) -> AnthropicChatModel:
    options = (
        AnthropicChatOptions.builder()
        .model("claude-opus-4-1")
        .api_key("sk-ant-test")
        .base_url(server.base_url)
        .max_retries(0)
        .build()
    )
    return AnthropicChatModel(options=options)


def memory_client(model: ChatModel) -> tuple[ChatClient, MessageWindowChatMemory]:
    memory = MessageWindowChatMemory.builder().build()
    client = (
        ChatClient.builder(model)
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .default_advisors(lambda a: a.param(CID, "c"))
        .build()
    )
    return client, memory


async def cancel_when(started: Callable[[], bool], awaitable: Any) -> None:
    """Start ``awaitable`` as a task, cancel it once ``started()``, expect the cancellation."""
    task = asyncio.ensure_future(awaitable)
    for _ in range(500):
        if started():
            break
        await asyncio.sleep(0.01)
    assert started(), "the request never reached the point to cancel at"
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


# -- cancelling the awaiting task ---------------------------------------------------------


def test_cancelling_acontent_aborts_the_openai_request_and_stores_nothing(
    openai_server: OpenAiTestServer,
) -> None:
    openai_server.enqueue_stall()
    client, memory = memory_client(openai_model(openai_server))
    asyncio.run(cancel_when(openai_server.stalled.is_set, client.prompt("hi").call().acontent()))
    assert openai_server.wait_aborted(), "the HTTP request was left running"
    assert memory.get("c") == []


def test_cancelling_acontent_aborts_the_anthropic_request_and_stores_nothing(
    anthropic_server: AnthropicTestServer,
) -> None:
    anthropic_server.enqueue_stall()
    client, memory = memory_client(anthropic_model(anthropic_server))
    asyncio.run(cancel_when(anthropic_server.stalled.is_set, client.prompt("hi").call().acontent()))
    assert anthropic_server.wait_aborted(), "the HTTP request was left running"
    assert memory.get("c") == []


def test_cancelling_the_provider_acall_directly_aborts_the_request(
    openai_server: OpenAiTestServer,
) -> None:
    openai_server.enqueue_stall()
    model = openai_model(openai_server)
    asyncio.run(cancel_when(openai_server.stalled.is_set, model.acall("hi")))
    assert openai_server.wait_aborted()


def test_cancelling_acontent_cancels_the_tools_in_flight_and_stores_nothing(
    openai_server: OpenAiTestServer,
) -> None:
    entered = asyncio.Event()
    outcome: list[str] = []

    @tool
    async def slow_lookup(key: str) -> str:
        """Look something up, slowly."""
        entered.set()
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            outcome.append("cancelled")
            raise
        return "never"

    openai_server.enqueue_tool_calls([{"name": "slow_lookup", "arguments": {"key": "k"}}])
    client, memory = memory_client(openai_model(openai_server))
    asyncio.run(
        cancel_when(entered.is_set, client.prompt("look").tools(slow_lookup).call().acontent())
    )
    assert outcome == ["cancelled"]
    assert memory.get("c") == []
    assert len(openai_server.requests) == 1  # the loop never went on to a second round


def test_a_second_acontent_after_a_cancelled_one_works(openai_server: OpenAiTestServer) -> None:
    openai_server.enqueue_stall()
    openai_server.enqueue_text("fine")
    client, memory = memory_client(openai_model(openai_server))

    async def run() -> str | None:
        await cancel_when(openai_server.stalled.is_set, client.prompt("first").call().acontent())
        return await client.prompt("second").call().acontent()

    assert asyncio.run(run()) == "fine"
    assert [m.get_text() for m in memory.get("c")] == ["second", "fine"]


# -- a tool raising CancelledError propagates on every path -------------------------------


@tool
def cancelling_tool(key: str) -> str:
    """A blocking tool whose work was cancelled."""
    raise asyncio.CancelledError()


@tool
async def cancelling_async_tool(key: str) -> str:
    """An async tool whose work was cancelled."""
    raise asyncio.CancelledError()


def tool_model() -> ScriptedChatModel:
    model = ScriptedChatModel(options=ToolCallingChatOptions(model="m"))
    model.add_tool_calls(("cancelling_tool", {"key": "k"}))
    model.add_response("must not be reached")
    return model


@pytest.mark.parametrize(
    "tool_callback", [cancelling_tool, cancelling_async_tool], ids=["sync", "async"]
)
def test_a_cancelled_tool_propagates_on_the_call_path(tool_callback: Any) -> None:
    model = ScriptedChatModel(options=ToolCallingChatOptions(model="m"))
    model.add_tool_calls((tool_callback.get_tool_definition().name, {"key": "k"}))
    model.add_response("must not be reached")
    client, memory = memory_client(model)
    with pytest.raises(asyncio.CancelledError):
        client.prompt("go").tools(tool_callback).call().content()
    assert memory.get("c") == []
    assert model.remaining == 1  # the model was not told about a "tool error"


@pytest.mark.parametrize(
    "tool_callback", [cancelling_tool, cancelling_async_tool], ids=["sync", "async"]
)
def test_a_cancelled_tool_propagates_on_the_async_call_path(tool_callback: Any) -> None:
    model = ScriptedChatModel(options=ToolCallingChatOptions(model="m"))
    model.add_tool_calls((tool_callback.get_tool_definition().name, {"key": "k"}))
    model.add_response("must not be reached")
    client, memory = memory_client(model)
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(client.prompt("go").tools(tool_callback).call().acontent())
    assert memory.get("c") == []
    assert model.remaining == 1


def test_a_cancelled_tool_propagates_through_async_for() -> None:
    model = tool_model()
    client, memory = memory_client(model)

    async def consume() -> list[str]:
        return [
            text async for text in client.prompt("go").tools(cancelling_tool).stream().content()
        ]

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(consume())
    assert memory.get("c") == []
    assert model.remaining == 1


def test_a_cancelled_tool_propagates_through_a_plain_for() -> None:
    model = tool_model()
    client, memory = memory_client(model)
    with pytest.raises(asyncio.CancelledError):
        list(client.prompt("go").tools(cancelling_tool).stream().content())
    assert memory.get("c") == []
    assert model.remaining == 1


def test_cancelling_acontent_stores_nothing_in_vector_store_memory(
    openai_server: OpenAiTestServer,
) -> None:
    from spring_ai_py.chat.client.advisor.vectorstore import VectorStoreChatMemoryAdvisor
    from spring_ai_py.embedding import HashingEmbeddingModel
    from spring_ai_py.vectorstore import SimpleVectorStore

    openai_server.enqueue_stall()
    store = SimpleVectorStore(HashingEmbeddingModel())
    client = (
        ChatClient.builder(openai_model(openai_server))
        .default_advisors(VectorStoreChatMemoryAdvisor.builder(store).build())
        .build()
    )
    spec = client.prompt("remember this").advisors(lambda a: a.param(CID, "c")).call()
    asyncio.run(cancel_when(openai_server.stalled.is_set, spec.acontent()))
    assert openai_server.wait_aborted()
    assert store.similarity_search("remember this") == []


def test_cancelling_an_async_for_over_a_stream_aborts_the_request_and_stores_nothing(
    openai_server: OpenAiTestServer,
) -> None:
    openai_server.enqueue_stall()
    client, memory = memory_client(openai_model(openai_server))

    async def consume() -> list[str]:
        return [text async for text in client.prompt("hi").stream().content()]

    asyncio.run(cancel_when(openai_server.stalled.is_set, consume()))
    assert openai_server.wait_aborted(), "the streaming HTTP request was left running"
    assert memory.get("c") == []
