"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.advisor.ToolCallingAdvisorSpanHierarchyTests`: 1 test
ported, 0 skipped (Micrometer observations are OpenTelemetry spans, PORTING §6), plus the
port's own checks: ``execute_tool`` spans under the ``tool_calling`` span on both paths."""

from __future__ import annotations

import asyncio
from typing import Any

from tool_loop_support import ScriptedManager, execution_result

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import DefaultAroundAdvisorChain, ToolCallingAdvisor
from spring_ai_py.chat.client.advisor.api import StreamAdvisor, StreamAdvisorChain
from spring_ai_py.chat.messages import AssistantMessage, UserMessage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.core import Ordered
from spring_ai_py.model.tool import DefaultToolCallingManager, ToolCallingChatOptions
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.tool import tool
from spring_ai_py.tool.observation import DefaultToolCallingObservationConvention


@tool
def weather(city: str) -> str:
    """Weather of a city."""
    return f"{city}: sunny"


@tool
def time_of_day(city: str) -> str:
    """Local time of a city."""
    return f"{city}: noon"


class ModelStreamAdvisor(StreamAdvisor):
    """Stands in for the model: a tool call first, then the answer."""

    def __init__(self) -> None:
        self.calls = 0

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> Any:
        async def once() -> Any:
            self.calls += 1
            if self.calls == 1:
                call = AssistantMessage.ToolCall("call-1", "function", "weather", "{}")
                message = AssistantMessage("", tool_calls=[call])
            else:
                message = AssistantMessage("The weather in Denver is sunny.")
            yield ChatClientResponse(ChatResponse([Generation(message)]), {})

        return once()

    def get_name(self) -> str:
        return "Model Stream Advisor"

    def get_order(self) -> int:
        return Ordered.LOWEST_PRECEDENCE


def test_model_call_spans_nest_under_tool_calling_advisor_even_when_an_outer_scope_is_open(
    otel: Any,
) -> None:
    tool_advisor = (
        ToolCallingAdvisor.builder()
        .tool_calling_manager(ScriptedManager(execution_result()))
        .build()
    )
    model_advisor = ModelStreamAdvisor()
    chain = (
        DefaultAroundAdvisorChain.builder(otel.provider)
        .push_all([tool_advisor, model_advisor])
        .build()
    )
    request = ChatClientRequest(
        Prompt([UserMessage("What is the weather in Denver?")], ToolCallingChatOptions()), {}
    )
    tracer = otel.provider.get_tracer("test")

    async def run() -> list[ChatClientResponse]:
        with tracer.start_as_current_span("outer"):
            return [item async for item in chain.next_stream(request)]

    results = asyncio.run(run())
    assert len(results) == 1 and model_advisor.calls == 2
    outer = otel.span("outer")
    loop = otel.span("tool_calling")
    assert otel.parent_of(loop) is outer
    model_spans = [
        s
        for s in otel.spans()
        if (s.attributes or {}).get("spring.ai.advisor.name") == "Model Stream Advisor"
    ]
    assert len(model_spans) == 2
    assert all(otel.parent_of(span) is loop for span in model_spans)


def client(otel: Any, model: ScriptedChatModel, **convention: bool) -> ChatClient:
    manager = DefaultToolCallingManager.builder().tracer_provider(otel.provider)
    if convention:
        manager.observation_convention(DefaultToolCallingObservationConvention(**convention))
    return ChatClient.builder(
        model,
        otel.provider,
        tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_calling_manager(
            manager.build()
        ),
    ).build()


def scripted() -> ScriptedChatModel:
    model = ScriptedChatModel(options=ToolCallingChatOptions())
    model.add_tool_calls(("weather", {"city": "Oslo"}), ("time_of_day", {"city": "Oslo"}))
    model.add_response("Sunny at noon")
    return model


EXPECTED_TREE = """spring_ai chat_client
  tool_calling
    {step}
    execute_tool weather
    execute_tool time_of_day
    {step}"""


def test_tool_spans_nest_under_the_tool_calling_span_on_the_call_path(otel: Any) -> None:
    assert (
        client(otel, scripted()).prompt().user("q").tools(weather, time_of_day).call().content()
        == "Sunny at noon"
    )
    assert otel.tree() == EXPECTED_TREE.format(step="call")


def test_tool_spans_nest_under_the_tool_calling_span_on_the_stream_path(otel: Any) -> None:
    chunks = (
        client(otel, scripted())
        .prompt()
        .user("q")
        .tools(weather, time_of_day)
        .stream()
        .content()
        .collect()
    )
    assert "".join(chunks) == "Sunny at noon"
    assert otel.tree() == EXPECTED_TREE.format(step="stream")


def test_auto_registered_manager_reports_to_the_client_tracer_provider(otel: Any) -> None:
    model = scripted()
    ChatClient.builder(model, otel.provider).build().prompt().user("q").tools(
        weather, time_of_day
    ).call().content()
    assert otel.tree() == EXPECTED_TREE.format(step="call")


def test_tool_span_attributes_without_and_with_opt_in(otel: Any) -> None:
    client(otel, scripted()).prompt().user("q").tools(weather, time_of_day).call().content()
    attributes = dict(otel.span("execute_tool weather").attributes or {})
    assert attributes["gen_ai.operation.name"] == "execute_tool"
    assert attributes["spring.ai.kind"] == "tool_call"
    assert attributes["gen_ai.tool.name"] == "weather"
    assert attributes["spring.ai.tool.definition.description"] == "Weather of a city."
    assert (
        "gen_ai.tool.call.arguments" not in attributes
        and "gen_ai.tool.call.result" not in attributes
    )
    otel.clear()
    client(otel, scripted(), include_arguments=True, include_result=True).prompt().user("q").tools(
        weather, time_of_day
    ).stream().content().collect()
    attributes = dict(otel.span("execute_tool weather").attributes or {})
    assert attributes["gen_ai.tool.call.arguments"] == '{"city": "Oslo"}'
    assert attributes["gen_ai.tool.call.result"] == "Oslo: sunny"
