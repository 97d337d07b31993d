"""A stream on which no tool can be called passes through the ``ToolCallingAdvisor``
without its loop (no generators, context copies or aggregation per stream in flight),
and still does what the loop does with such a round."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import AsyncIterator
from typing import Any

import pytest

from spring_ai_py.chat.client import (
    EVENT_LISTENER,
    ChatClient,
    ChatClientRequest,
    ChatClientResponse,
)
from spring_ai_py.chat.client.advisor import ToolCallingAdvisor
from spring_ai_py.chat.client.advisor.api import StreamAdvisor
from spring_ai_py.chat.client.advisor.api.chain import StreamAdvisorChain
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.model.tool import DefaultToolCallingManager, ToolCallingChatOptions
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.tool import tool


@tool
def get_weather(city: str) -> str:
    """Current weather of a city."""
    return f"{city}: sunny"


def scripted() -> ScriptedChatModel:
    return ScriptedChatModel(options=ToolCallingChatOptions(model="m"))


class Seen(StreamAdvisor):
    """Inside the loop (a higher order): records the requests it streams."""

    def __init__(self) -> None:
        self.contexts: list[dict[str, Any]] = []

    def get_name(self) -> str:
        return "seen"

    def get_order(self) -> int:
        return ToolCallingAdvisor.DEFAULT_ORDER + 1

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        self.contexts.append(dict(chat_client_request.context))
        return stream_advisor_chain.next_stream(chat_client_request)


class Streams(StreamAdvisor):
    """Outside the loop: records what the tool advisor's stream is."""

    def __init__(self) -> None:
        self.kinds: list[bool] = []

    def get_name(self) -> str:
        return "streams"

    def get_order(self) -> int:
        return ToolCallingAdvisor.DEFAULT_ORDER - 1

    async def _watch(self, stream: AsyncIterator[ChatClientResponse]) -> AsyncIterator[ChatClientResponse]:
        async for item in stream:
            yield item

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        advisor = next(a for a in stream_advisor_chain.get_stream_advisors() if isinstance(a, ToolCallingAdvisor))
        probe = advisor.advise_stream(chat_client_request, stream_advisor_chain.copy(self))
        self.kinds.append(inspect.isasyncgen(probe))  # the loop is an async generator
        return self._watch(probe)


def test_the_loop_runs_only_when_a_tool_can_be_called() -> None:
    model = scripted().add_response("plain answer").add_response("with tools")
    watch = Streams()
    client = ChatClient.builder(model).default_advisors(watch).build()
    assert "".join(client.prompt().user("q").stream().content()) == "plain answer"
    assert "".join(client.prompt().user("q").tools(get_weather).stream().content()) == "with tools"
    assert watch.kinds == [False, True]


def test_a_tool_free_stream_passes_every_chunk_on_with_the_loops_context() -> None:
    model = scripted().add_stream(["one ", "two ", "three"])
    seen = Seen()
    heard: list[Any] = []
    client = ChatClient.builder(model).default_advisors(seen).build()
    responses = (
        client.prompt()
        .user("q")
        .advisors(lambda a: a.param("k", "v").param(EVENT_LISTENER, heard.append))
        .stream()
        .chat_client_response()
        .collect()
    )
    assert [r.chat_response.get_result().get_output().get_text() for r in responses] == [  # type: ignore[union-attr]
        "one ",
        "two ",
        "three",
    ]
    assert all(r.context.get("k") == "v" for r in responses)
    # As inside the loop: the event listener hears tool events, and there are none.
    assert seen.contexts == [{"k": "v"}]
    assert heard == []


def test_a_model_that_asks_for_a_tool_anyway_fails_as_the_loop_does() -> None:
    def run(with_loop: bool) -> tuple[list[str], str]:
        model = scripted()
        call = ScriptedChatModel.tool_call("get_wether", {"city": "Oslo"})
        asking = ChatResponse([Generation(AssistantMessage("", tool_calls=[call]))])
        model.add_stream(["before ", asking, "after"], finish_reason="TOOL_CALLS")
        client = ChatClient.builder(model).build()
        spec = client.prompt().user("q")
        if with_loop:
            # A custom checker keeps the loop: the same verdict as the default one.
            advisor = (
                ToolCallingAdvisor.builder()
                .tool_execution_eligibility_checker(lambda r: r is not None and r.has_tool_calls())
                .build()
            )
            spec = spec.advisors(advisor)
        texts: list[str] = []

        async def read() -> None:
            async for text in spec.stream().content():
                texts.append(text)

        with pytest.raises(RuntimeError) as failure:
            asyncio.run(read())
        return texts, str(failure.value)

    assert run(with_loop=False) == run(with_loop=True) == (
        ["before ", "after"],
        "No ToolCallback found for tool name: get_wether",
    )


def test_a_manager_that_resolves_unlisted_tools_keeps_the_loop() -> None:
    from spring_ai_py.tool.resolution import StaticToolCallbackResolver

    model = scripted().add_tool_calls(("get_weather", {"city": "Oslo"})).add_response("sunny")
    manager = (
        DefaultToolCallingManager.builder()
        .tool_callback_resolver(StaticToolCallbackResolver([get_weather]))
        .resolution_fallback_enabled(True)
        .build()
    )
    advisor = ToolCallingAdvisor.builder().tool_calling_manager(manager).build()
    client = ChatClient.builder(model).default_advisors(advisor).build()
    assert "".join(client.prompt().user("q").stream().content()) == "sunny"


def test_closing_a_tool_free_stream_early_closes_the_model_stream() -> None:
    closed: list[bool] = []

    class Model(ScriptedChatModel):
        def stream(self, prompt: Any) -> AsyncIterator[ChatResponse]:
            async def chunks() -> AsyncIterator[ChatResponse]:
                try:
                    for word in ("a", "b", "c"):
                        yield self.text_response(word, None)
                finally:
                    closed.append(True)

            return chunks()

    client = ChatClient.builder(Model(options=ToolCallingChatOptions(model="m"))).build()

    async def first() -> str:
        stream = client.prompt().user("q").stream().content().__aiter__()
        try:
            return str(await stream.__anext__())
        finally:
            await stream.aclose()  # type: ignore[attr-defined]

    assert asyncio.run(first()) == "a"
    assert closed == [True]
