"""Port of Spring AI 2.0.1
`org.springframework.ai.mcp.annotation.method.tool.SyncMcpToolMethodCallbackExceptionHandlingTests`:
7 tests ported, 2 skipped.

Java's ``Error`` (``AssertionError``) is a ``BaseException`` that is not an
``Exception`` here (Python's ``AssertionError`` is an ordinary ``Exception``);
``NullPointerException`` and ``IllegalArgumentException`` are ``TypeError`` and
``ValueError``."""

from __future__ import annotations

import mcp_types as types
import pytest
from mcp import MCPError

from spring_ai_py.mcp.annotation import McpTool, McpToolMethodCallback

EXCHANGE = object()


class CustomRuntimeError(RuntimeError):
    pass


class FatalError(BaseException):
    """Stands in for a Java ``Error``."""


class ExceptionTestToolProvider:
    @McpTool(name="runtime-exception-tool", description="Throws RuntimeException")
    def runtime_exception_tool(self, input: str) -> str:
        raise RuntimeError("Runtime error: " + input)

    @McpTool(name="custom-runtime-exception-tool", description="Throws CustomRuntimeException")
    def custom_runtime_exception_tool(self, input: str) -> str:
        raise CustomRuntimeError("Custom runtime error: " + input)

    @McpTool(name="null-pointer-tool", description="Throws NullPointerException")
    def null_pointer_tool(self, input: str) -> str:
        raise TypeError("Null pointer: " + input)

    @McpTool(name="illegal-argument-tool", description="Throws IllegalArgumentException")
    def illegal_argument_tool(self, input: str) -> str:
        raise ValueError("Illegal argument: " + input)

    @McpTool(name="assertion-error-tool", description="Throws AssertionError")
    def assertion_error_tool(self, input: str) -> str:
        raise FatalError("Assertion error: " + input)

    @McpTool(name="mcp-error-tool", description="Throws McpError")
    def mcp_error_tool(self, input: str) -> str:
        raise MCPError(code=-32000, message="Protocol error: " + input)

    @McpTool(name="success-tool", description="Returns a result")
    def success_tool(self, input: str) -> str:
        return "Success: " + input


def callback_for(method_name: str) -> McpToolMethodCallback:
    return McpToolMethodCallback.of(getattr(ExceptionTestToolProvider(), method_name))


def call(method_name: str, tool_name: str) -> types.CallToolResult:
    request = types.CallToolRequestParams(name=tool_name, arguments={"input": "test"})
    return callback_for(method_name).call(EXCHANGE, request)


def error_text(result: types.CallToolResult) -> str:
    assert result.is_error is True
    content = result.content[0]
    assert isinstance(content, types.TextContent)
    return content.text


def test_runtime_exception_is_converted_to_error_result() -> None:
    assert "Runtime error: test" in error_text(call("runtime_exception_tool", "runtime-exception-tool"))


def test_runtime_exception_subclass_is_converted_to_error_result() -> None:
    result = call("custom_runtime_exception_tool", "custom-runtime-exception-tool")
    assert "Custom runtime error: test" in error_text(result)


def test_null_pointer_exception_is_converted_to_error_result() -> None:
    assert "Null pointer: test" in error_text(call("null_pointer_tool", "null-pointer-tool"))


def test_illegal_argument_exception_is_converted_to_error_result() -> None:
    assert "Illegal argument: test" in error_text(call("illegal_argument_tool", "illegal-argument-tool"))


@pytest.mark.skip(reason="Java-only: declared checked exceptions (UndeclaredThrowableException)")
def test_declared_checked_exception_bubbles_up() -> None:
    pass


def test_error_bubbles_up() -> None:
    with pytest.raises(FatalError, match="Assertion error: test"):
        call("assertion_error_tool", "assertion-error-tool")


def test_mcp_error_bubbles_up() -> None:
    with pytest.raises(MCPError):
        call("mcp_error_tool", "mcp-error-tool")


@pytest.mark.skip(reason="Java-only: deprecated constructor taking a checked-exception class")
def test_deprecated_constructor_ignores_tool_call_exception_class() -> None:
    pass


def test_successful_execution_returns_result() -> None:
    result = call("success_tool", "success-tool")
    assert result.is_error is False
    content = result.content[0]
    assert isinstance(content, types.TextContent)
    assert content.text == "Success: test"
