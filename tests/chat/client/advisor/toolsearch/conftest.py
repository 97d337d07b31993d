"""Shared pieces of the ToolSearchToolCallingAdvisor tests: a real keyword index that
records what the advisor asks of it, real tools, and chains ending in the scripted model."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import (
    ChatModelCallAdvisor,
    ChatModelStreamAdvisor,
    DefaultAroundAdvisorChain,
)
from spring_ai_py.chat.client.advisor.toolsearch import ToolSearchToolCallingAdvisor
from spring_ai_py.chat.memory import ChatMemory
from spring_ai_py.chat.messages import Message, SystemMessage, UserMessage
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.function import FunctionToolCallback
from spring_ai_py.tool.toolsearch import ToolReference, ToolSearchRequest, ToolSearchResponse
from spring_ai_py.tool.toolsearch.index.keyword import KeywordToolIndex


class RecordingToolIndex(KeywordToolIndex):
    """A real keyword index that also records every call the advisor makes."""

    def __init__(self) -> None:
        super().__init__()
        self.indexed: list[tuple[str, list[ToolReference]]] = []
        self.cleared: list[str] = []
        self.searches: list[ToolSearchRequest] = []

    def index_tools(self, session_id: str, tool_references: Sequence[ToolReference]) -> None:
        self.indexed.append((session_id, list(tool_references)))
        super().index_tools(session_id, tool_references)

    def clear_index(self, session_id: str) -> None:
        self.cleared.append(session_id)
        super().clear_index(session_id)

    def search(self, tool_search_request: ToolSearchRequest) -> ToolSearchResponse:
        self.searches.append(tool_search_request)
        return super().search(tool_search_request)


def callback(name: str, description: str | None = None) -> ToolCallback:
    """A real tool that answers ``"<name> done"``."""
    return (
        FunctionToolCallback.builder(name, lambda: f"{name} done")
        .description(description or f"{name} desc")
        .build()
    )


def make_request(
    options: ChatOptions | None = None,
    conversation_id: str | None = "test-session-id",
    messages: list[Message] | None = None,
    context: dict[str, Any] | None = None,
) -> ChatClientRequest:
    if options is None:
        options = ToolCallingChatOptions()
    instructions = (
        messages if messages is not None else [SystemMessage("System message"), UserMessage("test")]
    )
    ctx: dict[str, Any] = dict(context or {})
    if conversation_id is not None:
        ctx[ChatMemory.CONVERSATION_ID] = conversation_id
    return ChatClientRequest(Prompt(instructions, options), ctx)


def run_call(
    advisor: ToolSearchToolCallingAdvisor, request: ChatClientRequest, model: ScriptedChatModel
) -> ChatClientResponse:
    chain = (
        DefaultAroundAdvisorChain.builder()
        .push_all([advisor, ChatModelCallAdvisor.builder().chat_model(model).build()])
        .build()
    )
    return advisor.advise_call(request, chain)


def run_stream(
    advisor: ToolSearchToolCallingAdvisor, request: ChatClientRequest, model: ScriptedChatModel
) -> list[ChatClientResponse]:
    chain = (
        DefaultAroundAdvisorChain.builder()
        .push_all([advisor, ChatModelStreamAdvisor.builder().chat_model(model).build()])
        .build()
    )

    async def collect() -> list[ChatClientResponse]:
        return [r async for r in advisor.advise_stream(request, chain)]

    return asyncio.run(collect())


def sent_tool_names(prompt: Prompt) -> list[str]:
    options = prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    return [c.get_tool_definition().name for c in options.tool_callbacks or []]


@pytest.fixture
def index() -> RecordingToolIndex:
    return RecordingToolIndex()


@pytest.fixture
def model() -> ScriptedChatModel:
    return ScriptedChatModel()


@pytest.fixture(name="callback")
def callback_fixture() -> Callable[..., ToolCallback]:
    return callback


@pytest.fixture(name="make_request")
def make_request_fixture() -> Callable[..., ChatClientRequest]:
    return make_request


@pytest.fixture(name="run_call")
def run_call_fixture() -> Callable[..., ChatClientResponse]:
    return run_call


@pytest.fixture(name="run_stream")
def run_stream_fixture() -> Callable[..., list[ChatClientResponse]]:
    return run_stream


@pytest.fixture(name="sent_tool_names")
def sent_tool_names_fixture() -> Callable[[Prompt], list[str]]:
    return sent_tool_names
