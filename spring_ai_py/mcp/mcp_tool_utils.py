"""``McpToolUtils``: tool names, tool definitions, and our tools as MCP server tools."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import mcp_types as types

from spring_ai_py import _assert
from spring_ai_py.chat.model import ToolContext
from spring_ai_py.mcp.tool_context_to_mcp_meta_converter import TOOL_CONTEXT_MCP_EXCHANGE_KEY
from spring_ai_py.tool.definition import ToolDefinition

if TYPE_CHECKING:
    from spring_ai_py.mcp.client import McpAsyncClient, McpSyncClient
    from spring_ai_py.tool import ToolCallback

# Script Han (Unicode Scripts.txt) plus the CJK Unified and Compatibility Ideographs
# blocks, which is what Java's \p{IsHan}\p{InCJK_Unified_Ideographs}
# \p{InCJK_Compatibility_Ideographs} keep.
_HAN_RANGES = (
    "\u2e80-\u2e99\u2e9b-\u2ef3\u2f00-\u2fd5\u3005\u3007\u3021-\u3029\u3038-\u303b"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\U00016ff0-\U00016ff1\U00020000-\U0002a6df\U0002a700-\U0002ebe0"
    "\U0002f800-\U0002fa1d\U00030000-\U000323af"
)
_NOT_ALLOWED = re.compile(f"[^{_HAN_RANGES}a-zA-Z0-9_-]")

SyncToolCallHandler = Callable[[Any, types.CallToolRequestParams], types.CallToolResult]
AsyncToolCallHandler = Callable[[Any, types.CallToolRequestParams], Awaitable[types.CallToolResult]]


@dataclass(frozen=True)
class SyncToolSpecification:
    """A server tool (the Java SDK's ``McpServerFeatures.SyncToolSpecification``): the
    tool's declaration and a blocking handler ``(exchange, request) -> CallToolResult``;
    the exchange is the SDK's ``ServerRequestContext`` of the call."""

    tool: types.Tool
    call_handler: SyncToolCallHandler


@dataclass(frozen=True)
class AsyncToolSpecification:
    """A server tool with an ``async`` handler (``McpServerFeatures.AsyncToolSpecification``)."""

    tool: types.Tool
    call_handler: AsyncToolCallHandler


def _callbacks(items: tuple[Any, ...]) -> list[Any]:
    flat: list[Any] = []
    for item in items:
        flat.extend(item if isinstance(item, list | tuple) else [item])
    return flat


class McpToolUtils:
    """Static helpers (Spring's ``McpToolUtils``); not instantiable in Java, plain here."""

    TOOL_CONTEXT_MCP_EXCHANGE_KEY = TOOL_CONTEXT_MCP_EXCHANGE_KEY
    """The tool-context key under which a served tool finds the MCP exchange."""

    # -- names -------------------------------------------------------------------------

    @staticmethod
    def prefixed_tool_name(prefix: str | None, title: str | None, tool_name: str | None = None) -> str:
        """``prefixed_tool_name(prefix, tool_name)`` or ``(prefix, title, tool_name)``:
        the prefix shortened to its words' initials, the title and name formatted, joined
        with ``_``, keeping the last 64 characters."""
        if tool_name is None:
            title, tool_name = None, title
        if not prefix or not tool_name:
            raise ValueError("Prefix or tool_name cannot be null or empty")
        name = McpToolUtils._shorten(McpToolUtils.format(prefix))
        if title:
            name = name + "_" + McpToolUtils.format(title)
        name = name + "_" + McpToolUtils.format(tool_name)
        if len(name) > 64:
            name = name[-64:]
        return name

    @staticmethod
    def format(input: str) -> str:
        """Keep letters, digits, ``_``, ``-`` and Han characters; hyphens become ``_``."""
        return _NOT_ALLOWED.sub("", input).replace("-", "_")

    @staticmethod
    def _shorten(input: str) -> str:
        return "_".join(word[0] for word in input.lower().split("_") if word)

    # -- client side -------------------------------------------------------------------

    @staticmethod
    def create_tool_definition(prefixed_tool_name: str, tool: types.Tool) -> ToolDefinition:
        """The definition the model sees for a server tool."""
        return (
            ToolDefinition.builder()
            .name(prefixed_tool_name)
            .description(tool.description)
            .input_schema(McpToolUtils._ensure_valid_input_schema(tool.input_schema))
            .build()
        )

    @staticmethod
    def _ensure_valid_input_schema(schema: dict[str, Any] | None) -> str:
        value = dict(schema or {})
        if "type" not in value:
            value["type"] = "object"
        if value["type"] == "object" and "properties" not in value:
            value["properties"] = {}
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)

    @staticmethod
    def get_tool_callbacks_from_sync_clients(
        *mcp_clients: McpSyncClient | Sequence[McpSyncClient],
    ) -> list[ToolCallback]:
        """The tool callbacks of all the clients' tools (varargs or one list)."""
        from spring_ai_py.mcp.tool_callback_provider import SyncMcpToolCallbackProvider

        clients = _callbacks(mcp_clients)
        if not clients:
            return []
        return SyncMcpToolCallbackProvider(clients).get_tool_callbacks()

    @staticmethod
    def get_tool_callbacks_from_async_clients(
        *mcp_clients: McpAsyncClient | Sequence[McpAsyncClient],
    ) -> list[ToolCallback]:
        """The tool callbacks of all the async clients' tools (varargs or one list)."""
        from spring_ai_py.mcp.tool_callback_provider import AsyncMcpToolCallbackProvider

        clients = _callbacks(mcp_clients)
        if not clients:
            return []
        return AsyncMcpToolCallbackProvider.builder().mcp_clients(clients).build().get_tool_callbacks()

    # -- server side: our tools as MCP tools -------------------------------------------

    @staticmethod
    def to_sync_tool_specification(
        tool_callback: ToolCallback, mime_type: str | None = None
    ) -> SyncToolSpecification:
        """Serve ``tool_callback`` as an MCP tool: its name, description and input schema;
        its text result as text content (as image content for an ``image/*``
        ``mime_type``); a failure as an ``isError`` result carrying the message. The
        tool's ``ToolContext`` holds the exchange under ``TOOL_CONTEXT_MCP_EXCHANGE_KEY``."""
        _assert.not_none(tool_callback, "tool_callback cannot be null")
        definition = tool_callback.get_tool_definition()
        tool = types.Tool(
            name=definition.name,
            description=definition.description,
            input_schema=json.loads(definition.input_schema),
        )

        def handler(exchange: Any, request: types.CallToolRequestParams) -> types.CallToolResult:
            try:
                result = tool_callback.call(
                    json.dumps(request.arguments or {}),
                    ToolContext({TOOL_CONTEXT_MCP_EXCHANGE_KEY: exchange}),
                )
            except Exception as error:
                return _error_result(error)
            return _success_result(result, mime_type)

        return SyncToolSpecification(tool, handler)

    @staticmethod
    def to_sync_tool_specifications(
        *tool_callbacks: ToolCallback | Sequence[ToolCallback],
    ) -> list[SyncToolSpecification]:
        """One specification per callback (varargs or one list)."""
        return [McpToolUtils.to_sync_tool_specification(c) for c in _callbacks(tool_callbacks)]

    @staticmethod
    def to_async_tool_specification(
        tool_callback: ToolCallback, mime_type: str | None = None
    ) -> AsyncToolSpecification:
        """As :meth:`to_sync_tool_specification`, awaiting the tool's ``acall`` (an
        ``async def`` tool runs natively, a blocking one on an executor)."""
        sync = McpToolUtils.to_sync_tool_specification(tool_callback, mime_type)

        async def handler(exchange: Any, request: types.CallToolRequestParams) -> types.CallToolResult:
            try:
                result = await tool_callback.acall(
                    json.dumps(request.arguments or {}),
                    ToolContext({TOOL_CONTEXT_MCP_EXCHANGE_KEY: exchange}),
                )
            except Exception as error:
                return _error_result(error)
            return _success_result(result, mime_type)

        return AsyncToolSpecification(sync.tool, handler)

    @staticmethod
    def to_async_tool_specifications(
        *tool_callbacks: ToolCallback | Sequence[ToolCallback],
    ) -> list[AsyncToolSpecification]:
        """One async specification per callback (varargs or one list)."""
        return [McpToolUtils.to_async_tool_specification(c) for c in _callbacks(tool_callbacks)]

    @staticmethod
    def get_mcp_exchange(tool_context: ToolContext | None) -> Any | None:
        """The MCP exchange (the SDK's ``ServerRequestContext``) a served tool was called
        with, or ``None`` (Java returns an ``Optional``)."""
        if tool_context is None:
            return None
        return tool_context.get_context().get(TOOL_CONTEXT_MCP_EXCHANGE_KEY)


def _error_result(error: Exception) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=str(error))], is_error=True
    )


def _success_result(result: str, mime_type: str | None) -> types.CallToolResult:
    if mime_type is not None and mime_type.startswith("image"):
        annotations = types.Annotations(audience=["assistant"])
        image = types.ImageContent(
            type="image", data=result, mime_type=mime_type, annotations=annotations
        )
        return types.CallToolResult(content=[image], is_error=False)
    return types.CallToolResult(content=[types.TextContent(type="text", text=result)], is_error=False)
