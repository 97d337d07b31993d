"""Spans of a ChatClient call or stream (PORTING §6): one ``spring_ai chat_client`` span
with one nested span per advisor, on every path, with OpenTelemetry-native types."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from opentelemetry import trace

from spring_ai_py.chat.client import (
    AdvisorParams,
    ChatClient,
    ChatClientRequest,
    ChatClientResponse,
)
from spring_ai_py.chat.client.advisor.api import (
    AdvisorChain,
    BaseAdvisor,
    CallAdvisor,
    CallAdvisorChain,
    StreamAdvisor,
    StreamAdvisorChain,
)
from spring_ai_py.chat.client.observation import (
    ChatClientObservationContext,
    DefaultChatClientObservationConvention,
)
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel

# As in Spring 2.0.1 a ToolCallingAdvisor is always auto-registered (order
# HIGHEST_PRECEDENCE + 300), so it is the outermost advisor here.
NESTED_CALL = "spring_ai chat_client\n  tool_calling\n    outer\n      inner\n        call"
NESTED_STREAM = "spring_ai chat_client\n  tool_calling\n    outer\n      inner\n        stream"


class Outer(BaseAdvisor):
    def get_order(self) -> int:
        return 1

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        return chat_client_request

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        return chat_client_response


class InnerAdvisor(CallAdvisor, StreamAdvisor):
    """Awaits between chunks and records the span current at each step."""

    def __init__(self) -> None:
        self.current: list[str] = []

    def get_name(self) -> str:
        return "InnerAdvisor"

    def get_order(self) -> int:
        return 2

    def _record(self) -> None:
        self.current.append(getattr(trace.get_current_span(), "name", ""))

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        self._record()
        return call_advisor_chain.next_call(chat_client_request)

    async def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        self._record()
        await asyncio.sleep(0.001)
        # aclosing: when the caller stops early, the inner stream closes right away
        stream = stream_advisor_chain.next_stream(chat_client_request)
        async with contextlib.aclosing(stream):  # type: ignore[type-var]
            async for response in stream:
                self._record()
                await asyncio.sleep(0.001)
                self._record()
                yield response


def build(
    otel: Any, model: ScriptedChatModel, **conventions: Any
) -> tuple[ChatClient, InnerAdvisor]:
    inner = InnerAdvisor()
    chat_client = (
        ChatClient.builder(model, otel.provider, **conventions)
        .default_advisors(Outer(), inner)
        .build()
    )
    return chat_client, inner


def _call(c: ChatClient) -> str:
    return c.prompt().user("secret question").call().content() or ""


def _for(c: ChatClient) -> str:
    return "".join(c.prompt().user("secret question").stream().content())


def _async_for(c: ChatClient) -> str:
    async def run() -> str:
        return "".join([t async for t in c.prompt().user("secret question").stream().content()])

    return asyncio.run(run())


def _acontent(c: ChatClient) -> str:
    async def run() -> str:
        return await c.prompt().user("secret question").call().acontent() or ""

    return asyncio.run(run())


PATHS: dict[str, tuple[Callable[[ChatClient], str], str]] = {
    "call": (_call, NESTED_CALL),
    "stream-for": (_for, NESTED_STREAM),
    "stream-async-for": (_async_for, NESTED_STREAM),
    "acontent": (_acontent, NESTED_CALL),
}


@pytest.mark.parametrize("path", PATHS)
def test_spans_nest_like_the_advisors(path: str, otel: Any) -> None:
    run, tree = PATHS[path]
    chat_client, _ = build(otel, ScriptedChatModel("secret answer", chunk_delay=0.001))
    assert run(chat_client) == "secret answer"
    assert otel.tree() == tree


@pytest.mark.parametrize("path", ["stream-for", "stream-async-for"])
def test_stream_keeps_the_advisor_span_current_across_awaits(path: str, otel: Any) -> None:
    run, _ = PATHS[path]
    chat_client, inner = build(otel, ScriptedChatModel("one two three", chunk_delay=0.001))
    run(chat_client)
    assert inner.current and set(inner.current) == {"inner"}


def test_call_sees_its_own_span(otel: Any) -> None:
    chat_client, inner = build(otel, ScriptedChatModel("x"))
    _call(chat_client)
    assert inner.current == ["inner"]


@pytest.mark.parametrize("path", PATHS)
def test_chat_client_span_attributes_have_native_types(path: str, otel: Any) -> None:
    run, _ = PATHS[path]
    chat_client, _ = build(otel, ScriptedChatModel("secret answer"))
    run(chat_client)
    span = otel.span("spring_ai chat_client")
    attributes = dict(span.attributes)
    stream = path.startswith("stream")
    assert attributes["spring.ai.chat.client.stream"] is stream
    assert attributes["spring.ai.kind"] == "chat_client"
    assert attributes["gen_ai.operation.name"] == "framework"
    assert attributes["gen_ai.system"] == "spring_ai"
    assert attributes["gen_ai.provider.name"] == "spring_ai"
    assert list(attributes["spring.ai.chat.client.advisors"]) == [
        "Tool Calling Advisor",
        "Outer",
        "InnerAdvisor",
        "stream" if stream else "call",
    ]
    outer = otel.span("outer").attributes
    assert outer["spring.ai.advisor.order"] == 1 and type(outer["spring.ai.advisor.order"]) is int
    assert outer["spring.ai.advisor.name"] == "Outer"
    assert outer["spring.ai.kind"] == "advisor"


@pytest.mark.parametrize("path", PATHS)
def test_no_prompt_or_completion_text_on_spans_by_default(path: str, otel: Any) -> None:
    run, _ = PATHS[path]
    chat_client, _ = build(otel, ScriptedChatModel("secret answer"))
    run(chat_client)
    for span in otel.spans():
        assert not any("secret" in str(value) for value in span.attributes.values()), span.name


@pytest.mark.parametrize("path", PATHS)
def test_prompt_and_completion_on_the_span_when_opted_in(path: str, otel: Any) -> None:
    run, _ = PATHS[path]
    opted_in = DefaultChatClientObservationConvention(include_prompt=True, include_completion=True)
    chat_client, _ = build(
        otel, ScriptedChatModel("secret answer"), observation_convention=opted_in
    )
    run(chat_client)
    attributes = otel.span("spring_ai chat_client").attributes
    assert list(attributes["gen_ai.prompt"]) == ["user: secret question"]
    assert list(attributes["gen_ai.completion"]) == ["secret answer"]


def test_conversation_id_goes_on_the_span(otel: Any) -> None:
    chat_client, _ = build(otel, ScriptedChatModel("x"))
    chat_client.prompt().user("q").advisors(
        lambda a: a.param("chat_memory_conversation_id", "42")
    ).call().content()
    assert (
        otel.span("spring_ai chat_client").attributes["spring.ai.chat.client.conversation.id"]
        == "42"
    )


def test_chat_client_spans_join_the_callers_trace(otel: Any) -> None:
    chat_client, _ = build(otel, ScriptedChatModel("a", "b"))
    tracer = otel.provider.get_tracer("app")
    with tracer.start_as_current_span("request"):
        _call(chat_client)
        _for(chat_client)
    assert otel.tree() == "request\n  " + NESTED_CALL.replace(
        "\n", "\n  "
    ) + "\n  " + NESTED_STREAM.replace("\n", "\n  ")


@pytest.mark.parametrize("path", PATHS)
def test_a_failing_model_marks_every_span_as_error(path: str, otel: Any) -> None:
    run, _ = PATHS[path]
    chat_client, _ = build(otel, ScriptedChatModel().add_error(ConnectionError("down")))
    with pytest.raises(ConnectionError):
        run(chat_client)
    assert {span.name: span.status.is_ok for span in otel.spans()} == {
        "spring_ai chat_client": False,
        "tool_calling": False,
        "outer": False,
        "inner": False,
        "call" if path in ("call", "acontent") else "stream": False,
    }


def test_stream_stopped_early_ends_its_spans_without_error(otel: Any) -> None:
    chat_client, _ = build(otel, ScriptedChatModel("one two three"))
    for _text in chat_client.prompt().user("q").stream().content():
        break
    assert otel.tree() == NESTED_STREAM
    assert all(span.status.is_ok for span in otel.spans())


def test_custom_chat_client_convention_renames_and_extends(otel: Any) -> None:
    class Renamed(DefaultChatClientObservationConvention):
        def get_contextual_name(self, context: ChatClientObservationContext) -> str:
            return "my chat"

        def get_low_cardinality_key_values(
            self, context: ChatClientObservationContext
        ) -> dict[str, Any]:
            return {**super().get_low_cardinality_key_values(context), "team": "search"}

    chat_client, _ = build(otel, ScriptedChatModel("x"), observation_convention=Renamed())
    _call(chat_client)
    assert otel.tree() == NESTED_CALL.replace("spring_ai chat_client", "my chat")
    assert otel.span("my chat").attributes["team"] == "search"


@pytest.mark.parametrize("path", PATHS)
def test_without_auto_registered_tool_advisor_the_user_advisors_are_outermost(
    path: str, otel: Any
) -> None:
    run, _ = PATHS[path]
    inner = InnerAdvisor()
    chat_client = (
        ChatClient.builder(ScriptedChatModel("secret answer"), otel.provider)
        .default_advisors(Outer(), inner)
        .default_advisors(AdvisorParams.tool_calling_advisor_auto_register(False))
        .build()
    )
    run(chat_client)
    terminal = "stream" if path.startswith("stream") else "call"
    assert otel.tree() == f"spring_ai chat_client\n  outer\n    inner\n      {terminal}"
