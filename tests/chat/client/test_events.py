"""``stream().events()`` and the call path's event listener (beyond Spring), against the
fake OpenAI and Anthropic servers."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any, Literal

import anthropic
import openai
import pytest

from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions
from spring_ai_py.chat.client import (
    EVENT_LISTENER,
    ApprovalRequested,
    ChatClient,
    ChatClientRequestSpec,
    ChatEvent,
    Finished,
    ReasoningDelta,
    TextDelta,
    ToolCallFinished,
    ToolCallStarted,
    Usage,
)
from spring_ai_py.chat.client.advisor import ToolCallingAdvisor
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatModel
from spring_ai_py.model.tool import Approve, PendingApproval, ToolCallListener
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test import AnthropicTestServer, OpenAiTestServer
from spring_ai_py.tool import tool
from spring_ai_py.tool.execution import ToolExecutionException

Iteration = Literal["for", "async for"]
ITERATIONS: tuple[Iteration, ...] = ("for", "async for")


class Provider:
    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.server: OpenAiTestServer | AnthropicTestServer = (
            OpenAiTestServer() if kind == "openai" else AnthropicTestServer()
        )

    def model(self) -> ChatModel:
        if isinstance(self.server, OpenAiTestServer):
            return OpenAiChatModel(
                options=OpenAiChatOptions.builder()
                .model("gpt-4o-mini")
                .api_key("sk-test")
                .base_url(self.server.base_url)
                .stream_usage(True)
                .max_retries(0)
                .build()
            )
        return AnthropicChatModel(
            options=AnthropicChatOptions.builder()
            .model("claude-opus-4-1")
            .api_key("sk-ant-test")
            .base_url(self.server.base_url)
            .max_retries(0)
            .build()
        )

    @property
    def stop(self) -> str:
        return "STOP" if self.kind == "openai" else "end_turn"

    def tools(self, *calls: tuple[str, str, dict[str, Any]]) -> None:
        self.server.enqueue_tool_calls([{"id": i, "name": n, "arguments": a} for i, n, a in calls])

    def text(self, text: str, reasoning: str | None = None) -> None:
        if isinstance(self.server, OpenAiTestServer):
            self.server.enqueue_text(text, reasoning=reasoning)
        else:
            self.server.enqueue_text(text, thinking=reasoning)


@pytest.fixture(params=["openai", "anthropic"])
def provider(request: pytest.FixtureRequest) -> Iterator[Provider]:
    prov = Provider(request.param)
    with prov.server:
        yield prov


ran: list[str] = []


@tool
def weather(city: str) -> str:
    """The weather in a city."""
    ran.append(city)
    return f"Sunny in {city}"


@tool
def broken() -> str:
    """Always fails."""
    raise ValueError("no such account")


@tool(requires_approval=True)
def transfer(amount: int) -> str:
    """Move money."""
    ran.append(f"transfer {amount}")
    return f"moved {amount}"


@pytest.fixture(autouse=True)
def _clear() -> None:
    ran.clear()


def client_of(provider: Provider, **builder: Any) -> ChatClient:
    return ChatClient.builder(provider.model(), **builder).default_tools(weather, broken, transfer).build()


def collect(spec: ChatClientRequestSpec, iteration: Iteration) -> list[ChatEvent]:
    events = spec.stream().events()
    if iteration == "for":
        return list(events)

    async def gather() -> list[ChatEvent]:
        return [event async for event in events]

    return asyncio.run(gather())


def texts(events: list[ChatEvent], kind: type[TextDelta] | type[ReasoningDelta] = TextDelta) -> str:
    return "".join(e.text for e in events if isinstance(e, kind))


def without_text(events: list[ChatEvent]) -> list[ChatEvent]:
    return [e for e in events if not isinstance(e, TextDelta | ReasoningDelta)]


@pytest.mark.parametrize("iteration", ITERATIONS)
def test_a_tool_round_streams_tool_events_then_the_answer_usage_and_finish(
    provider: Provider, iteration: Iteration
) -> None:
    provider.tools(("w1", "weather", {"city": "Paris"}))
    provider.text("It is sunny in Paris.")
    events = collect(client_of(provider).prompt().user("Weather in Paris?"), iteration)

    started, finished, usage, end = without_text(events)
    assert started == ToolCallStarted("w1", "weather", json.dumps({"city": "Paris"}))
    assert isinstance(finished, ToolCallFinished)
    assert (finished.id, finished.name, finished.result, finished.error) == (
        "w1",
        "weather",
        "Sunny in Paris",
        None,
    )
    assert finished.duration >= 0
    assert events.index(finished) < events.index(next(e for e in events if isinstance(e, TextDelta)))
    assert texts(events) == "It is sunny in Paris."
    assert sum(isinstance(e, TextDelta) for e in events) > 1  # deltas, not the whole answer
    assert isinstance(usage, Usage) and usage.usage.get_total_tokens() > 0
    assert end == Finished(provider.stop)
    assert ran == ["Paris"]


def test_usage_accumulates_over_the_tool_rounds(provider: Provider) -> None:
    provider.text("Only text.")
    single = collect(client_of(provider).prompt().user("hi"), "for")
    provider.tools(("w1", "weather", {"city": "Oslo"}))
    provider.text("Only text.")
    looped = collect(client_of(provider).prompt().user("hi"), "for")
    one = next(e for e in single if isinstance(e, Usage)).usage.get_total_tokens()
    two = next(e for e in looped if isinstance(e, Usage)).usage.get_total_tokens()
    assert two > one > 0


@pytest.mark.parametrize("iteration", ITERATIONS)
def test_a_failing_tool_finishes_with_its_error(provider: Provider, iteration: Iteration) -> None:
    provider.tools(("x1", "broken", {}))
    provider.text("That failed.")
    events = collect(client_of(provider).prompt().user("go"), iteration)
    finished = next(e for e in events if isinstance(e, ToolCallFinished))
    assert isinstance(finished.error, ToolExecutionException)
    assert isinstance(finished.error.cause, ValueError)
    assert finished.result is not None and "no such account" in finished.result


@pytest.mark.parametrize("iteration", ITERATIONS)
def test_a_gated_tool_ends_the_stream_with_approval_requested(
    provider: Provider, iteration: Iteration
) -> None:
    client = client_of(provider)
    provider.tools(("t1", "transfer", {"amount": 5}))
    events = collect(client.prompt().user("pay 5"), iteration)

    # Usage comes when the asking round reported it (OpenAI's usage chunk).
    requested, end = [e for e in without_text(events) if not isinstance(e, Usage)]
    assert isinstance(requested, ApprovalRequested)
    assert [c.id for c in requested.pending.awaiting()] == ["t1"]
    assert end == Finished(PendingApproval.FINISH_REASON)
    assert not any(isinstance(e, ToolCallStarted) for e in events)
    assert ran == []

    provider.text("Paid 5.")
    resumed = collect(client.prompt().resume(requested.pending.token, {"t1": Approve()}), iteration)
    assert [type(e) for e in without_text(resumed)] == [
        ToolCallStarted,
        ToolCallFinished,
        Usage,
        Finished,
    ]
    assert texts(resumed) == "Paid 5."
    assert ran == ["transfer 5"]


@pytest.mark.parametrize("iteration", ITERATIONS)
def test_reasoning_streams_as_reasoning_deltas_before_the_text(
    provider: Provider, iteration: Iteration
) -> None:
    provider.text("Four.", reasoning="Two plus two is four.")
    events = collect(client_of(provider).prompt().user("2+2?"), iteration)
    assert texts(events, ReasoningDelta) == "Two plus two is four."
    assert sum(isinstance(e, ReasoningDelta) for e in events) > 1
    assert texts(events) == "Four."
    last_reasoning = max(i for i, e in enumerate(events) if isinstance(e, ReasoningDelta))
    first_text = min(i for i, e in enumerate(events) if isinstance(e, TextDelta))
    assert last_reasoning < first_text


def test_content_is_unchanged_and_carries_no_reasoning(provider: Provider) -> None:
    provider.tools(("w1", "weather", {"city": "Rome"}))
    provider.text("Warm in Rome.", reasoning="Think about Rome.")
    chunks = list(client_of(provider).prompt().user("Rome?").stream().content())
    assert "".join(chunks) == "Warm in Rome."
    assert len(chunks) > 1


def test_the_call_path_listener_hears_tool_calls_live_then_the_answer(provider: Provider) -> None:
    heard: list[ChatEvent] = []
    ran_when_started: list[list[str]] = []

    def on_event(event: ChatEvent) -> None:
        heard.append(event)
        if isinstance(event, ToolCallStarted):
            ran_when_started.append(list(ran))

    provider.tools(("w1", "weather", {"city": "Lima"}))
    provider.text("Cloudy in Lima.")
    spec = client_of(provider).prompt().user("Lima?").advisors(lambda a: a.param(EVENT_LISTENER, on_event))

    assert spec.call().content() == "Cloudy in Lima."
    assert ran_when_started == [[]]  # heard before the tool ran
    assert [type(e) for e in heard] == [ToolCallStarted, ToolCallFinished, TextDelta, Usage, Finished]
    assert heard[2] == TextDelta("Cloudy in Lima.")
    assert heard[-1] == Finished(provider.stop)


def test_the_async_call_path_listener_hears_the_same(provider: Provider) -> None:
    heard: list[ChatEvent] = []
    provider.tools(("t1", "transfer", {"amount": 7}))
    spec = client_of(provider).prompt().user("pay 7").advisors(lambda a: a.param(EVENT_LISTENER, heard.append))
    response = asyncio.run(spec.call().achat_client_response())

    assert response.pending_approval is not None
    assert heard == [ApprovalRequested(response.pending_approval), Finished(PendingApproval.FINISH_REASON)]


def test_the_advisor_listener_and_the_event_stream_both_hear_the_calls(provider: Provider) -> None:
    class Names(ToolCallListener):
        def __init__(self) -> None:
            self.names: list[str] = []

        def on_tool_call_started(self, tool_call: AssistantMessage.ToolCall, arguments: str) -> None:
            self.names.append(tool_call.name)

    names = Names()
    client = client_of(
        provider, tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_call_listener(names)
    )
    provider.tools(("w1", "weather", {"city": "Bern"}))
    provider.text("Snow.")
    events = collect(client.prompt().user("Bern?"), "for")
    assert names.names == ["weather"]
    assert [type(e) for e in without_text(events)] == [ToolCallStarted, ToolCallFinished, Usage, Finished]


def test_events_are_frozen() -> None:
    event = TextDelta("a")
    with pytest.raises(AttributeError):
        event.text = "b"  # type: ignore[misc]


def test_a_listener_that_is_not_callable_names_the_key(provider: Provider) -> None:
    spec = client_of(provider).prompt().user("hi").advisors(lambda a: a.param(EVENT_LISTENER, "log"))
    with pytest.raises(TypeError, match=f"{EVENT_LISTENER} must be a callable taking a ChatEvent"):
        spec.call().content()


@pytest.mark.parametrize("iteration", ITERATIONS)
def test_a_live_listener_hears_tool_events_as_they_happen_while_the_stream_yields_them(
    provider: Provider, iteration: Iteration
) -> None:
    live: list[tuple[str, list[str]]] = []

    def on_event(event: ChatEvent) -> None:
        live.append((type(event).__name__, list(ran)))

    provider.tools(("w1", "weather", {"city": "Kyiv"}))
    provider.text("Mild.")
    spec = client_of(provider).prompt().user("Kyiv?").advisors(lambda a: a.param(EVENT_LISTENER, on_event))
    events = collect(spec, iteration)

    assert live == [("ToolCallStarted", []), ("ToolCallFinished", ["Kyiv"])]
    assert [type(e) for e in without_text(events)] == [ToolCallStarted, ToolCallFinished, Usage, Finished]


def test_a_stream_cut_off_raises_from_events_and_tells_no_finish(provider: Provider) -> None:
    provider.server.enqueue_text("This answer never ends properly.", cut_after=3)
    seen: list[ChatEvent] = []
    with pytest.raises((openai.APIConnectionError, anthropic.APIConnectionError)):
        for event in client_of(provider).prompt("hi").stream().events():
            seen.append(event)
    assert not any(isinstance(e, Finished) for e in seen)


@pytest.mark.parametrize("iteration", ITERATIONS)
def test_stopping_early_closes_the_stream(provider: Provider, iteration: Iteration) -> None:
    provider.text("one two three four")
    provider.text("again")
    client = client_of(provider)
    events = client.prompt("hi").stream().events()
    if iteration == "for":
        for event in events:
            assert isinstance(event, TextDelta)
            break
    else:

        async def first() -> ChatEvent:
            async for event in events:
                return event
            raise AssertionError("no event")

        assert isinstance(asyncio.run(first()), TextDelta)
    assert texts(collect(client.prompt("hi"), iteration)) == "again"
