"""The contenders: the raw ``openai`` SDK, spring_ai_py, LangChain and pydantic-ai.

Each factory takes the fake server's base URL and returns a ready-to-run client; every
contender talks to the same server with the same model name, key and ``max_retries=0``
(no retry ever happens: the server always answers 200).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from _common import API_KEY, BENCH_TIMEOUT, MODEL

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor.api import AdvisorChain, BaseAdvisor
from spring_ai_py.chat.model import ChatModel, ChatResponse
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.tool import tool

QUESTION = "hello"
TOOL_QUESTION = "What's the weather in Paris?"


def weather_of(city: str) -> str:
    return f"Sunny and 22 degrees in {city}"


@tool
def get_weather(city: str) -> str:
    """Get the current weather in a city."""
    return weather_of(city)


WEATHER_TOOL_SCHEMA = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Get the current weather in a city.",
            "parameters": {
                "type": "object",
                "properties": {"city": {"type": "string"}},
                "required": ["city"],
                "additionalProperties": False,
            },
        },
    }
]


# -- the raw SDK ----------------------------------------------------------------------


def openai_sync(base_url: str) -> Any:
    import openai

    return openai.OpenAI(base_url=base_url, api_key=API_KEY, max_retries=0, timeout=BENCH_TIMEOUT)


def openai_async(base_url: str) -> Any:
    import openai

    return openai.AsyncOpenAI(
        base_url=base_url, api_key=API_KEY, max_retries=0, timeout=BENCH_TIMEOUT
    )


def raw_call(client: Any) -> str | None:
    completion = client.chat.completions.create(
        model=MODEL, messages=[{"role": "user", "content": QUESTION}]
    )
    content: str | None = completion.choices[0].message.content
    return content


def append_tool_round(messages: list[dict[str, Any]], message: Any) -> None:
    """Add the SDK's tool-calling assistant ``message`` and the tools' results."""
    calls = message.tool_calls or []
    messages.append(
        {
            "role": "assistant",
            "content": message.content,
            "tool_calls": [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.function.name, "arguments": call.function.arguments},
                }
                for call in calls
            ],
        }
    )
    for call in calls:
        arguments = json.loads(call.function.arguments)
        messages.append(
            {"role": "tool", "tool_call_id": call.id, "content": weather_of(**arguments)}
        )


def raw_tool_round_trip(client: Any) -> str | None:
    """The two requests of one tool round-trip, by hand, as a user of the bare SDK would."""
    messages: list[dict[str, Any]] = [{"role": "user", "content": TOOL_QUESTION}]
    first = client.chat.completions.create(
        model=MODEL, messages=messages, tools=WEATHER_TOOL_SCHEMA
    )
    append_tool_round(messages, first.choices[0].message)
    second = client.chat.completions.create(
        model=MODEL, messages=messages, tools=WEATHER_TOOL_SCHEMA
    )
    content: str | None = second.choices[0].message.content
    return content


# -- spring_ai_py ---------------------------------------------------------------------


class PassThroughAdvisor(BaseAdvisor):
    """A ``BaseAdvisor`` whose ``before`` and ``after`` return what they get."""

    def __init__(self, order: int) -> None:
        self._order = order

    def get_order(self) -> int:
        return self._order

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        return chat_client_request

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        return chat_client_response


def openai_chat_model(
    base_url: str, tracer_provider: Any = None, meter_provider: Any = None
) -> OpenAiChatModel:
    options = (
        OpenAiChatOptions.builder()
        .model(MODEL)
        .base_url(base_url)
        .api_key(API_KEY)
        .max_retries(0)
        .timeout(BENCH_TIMEOUT)
    ).build()
    return OpenAiChatModel(
        options=options, tracer_provider=tracer_provider, meter_provider=meter_provider
    )


def asks_hello(client: ChatClient) -> Callable[[], str | None]:
    """One ``ChatClient.call()`` of the benchmark's question."""
    return lambda: client.prompt().user(QUESTION).call().content()


def chat_client(
    model: OpenAiChatModel, advisors: int = 0, tracer_provider: Any = None, extra: Any = ()
) -> ChatClient:
    builder = ChatClient.builder(model, tracer_provider)
    chain = [PassThroughAdvisor(order) for order in range(advisors)] + list(extra)
    if chain:
        builder.default_advisors(chain)
    return builder.build()


class SdkRoundTripModel(ChatModel):
    """A model whose ``call`` runs a real SDK request over an in-memory HTTP transport.

    It answers with a prebuilt ``OpenAiChatModel`` response (with usage) and has
    ``OpenAiChatOptions``, so the chain around it does what it does around the real
    model; the SDK round-trip (no socket) makes the CPU caches as cold as a real call
    leaves them. ``call`` minus the floor is then the chain's cost as a user pays it,
    without the loopback's noise.
    """

    def __init__(self) -> None:
        import httpx2
        import openai
        from fake_openai_server import TEXT_RESPONSE

        body = TEXT_RESPONSE.split(b"\r\n\r\n", 1)[1]
        transport = httpx2.MockTransport(
            lambda request: httpx2.Response(
                200, content=body, headers={"content-type": "application/json"}
            )
        )
        self._sdk = openai.OpenAI(
            base_url="http://in-memory/v1",
            api_key=API_KEY,
            max_retries=0,
            http_client=httpx2.Client(transport=transport),
        )
        model = openai_chat_model("http://in-memory/v1")
        self._options = model.get_options()
        self._response = model._to_chat_response(json.loads(body))

    def call(self, prompt: Prompt) -> ChatResponse:
        self._sdk.chat.completions.with_raw_response.create(
            model=MODEL, messages=[{"role": "user", "content": QUESTION}]
        )
        return self._response

    def get_options(self) -> OpenAiChatOptions:
        return self._options


# -- LangChain ------------------------------------------------------------------------


def langchain_chat(base_url: str) -> Any:
    from langchain_openai import ChatOpenAI

    return ChatOpenAI(model=MODEL, base_url=base_url, api_key=API_KEY, max_retries=0)


def langchain_agent(base_url: str, middlewares: int, style: str = "wrap", tools: Any = ()) -> Any:
    """``create_agent`` with ``middlewares`` no-op middlewares.

    ``style="wrap"`` middlewares implement ``wrap_model_call`` (around the model call, the
    analogue of an around advisor); ``style="hooks"`` ones implement ``before_model`` and
    ``after_model`` (the analogue of ``BaseAdvisor``'s before/after; each hook is a graph
    node). LangChain wants distinct middleware names, so each gets its own class.
    """
    from langchain.agents import create_agent
    from langchain.agents.middleware import AgentMiddleware

    class WrapNoOp(AgentMiddleware):  # type: ignore[misc]
        def wrap_model_call(self, request: Any, handler: Any) -> Any:
            return handler(request)

    class HooksNoOp(AgentMiddleware):  # type: ignore[misc]
        def before_model(self, state: Any, runtime: Any) -> None:
            return None

        def after_model(self, state: Any, runtime: Any) -> None:
            return None

    base = WrapNoOp if style == "wrap" else HooksNoOp
    middleware = [type(f"{base.__name__}{index}", (base,), {})() for index in range(middlewares)]
    return create_agent(model=langchain_chat(base_url), tools=list(tools), middleware=middleware)


def langchain_weather_tool() -> Any:
    from langchain_core.tools import tool as langchain_tool

    @langchain_tool  # type: ignore[untyped-decorator]
    def get_weather(city: str) -> str:
        """Get the current weather in a city."""
        return weather_of(city)

    return get_weather


def agent_input(question: str = QUESTION) -> dict[str, Any]:
    return {"messages": [{"role": "user", "content": question}]}


def invokes(agent: Any) -> Callable[[], object]:
    """One ``invoke`` of a LangChain agent with the benchmark's question."""
    return lambda: agent.invoke(agent_input())


# -- pydantic-ai ----------------------------------------------------------------------


def pydantic_ai_agent(base_url: str, with_tool: bool = False) -> Any:
    from pydantic_ai import Agent
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    model = OpenAIChatModel(MODEL, provider=OpenAIProvider(base_url=base_url, api_key=API_KEY))
    agent = Agent(model)
    if with_tool:

        @agent.tool_plain  # type: ignore[untyped-decorator]
        def get_weather(city: str) -> str:
            """Get the current weather in a city."""
            return weather_of(city)

    return agent


# -- OpenTelemetry --------------------------------------------------------------------


def otel_sdk(with_metrics: bool) -> tuple[Any, Any, Any]:
    """A tracer provider exporting to memory, and a meter provider reading into memory."""
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.metrics.export import InMemoryMetricReader
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    exporter = InMemorySpanExporter()
    tracer_provider = TracerProvider()
    tracer_provider.add_span_processor(SimpleSpanProcessor(exporter))
    meter_provider = (
        MeterProvider(metric_readers=[InMemoryMetricReader()]) if with_metrics else None
    )
    return tracer_provider, meter_provider, exporter
