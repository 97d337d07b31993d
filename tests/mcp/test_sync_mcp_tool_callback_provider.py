"""Port of Spring AI 2.0.1 `org.springframework.ai.mcp.SyncMcpToolCallbackProviderTests`: 16 tests ported, 0 skipped
(plus one test of the cache invalidation).

Spring's mocked tools are distinct objects; here two tools of one server that share a
name differ in their description, which is what makes them two tools."""

from __future__ import annotations

import pytest
from mcp_fakes import FakeSyncClient, tool

from spring_ai_py.mcp import (
    DefaultMcpToolNamePrefixGenerator,
    McpToolNamePrefixGenerator,
    McpToolsChangedEvent,
    SyncMcpToolCallbackProvider,
    ToolContextToMcpMetaConverter,
)


def names(callbacks: list) -> list[str]:  # type: ignore[type-arg]
    return [c.get_tool_definition().name for c in callbacks]


def test_get_tool_callbacks_should_return_empty_array_when_no_tools() -> None:
    provider = SyncMcpToolCallbackProvider.builder().mcp_clients(FakeSyncClient()).build()
    assert provider.get_tool_callbacks() == []


def test_get_tool_callbacks_should_return_empty_array_when_no_clients() -> None:
    assert SyncMcpToolCallbackProvider.builder().build().get_tool_callbacks() == []


def test_get_tool_callbacks_should_return_callbacks_for_each_tool() -> None:
    client = FakeSyncClient(tools=[tool("tool1"), tool("tool2")])
    provider = SyncMcpToolCallbackProvider.builder().mcp_clients(client).build()
    assert len(provider.get_tool_callbacks()) == 2


def test_get_tool_callbacks_should_throw_exception_for_duplicate_tool_names() -> None:
    client = FakeSyncClient(tools=[tool("sameName", "first"), tool("sameName", "second")])
    provider = SyncMcpToolCallbackProvider.builder().mcp_clients(client).build()
    assert names(provider.get_tool_callbacks()) == ["sameName", "alt_1_sameName"]

    provider2 = (
        SyncMcpToolCallbackProvider.builder()
        .tool_name_prefix_generator(McpToolNamePrefixGenerator.no_prefix())
        .mcp_clients(client)
        .build()
    )
    with pytest.raises(RuntimeError, match="Multiple tools with the same name"):
        provider2.get_tool_callbacks()


def test_get_same_name_tools_but_different_client_info_names_should_produce_different_tool_callback_names() -> None:
    client1 = FakeSyncClient("FirstClient", tools=[tool("sameName")])
    client2 = FakeSyncClient("SecondClient", tools=[tool("sameName")])
    provider = SyncMcpToolCallbackProvider.builder().mcp_clients(client1, client2).build()
    assert names(provider.get_tool_callbacks()) == ["sameName", "alt_1_sameName"]


def test_tool_filter_should_accept_all_tools_by_default() -> None:
    client = FakeSyncClient(tools=[tool("tool1"), tool("tool2")])
    assert len(SyncMcpToolCallbackProvider.builder().mcp_clients(client).build().get_tool_callbacks()) == 2


def test_tool_filter_should_reject_all_tools_when_configured() -> None:
    client = FakeSyncClient(tools=[tool("tool1"), tool("tool2")])
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .tool_filter(lambda info, t: False)
        .tool_name_prefix_generator(DefaultMcpToolNamePrefixGenerator())
        .mcp_clients(client)
        .build()
    )
    assert provider.get_tool_callbacks() == []


def test_tool_filter_should_filter_tools_by_name_when_configured() -> None:
    client = FakeSyncClient(tools=[tool("tool1"), tool("tool2"), tool("tool3")])
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .tool_filter(lambda info, t: "2" in t.name or "3" in t.name)
        .tool_name_prefix_generator(DefaultMcpToolNamePrefixGenerator())
        .mcp_clients(client)
        .build()
    )
    assert names(provider.get_tool_callbacks()) == ["tool2", "tool3"]


def test_tool_filter_should_filter_tools_by_client_when_configured() -> None:
    client1 = FakeSyncClient("testClient1", tools=[tool("tool1")])
    client2 = FakeSyncClient("testClient2", tools=[tool("tool2")])
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .tool_filter(lambda info, t: info.client_info.name == "testClient1")
        .tool_name_prefix_generator(DefaultMcpToolNamePrefixGenerator())
        .mcp_clients(client1, client2)
        .build()
    )
    assert names(provider.get_tool_callbacks()) == ["tool1"]


def test_tool_filter_should_combine_client_and_tool_criteria_when_configured() -> None:
    client = FakeSyncClient("weather-service", tools=[tool("weather"), tool("calculator")])
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .tool_filter(lambda info, t: info.client_info.name == "weather-service" and t.name == "weather")
        .tool_name_prefix_generator(DefaultMcpToolNamePrefixGenerator())
        .mcp_clients(client)
        .build()
    )
    assert names(provider.get_tool_callbacks()) == ["weather"]


def test_builder_should_support_add_mcp_client() -> None:
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .add_mcp_client(FakeSyncClient("testClient1", tools=[tool("tool1")]))
        .add_mcp_client(FakeSyncClient("testClient2", tools=[tool("tool2")]))
        .build()
    )
    assert len(provider.get_tool_callbacks()) == 2


def test_sync_tool_callbacks_static_method_should_return_empty_list_when_no_clients() -> None:
    assert SyncMcpToolCallbackProvider.sync_tool_callbacks([]) == []


def test_sync_tool_callbacks_static_method_should_return_empty_list_when_null_clients() -> None:
    assert SyncMcpToolCallbackProvider.sync_tool_callbacks(None) == []


def test_sync_tool_callbacks_static_method_should_return_callbacks() -> None:
    client = FakeSyncClient(tools=[tool("tool1")])
    assert len(SyncMcpToolCallbackProvider.sync_tool_callbacks([client])) == 1


def test_builder_should_support_tool_context_to_mcp_meta_converter() -> None:
    client = FakeSyncClient(tools=[tool("tool1")])
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .mcp_clients(client)
        .tool_context_to_mcp_meta_converter(ToolContextToMcpMetaConverter.default_converter())
        .build()
    )
    assert len(provider.get_tool_callbacks()) == 1


def test_builder_should_support_mcp_clients_as_list() -> None:
    client = FakeSyncClient(tools=[tool("tool1")])
    provider = SyncMcpToolCallbackProvider.builder().mcp_clients([client]).build()
    assert len(provider.get_tool_callbacks()) == 1


def test_cache_is_invalidated_by_a_tools_changed_event() -> None:
    """Beyond the Java class: ``on_application_event`` (and ``invalidate_cache``) make
    the next call list the tools again."""
    client = FakeSyncClient(tools=[tool("tool1")])
    provider = SyncMcpToolCallbackProvider.builder().mcp_clients(client).build()
    assert names(provider.get_tool_callbacks()) == ["tool1"]
    client.tools.append(tool("tool2"))
    assert names(provider.get_tool_callbacks()) == ["tool1"]
    provider.on_application_event(McpToolsChangedEvent("testClient", client.tools))
    assert names(provider.get_tool_callbacks()) == ["tool1", "tool2"]
