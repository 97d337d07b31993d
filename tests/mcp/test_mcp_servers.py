"""MCP tools through a ChatClient against real servers (stdio, streamable HTTP, SSE)."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from collections.abc import Iterator
from typing import Annotated, Any

import mcp_types as types
import pytest
from mcp import MCPError
from mcp_test_servers import HttpServer, stdio_connection

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.messages import ToolResponseMessage
from spring_ai_py.chat.model import ToolContext
from spring_ai_py.mcp import (
    AsyncMcpToolCallbackProvider,
    McpAsyncClient,
    McpClientInitializationError,
    McpSseConnection,
    McpStdioConnection,
    McpStreamableHttpConnection,
    McpSyncClient,
    McpToolsChangedEvent,
    McpToolServer,
    McpToolUtils,
    SyncMcpToolCallbackProvider,
    SyncToolSpecification,
    ToolContextToMcpMetaConverter,
    open_async_client,
    open_sync_client,
)
from spring_ai_py.mcp.annotation import (
    AsyncMcpToolProvider,
    McpAnnotations,
    McpMeta,
    McpTool,
    McpToolParam,
    SyncMcpToolProvider,
)
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.tool import tool


def scripted(*steps: Any) -> ScriptedChatModel:
    model = ScriptedChatModel(options=ToolCallingChatOptions(model="m"))
    for step in steps:
        if isinstance(step, str):
            model.add_response(step)
        else:
            model.add_tool_calls(*step)
    return model


def tool_results(model: ScriptedChatModel, prompt_index: int = 1) -> list[str]:
    message = model.prompts[prompt_index].get_instructions()[-1]
    assert isinstance(message, ToolResponseMessage)
    return [r.response_data for r in message.get_responses()]


def provider_of(*clients: McpSyncClient) -> SyncMcpToolCallbackProvider:
    return SyncMcpToolCallbackProvider.builder().mcp_clients(*clients).build()


# -- stdio: the three paths ---------------------------------------------------------------


def test_the_model_calls_a_stdio_tool_and_gets_its_result(weather_client: McpSyncClient) -> None:
    model = scripted([("get_weather", {"city": "Paris"})], "It is sunny.")
    chat_client = ChatClient.builder(model).default_tool_callbacks(provider_of(weather_client)).build()

    assert chat_client.prompt().user("Weather in Paris?").call().content() == "It is sunny."
    assert tool_results(model) == ["Paris: sunny (weather)"]
    definitions = model.prompts[0].get_options().tool_callbacks  # type: ignore[union-attr]
    weather = next(c for c in definitions if c.get_tool_definition().name == "get_weather")
    assert weather.get_tool_definition().description == "Current weather of a city."
    assert json.loads(weather.get_tool_definition().input_schema)["required"] == ["city"]


def test_the_awaitable_call_path_awaits_the_session(weather_client: McpSyncClient) -> None:
    model = scripted([("get_weather", {"city": "Rome"})], "done")
    chat_client = ChatClient.builder(model).default_tool_callbacks(provider_of(weather_client)).build()

    async def ask() -> str | None:
        return await chat_client.prompt().user("q").call().acontent()

    assert asyncio.run(asyncio.wait_for(ask(), 30)) == "done"
    assert tool_results(model)[0] == "Rome: sunny (weather)"


def test_the_stream_path_with_for_and_async_for(weather_client: McpSyncClient) -> None:
    model = scripted([("get_weather", {"city": "Oslo"})], "cold", [("get_weather", {"city": "Lima"})], "warm")
    chat_client = ChatClient.builder(model).default_tool_callbacks(provider_of(weather_client)).build()

    assert "".join(chat_client.prompt().user("q").stream().content()) == "cold"

    async def consume() -> str:
        return "".join([chunk async for chunk in chat_client.prompt().user("q").stream().content()])

    assert asyncio.run(asyncio.wait_for(consume(), 30)) == "warm"
    assert tool_results(model, 1)[0] == "Oslo: sunny (weather)"
    assert tool_results(model, 3)[0] == "Lima: sunny (weather)"


def test_tools_are_callable_from_many_threads_and_from_asyncio(weather_client: McpSyncClient) -> None:
    callback = next(
        c for c in provider_of(weather_client).get_tool_callbacks()
        if c.get_tool_definition().name == "get_weather"
    )
    results: dict[str, str] = {}

    def call(city: str) -> None:
        results[city] = callback.call(json.dumps({"city": city}))

    threads = [threading.Thread(target=call, args=(c,)) for c in ("A", "B", "C", "D")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert results == {c: f"{c}: sunny (weather)" for c in ("A", "B", "C", "D")}

    async def both() -> list[str]:
        return list(await asyncio.gather(callback.acall('{"city": "X"}'), callback.acall('{"city": "Y"}')))

    assert asyncio.run(asyncio.wait_for(both(), 30)) == ["X: sunny (weather)", "Y: sunny (weather)"]


# -- names, filters, errors, context ---------------------------------------------------------


def test_two_servers_with_a_clashing_tool_name_get_unique_names(
    weather_client: McpSyncClient, http_weather_server: HttpServer
) -> None:
    with open_sync_client("http", McpStreamableHttpConnection(http_weather_server.url)) as http_client:
        provider = provider_of(weather_client, http_client)
        names = [c.get_tool_definition().name for c in provider.get_tool_callbacks()]
        assert "get_weather" in names
        assert "alt_1_get_weather" in names
        model = scripted([("alt_1_get_weather", {"city": "Bern"})], "ok")
        ChatClient.create(model).prompt().user("q").tools(provider).call().content()
        assert tool_results(model)[0] == "Bern: sunny (weather-http)"

        # The generator is idempotent per connection: a rediscovery keeps every name.
        provider.invalidate_cache()
        assert [c.get_tool_definition().name for c in provider.get_tool_callbacks()] == names
        provider.on_application_event(McpToolsChangedEvent("http", []))
        assert [c.get_tool_definition().name for c in provider.get_tool_callbacks()] == names

        with pytest.raises(RuntimeError, match=r"Multiple tools with the same name \(get_weather"):
            SyncMcpToolCallbackProvider([weather_client, http_client]).get_tool_callbacks()


def test_a_filter_keeps_only_some_tools(weather_client: McpSyncClient) -> None:
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .mcp_clients(weather_client)
        .tool_filter(lambda info, t: t.name in ("get_weather", "broken"))
        .build()
    )
    assert [c.get_tool_definition().name for c in provider.get_tool_callbacks()] == ["get_weather", "broken"]

    by_server = (
        SyncMcpToolCallbackProvider.builder()
        .mcp_clients(weather_client)
        .tool_filter(lambda info, t: info.initialize_result is not None
                     and info.initialize_result.server_info.name == "elsewhere")
        .build()
    )
    assert by_server.get_tool_callbacks() == []


def test_a_server_tool_error_reaches_the_model(weather_client: McpSyncClient) -> None:
    model = scripted([("broken", {"reason": "storm"})], "Sorry, the station is offline.")
    chat_client = ChatClient.builder(model).default_tool_callbacks(provider_of(weather_client)).build()

    assert chat_client.prompt().user("q").call().content() == "Sorry, the station is offline."
    (result,) = tool_results(model)
    assert result.startswith("Error calling tool: ")
    assert "weather station offline: storm" in result


def test_tool_context_reaches_the_server_as_meta(weather_client: McpSyncClient) -> None:
    model = scripted([("echo_meta", {})], "ok")
    chat_client = ChatClient.builder(model).default_tool_callbacks(provider_of(weather_client)).build()

    chat_client.prompt().user("q").tool_context({"user_id": "ada", "tenant": 7}).call().content()
    (result,) = tool_results(model)
    assert json.loads(result) == {"tenant": 7, "user_id": "ada"}


def test_advisor_parameters_stay_on_the_client_unless_named(weather_client: McpSyncClient) -> None:
    memory = MessageWindowChatMemory.builder().build()
    advisor = MessageChatMemoryAdvisor.builder(memory).build()
    model = scripted([("echo_meta", {})], "ok", [("echo_meta", {})], "ok")
    chat_client = ChatClient.builder(model).default_advisors(advisor).build()

    chat_client.prompt().user("q").tools(provider_of(weather_client)).tool_context({"user_id": "ada"}).advisors(
        lambda a: a.param(ChatMemory.CONVERSATION_ID, "c-42")
    ).call().content()
    assert json.loads(tool_results(model, 1)[0]) == {"user_id": "ada"}

    opted_in = (
        SyncMcpToolCallbackProvider.builder()
        .mcp_clients(weather_client)
        .tool_context_to_mcp_meta_converter(
            ToolContextToMcpMetaConverter.default_converter(advisor_context_keys=[ChatMemory.CONVERSATION_ID])
        )
        .build()
    )
    chat_client.prompt().user("q").tools(opted_in).tool_context({"user_id": "ada"}).advisors(
        lambda a: a.param(ChatMemory.CONVERSATION_ID, "c-42")
    ).call().content()
    assert json.loads(tool_results(model, 3)[0]) == {"chat_memory_conversation_id": "c-42", "user_id": "ada"}


def test_a_server_that_dies_mid_call_fails_the_request_clearly(
    fresh_weather_client: McpSyncClient,
) -> None:
    model = scripted([("crash", {})], "never sent")
    chat_client = ChatClient.builder(model).default_tool_callbacks(provider_of(fresh_weather_client)).build()

    started = time.monotonic()
    with pytest.raises(MCPError, match="Connection closed"):
        chat_client.prompt().user("q").call().content()
    assert model.remaining == 1  # the loop stopped: no second model call
    # Later calls fail at once too: the dead connection ended the session.
    with pytest.raises(MCPError, match=r"Connection closed|lost its connection"):
        next(c for c in provider_of(fresh_weather_client).get_tool_callbacks()
             if c.get_tool_definition().name == "get_weather").call('{"city": "Paris"}')
    fresh_weather_client.close()
    assert not fresh_weather_client.is_initialized()
    assert time.monotonic() - started < 30


def test_a_tool_list_change_invalidates_the_provider_cache(
    fresh_weather_client: McpSyncClient,
) -> None:
    provider = provider_of(fresh_weather_client)
    changed = threading.Event()
    fresh_weather_client.add_tools_change_consumer(lambda tools: changed.set())
    assert "forecast" not in [c.get_tool_definition().name for c in provider.get_tool_callbacks()]
    model = scripted([("enable_forecast", {})], "enabled", [("forecast", {"city": "Nice"})], "rain")
    chat_client = ChatClient.builder(model).default_tool_callbacks(provider).build()

    assert chat_client.prompt().user("q").call().content() == "enabled"
    assert changed.wait(15)
    assert chat_client.prompt().user("q").call().content() == "rain"
    assert tool_results(model, 3)[0] == "Nice: rain tomorrow"


# -- other transports -------------------------------------------------------------------------


def test_sse_transport(sse_weather_server: HttpServer) -> None:
    connection = McpSseConnection(sse_weather_server.url)
    with open_sync_client("sse", connection) as client:
        model = scripted([("get_weather", {"city": "Kyiv"})], "ok")
        ChatClient.create(model).prompt().user("q").tools(provider_of(client)).call().content()
        assert tool_results(model)[0] == "Kyiv: sunny (weather-sse)"
        info = client.get_current_initialization_result()
        assert info is not None and info.server_info.name == "weather-sse"


def test_async_client_on_the_callers_loop() -> None:
    model = scripted([("get_weather", {"city": "Porto"})], "ok")

    async def run() -> str | None:
        async with await open_async_client("async", stdio_connection("weather-async")) as client:
            assert isinstance(client, McpAsyncClient)
            provider = AsyncMcpToolCallbackProvider.builder().mcp_clients(client).build()
            assert "get_weather" in [c.get_tool_definition().name for c in await provider.aget_tool_callbacks()]
            chat_client = ChatClient.builder(model).default_tool_callbacks(provider).build()
            answer = await chat_client.prompt().user("q").call().acontent()
            # The blocking path from another thread reaches the session on this loop.
            callback = provider.get_tool_callbacks()[0]
            blocking = await asyncio.get_running_loop().run_in_executor(
                None, callback.call, '{"city": "Faro"}'
            )
            assert blocking == "Faro: sunny (weather-async)"
            with pytest.raises(RuntimeError, match=r"use `await tool_callback\.acall"):
                callback.call('{"city": "Faro"}')
            return answer

    assert asyncio.run(asyncio.wait_for(run(), 60)) == "ok"
    assert tool_results(model)[0] == "Porto: sunny (weather-async)"


# -- our tools served over MCP ----------------------------------------------------------------


@tool
def local_time(city: str) -> str:
    """Local time of a city."""
    return f"{city}: 12:00"


@tool
def divide(a: int, b: int) -> float:
    """Divide two numbers."""
    return a / b


@tool
def who_called(tool_context: ToolContext) -> str:
    """Says whether an MCP exchange reached the tool."""
    exchange = McpToolUtils.get_mcp_exchange(tool_context)
    return type(exchange).__name__


@tool
def api_key_seen(tool_context: ToolContext) -> str:
    """The X-Api-Key header of the HTTP request that called the tool."""
    exchange = McpToolUtils.get_mcp_exchange(tool_context)
    request = getattr(exchange, "request", None)
    return request.headers.get("x-api-key", "none") if request is not None else "no request"


class Thermometer:
    @McpTool(name="temperature", description="Temperature of a city",
             title="Thermometer", annotations=McpAnnotations(read_only_hint=True))
    def temperature(self, city: Annotated[str, McpToolParam(description="The city")]) -> str:
        return f"{city}: 21C"


class Greeter:
    @McpTool(name="greet", description="Greets the calling user")
    async def greet(self, greeting: str, meta: McpMeta) -> str:
        return f"{greeting}, {meta.get('user', 'stranger')}!"


@pytest.fixture(scope="module")
def our_tools_server() -> Iterator[HttpServer]:
    server = McpToolServer(
        "our-tools",
        tools=[local_time, divide, who_called, api_key_seen,
               *SyncMcpToolProvider([Thermometer()]).get_tool_specifications(),
               *AsyncMcpToolProvider([Greeter()]).get_tool_specifications()],
    )
    with HttpServer(server.streamable_http_app()) as http:
        yield http


def test_our_tools_served_over_mcp_and_called_back(our_tools_server: HttpServer) -> None:
    with open_sync_client("ours", McpStreamableHttpConnection(our_tools_server.url)) as client:
        listed = {t.name: t for t in client.list_tools().tools}
        assert sorted(listed) == ["api_key_seen", "divide", "greet", "local_time", "temperature", "who_called"]
        assert listed["local_time"].description == "Local time of a city."
        assert listed["temperature"].title == "Thermometer"
        assert listed["temperature"].annotations is not None
        assert listed["temperature"].annotations.read_only_hint is True
        assert listed["temperature"].input_schema["properties"]["city"]["description"] == "The city"

        model = scripted(
            [("local_time", {"city": "Tokyo"}), ("divide", {"a": 1, "b": 0}),
             ("who_called", {}), ("temperature", {"city": "Rome"})],
            "done",
        )
        ChatClient.create(model).prompt().user("q").tools(provider_of(client)).call().content()
        results = tool_results(model)
        assert results[0] == "Tokyo: 12:00"
        assert results[1] == "Error calling tool: division by zero"
        assert results[2] == "ServerRequestContext"
        assert results[3] == "Rome: 21C"


# -- connection failures ----------------------------------------------------------------------


def test_a_server_that_cannot_start_fails_initialize_clearly() -> None:
    connection = McpStdioConnection(sys.executable, ["-c", "import sys; sys.exit(5)"])
    with pytest.raises(McpClientInitializationError, match="MCP client broken failed to initialize") as raised:
        open_sync_client("broken", connection, request_timeout=15)
    assert isinstance(raised.value.__cause__, MCPError)


def test_a_client_does_not_reconnect_silently_after_its_server_died(
    fresh_weather_client: McpSyncClient,
) -> None:
    crash = next(c for c in provider_of(fresh_weather_client).get_tool_callbacks()
                 if c.get_tool_definition().name == "crash")
    with pytest.raises(MCPError):
        crash.call("{}")
    # No window where the dead session still counts as initialized.
    assert not fresh_weather_client.is_initialized()
    with pytest.raises(MCPError, match="lost its connection to the server"):
        fresh_weather_client.list_tools()
    fresh_weather_client.initialize()  # an explicit initialize() reconnects, at once
    assert fresh_weather_client.is_initialized()
    assert "get_weather" in [t.name for t in fresh_weather_client.list_tools().tools]
    weather = next(c for c in provider_of(fresh_weather_client).get_tool_callbacks()
                   if c.get_tool_definition().name == "get_weather")
    assert weather.call('{"city": "Bern"}') == "Bern: sunny (weather)"


def test_an_async_client_reconnects_on_initialize_after_its_server_died() -> None:
    async def run() -> list[str]:
        client = await open_async_client("async-crash", stdio_connection("weather"))
        try:
            with pytest.raises(MCPError):
                await client.call_tool(types.CallToolRequestParams(name="crash", arguments={}))
            assert not client.is_initialized()
            with pytest.raises(MCPError, match="lost its connection to the server"):
                await client.list_tools()
            await client.initialize()
            assert client.is_initialized()
            return [t.name for t in (await client.list_tools()).tools]
        finally:
            await client.close()

    assert "get_weather" in asyncio.run(asyncio.wait_for(run(), 60))


def test_a_wrong_url_fails_initialize_clearly() -> None:
    with pytest.raises(McpClientInitializationError, match="MCP client nowhere failed to initialize"):
        open_sync_client("nowhere", McpStreamableHttpConnection("http://127.0.0.1:9"), request_timeout=10)


def test_a_client_closes_once_and_reports_it() -> None:
    client = open_sync_client("twice", stdio_connection("weather"))
    assert client.is_initialized()
    client.close()
    client.close()
    assert not client.is_initialized()
    assert client.close_gracefully() is True
    with pytest.raises(RuntimeError, match="MCP client twice is closed"):
        client.list_tools()


def test_streamable_http_connection_sends_its_headers(our_tools_server: HttpServer) -> None:
    connection = McpStreamableHttpConnection(our_tools_server.url, headers={"X-Api-Key": "secret"})
    assert "secret" not in repr(connection)
    with open_sync_client("with-headers", connection) as client:
        callback = next(c for c in provider_of(client).get_tool_callbacks()
                        if c.get_tool_definition().name == "api_key_seen")
        assert callback.call("{}") == "secret"


def test_tool_context_reaches_an_mcp_tool_method_as_mcp_meta(our_tools_server: HttpServer) -> None:
    with open_sync_client("greeter", McpStreamableHttpConnection(our_tools_server.url)) as client:
        model = scripted([("greet", {"greeting": "Hello"})], "ok")
        chat_client = ChatClient.builder(model).default_tool_callbacks(provider_of(client)).build()
        chat_client.prompt().user("q").tool_context({"user": "ada"}).call().content()
        assert tool_results(model)[0] == "Hello, ada!"


def test_a_server_tool_whose_name_formats_to_nothing_is_skipped_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    odd = SyncToolSpecification(
        types.Tool(name="!!!", input_schema={"type": "object"}),
        lambda exchange, request: types.CallToolResult(content=[]),
    )
    server = McpToolServer("odd", tools=[local_time, odd])
    with McpSyncClient(server, connection_name="odd") as client, caplog.at_level("WARNING"):
        assert [t.name for t in client.list_tools().tools] == ["local_time", "!!!"]
        callbacks = provider_of(client).get_tool_callbacks()
        assert [c.get_tool_definition().name for c in callbacks] == ["local_time"]
    assert "Skipping the tool '!!!' of MCP client odd" in caplog.text


def test_http_clients_are_built_off_the_session_loop(
    monkeypatch: pytest.MonkeyPatch, sse_weather_server: HttpServer, http_weather_server: HttpServer
) -> None:
    """Building an HTTP client loads the TLS trust store (tens of milliseconds): done on
    the loop, it would stall every MCP session sharing it. Each transport builds its
    client on a worker thread."""
    import httpx2

    built_on: list[int] = []
    original_init = httpx2.AsyncClient.__init__

    def recording_init(self: httpx2.AsyncClient, *args: Any, **kwargs: Any) -> None:
        built_on.append(threading.get_ident())
        original_init(self, *args, **kwargs)

    monkeypatch.setattr(httpx2.AsyncClient, "__init__", recording_init)
    targets: list[Any] = [
        McpSseConnection(sse_weather_server.url).server_target(),
        McpStreamableHttpConnection(http_weather_server.url).server_target(),
        McpStreamableHttpConnection(http_weather_server.url, headers={"X-Api-Key": "k"}).server_target(),
        f"{http_weather_server.url}/mcp",
    ]

    async def run() -> list[str]:
        names = []
        for target in targets:
            async with McpAsyncClient(target) as client:
                names.append((await client.list_tools()).tools[0].name)
        return names

    assert asyncio.run(asyncio.wait_for(run(), 60)) == ["get_weather"] * 4
    assert len(built_on) == 4
    assert threading.get_ident() not in built_on  # the loop ran on this thread


def test_an_async_client_closes_quietly_after_its_loop_ended() -> None:
    clients: list[McpAsyncClient] = []

    async def connect() -> None:
        clients.append(await open_async_client("short-lived", stdio_connection("weather")))
        await clients[0].list_tools()

    asyncio.run(asyncio.wait_for(connect(), 60))
    asyncio.run(clients[0].close())  # the loop that held the session is gone
    assert not clients[0].is_initialized()
