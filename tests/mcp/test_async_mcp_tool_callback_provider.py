"""Port of Spring AI 2.0.1 `org.springframework.ai.mcp.AsyncMcpToolCallbackProviderTests`: 17 tests ported, 0 skipped.

Java's ``Flux`` from ``asyncToolCallbacks`` is a list here."""

from __future__ import annotations

import pytest
from mcp_fakes import FakeAsyncClient, tool

from spring_ai_py.mcp import (
    AsyncMcpToolCallbackProvider,
    DefaultMcpToolNamePrefixGenerator,
    McpToolNamePrefixGenerator,
    ToolContextToMcpMetaConverter,
)
from spring_ai_py.tool import ToolCallback


def names(callbacks: list[ToolCallback]) -> list[str]:
    return [c.get_tool_definition().name for c in callbacks]


def test_get_tool_callbacks_should_return_empty_array_when_no_tools() -> None:
    provider = AsyncMcpToolCallbackProvider.builder().mcp_clients(FakeAsyncClient()).build()
    assert provider.get_tool_callbacks() == []


def test_get_tool_callbacks_should_return_empty_array_when_no_clients() -> None:
    assert AsyncMcpToolCallbackProvider.builder().mcp_clients([]).build().get_tool_callbacks() == []


def test_get_tool_callbacks_should_return_callbacks_for_each_tool() -> None:
    client = FakeAsyncClient(tools=[tool("tool1"), tool("tool2")])
    assert len(AsyncMcpToolCallbackProvider.builder().mcp_clients(client).build().get_tool_callbacks()) == 2


def test_get_tool_callbacks_should_throw_exception_for_duplicate_tool_names() -> None:
    client = FakeAsyncClient(tools=[tool("sameName", "first"), tool("sameName", "second")])
    provider1 = (
        AsyncMcpToolCallbackProvider.builder()
        .tool_name_prefix_generator(McpToolNamePrefixGenerator.no_prefix())
        .mcp_clients(client)
        .build()
    )
    with pytest.raises(RuntimeError, match="Multiple tools with the same name"):
        provider1.get_tool_callbacks()
    provider2 = AsyncMcpToolCallbackProvider.builder().mcp_clients(client).build()
    assert names(provider2.get_tool_callbacks()) == ["sameName", "alt_1_sameName"]


def test_get_same_name_tools_but_different_client_info_names_should_produce_different_tool_callback_names() -> None:
    client1 = FakeAsyncClient("FirstClient", tools=[tool("sameName")])
    client2 = FakeAsyncClient("SecondClient", tools=[tool("sameName")])
    provider = AsyncMcpToolCallbackProvider.builder().mcp_clients(client1, client2).build()
    assert names(provider.get_tool_callbacks()) == ["sameName", "alt_1_sameName"]


def test_tool_filter_should_accept_all_tools_by_default() -> None:
    client = FakeAsyncClient(tools=[tool("tool1"), tool("tool2")])
    assert len(AsyncMcpToolCallbackProvider.builder().mcp_clients(client).build().get_tool_callbacks()) == 2


def test_tool_filter_should_reject_all_tools_when_configured() -> None:
    client = FakeAsyncClient(tools=[tool("tool1"), tool("tool2")])
    provider = (
        AsyncMcpToolCallbackProvider.builder()
        .tool_filter(lambda info, t: False)
        .mcp_clients(client)
        .build()
    )
    assert provider.get_tool_callbacks() == []


def test_tool_filter_should_filter_tools_by_name_when_configured() -> None:
    client = FakeAsyncClient(tools=[tool("tool1"), tool("tool2"), tool("tool3")])
    provider = (
        AsyncMcpToolCallbackProvider.builder()
        .tool_filter(lambda info, t: "2" in t.name or "3" in t.name)
        .tool_name_prefix_generator(DefaultMcpToolNamePrefixGenerator())
        .mcp_clients(client)
        .build()
    )
    assert names(provider.get_tool_callbacks()) == ["tool2", "tool3"]


def test_tool_filter_should_filter_tools_by_client_when_configured() -> None:
    client1 = FakeAsyncClient("testClient1", tools=[tool("tool1")])
    client2 = FakeAsyncClient("testClient2", tools=[tool("tool2")])
    provider = (
        AsyncMcpToolCallbackProvider.builder()
        .tool_filter(lambda info, t: info.client_info.name == "testClient1")
        .mcp_clients(client1, client2)
        .build()
    )
    assert names(provider.get_tool_callbacks()) == ["tool1"]


def test_tool_filter_should_combine_client_and_tool_criteria_when_configured() -> None:
    client = FakeAsyncClient("weather-service", tools=[tool("weather"), tool("calculator")])
    provider = (
        AsyncMcpToolCallbackProvider.builder()
        .tool_filter(lambda info, t: info.client_info.name == "weather-service" and t.name == "weather")
        .mcp_clients(client)
        .build()
    )
    assert names(provider.get_tool_callbacks()) == ["weather"]


def test_async_tool_callbacks_static_method_should_return_empty_flux_when_no_clients() -> None:
    assert AsyncMcpToolCallbackProvider.async_tool_callbacks([]) == []


def test_async_tool_callbacks_static_method_should_return_empty_flux_when_null_clients() -> None:
    assert AsyncMcpToolCallbackProvider.async_tool_callbacks(None) == []


def test_async_tool_callbacks_static_method_should_return_callbacks() -> None:
    callbacks = AsyncMcpToolCallbackProvider.async_tool_callbacks([FakeAsyncClient(tools=[tool("tool1")])])
    assert len(callbacks) == 1
    assert isinstance(callbacks[0], ToolCallback)


def test_builder_should_support_tool_context_to_mcp_meta_converter() -> None:
    provider = (
        AsyncMcpToolCallbackProvider.builder()
        .mcp_clients(FakeAsyncClient(tools=[tool("tool1")]))
        .tool_context_to_mcp_meta_converter(ToolContextToMcpMetaConverter.default_converter())
        .build()
    )
    assert len(provider.get_tool_callbacks()) == 1


def test_builder_should_support_mcp_clients_as_list() -> None:
    provider = AsyncMcpToolCallbackProvider.builder().mcp_clients([FakeAsyncClient(tools=[tool("tool1")])]).build()
    assert len(provider.get_tool_callbacks()) == 1


def test_builder_should_support_mcp_clients_as_varargs() -> None:
    provider = AsyncMcpToolCallbackProvider.builder().mcp_clients(FakeAsyncClient(tools=[tool("tool1")])).build()
    assert len(provider.get_tool_callbacks()) == 1


def test_builder_should_support_custom_tool_name_prefix_generator() -> None:
    provider = (
        AsyncMcpToolCallbackProvider.builder()
        .mcp_clients(FakeAsyncClient(tools=[tool("tool1")]))
        .tool_name_prefix_generator(lambda info, t: "custom_" + t.name)
        .build()
    )
    assert names(provider.get_tool_callbacks()) == ["custom_tool1"]
