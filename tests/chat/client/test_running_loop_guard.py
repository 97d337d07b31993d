"""PORTING §8: blocking entry points refuse to run on a thread that runs an event loop.

A blocking ``call()`` result or a plain ``for`` over a stream, from inside a coroutine,
raises a ``RuntimeError`` naming the async spelling instead of blocking the loop; the
bridge thread (which runs the loop behind a plain ``for``) gets the same error instead of
deadlocking when an ``async def`` tool iterates another stream with a plain ``for``.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import BaseModel

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.tool import tool


class Person(BaseModel):
    name: str


def client() -> ChatClient:
    return ChatClient.builder(ScriptedChatModel("answer", "answer")).build()


@pytest.mark.parametrize(
    ("read", "spelling"),
    [
        (lambda spec: spec.content(), "await ...acontent()"),
        (lambda spec: spec.chat_response(), "await ...achat_response()"),
        (lambda spec: spec.chat_client_response(), "await ...achat_client_response()"),
        (lambda spec: spec.entity(Person), "await ...aentity()"),
        (lambda spec: spec.response_entity(Person), "await ...aresponse_entity()"),
    ],
    ids=["content", "chat_response", "chat_client_response", "entity", "response_entity"],
)
def test_a_blocking_call_inside_a_running_loop_names_the_async_spelling(
    read: Callable[[Any], Any], spelling: str
) -> None:
    spec = client().prompt("q").call()

    async def inside() -> None:
        read(spec)

    with pytest.raises(RuntimeError, match=re.escape(f"use `{spelling}` instead")):
        asyncio.run(inside())
    # Outside a loop the same spec still works.
    assert spec.content() == "answer"


@pytest.mark.parametrize("kind", ["content", "chat_response", "chat_client_response"])
def test_a_plain_for_over_a_stream_inside_a_running_loop_names_async_for(kind: str) -> None:
    stream = getattr(client().prompt("q").stream(), kind)()

    async def inside() -> None:
        for _ in stream:
            pass

    with pytest.raises(
        RuntimeError, match=r"a plain `for` over a stream .*use `async for` instead"
    ):
        asyncio.run(inside())
    assert len(list(stream)) >= 1


def test_async_for_and_the_awaitable_twins_are_the_way_inside_a_loop() -> None:
    c = client()

    async def inside() -> tuple[str | None, str]:
        text = await c.prompt("q").call().acontent()
        streamed = "".join([t async for t in c.prompt("q").stream().content()])
        return text, streamed

    assert asyncio.run(inside()) == ("answer", "answer")


def test_an_async_tool_iterating_a_stream_with_a_plain_for_under_a_plain_for_does_not_deadlock() -> (
    None
):
    inner = ChatClient.builder(ScriptedChatModel("inner answer")).build()

    @tool
    async def summarize(topic: str) -> str:
        """Summarize a topic with another model."""
        return "".join(inner.prompt(topic).stream().content())  # a plain for on the bridge thread

    model = ScriptedChatModel(options=ToolCallingChatOptions(model="m"))
    model.add_tool_calls(("summarize", {"topic": "t"}))
    model.add_response("never reached")
    outer = ChatClient.builder(model).build()

    # The tool fails fast with the §8 error instead of blocking the bridge thread forever,
    # and the error reaches the caller (a programming error, not a tool failure the model
    # should be told about).
    with pytest.raises(RuntimeError, match=r"deadlock.*async for"):
        list(outer.prompt("go").tools(summarize).stream().content())
    assert len(model.prompts) == 1
