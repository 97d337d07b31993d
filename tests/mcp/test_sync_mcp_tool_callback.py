"""Port of Spring AI 2.0.1 `org.springframework.ai.mcp.SyncMcpToolCallbackTests`: 13 tests ported, 0 skipped
(plus one test of the port's rule for a single text block)."""

from __future__ import annotations

import mcp_types as types
import pytest
from mcp import MCPError
from mcp_fakes import FakeSyncClient, text_result, tool

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.mcp import McpToolUtils, SyncMcpToolCallback, ToolContextToMcpMetaConverter
from spring_ai_py.tool.execution import ToolExecutionException


def test_get_tool_definition_should_return_correct_definition() -> None:
    client_info = types.Implementation(name="testClient", version="1.0.0")
    test_tool = tool("testTool", "Test tool description")
    callback = (
        SyncMcpToolCallback.builder()
        .mcp_client(FakeSyncClient())
        .tool(test_tool)
        .prefixed_tool_name(McpToolUtils.prefixed_tool_name(client_info.name, client_info.title, test_tool.name))
        .tool_context_to_mcp_meta_converter(ToolContextToMcpMetaConverter.default_converter())
        .build()
    )
    definition = callback.get_tool_definition()
    assert definition.name == "t_testTool"
    assert definition.description == "Test tool description"


def test_get_original_tool_name_should_return_correct_name() -> None:
    callback = (
        SyncMcpToolCallback.builder()
        .mcp_client(FakeSyncClient())
        .tool(tool("originalToolName"))
        .prefixed_tool_name("prefix_originalToolName")
        .build()
    )
    assert callback.get_original_tool_name() == "originalToolName"


def _callback(client: FakeSyncClient, name: str = "testTool") -> SyncMcpToolCallback:
    return (
        SyncMcpToolCallback.builder()
        .mcp_client(client)
        .tool(tool(name))
        .prefixed_tool_name(McpToolUtils.prefixed_tool_name("testClient", "server1", name))
        .tool_context_to_mcp_meta_converter(ToolContextToMcpMetaConverter.default_converter())
        .build()
    )


def test_call_should_handle_json_input_and_output() -> None:
    client = FakeSyncClient(result=text_result("ok"))
    response = _callback(client).call('{"param":"value"}')
    assert response is not None
    assert client.requests[0].arguments == {"param": "value"}


def test_call_should_handle_tool_context() -> None:
    client = FakeSyncClient(result=text_result("ok"))
    response = _callback(client).call('{"param":"value"}', ToolContext({"foo": "bar"}))
    assert response is not None
    assert client.requests[0].meta == {"foo": "bar"}


def test_call_should_handle_null_or_empty_input() -> None:
    client = FakeSyncClient(result=types.CallToolResult(content=[]))
    callback = SyncMcpToolCallback.builder().mcp_client(client).tool(tool("testTool")).prefixed_tool_name(
        "testClient_testTool"
    ).build()
    assert callback.call(None) == "[]"
    assert callback.call("") == "[]"
    assert callback.call("   ") == "[]"
    assert [r.arguments for r in client.requests] == [{}, {}, {}]


def test_call_should_throw_on_error() -> None:
    """The error content is rendered like a result: one plain text block as its text
    (Spring prints Java's record ``toString``)."""
    client = FakeSyncClient(result=text_result("Some error data", is_error=True))
    callback = _callback(client)
    with pytest.raises(ToolExecutionException) as raised:
        callback.call('{"param":"value"}')
    assert isinstance(raised.value.cause, RuntimeError)
    assert str(raised.value.cause) == "Error calling tool: Some error data"


def test_call_should_wrap_exceptions() -> None:
    client = FakeSyncClient(result=RuntimeError("Testing tool error"))
    with pytest.raises(ToolExecutionException) as raised:
        _callback(client).call('{"param":"value"}')
    assert str(raised.value.cause) == "Testing tool error"


def test_call_should_propagate_mcp_error_as_hard_failure() -> None:
    mcp_error = MCPError(code=-32603, message="Protocol failure")
    client = FakeSyncClient(result=mcp_error)
    with pytest.raises(MCPError) as raised:
        _callback(client).call('{"param":"value"}')
    assert raised.value is mcp_error


def test_call_should_handle_empty_response() -> None:
    client = FakeSyncClient(result=types.CallToolResult(content=[], is_error=False))
    assert _callback(client).call('{"param":"value"}') == "[]"


def test_call_should_handle_multiple_content_items() -> None:
    client = FakeSyncClient(result=text_result("First content", "Second content"))
    response = _callback(client).call('{"param":"value"}')
    assert response == '[{"text":"First content"},{"text":"Second content"}]'


def test_call_should_handle_non_text_content() -> None:
    image = types.ImageContent(type="image", data="base64data", mime_type="image/png")
    client = FakeSyncClient(result=types.CallToolResult(content=[image], is_error=False))
    response = _callback(client).call('{"param":"value"}')
    assert response == '[{"data":"base64data","mimeType":"image/png"}]'


def test_builder_should_use_default_prefix_when_not_specified() -> None:
    callback = SyncMcpToolCallback.builder().mcp_client(FakeSyncClient()).tool(tool("testTool")).build()
    assert "testTool" in callback.get_tool_definition().name


def test_builder_should_validate_required_parameters() -> None:
    with pytest.raises(ValueError, match="MCP client must not be null"):
        SyncMcpToolCallback.builder().tool(tool("testTool")).build()
    with pytest.raises(ValueError, match="MCP tool must not be null"):
        SyncMcpToolCallback.builder().mcp_client(FakeSyncClient()).build()


def test_a_single_plain_text_block_is_sent_as_its_text() -> None:
    """PORTING §7.14's rule for ``str`` results, applied to MCP: one plain text block is
    the text itself; several blocks, other content or annotated text stay Spring's JSON."""
    assert _callback(FakeSyncClient(result=text_result("Sunny"))).call("{}") == "Sunny"
    annotated = types.TextContent(type="text", text="Sunny", annotations=types.Annotations(priority=1.0))
    client = FakeSyncClient(result=types.CallToolResult(content=[annotated]))
    assert _callback(client).call("{}") == '[{"text":"Sunny","annotations":{"priority":1.0}}]'
