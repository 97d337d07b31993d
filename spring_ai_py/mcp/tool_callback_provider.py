"""``SyncMcpToolCallbackProvider`` and ``AsyncMcpToolCallbackProvider``: the tools of
one or more MCP clients as tool callbacks."""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.mcp.client import McpAsyncClient, McpSyncClient
from spring_ai_py.mcp.mcp_connection_info import McpConnectionInfo
from spring_ai_py.mcp.mcp_tool_naming import (
    DefaultMcpToolNamePrefixGenerator,
    McpToolFilter,
    McpToolNamePrefixGenerator,
    PrefixFunction,
)
from spring_ai_py.mcp.mcp_tools_changed_event import McpToolsChangedEvent
from spring_ai_py.mcp.tool_callback import AsyncMcpToolCallback, SyncMcpToolCallback
from spring_ai_py.mcp.tool_context_to_mcp_meta_converter import (
    MetaFunction,
    ToolContextToMcpMetaConverter,
)
from spring_ai_py.tool import ToolCallback, ToolCallbackProvider
from spring_ai_py.tool.support import ToolUtils

if TYPE_CHECKING:
    from mcp_types import Tool

C = TypeVar("C", McpSyncClient, McpAsyncClient)

_logger = logging.getLogger("spring_ai_py.mcp.McpToolCallbackProvider")


def _accept_all(connection_info: McpConnectionInfo, tool: Tool) -> bool:
    return True


def _connection_info(client: McpSyncClient | McpAsyncClient) -> McpConnectionInfo:
    return (
        McpConnectionInfo.builder()
        .client_capabilities(client.get_client_capabilities())
        .client_info(client.get_client_info())
        .initialize_result(client.get_current_initialization_result())
        .build()
    )


def _check_clients(clients: tuple[Any, ...], list_message: str, array_message: str) -> None:
    """``mcp_clients(None)`` is Java's null list; ``None`` among several is a null array."""
    if len(clients) == 1 and clients[0] is None:
        raise ValueError(list_message)
    _assert.no_null_elements(clients, array_message)


def _flatten(items: tuple[Any, ...]) -> list[Any]:
    flat: list[Any] = []
    for item in items:
        flat.extend(item if isinstance(item, list | tuple) else [item])
    return flat


class _McpToolCallbackProvider(ToolCallbackProvider, Generic[C]):
    """The cache, its invalidation, the filter and the names, for both providers."""

    def __init__(
        self,
        mcp_clients: Sequence[C],
        tool_filter: McpToolFilter,
        tool_name_prefix_generator: McpToolNamePrefixGenerator | PrefixFunction,
        tool_context_to_mcp_meta_converter: ToolContextToMcpMetaConverter | MetaFunction,
    ) -> None:
        _assert.not_none(mcp_clients, "MCP clients must not be null")
        _assert.not_none(tool_filter, "Tool filter must not be null")
        _assert.not_none(tool_name_prefix_generator, "Tool name prefix generator must not be null")
        _assert.not_none(
            tool_context_to_mcp_meta_converter,
            "Tool context to MCP meta converter must not be null",
        )
        self._mcp_clients: list[C] = list(mcp_clients)
        self._tool_filter = tool_filter
        self._tool_name_prefix_generator = McpToolNamePrefixGenerator.of(tool_name_prefix_generator)
        self._converter = ToolContextToMcpMetaConverter.of(tool_context_to_mcp_meta_converter)
        self._invalidate_cache = True
        self._cached: list[ToolCallback] = []
        self._lock = threading.Lock()
        for client in self._mcp_clients:
            client.add_tools_change_consumer(self._tools_changed_listener(client))

    def _tools_changed_listener(self, client: C) -> Callable[[list[Tool]], None]:
        # A weak reference: a client outliving its providers does not keep them alive.
        provider = weakref.ref(self)

        def listener(tools: list[Tool]) -> None:
            target = provider()
            if target is not None:
                target.on_application_event(McpToolsChangedEvent(client.name, tools))

        return listener

    def _tools_of(self, client: C) -> list[Tool]:
        raise NotImplementedError

    def _callback(self, client: C, tool: Tool, name: str) -> ToolCallback:
        raise NotImplementedError

    def get_tool_callbacks(self) -> list[ToolCallback]:
        """The callbacks of every client's tools that pass the filter, listed once and
        cached until ``invalidate_cache()`` or a tool-list change. A tool whose name is
        empty once formatted (``"!!!"``) is skipped with a warning, so one odd server
        tool does not make the provider unusable."""
        if self._invalidate_cache:
            with self._lock:
                if self._invalidate_cache:
                    callbacks: list[ToolCallback] = []
                    for client in self._mcp_clients:
                        tools = self._tools_of(client)
                        for tool in tools:
                            info = _connection_info(client)
                            if self._tool_filter(info, tool):
                                name = self._tool_name_prefix_generator.prefixed_tool_name(info, tool)
                                if not name or not name.strip():
                                    _logger.warning(
                                        "Skipping the tool %r of MCP client %s: its name is "
                                        "empty once reduced to letters, digits, '_' and '-'",
                                        tool.name,
                                        client.name,
                                    )
                                    continue
                                callbacks.append(self._callback(client, tool, name))
                    self._validate_tool_callbacks(callbacks)
                    self._cached = callbacks
                    self._invalidate_cache = False
        return list(self._cached)

    def invalidate_cache(self) -> None:
        """Rediscover the tools on the next ``get_tool_callbacks()``."""
        self._invalidate_cache = True

    def on_application_event(self, event: McpToolsChangedEvent) -> None:
        """Spring's ``ApplicationListener<McpToolsChangedEvent>``: invalidate the cache.
        The provider subscribes itself to its clients' tool-list changes."""
        self.invalidate_cache()

    @staticmethod
    def _validate_tool_callbacks(tool_callbacks: list[ToolCallback]) -> None:
        duplicates = ToolUtils.get_duplicate_tool_names(tool_callbacks)
        if duplicates:
            raise RuntimeError(f"Multiple tools with the same name ({', '.join(duplicates)})")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(mcp_clients={self._mcp_clients!r})"


ProviderT = TypeVar("ProviderT", bound="_McpToolCallbackProvider[Any]")


class _ProviderBuilder(_builder.Builder[ProviderT], Generic[ProviderT, C]):
    """Clients (``mcp_clients`` replaces, ``add_mcp_client`` appends), a filter, a
    name generator (default ``DefaultMcpToolNamePrefixGenerator``), a meta converter."""

    __slots__ = ()
    _NULL_ARRAY: ClassVar[str] = "MCP clients array must not be null"

    def mcp_clients(self, *mcp_clients: C | Sequence[C]) -> Self:
        _check_clients(mcp_clients, "MCP clients list must not be null", self._NULL_ARRAY)
        self._values["mcp_clients"] = _flatten(mcp_clients)
        return self

    def add_mcp_client(self, mcp_client: C) -> Self:
        _assert.not_none(mcp_client, "MCP client must not be null")
        self._values.setdefault("mcp_clients", []).append(mcp_client)
        return self

    def tool_filter(self, tool_filter: McpToolFilter) -> Self:
        _assert.not_none(tool_filter, "Tool filter must not be null")
        self._values["tool_filter"] = tool_filter
        return self

    def tool_name_prefix_generator(
        self, generator: McpToolNamePrefixGenerator | PrefixFunction
    ) -> Self:
        _assert.not_none(generator, "Tool name prefix generator must not be null")
        self._values["tool_name_prefix_generator"] = McpToolNamePrefixGenerator.of(generator)
        return self

    def tool_context_to_mcp_meta_converter(
        self, converter: ToolContextToMcpMetaConverter | MetaFunction
    ) -> Self:
        _assert.not_none(converter, "Tool context to MCP meta converter must not be null")
        self._values["tool_context_to_mcp_meta_converter"] = ToolContextToMcpMetaConverter.of(
            converter
        )
        return self

    def build(self) -> ProviderT:
        # The builder's default names are unique across clients (the constructor's are not).
        self._values.setdefault("tool_name_prefix_generator", DefaultMcpToolNamePrefixGenerator())
        self._values.setdefault("mcp_clients", [])
        return super().build()


class _SyncProviderBuilder(_ProviderBuilder["SyncMcpToolCallbackProvider", McpSyncClient]):
    __slots__ = ()


class _AsyncProviderBuilder(_ProviderBuilder["AsyncMcpToolCallbackProvider", McpAsyncClient]):
    __slots__ = ()
    _NULL_ARRAY: ClassVar[str] = "MCP clients must not be null"


class SyncMcpToolCallbackProvider(_McpToolCallbackProvider[McpSyncClient], Buildable):
    """The tools of ``McpSyncClient``s as ``SyncMcpToolCallback``s.

    ``SyncMcpToolCallbackProvider.builder().mcp_clients(client).build()`` (or
    ``SyncMcpToolCallbackProvider([client])``), handed to ``ChatClient.builder(model)
    .default_tool_callbacks(provider)``. By default tool names are made unique across
    clients with ``DefaultMcpToolNamePrefixGenerator`` (the deprecated constructor keeps
    the names as they are, as in Spring).
    """

    def __init__(
        self,
        mcp_clients: Sequence[McpSyncClient] | McpSyncClient = (),
        tool_filter: McpToolFilter | None = None,
        tool_name_prefix_generator: McpToolNamePrefixGenerator | PrefixFunction | None = None,
        tool_context_to_mcp_meta_converter: ToolContextToMcpMetaConverter | MetaFunction | None = None,
    ) -> None:
        clients = [mcp_clients] if isinstance(mcp_clients, McpSyncClient) else list(mcp_clients)
        super().__init__(
            clients,
            tool_filter if tool_filter is not None else _accept_all,
            tool_name_prefix_generator or McpToolNamePrefixGenerator.no_prefix(),
            tool_context_to_mcp_meta_converter or ToolContextToMcpMetaConverter.default_converter(),
        )

    def _tools_of(self, client: McpSyncClient) -> list[Tool]:
        return client.list_tools_snapshot()

    def _callback(self, client: McpSyncClient, tool: Tool, name: str) -> ToolCallback:
        return (
            SyncMcpToolCallback.builder()
            .mcp_client(client)
            .tool(tool)
            .prefixed_tool_name(name)
            .tool_context_to_mcp_meta_converter(self._converter)
            .build()
        )

    @staticmethod
    def sync_tool_callbacks(mcp_clients: Sequence[McpSyncClient] | None) -> list[ToolCallback]:
        """The tool callbacks of the clients (empty for ``None`` or no clients)."""
        if not mcp_clients:
            return []
        return SyncMcpToolCallbackProvider(list(mcp_clients)).get_tool_callbacks()

    @staticmethod
    def builder() -> SyncMcpToolCallbackProvider.Builder:
        """A builder (MCP clients, tool filter, name prefix generator, tool context converter)."""
        return SyncMcpToolCallbackProvider.Builder(SyncMcpToolCallbackProvider)

    # --- generated builder (base: _SyncProviderBuilder) (own builder()) ---
    class Builder(_SyncProviderBuilder):
        """The builder of :class:`SyncMcpToolCallbackProvider`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> SyncMcpToolCallbackProvider: ...
    # --- end of generated builder ---

class AsyncMcpToolCallbackProvider(_McpToolCallbackProvider[McpAsyncClient], Buildable):
    """The tools of ``McpAsyncClient``s as ``AsyncMcpToolCallback``s.

    ``get_tool_callbacks()`` lists the tools (blocking, as Spring does) when called off
    the clients' loop; on that loop, where it cannot block, it uses each client's last
    known tool list (listed at ``initialize()`` and again after every
    ``notifications/tools/list_changed``). ``await aget_tool_callbacks()`` lists afresh
    from async code.
    """

    def __init__(
        self,
        mcp_clients: Sequence[McpAsyncClient] | McpAsyncClient = (),
        tool_filter: McpToolFilter | None = None,
        tool_name_prefix_generator: McpToolNamePrefixGenerator | PrefixFunction | None = None,
        tool_context_to_mcp_meta_converter: ToolContextToMcpMetaConverter | MetaFunction | None = None,
    ) -> None:
        clients = [mcp_clients] if isinstance(mcp_clients, McpAsyncClient) else list(mcp_clients)
        super().__init__(
            clients,
            tool_filter if tool_filter is not None else _accept_all,
            tool_name_prefix_generator or McpToolNamePrefixGenerator.no_prefix(),
            tool_context_to_mcp_meta_converter or ToolContextToMcpMetaConverter.default_converter(),
        )

    def _tools_of(self, client: McpAsyncClient) -> list[Tool]:
        return client.list_tools_snapshot()

    def _callback(self, client: McpAsyncClient, tool: Tool, name: str) -> ToolCallback:
        return (
            AsyncMcpToolCallback.builder()
            .mcp_client(client)
            .tool(tool)
            .prefixed_tool_name(name)
            .tool_context_to_mcp_meta_converter(self._converter)
            .build()
        )

    async def aget_tool_callbacks(self) -> list[ToolCallback]:
        """List every client's tools now (awaited), then build the callbacks."""
        for client in self._mcp_clients:
            await client.list_tools()
        self.invalidate_cache()
        return self.get_tool_callbacks()

    @staticmethod
    def async_tool_callbacks(mcp_clients: Sequence[McpAsyncClient] | None) -> list[ToolCallback]:
        """The tool callbacks of the clients (Java returns a ``Flux``; a list here)."""
        if not mcp_clients:
            return []
        return AsyncMcpToolCallbackProvider(list(mcp_clients)).get_tool_callbacks()

    @staticmethod
    def builder() -> AsyncMcpToolCallbackProvider.Builder:
        """A builder (MCP clients, tool filter, name prefix generator, tool context converter)."""
        return AsyncMcpToolCallbackProvider.Builder(AsyncMcpToolCallbackProvider)

    # --- generated builder (base: _AsyncProviderBuilder) (own builder()) ---
    class Builder(_AsyncProviderBuilder):
        """The builder of :class:`AsyncMcpToolCallbackProvider`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> AsyncMcpToolCallbackProvider: ...
    # --- end of generated builder ---
