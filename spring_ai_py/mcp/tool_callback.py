"""``SyncMcpToolCallback`` and ``AsyncMcpToolCallback``: a server tool as a ``ToolCallback``."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar, cast

import mcp_types as types
from mcp import MCPError

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.mcp._content import arguments_from_json, content_to_text
from spring_ai_py.mcp.client import McpAsyncClient, McpSyncClient
from spring_ai_py.mcp.mcp_tool_utils import McpToolUtils
from spring_ai_py.mcp.tool_context_to_mcp_meta_converter import (
    MetaFunction,
    ToolContextToMcpMetaConverter,
)
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.execution import ToolExecutionException

if TYPE_CHECKING:
    from spring_ai_py.chat.model import ToolContext
    from spring_ai_py.tool.definition import ToolDefinition

_logger = logging.getLogger("spring_ai_py.mcp.McpToolCallback")


class _McpToolCallback(ToolCallback):
    """What both callbacks share: the request they send and how they read the result."""

    def __init__(
        self,
        mcp_client: Any,
        tool: types.Tool,
        prefixed_tool_name: str,
        tool_context_to_mcp_meta_converter: ToolContextToMcpMetaConverter,
    ) -> None:
        _assert.not_none(mcp_client, "MCP client must not be null")
        _assert.not_none(tool, "MCP tool must not be null")
        _assert.has_text(prefixed_tool_name, "Prefixed tool name must not be empty")
        _assert.not_none(
            tool_context_to_mcp_meta_converter, "ToolContextToMcpMetaConverter must not be null"
        )
        self._mcp_client = mcp_client
        self._tool = tool
        self._prefixed_tool_name = prefixed_tool_name
        self._converter = tool_context_to_mcp_meta_converter
        self._definition = McpToolUtils.create_tool_definition(prefixed_tool_name, tool)

    def get_tool_definition(self) -> ToolDefinition:
        return self._definition

    def get_original_tool_name(self) -> str:
        """The server's name of the tool (the definition's name may carry a prefix)."""
        return self._tool.name

    def get_tool(self) -> types.Tool:
        return self._tool

    def _request(self, tool_input: str | None, tool_context: ToolContext | None) -> types.CallToolRequestParams:
        if tool_input is None or not tool_input.strip():
            _logger.warning(
                "Tool call arguments are null or empty for MCP tool: %s. "
                "Using empty JSON object as default.",
                self._tool.name,
            )
        try:
            arguments = arguments_from_json(tool_input)
        except ValueError as error:
            raise ToolExecutionException(self._definition, error) from error
        meta = self._converter.convert(tool_context) if tool_context is not None else None
        # The server's own name, not the prefixed one the model saw.
        return types.CallToolRequestParams(
            name=self._tool.name, arguments=arguments, _meta=cast("types.RequestParamsMeta", meta or None)
        )

    def _failure(self, error: Exception) -> Exception:
        # A protocol error means the call itself failed (a dead connection, an unknown
        # tool): it is raised to the caller, never shown to the model, as in Spring.
        if isinstance(error, MCPError | ToolExecutionException):
            if isinstance(error, MCPError):
                _logger.error("Protocol error while calling tool %s: %s", self._tool.name, error)
            return error
        _logger.error("Exception while tool calling: %r", error)
        return ToolExecutionException(self._definition, error)

    def _result(self, response: types.CallToolResult | None) -> str:
        _assert.not_none(response, "response was null")
        assert response is not None
        if response.is_error:
            text = content_to_text(response.content)
            _logger.error("Error calling tool: %s", text)
            raise ToolExecutionException(
                self._definition, RuntimeError(f"Error calling tool: {text}")
            )
        return content_to_text(response.content)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(name={self._prefixed_tool_name!r}, "
            f"original_tool_name={self._tool.name!r})"
        )


ClientT = TypeVar("ClientT")
CallbackT = TypeVar("CallbackT", bound="_McpToolCallback")


class _ClientToolCallback(_McpToolCallback, Generic[ClientT]):
    """The call flow both callbacks share; a subclass only says how its client sends."""

    def __init__(
        self,
        mcp_client: ClientT,
        tool: types.Tool,
        prefixed_tool_name: str | None = None,
        tool_context_to_mcp_meta_converter: ToolContextToMcpMetaConverter | None = None,
    ) -> None:
        super().__init__(
            mcp_client,
            tool,
            prefixed_tool_name
            if prefixed_tool_name is not None
            else _client_prefixed_name(mcp_client, tool),
            tool_context_to_mcp_meta_converter or ToolContextToMcpMetaConverter.default_converter(),
        )
        self._client: ClientT = mcp_client

    def _send_blocking(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        raise NotImplementedError

    async def _send(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        raise NotImplementedError

    def call(self, tool_input: str | None, tool_context: ToolContext | None = None) -> str:
        request = self._request(tool_input, tool_context)
        try:
            response = self._send_blocking(request)
        except Exception as error:
            failure = self._failure(error)
            if failure is error:
                raise
            raise failure from error
        return self._result(response)

    async def acall(self, tool_input: str | None, tool_context: ToolContext | None = None) -> str:
        request = self._request(tool_input, tool_context)
        try:
            response = await self._send(request)
        except Exception as error:
            failure = self._failure(error)
            if failure is error:
                raise
            raise failure from error
        return self._result(response)


class _CallbackBuilder(_builder.Builder[CallbackT], Generic[ClientT, CallbackT]):
    """The builder of a client's tool callback (Spring's ``...McpToolCallback.Builder``)."""

    __slots__ = ()

    def mcp_client(self, mcp_client: ClientT, /) -> Self:
        self._values["mcp_client"] = mcp_client
        return self

    def tool(self, tool: types.Tool, /) -> Self:
        self._values["tool"] = tool
        return self

    def prefixed_tool_name(self, prefixed_tool_name: str, /) -> Self:
        self._values["prefixed_tool_name"] = prefixed_tool_name
        return self

    def tool_context_to_mcp_meta_converter(
        self, converter: ToolContextToMcpMetaConverter | MetaFunction
    ) -> Self:
        _assert.not_none(converter, "ToolContextToMcpMetaConverter must not be null")
        self._values["tool_context_to_mcp_meta_converter"] = ToolContextToMcpMetaConverter.of(
            converter
        )
        return self

    def build(self) -> CallbackT:
        client = _assert.not_none(self._values.get("mcp_client"), "MCP client must not be null")
        tool = _assert.not_none(self._values.get("tool"), "MCP tool must not be null")
        name = self._values.get("prefixed_tool_name")
        converter = self._values.get("tool_context_to_mcp_meta_converter")
        return self._cls(
            client,
            tool,
            name if name is not None else _default_name(tool),
            converter if converter is not None else ToolContextToMcpMetaConverter.default_converter(),
        )


class SyncMcpToolCallback(_ClientToolCallback[McpSyncClient], Buildable):
    """A tool of an ``McpSyncClient``.

    ``call`` blocks (from any thread), ``acall`` awaits the session natively. The result
    is the content list as JSON, as in Spring; ``isError`` results and other failures
    become a ``ToolExecutionException`` (the model sees the message), protocol errors
    (``mcp.MCPError``, e.g. a server that died) propagate to the caller.
    """

    def _send_blocking(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        return self._client.call_tool(request)

    async def _send(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        return await self._client.acall_tool(request)

    # ``SyncMcpToolCallback.builder().mcp_client(c).tool(t).prefixed_tool_name(n).build()``.
    @staticmethod
    def builder() -> SyncMcpToolCallback.Builder:
        """A builder (MCP client, tool, prefixed-name generator, tool context converter)."""
        return SyncMcpToolCallback.Builder(SyncMcpToolCallback)

    # --- generated builder (base: _CallbackBuilder[McpSyncClient, "SyncMcpToolCallback"]) (own builder()) ---
    class Builder(_CallbackBuilder[McpSyncClient, "SyncMcpToolCallback"]):
        """The builder of :class:`SyncMcpToolCallback`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> SyncMcpToolCallback: ...
    # --- end of generated builder ---


class AsyncMcpToolCallback(_ClientToolCallback[McpAsyncClient], Buildable):
    """A tool of an ``McpAsyncClient``: ``acall`` awaits the session (on the client's loop,
    from any loop); ``call`` blocks from a thread that does not run that loop (on that
    loop it raises ``RuntimeError`` naming ``acall``, since it could only deadlock)."""

    def _send_blocking(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        return self._client.call_tool_blocking(request)

    async def _send(self, request: types.CallToolRequestParams) -> types.CallToolResult:
        return await self._client.call_tool(request)

    # ``AsyncMcpToolCallback.builder().mcp_client(c).tool(t).build()``.
    @staticmethod
    def builder() -> AsyncMcpToolCallback.Builder:
        """A builder (MCP client, tool, prefixed-name generator, tool context converter)."""
        return AsyncMcpToolCallback.Builder(AsyncMcpToolCallback)

    # --- generated builder (base: _CallbackBuilder[McpAsyncClient, "AsyncMcpToolCallback"]) (own builder()) ---
    class Builder(_CallbackBuilder[McpAsyncClient, "AsyncMcpToolCallback"]):
        """The builder of :class:`AsyncMcpToolCallback`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> AsyncMcpToolCallback: ...
    # --- end of generated builder ---


def _default_name(tool: types.Tool) -> str:
    """The builder's default: the server's name, formatted."""
    return McpToolUtils.format(tool.name)


def _client_prefixed_name(mcp_client: Any, tool: types.Tool) -> str:
    """The constructor's default (Spring's deprecated constructor): the name prefixed
    with the client's name and title."""
    _assert.not_none(mcp_client, "MCP client must not be null")
    _assert.not_none(tool, "MCP tool must not be null")
    info = mcp_client.get_client_info()
    return McpToolUtils.prefixed_tool_name(info.name, info.title, tool.name)
