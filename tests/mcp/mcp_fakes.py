"""Stand-ins for the Mockito mocks of Spring's MCP unit tests: clients whose tool list and
call result are set by the test, and which record the requests they receive."""

from __future__ import annotations

from typing import Any

import mcp_types as types

from spring_ai_py.mcp import McpAsyncClient, McpSyncClient


def tool(name: str, description: str | None = None, input_schema: dict[str, Any] | None = None) -> types.Tool:
    return types.Tool(name=name, description=description, input_schema=input_schema or {})


def text_result(*texts: str, is_error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=t) for t in texts], is_error=is_error
    )


class _Fake:
    def _setup(self, tools: list[types.Tool], result: types.CallToolResult | BaseException | None) -> None:
        self.tools = list(tools)
        self.result = result
        self.requests: list[types.CallToolRequestParams] = []

    def _answer(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        self.requests.append(request)
        if isinstance(self.result, BaseException):
            raise self.result
        return self.result if self.result is not None else types.CallToolResult(content=[])


class FakeSyncClient(McpSyncClient, _Fake):
    """An ``McpSyncClient`` that never connects."""

    def __init__(
        self,
        client_name: str = "testClient",
        tools: list[types.Tool] | None = None,
        result: types.CallToolResult | BaseException | None = None,
        title: str | None = None,
    ) -> None:
        super().__init__(
            "http://fake.invalid/mcp",
            client_info=types.Implementation(name=client_name, title=title, version="1.0.0"),
        )
        self._setup(tools or [], result)

    def list_tools(self) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self.tools)

    def list_tools_snapshot(self) -> list[types.Tool]:
        return list(self.tools)

    def call_tool(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        return self._answer(request)

    async def acall_tool(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        return self._answer(request)


class FakeAsyncClient(McpAsyncClient, _Fake):
    """An ``McpAsyncClient`` that never connects."""

    def __init__(
        self,
        client_name: str = "testClient",
        tools: list[types.Tool] | None = None,
        result: types.CallToolResult | BaseException | None = None,
    ) -> None:
        super().__init__(
            "http://fake.invalid/mcp",
            client_info=types.Implementation(name=client_name, version="1.0.0"),
        )
        self._setup(tools or [], result)

    async def list_tools(self) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self.tools)

    def list_tools_snapshot(self) -> list[types.Tool]:
        return list(self.tools)

    async def call_tool(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        return self._answer(request)

    def call_tool_blocking(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        return self._answer(request)
