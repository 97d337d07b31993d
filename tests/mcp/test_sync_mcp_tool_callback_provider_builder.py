"""Port of Spring AI 2.0.1 `org.springframework.ai.mcp.SyncMcpToolCallbackProviderBuilderTest`: 14 tests ported, 0 skipped."""

from __future__ import annotations

import pytest
from mcp_fakes import FakeSyncClient, tool

from spring_ai_py.mcp import DefaultMcpToolNamePrefixGenerator, SyncMcpToolCallbackProvider


def mock_client(client_name: str, tool_name: str) -> FakeSyncClient:
    return FakeSyncClient(client_name, tools=[tool(tool_name, "Test tool description")])


def names(provider: SyncMcpToolCallbackProvider) -> list[str]:
    return [c.get_tool_definition().name for c in provider.get_tool_callbacks()]


def test_builder_should_create_instance_with_single_client() -> None:
    provider = SyncMcpToolCallbackProvider.builder().add_mcp_client(mock_client("test-client", "test-tool")).build()
    assert names(provider) == ["test_tool"]


def test_builder_should_create_instance_with_multiple_clients() -> None:
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .add_mcp_client(mock_client("client1", "tool1"))
        .add_mcp_client(mock_client("client2", "tool2"))
        .build()
    )
    assert names(provider) == ["tool1", "tool2"]


def test_builder_should_create_instance_with_client_list() -> None:
    clients = [mock_client("client1", "tool1"), mock_client("client2", "tool2")]
    assert len(names(SyncMcpToolCallbackProvider.builder().mcp_clients(clients).build())) == 2


def test_builder_should_create_instance_with_client_array() -> None:
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .mcp_clients(mock_client("client1", "tool1"), mock_client("client2", "tool2"))
        .build()
    )
    assert len(names(provider)) == 2


def test_builder_should_create_instance_with_custom_tool_filter() -> None:
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .add_mcp_client(mock_client("client", "filtered-tool"))
        .tool_filter(lambda info, t: t.name.startswith("filtered"))
        .build()
    )
    assert names(provider) == ["filtered_tool"]


def test_builder_should_create_instance_with_custom_tool_name_prefix_generator() -> None:
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .add_mcp_client(mock_client("client", "tool"))
        .tool_name_prefix_generator(lambda info, t: "custom_" + t.name)
        .build()
    )
    assert names(provider) == ["custom_tool"]


def test_builder_should_create_instance_with_all_custom_parameters() -> None:
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .add_mcp_client(mock_client("client", "custom-tool"))
        .tool_filter(lambda info, t: "custom" in t.name)
        .tool_name_prefix_generator(lambda info, t: "prefix_" + t.name)
        .build()
    )
    assert names(provider) == ["prefix_custom-tool"]


def test_builder_should_throw_exception_when_client_list_is_null() -> None:
    with pytest.raises(ValueError, match=r"^MCP clients list must not be null$"):
        SyncMcpToolCallbackProvider.builder().mcp_clients(None)  # type: ignore[arg-type]


def test_builder_should_throw_exception_when_client_array_is_null() -> None:
    """Java's null array is a ``None`` among the varargs here (one ``None`` is the null list)."""
    with pytest.raises(ValueError, match=r"^MCP clients array must not be null$"):
        SyncMcpToolCallbackProvider.builder().mcp_clients(mock_client("c", "t"), None)  # type: ignore[arg-type]


def test_builder_should_throw_exception_when_adding_null_client() -> None:
    with pytest.raises(ValueError, match=r"^MCP client must not be null$"):
        SyncMcpToolCallbackProvider.builder().add_mcp_client(None)  # type: ignore[arg-type]


def test_builder_should_throw_exception_when_tool_filter_is_null() -> None:
    with pytest.raises(ValueError, match=r"^Tool filter must not be null$"):
        SyncMcpToolCallbackProvider.builder().add_mcp_client(mock_client("client", "tool")).tool_filter(None)  # type: ignore[arg-type]


def test_builder_should_throw_exception_when_tool_name_prefix_generator_is_null() -> None:
    with pytest.raises(ValueError, match=r"^Tool name prefix generator must not be null$"):
        SyncMcpToolCallbackProvider.builder().add_mcp_client(
            mock_client("client", "tool")
        ).tool_name_prefix_generator(None)  # type: ignore[arg-type]


def test_builder_should_support_method_chaining() -> None:
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .add_mcp_client(mock_client("client1", "tool1"))
        .add_mcp_client(mock_client("client2", "tool2"))
        .tool_filter(lambda info, t: True)
        .tool_name_prefix_generator(DefaultMcpToolNamePrefixGenerator())
        .build()
    )
    assert len(names(provider)) == 2


def test_builder_should_replace_clients_when_setting_new_list() -> None:
    provider = (
        SyncMcpToolCallbackProvider.builder()
        .add_mcp_client(mock_client("client1", "tool1"))
        .mcp_clients([mock_client("client2", "tool2"), mock_client("client3", "tool3")])
        .build()
    )
    assert names(provider) == ["tool2", "tool3"]
