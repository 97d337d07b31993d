"""Shared pieces of the reliability tests: provider models pointed at a FaultServer."""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions
from spring_ai_py.chat.model import ChatModel, ChatResponse
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test.faults import FaultServer

PROVIDERS = ["openai", "anthropic"]
MODES = ["call", "stream"]


def provider_model(server: FaultServer, **options: Any) -> ChatModel:
    """The provider's model on ``server``: no retries and a short timeout unless given."""
    settings: dict[str, Any] = {
        "base_url": server.base_url,
        "api_key": "test-key",
        "max_retries": 0,
        "timeout": 2.0,
        **options,
    }
    if server.provider == "openai":
        return OpenAiChatModel(OpenAiChatOptions(**settings))
    return AnthropicChatModel(AnthropicChatOptions(**settings))


def sdk(server: FaultServer) -> ModuleType:
    """The provider's SDK module (``openai`` or ``anthropic``): its error types."""
    return importlib.import_module(server.provider)


def answer(model: ChatModel, mode: str, text: str = "Hi") -> str:
    """The model's whole answer text, from ``call`` or from a fully consumed ``stream``."""
    if mode == "call":
        response = model.call(Prompt(text))
        return _text(response)

    async def consume() -> str:
        parts: list[str] = []
        async for response in model.stream(Prompt(text)):
            parts.append(_text(response))
        return "".join(parts)

    return asyncio.run(consume())


def _text(response: ChatResponse) -> str:
    generation = response.get_result()
    if generation is None:
        return ""
    return generation.get_output().get_text() or ""


@pytest.fixture(params=PROVIDERS)
def server(request: pytest.FixtureRequest) -> Iterator[FaultServer]:
    with FaultServer(request.param) as fault_server:
        yield fault_server


@pytest.fixture(params=MODES)
def mode(request: pytest.FixtureRequest) -> str:
    return str(request.param)
