"""Tool names for MCP tools: ``McpToolNamePrefixGenerator`` and its default, and
``McpToolFilter`` (which server tools become tool callbacks)."""

from __future__ import annotations

import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from spring_ai_py.mcp.mcp_connection_info import McpConnectionInfo

if TYPE_CHECKING:
    from mcp_types import Tool

_logger = logging.getLogger("spring_ai_py.mcp.DefaultMcpToolNamePrefixGenerator")

McpToolFilter: TypeAlias = Callable[[McpConnectionInfo, "Tool"], bool]
"""Spring's ``McpToolFilter`` (a ``BiPredicate``): ``lambda connection_info, tool: ...``
returns whether the server tool becomes a tool callback."""


PrefixFunction: TypeAlias = Callable[[McpConnectionInfo, "Tool"], str]
"""A prefix generator written as a function: ``lambda connection_info, tool: ...``."""


class McpToolNamePrefixGenerator(ABC):
    """Strategy for the name the model sees for a server tool (unique across servers)."""

    @abstractmethod
    def prefixed_tool_name(self, mcp_connection_info: McpConnectionInfo, tool: Tool) -> str:
        """The tool name to expose for ``tool`` of the given connection."""

    @staticmethod
    def no_prefix() -> McpToolNamePrefixGenerator:
        """A generator that keeps the server's tool name as it is."""
        return _NoPrefix()

    @staticmethod
    def of(function: McpToolNamePrefixGenerator | PrefixFunction) -> McpToolNamePrefixGenerator:
        """A generator from a function (Java's lambda); a generator is returned as is."""
        if isinstance(function, McpToolNamePrefixGenerator):
            return function
        return _FunctionPrefixGenerator(function)


class _NoPrefix(McpToolNamePrefixGenerator):
    def prefixed_tool_name(self, mcp_connection_info: McpConnectionInfo, tool: Tool) -> str:
        return tool.name

    def __repr__(self) -> str:
        return "McpToolNamePrefixGenerator.no_prefix()"


class _FunctionPrefixGenerator(McpToolNamePrefixGenerator):
    def __init__(self, function: PrefixFunction) -> None:
        self._function = function

    def prefixed_tool_name(self, mcp_connection_info: McpConnectionInfo, tool: Tool) -> str:
        return self._function(mcp_connection_info, tool)


class DefaultMcpToolNamePrefixGenerator(McpToolNamePrefixGenerator):
    """Unique names across all connections: the formatted tool name, or, when another
    connection already uses it, ``alt_<n>_<name>`` (``alt_1_get_weather``...). A name
    that formats to nothing stays empty (the providers skip such a tool).

    Idempotent per (client, server, tool): asking again for a connection's tool (after
    ``invalidate_cache()`` or a tool-list change) returns the name it got the first time,
    ``alt_<n>_`` prefix included, and consumes no new counter value. Thread-safe.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._existing_connections: dict[tuple[str, str, str], str] = {}
        self._all_used_tool_names: set[str] = set()
        self._counter = 1

    def prefixed_tool_name(self, mcp_connection_info: McpConnectionInfo, tool: Tool) -> str:
        from spring_ai_py.mcp.mcp_tool_utils import McpToolUtils

        unique_tool_name = McpToolUtils.format(tool.name)
        if not unique_tool_name:
            return ""  # nothing to make unique; the providers skip the tool
        initialize_result = mcp_connection_info.initialize_result
        server_info = initialize_result.server_info if initialize_result is not None else None
        connection_id = (
            _key(mcp_connection_info.client_info),
            _key(server_info),
            tool.model_dump_json(by_alias=True, exclude_none=True),
        )
        with self._lock:
            known = self._existing_connections.get(connection_id)
            if known is not None:
                return known
            if unique_tool_name in self._all_used_tool_names:
                unique_tool_name = f"alt_{self._counter}_{unique_tool_name}"
                self._counter += 1
                _logger.warning(
                    "Tool name '%s' already exists. Using unique tool name '%s'",
                    tool.name,
                    unique_tool_name,
                )
            self._all_used_tool_names.add(unique_tool_name)
            self._existing_connections[connection_id] = unique_tool_name
        return unique_tool_name


def _key(implementation: object | None) -> str:
    if implementation is None:
        return ""
    dump = getattr(implementation, "model_dump_json", None)
    return dump() if callable(dump) else repr(implementation)
