"""Port of Spring AI 2.0.1 `org.springframework.ai.mcp.AsyncMcpToolCallbackTest`: 15 tests ported, 0 skipped.

Spring's blocking ``call`` is tested as ``call``; the fake client stands in for the
mocked ``McpAsyncClient`` (its ``Mono`` results are plain results or raised errors)."""

from __future__ import annotations

import asyncio

import mcp_types as types
import pytest
from mcp import MCPError
from mcp_fakes import FakeAsyncClient, text_result, tool

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.mcp import AsyncMcpToolCallback, ToolContextToMcpMetaConverter
from spring_ai_py.tool.execution import ToolExecutionException


def callback(client: FakeAsyncClient, name: str = "testTool", prefixed: str | None = None) -> AsyncMcpToolCallback:
    return (
        AsyncMcpToolCallback.builder()
        .mcp_client(client)
        .tool(tool(name))
        .prefixed_tool_name(prefixed or name)
        .build()
    )


def test_call_should_throw_on_error() -> None:
    """The error content is rendered like a result: one plain text block as its text
    (Spring prints Java's record ``toString``)."""
    client = FakeAsyncClient(result=text_result("Some error data", is_error=True))
    with pytest.raises(ToolExecutionException) as raised:
        callback(client).call('{"param":"value"}')
    assert isinstance(raised.value.cause, RuntimeError)
    assert str(raised.value.cause) == "Error calling tool: Some error data"


def test_call_should_wrap_reactive_errors() -> None:
    client = FakeAsyncClient(result=Exception("Testing tool error"))
    with pytest.raises(ToolExecutionException) as raised:
        callback(client).call('{"param":"value"}')
    assert str(raised.value.cause) == "Testing tool error"


def test_call_should_propagate_mcp_error_as_hard_failure() -> None:
    mcp_error = MCPError(code=-32603, message="Protocol failure")
    with pytest.raises(MCPError) as raised:
        callback(FakeAsyncClient(result=mcp_error)).call('{"param":"value"}')
    assert raised.value is mcp_error


def test_call_should_succeed_with_valid_input() -> None:
    client = FakeAsyncClient(result=text_result("Success response"))
    result = callback(client, prefixed="prefixed_testTool").call('{"param":"value"}')
    assert "Success response" in result
    assert client.requests[0].name == "testTool"  # the original name, not the prefixed one


def test_call_should_handle_null_input() -> None:
    client = FakeAsyncClient(result=text_result("Success with empty input"))
    assert "Success with empty input" in callback(client).call(None)
    assert client.requests[0].arguments == {}


def test_call_should_handle_empty_input() -> None:
    client = FakeAsyncClient(result=text_result("Success with empty input"))
    assert "Success with empty input" in callback(client).call("")
    assert client.requests[0].arguments == {}


def test_call_should_include_tool_context() -> None:
    client = FakeAsyncClient(result=text_result("Success with context"))
    result = callback(client).call('{"param":"value"}', ToolContext({"key": "value"}))
    assert "Success with context" in result
    assert client.requests[0].meta == {"key": "value"}


def test_get_tool_definition_should_return_correct_definition() -> None:
    definition = (
        AsyncMcpToolCallback.builder()
        .mcp_client(FakeAsyncClient())
        .tool(tool("testTool", "Test tool description"))
        .prefixed_tool_name("prefix_testTool")
        .build()
        .get_tool_definition()
    )
    assert definition.name == "prefix_testTool"
    assert definition.description == "Test tool description"
    assert definition.input_schema == '{"type":"object","properties":{}}'


def test_get_original_tool_name_should_return_correct_name() -> None:
    assert callback(FakeAsyncClient(), "originalToolName", "prefix_originalToolName").get_original_tool_name() == (
        "originalToolName"
    )


def test_builder_should_generate_prefixed_tool_name_when_not_provided() -> None:
    built = AsyncMcpToolCallback.builder().mcp_client(FakeAsyncClient()).tool(tool("testTool")).build()
    assert "testTool" in built.get_tool_definition().name


def test_builder_should_throw_when_mcp_client_is_null() -> None:
    with pytest.raises(ValueError, match="MCP client must not be null"):
        AsyncMcpToolCallback.builder().tool(tool("testTool")).build()


def test_builder_should_throw_when_tool_is_null() -> None:
    with pytest.raises(ValueError, match="MCP tool must not be null"):
        AsyncMcpToolCallback.builder().mcp_client(FakeAsyncClient()).build()


def test_builder_should_accept_custom_tool_context_converter() -> None:
    seen: list[ToolContext | None] = []

    def converter(tool_context: ToolContext | None) -> dict[str, object]:
        seen.append(tool_context)
        return {"custom": "meta"}

    client = FakeAsyncClient(result=text_result("Success"))
    tool_context = ToolContext({"k": "v"})
    (
        AsyncMcpToolCallback.builder()
        .mcp_client(client)
        .tool(tool("testTool"))
        .prefixed_tool_name("testTool")
        .tool_context_to_mcp_meta_converter(ToolContextToMcpMetaConverter.of(converter))
        .build()
        .call("{}", tool_context)
    )
    assert seen == [tool_context]
    assert client.requests[0].meta == {"custom": "meta"}


def test_deprecated_constructor_should_work() -> None:
    built = AsyncMcpToolCallback(FakeAsyncClient("testClient"), tool("testTool", "Test description"))
    assert built.get_original_tool_name() == "testTool"
    assert built.get_tool_definition().description == "Test description"
    assert built.get_tool_definition().name == "t_testTool"


def test_call_should_handle_complex_json_response() -> None:
    client = FakeAsyncClient(result=text_result("Part 1", "Part 2"))
    result = callback(client).call('{"input":"test"}')
    assert "Part 1" in result
    assert "Part 2" in result
    # The native async path gives the same answer.
    assert asyncio.run(callback(client).acall('{"input":"test"}')) == result
    assert isinstance(client.requests[-1], types.CallToolRequestParams)
