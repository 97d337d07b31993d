"""A typed user script, checked with ``mypy --strict`` and with pyright (basedpyright) by
``make test`` (``make typecheck``).

Lines ending in ``# type: ignore[...]`` must be errors: with mypy's ``warn_unused_ignores``
and pyright's ``reportUnnecessaryTypeIgnoreComment`` a line that stops being an error
fails the check. ``assert_type`` pins inferred types.
Not collected by pytest (it is type-checked, not run).
"""

from __future__ import annotations

from typing import assert_type

from spring_ai_py import ToolParam, tool
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.annotation import ToolFunction


@tool
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b


@tool(name="shout", return_direct=True)
def shout(text: str) -> str:
    return text.upper()


class WeatherTools:
    @tool
    def forecast(self, city: str, days: int = 3) -> str:
        """The forecast for a city."""
        return f"{days} sunny days in {city}"

    @tool
    @staticmethod
    def units() -> list[str]:
        return ["C", "F"]


def check_tools() -> None:
    assert_type(add(1, 2), int)
    assert_type(shout("hi"), str)
    assert_type(WeatherTools().forecast("Oslo"), str)
    assert_type(WeatherTools.units(), list[str])
    callback: ToolCallback = add  # a decorated function is a ToolCallback
    typed: ToolFunction[[int, int], int] = add
    del typed
    print(callback.get_tool_definition().name, ToolParam(description="x"))

    add("one", 2)  # type: ignore[arg-type]
    shout()  # type: ignore[call-arg]
    WeatherTools().forecast(city=1)  # type: ignore[arg-type]
    bad: str = add(1, 2)  # type: ignore[assignment]
    del bad


def check_builders() -> None:
    from spring_ai_py.chat.client.advisor import SafeGuardAdvisor, SimpleLoggerAdvisor
    from spring_ai_py.chat.messages import UserMessage
    from spring_ai_py.openai import OpenAiChatOptions

    advisor = SafeGuardAdvisor.builder().sensitive_words(["secret"]).order(5).build()
    assert_type(advisor, SafeGuardAdvisor)
    logger = SimpleLoggerAdvisor.builder().order(1).build()
    assert_type(logger, SimpleLoggerAdvisor)
    options = OpenAiChatOptions.builder().model("gpt-4o-mini").temperature(0.2).build()
    assert_type(options, OpenAiChatOptions)
    stopped = OpenAiChatOptions.builder().stop(["\n\n"]).stop("a", "b").max_tokens(5).seed(1).build()
    assert_type(stopped, OpenAiChatOptions)
    assert_type(options.mutate().user("u").build(), OpenAiChatOptions)
    with_tools = OpenAiChatOptions.builder().tool_callbacks(add).tool_names("a", "b").build()
    assert_type(with_tools, OpenAiChatOptions)
    assert_type(UserMessage.builder().text("hi").media([]).build(), UserMessage)
    print(advisor, logger, options, UserMessage.builder().text("hi").build())

    SafeGuardAdvisor.builder().sensitive_wrds(["x"])  # type: ignore[attr-defined]
    SafeGuardAdvisor.builder().order("first")  # type: ignore[arg-type]
    OpenAiChatOptions.builder().temprature(0.2)  # type: ignore[attr-defined]
    OpenAiChatOptions.builder().temperature("hot")  # type: ignore[arg-type]
    OpenAiChatOptions.builder().stop([1])  # type: ignore[list-item]
    OpenAiChatOptions.builder().tool_callbacks("add")  # type: ignore[arg-type]
    wrong: int = OpenAiChatOptions.builder().build()  # type: ignore[assignment]
    del wrong


def check_converted_builders() -> None:
    """Builders that were hand-written are generated now: typed setters, typed build()."""
    from spring_ai_py.chat.metadata import ChatResponseMetadata
    from spring_ai_py.chat.prompt import Prompt
    from spring_ai_py.document import Document
    from spring_ai_py.tool.definition import ToolDefinition
    from spring_ai_py.vectorstore import SearchRequest

    assert_type(SearchRequest.builder().query("q").top_k(3).similarity_threshold(0.5).build(), SearchRequest)
    assert_type(SearchRequest.builder().filter_expression("a == 1").build(), SearchRequest)
    assert_type(Prompt.builder().content("hi").build(), Prompt)
    assert_type(Document.builder().text("t").metadata("k", "v").build(), Document)
    assert_type(ChatResponseMetadata.builder().model("m").id("1").build(), ChatResponseMetadata)
    definition = ToolDefinition.builder().name("a").description("b").input_schema("{}").build()
    assert_type(definition, ToolDefinition)
    print(definition)

    SearchRequest.builder().top_k("3")  # type: ignore[arg-type]
    SearchRequest.builder().tpo_k(3)  # type: ignore[attr-defined]
    ToolDefinition.builder().name(1)  # type: ignore[arg-type]
    not_a_prompt: int = Prompt.builder().content("x").build()  # type: ignore[assignment]
    del not_a_prompt


def check_options_declared_once() -> None:
    """An option is one line; the properties derived from it are typed."""
    from dataclasses import dataclass

    from spring_ai_py.model.option_fields import option, request_values
    from spring_ai_py.model.tool import ToolCallingChatOptions
    from spring_ai_py.openai import OpenAiChatProperties

    @dataclass(frozen=True, kw_only=True)
    class AcmeOptions(ToolCallingChatOptions):
        temperature: float | None = option(ge=0, le=1)
        seed: int | None = option()

    options = AcmeOptions(temperature=0.5, seed=3)
    assert_type(options.seed, int | None)
    assert_type(request_values(options), dict[str, object])
    assert_type(OpenAiChatProperties().temperature, float | None)
    assert_type(OpenAiChatProperties().stop, list[str] | None)
    AcmeOptions(seed="3")  # type: ignore[arg-type]


def check_entities_and_models() -> None:
    from dataclasses import dataclass

    from spring_ai_py import ChatClient, ChatResponse, Prompt
    from spring_ai_py.chat.client import ResponseEntity
    from spring_ai_py.converter import ListOutputConverter
    from spring_ai_py.openai import OpenAiChatModel
    from spring_ai_py.test import ScriptedChatModel

    @dataclass
    class Film:
        title: str
        year: int

    client = ChatClient.builder(ScriptedChatModel()).build()
    spec = client.prompt().user("A film?").call()
    assert_type(spec.entity(Film), Film | None)
    assert_type(spec.entity(list[Film]), list[Film] | None)
    assert_type(spec.entity(ListOutputConverter()), list[str] | None)
    assert_type(spec.response_entity(Film), ResponseEntity[ChatResponse, Film])
    wrong: int | None = spec.entity(Film)  # type: ignore[assignment]
    del wrong

    model = OpenAiChatModel()
    assert_type(model.call("hi"), str | None)
    assert_type(model.call(Prompt("hi")), ChatResponse)
    assert_type(ScriptedChatModel("x").call("hi"), str | None)


async def check_async() -> None:
    from dataclasses import dataclass

    from spring_ai_py import ChatClient, ChatResponse, Prompt
    from spring_ai_py.openai import OpenAiChatModel
    from spring_ai_py.test import ScriptedChatModel

    @dataclass
    class Film:
        title: str

    client = ChatClient.builder(ScriptedChatModel()).build()
    assert_type(await client.prompt().user("x").call().acontent(), str | None)
    assert_type(await client.prompt().user("x").call().aentity(Film), Film | None)
    model = OpenAiChatModel()
    assert_type(await model.acall("hi"), str | None)
    assert_type(await model.acall(Prompt("hi")), ChatResponse)


def check_human_in_the_loop() -> None:
    from spring_ai_py import ChatClient
    from spring_ai_py.model.tool import Approve, PendingApproval, Reject
    from spring_ai_py.test import ScriptedChatModel
    from spring_ai_py.tool.execution import Retry

    @tool(retry=Retry(max_attempts=2), requires_approval=lambda call: call.name == "pay", idempotent=True)
    def pay(amount: int) -> str:
        return f"paid {amount}"

    assert_type(pay(3), str)
    client = ChatClient.builder(ScriptedChatModel()).default_tools(pay).build()
    pending = client.prompt("pay").call().chat_client_response().pending_approval
    assert_type(pending, PendingApproval | None)
    if pending is not None:
        client.prompt().resume(pending.token, {pending.awaiting()[0].id: Approve()})
        client.prompt().resume(pending.token, {"x": Reject("no")})
    Retry(max_attempts="3")  # type: ignore[arg-type]


async def check_events() -> None:
    from spring_ai_py import ChatClient
    from spring_ai_py.chat.client import (
        EVENT_LISTENER,
        ChatEvent,
        TextDelta,
        ToolCallFinished,
    )
    from spring_ai_py.test import ScriptedChatModel

    client = ChatClient.builder(ScriptedChatModel()).build()
    for event in client.prompt("x").stream().events():
        assert_type(event, ChatEvent)
        if isinstance(event, TextDelta):
            assert_type(event.text, str)
    async for streamed in client.prompt("x").stream().events():
        if isinstance(streamed, ToolCallFinished):
            assert_type(streamed.error, BaseException | None)
            assert_type(streamed.duration, float)
    heard: list[ChatEvent] = []
    client.prompt("x").advisors(lambda a: a.param(EVENT_LISTENER, heard.append)).call().content()


# -- a provider package's typed seams: Google GenAI ------------------------------------------

from spring_ai_py.google.genai import (  # noqa: E402
    GoogleGenAiChatModel,
    GoogleGenAiChatOptions,
    GoogleGenAiThinkingLevel,
)

gemini_options = (
    GoogleGenAiChatOptions.builder()
    .model(GoogleGenAiChatModel.ChatModel.GEMINI_2_5_PRO)
    .thinking_level(GoogleGenAiThinkingLevel.LOW)
    .tool_choice(GoogleGenAiChatOptions.ToolChoice.builder().allowed_function_name("add").build())
    .build()
)
assert_type(gemini_options, GoogleGenAiChatOptions)
assert_type(gemini_options.get_thinking_level(), GoogleGenAiThinkingLevel | None)
gemini = GoogleGenAiChatModel.builder().options(gemini_options).build()
assert_type(gemini, GoogleGenAiChatModel)
assert_type(gemini.get_options(), GoogleGenAiChatOptions)
GoogleGenAiChatOptions.builder().thinking_budget("many")  # type: ignore[arg-type]
