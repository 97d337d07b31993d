"""Port of Spring AI 2.0.1 `org.springframework.ai.mcp.SyncMcpToolCallbackBuilderTest`: 10 tests ported, 0 skipped."""

from __future__ import annotations

import pytest
from mcp_fakes import FakeSyncClient, tool

from spring_ai_py.mcp import SyncMcpToolCallback, ToolContextToMcpMetaConverter


def test_builder_should_create_instance_with_required_fields() -> None:
    callback = (
        SyncMcpToolCallback.builder()
        .mcp_client(FakeSyncClient("test-client"))
        .tool(tool("test-tool", "Test tool description"))
        .build()
    )
    assert callback is not None
    assert callback.get_original_tool_name() == "test-tool"
    assert callback.get_tool_definition().name == "test_tool"
    assert callback.get_tool_definition().description == "Test tool description"


def test_builder_should_create_instance_with_all_fields() -> None:
    custom_prefixed_name = "custom_prefix_test-tool"
    callback = (
        SyncMcpToolCallback.builder()
        .mcp_client(FakeSyncClient())
        .tool(tool("test-tool", "Test tool description"))
        .prefixed_tool_name(custom_prefixed_name)
        .tool_context_to_mcp_meta_converter(ToolContextToMcpMetaConverter.default_converter())
        .build()
    )
    assert callback.get_original_tool_name() == "test-tool"
    assert callback.get_tool_definition().name == custom_prefixed_name
    assert callback.get_tool_definition().description == "Test tool description"


def test_builder_should_throw_exception_when_mcp_client_is_null() -> None:
    with pytest.raises(ValueError, match=r"^MCP client must not be null$"):
        SyncMcpToolCallback.builder().tool(tool("test-tool", "Test tool description")).build()


def test_builder_should_throw_exception_when_tool_is_null() -> None:
    with pytest.raises(ValueError, match=r"^MCP tool must not be null$"):
        SyncMcpToolCallback.builder().mcp_client(FakeSyncClient()).build()


def test_builder_should_support_method_chaining() -> None:
    callback = (
        SyncMcpToolCallback.builder()
        .mcp_client(FakeSyncClient("test-client"))
        .tool(tool("test-tool", "Test tool description"))
        .prefixed_tool_name("chained_tool_name")
        .tool_context_to_mcp_meta_converter(ToolContextToMcpMetaConverter.default_converter())
        .build()
    )
    assert callback.get_tool_definition().name == "chained_tool_name"


def test_builder_should_normalize_tool_name_with_special_characters() -> None:
    callback = (
        SyncMcpToolCallback.builder()
        .mcp_client(FakeSyncClient("test-client"))
        .tool(tool("test-tool-with-dashes", "Test description"))
        .build()
    )
    assert callback.get_original_tool_name() == "test-tool-with-dashes"
    assert callback.get_tool_definition().name == "test_tool_with_dashes"


def test_builder_should_use_custom_prefixed_name_without_normalization() -> None:
    callback = (
        SyncMcpToolCallback.builder()
        .mcp_client(FakeSyncClient())
        .tool(tool("original-name", "Test description"))
        .prefixed_tool_name("custom-name-with-dashes")
        .build()
    )
    assert callback.get_original_tool_name() == "original-name"
    assert callback.get_tool_definition().name == "custom-name-with-dashes"


def test_builder_should_handle_prefixed_tool_name_as_null() -> None:
    callback = (
        SyncMcpToolCallback.builder()
        .mcp_client(FakeSyncClient("test-client"))
        .tool(tool("test-tool", "Description"))
        .prefixed_tool_name(None)  # type: ignore[arg-type]
        .build()
    )
    assert callback.get_tool_definition().name == "test_tool"


def test_builder_should_create_new_instances_for_each_build() -> None:
    builder = SyncMcpToolCallback.builder().mcp_client(FakeSyncClient("test-client")).tool(
        tool("test-tool", "Test description")
    )
    callback1 = builder.build()
    callback2 = builder.build()
    assert callback1 is not callback2
    assert callback1.get_original_tool_name() == callback2.get_original_tool_name()


def test_builder_should_throw_exception_when_tool_context_converter_is_null() -> None:
    with pytest.raises(ValueError, match=r"^ToolContextToMcpMetaConverter must not be null$"):
        (
            SyncMcpToolCallback.builder()
            .mcp_client(FakeSyncClient())
            .tool(tool("test-tool", "Test description"))
            .tool_context_to_mcp_meta_converter(None)  # type: ignore[arg-type]
            .build()
        )
