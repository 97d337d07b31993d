"""Tools through the ChatClient: the spec and builder API, bad input, parallel tools,
``explain()``, and streaming consumed with ``for`` and ``async for``."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import (
    MessageChatMemoryAdvisor,
    SimpleLoggerAdvisor,
    ToolCallingAdvisor,
)
from spring_ai_py.chat.client.advisor.api import BaseAdvisor
from spring_ai_py.chat.memory import MessageWindowChatMemory
from spring_ai_py.chat.messages import ToolResponseMessage
from spring_ai_py.chat.model import ToolContext
from spring_ai_py.chat.prompt import ChatOptions
from spring_ai_py.core import Ordered
from spring_ai_py.model.tool import (
    DefaultToolCallingManager,
    ToolCallingChatOptions,
    ToolCallLimitExceededException,
)
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.tool import ToolCallbackProvider, tool
from spring_ai_py.tool.resolution import StaticToolCallbackResolver


@tool
def get_weather(city: str) -> str:
    """Current weather of a city."""
    return f"{city}: sunny"


@tool(name="get_weather")
def get_weather_again(city: str) -> str:
    return city


@tool
def get_time(city: str) -> str:
    """Local time of a city."""
    return f"{city}: noon"


class CityTools:
    @tool
    def population(self, city: str) -> int:
        """Population of a city."""
        return {"Paris": 2_100_000}.get(city, 0)


def model(*script: Any) -> ScriptedChatModel:
    scripted = ScriptedChatModel(options=ToolCallingChatOptions(model="m"))
    for step in script:
        if isinstance(step, str):
            scripted.add_response(step)
        else:
            scripted.add_tool_calls(*step)
    return scripted


def tool_results(scripted: ScriptedChatModel, prompt_index: int = 1) -> list[str]:
    message = scripted.prompts[prompt_index].get_instructions()[-1]
    assert isinstance(message, ToolResponseMessage)
    return [r.response_data for r in message.get_responses()]


def sent_tools(scripted: ScriptedChatModel) -> list[str]:
    options = scripted.prompts[0].get_options()
    assert isinstance(options, ToolCallingChatOptions)
    return [c.get_tool_definition().name for c in options.tool_callbacks or []]


# -- the spec and builder API ------------------------------------------------------------


def test_tools_accepts_callbacks_providers_lists_and_tool_objects() -> None:
    scripted = model("ok")
    ChatClient.create(scripted).prompt().user("q").tools(
        [get_weather], ToolCallbackProvider.from_(get_time), CityTools()
    ).call().content()
    assert sent_tools(scripted) == ["get_weather", "population", "get_time"]


def test_deprecated_tool_callbacks_takes_callbacks_and_providers_only() -> None:
    scripted = model("ok")
    spec = (
        ChatClient.create(scripted)
        .prompt()
        .user("q")
        .tool_callbacks(get_weather, ToolCallbackProvider.from_(get_time))
    )
    assert spec.get_tool_callbacks() == [get_weather]
    assert len(spec.get_tool_callback_providers()) == 1
    with pytest.raises(TypeError, match="is neither a ToolCallback nor a ToolCallbackProvider"):
        spec.tool_callbacks(CityTools())


def test_tools_rejects_bad_input() -> None:
    spec = ChatClient.create(model()).prompt()
    with pytest.raises(ValueError, match="tool_objects cannot contain null elements"):
        spec.tools(None)
    with pytest.raises(ValueError, match="tool_objects collection cannot contain null elements"):
        spec.tools([get_weather, None])
    with pytest.raises(ValueError, match="No @tool annotated methods found in"):
        spec.tools(object())


def test_tool_context_validation_keeps_spring_wording() -> None:
    spec = ChatClient.create(model()).prompt()
    with pytest.raises(ValueError, match="context cannot be null"):
        spec.tool_context(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="context keys cannot contain null elements"):
        spec.tool_context({None: 1})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="context values cannot contain null elements"):
        spec.tool_context({"k": None})
    with pytest.raises(ValueError, match="context key cannot be null or empty"):
        spec.tool_context({" ": 1})
    with pytest.raises(ValueError, match="tool_names cannot contain null elements"), pytest.warns(
        DeprecationWarning
    ):
        spec.tool_names("a", None)  # type: ignore[arg-type]


def test_duplicate_tool_names_are_rejected_when_the_request_is_built() -> None:
    spec = ChatClient.create(model("ok")).prompt().user("q").tools(get_weather, get_weather_again)
    with pytest.raises(
        RuntimeError,
        match=r"Multiple tools with the same name \(get_weather\) found in ToolCallingChatOptions",
    ):
        spec.call()


def test_builder_defaults_apply_to_every_request_and_survive_mutate() -> None:
    seen: list[Any] = []

    @tool
    def whoami(tool_context: ToolContext) -> str:
        seen.append(tool_context.get("tenant"))
        return "acme"

    scripted = model([("whoami", {})], "done", [("whoami", {})], "done")
    client = (
        ChatClient.builder(scripted)
        .default_tools(whoami, get_weather)
        .default_tool_context({"tenant": "acme"})
        .build()
    )
    client.prompt().user("q").call().content()
    client.mutate().build().prompt().user("q").tools(get_time).call().content()
    assert seen == ["acme", "acme"]
    assert sent_tools(scripted) == ["whoami", "get_weather"]
    last_options = scripted.prompts[2].get_options()
    assert isinstance(last_options, ToolCallingChatOptions)
    assert [c.get_tool_definition().name for c in last_options.tool_callbacks or []] == [
        "whoami",
        "get_weather",
        "get_time",
    ]
    assert "tenant" not in str(scripted.prompts[0].get_instructions())


def test_request_tools_replace_the_model_default_tools_as_in_spring() -> None:
    scripted = ScriptedChatModel("ok", options=ToolCallingChatOptions(tool_callbacks=[get_time]))
    ChatClient.create(scripted).prompt().user("q").tools(get_weather).call().content()
    assert sent_tools(scripted) == ["get_weather"]


def test_tool_names_resolve_through_the_manager() -> None:
    manager = (
        DefaultToolCallingManager.builder()
        .tool_callback_resolver(StaticToolCallbackResolver([get_time]))
        .build()
    )
    scripted = model([("get_time", {"city": "Oslo"})], "noon")
    with pytest.warns(DeprecationWarning, match="default_tool_names"):
        client = (
            ChatClient.builder(
                scripted,
                tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_calling_manager(manager),
            )
            .default_tool_names("get_time")
            .build()
        )
    assert client.prompt().user("time?").call().content() == "noon"
    assert tool_results(scripted) == ["Oslo: noon"]


def test_tool_context_and_advisor_params_reach_tools_and_tool_writes_reach_advisors() -> None:
    seen: dict[str, Any] = {}
    request_parts: list[dict[str, Any]] = []

    @tool
    def audit(action: str, tool_context: ToolContext) -> str:
        seen.update(tool_context.get_context())
        request_parts.append(tool_context.get_request_context())
        tool_context.put("audited", action)
        return "logged"

    class AfterWatcher(BaseAdvisor):
        def __init__(self) -> None:
            self.contexts: list[dict[str, Any]] = []

        def before(
            self, chat_client_request: ChatClientRequest, advisor_chain: Any
        ) -> ChatClientRequest:
            return chat_client_request

        def after(
            self, chat_client_response: ChatClientResponse, advisor_chain: Any
        ) -> ChatClientResponse:
            self.contexts.append(dict(chat_client_response.context))
            return chat_client_response

        def get_order(self) -> int:
            return 0

    for stream in (False, True):
        seen.clear()
        watcher = AfterWatcher()
        scripted = model([("audit", {"action": "delete"})], "done")
        spec = (
            ChatClient.create(scripted)
            .prompt()
            .user("q")
            .tools(audit)
            .tool_context({"tenant": "acme"})
            .advisors(lambda a, w=watcher: a.param("request_id", "r-7").advisors(w))
        )
        if stream:
            spec.stream().content().collect()
        else:
            spec.call().content()
        assert seen["tenant"] == "acme" and seen["request_id"] == "r-7"
        assert request_parts[-1] == {"tenant": "acme"}  # the request's part alone
        assert watcher.contexts[-1]["audited"] == "delete"


def test_models_with_plain_chat_options_still_get_the_tools() -> None:
    scripted = ScriptedChatModel(options=ChatOptions(model="plain"))
    scripted.add_tool_calls(("get_weather", {"city": "Oslo"}))
    scripted.add_response("sunny")
    assert (
        ChatClient.create(scripted).prompt().user("q").tools(get_weather).call().content()
        == "sunny"
    )
    options = scripted.prompts[0].get_options()
    assert isinstance(options, ToolCallingChatOptions) and options.model == "plain"


# -- streaming consumed both ways ----------------------------------------------------------


def test_stream_with_tools_through_plain_for() -> None:
    scripted = model([("get_weather", {"city": "Oslo"})], "It is sunny in Oslo")
    chunks = [
        c
        for c in ChatClient.create(scripted)
        .prompt()
        .user("q")
        .tools(get_weather)
        .stream()
        .content()
    ]
    assert "".join(chunks) == "It is sunny in Oslo" and len(chunks) > 1
    assert tool_results(scripted) == ["Oslo: sunny"]


def test_stream_with_tools_through_async_for() -> None:
    scripted = model([("get_weather", {"city": "Oslo"})], "It is sunny in Oslo")

    async def consume() -> str:
        text = ""
        async for chunk in (
            ChatClient.create(scripted).prompt().user("q").tools(get_weather).stream().content()
        ):
            text += chunk
        return text

    assert asyncio.run(consume()) == "It is sunny in Oslo"


def test_async_tool_works_on_the_call_path_and_the_stream_path() -> None:
    @tool
    async def fetch(city: str) -> str:
        await asyncio.sleep(0)
        return f"fetched {city}"

    for stream in (False, True):
        scripted = model([("fetch", {"city": "Oslo"})], "done")
        spec = ChatClient.create(scripted).prompt().user("q").tools(fetch)
        spec.stream().content().collect() if stream else spec.call().content()
        assert tool_results(scripted) == ["fetched Oslo"]


def test_awaitable_call_twin_runs_the_tool_loop() -> None:
    scripted = model([("get_weather", {"city": "Oslo"})], "sunny")
    assert (
        asyncio.run(
            ChatClient.create(scripted).prompt().user("q").tools(get_weather).call().acontent()
        )
        == "sunny"
    )


# -- parallel tools ---------------------------------------------------------------------------


def test_independent_tools_run_in_parallel_on_the_call_path() -> None:
    barrier = threading.Barrier(2, timeout=10)

    @tool
    def left() -> str:
        barrier.wait()
        return "L"

    @tool
    def right() -> str:
        barrier.wait()
        return "R"

    scripted = model([("left", {}), ("right", {})], "both")
    assert (
        ChatClient.create(scripted).prompt().user("q").tools(left, right).call().content() == "both"
    )
    assert tool_results(scripted) == ["L", "R"]


def test_independent_async_tools_run_concurrently_on_the_stream_path() -> None:
    state: dict[str, asyncio.Event] = {}

    @tool
    async def ping() -> str:
        state.setdefault("ping", asyncio.Event()).set()
        await asyncio.wait_for(state.setdefault("pong", asyncio.Event()).wait(), 10)
        return "ping"

    @tool
    async def pong() -> str:
        state.setdefault("pong", asyncio.Event()).set()
        await asyncio.wait_for(state.setdefault("ping", asyncio.Event()).wait(), 10)
        return "pong"

    scripted = model([("ping", {}), ("pong", {})], "done")

    async def consume() -> list[str]:
        return (
            await ChatClient.create(scripted)
            .prompt()
            .user("q")
            .tools(ping, pong)
            .stream()
            .content()
            .acollect()
        )

    assert "".join(asyncio.run(consume())) == "done"
    assert tool_results(scripted) == ["ping", "pong"]


# -- bad input ----------------------------------------------------------------------------------


def test_invalid_arguments_go_back_to_the_model_and_the_loop_goes_on() -> None:
    for stream in (False, True):
        scripted = model(
            [("get_weather", "{not json")],
            [("get_weather", {"town": "Oslo"})],
            [("get_weather", {"city": "Oslo"})],
            "sunny",
        )
        spec = ChatClient.create(scripted).prompt().user("q").tools(get_weather)
        text = "".join(spec.stream().content()) if stream else spec.call().content()
        assert text == "sunny"
        assert tool_results(scripted, 1)[0].startswith(
            "Invalid arguments for tool 'get_weather': not valid JSON"
        )
        assert tool_results(scripted, 2) == [
            "Invalid arguments for tool 'get_weather': city: Field required"
        ]
        assert tool_results(scripted, 3) == ["Oslo: sunny"]


def test_unknown_tool_name_fails_the_request_on_both_paths() -> None:
    for stream in (False, True):
        scripted = model([("get_wether", {"city": "Oslo"})])
        spec = ChatClient.create(scripted).prompt().user("q").tools(get_weather)
        with pytest.raises(
            RuntimeError, match=r"^No ToolCallback found for tool name: get_wether$"
        ):
            spec.stream().content().collect() if stream else spec.call().content()


def test_a_raising_tool_sends_its_error_to_the_model() -> None:
    @tool
    def flaky(city: str) -> str:
        raise ConnectionError(f"weather service unreachable for {city}")

    for stream in (False, True):
        scripted = model([("flaky", {"city": "Oslo"})], "sorry")
        spec = ChatClient.create(scripted).prompt().user("q").tools(flaky)
        assert ("".join(spec.stream().content()) if stream else spec.call().content()) == "sorry"
        assert tool_results(scripted) == ["weather service unreachable for Oslo"]


def test_a_runaway_loop_ends_with_the_limit_breach() -> None:
    manager = DefaultToolCallingManager.builder().max_calls_per_tool("get_weather", 2).build()
    for stream in (False, True):
        scripted = model(*[[("get_weather", {"city": "Oslo"})]] * 3)
        client = ChatClient.builder(
            scripted,
            tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_calling_manager(manager),
        ).build()
        spec = client.prompt().user("q").tools(get_weather)
        if stream:
            (chunk,) = spec.stream().chat_response().collect()
            generation = chunk.get_result()
        else:
            chat_response = spec.call().chat_response()
            assert chat_response is not None
            generation = chat_response.get_result()
        assert generation is not None
        assert generation.get_output().get_text() == (
            "Tool call limit (2) exceeded for tool 'get_weather'. No further calls to this tool are allowed in this turn."
        )
        assert (
            generation.get_metadata().get_finish_reason()
            == ToolCallLimitExceededException.FINISH_REASON
        )
        assert len(scripted.prompts) == 3


def test_a_timed_out_tool_sends_an_error_to_the_model() -> None:
    release = threading.Event()

    @tool(timeout=0.05)
    def stuck() -> str:
        release.wait(10)
        return "late"

    scripted = model([("stuck", {})], "gave up")
    try:
        assert (
            ChatClient.create(scripted).prompt().user("q").tools(stuck).call().content()
            == "gave up"
        )
    finally:
        release.set()
    assert tool_results(scripted) == ["Tool 'stuck' did not complete within 0.05 seconds"]


# -- explain() ----------------------------------------------------------------------------------


class Audit(BaseAdvisor):
    def __init__(self, order: int, name: str = "Audit") -> None:
        self._order, self._name = order, name

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: Any
    ) -> ChatClientRequest:
        return chat_client_request

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: Any
    ) -> ChatClientResponse:
        return chat_client_response

    def get_order(self) -> int:
        return self._order

    def get_name(self) -> str:
        return self._name


def test_explain_lists_the_chain_in_execution_order() -> None:
    chat_memory = MessageWindowChatMemory.builder().build()
    spec = (
        ChatClient.create(model())
        .prompt()
        .advisors(
            SimpleLoggerAdvisor(),
            MessageChatMemoryAdvisor.builder(chat_memory).build(),
            Audit(Ordered.HIGHEST_PRECEDENCE + 100),
        )
    )
    explanation = spec.explain()
    assert [(r.name, r.runs) for r in explanation.rows] == [
        ("Audit", "once per call"),
        ("MessageChatMemoryAdvisor", "once per call"),
        ("Tool Calling Advisor", "tool loop (repeats the advisors below each round)"),
        ("SimpleLoggerAdvisor", "once per tool-loop round"),
        ("call", "once per tool-loop round"),
        ("stream", "once per tool-loop round"),
    ]
    assert explanation.warnings == []
    text = str(explanation)
    assert text.splitlines()[0].split() == ["#", "advisor", "order", "paths", "runs"]
    assert "HIGHEST_PRECEDENCE + 300" in text and "LOWEST_PRECEDENCE" in text
    assert spec.get_advisors()[0].get_name() == "SimpleLoggerAdvisor"
    assert len(spec.get_advisors()) == 3


def test_explain_warns_about_equal_orders_and_the_reserved_range() -> None:
    spec = (
        ChatClient.create(model())
        .prompt()
        .advisors(
            Audit(0, "First"),
            Audit(0, "Second"),
            Audit(Ordered.HIGHEST_PRECEDENCE + 250, "Squeezed"),
        )
    )
    explanation = spec.explain()
    assert explanation.warnings == [
        "First, Second share order 0: they run in registration order (First outermost)",
        "Squeezed (order HIGHEST_PRECEDENCE + 250) is inside the range Spring AI reserves for chat memory "
        "(HIGHEST_PRECEDENCE + 200) and the tool loop (HIGHEST_PRECEDENCE + 300); give it an order outside it",
    ]
    assert str(explanation).splitlines()[-1].startswith("warning: Squeezed")


def test_explain_without_the_tool_loop_runs_everything_once_per_call() -> None:
    spec = (
        ChatClient.create(model())
        .prompt()
        .advisors(
            lambda a: a.param("spring.ai.chat.client.tool.calling.advisor.auto-register", False)
        )
    )
    assert {r.runs for r in spec.explain().rows} == {"once per call"}


def test_explain_reports_multiple_tool_advisors_like_call() -> None:
    spec = (
        ChatClient.create(model())
        .prompt()
        .advisors(ToolCallingAdvisor.builder().build(), ToolCallingAdvisor.builder().build())
    )
    with pytest.raises(
        RuntimeError, match="At most one ToolAdvisor is allowed in the advisor chain, but found 2"
    ):
        spec.explain()
