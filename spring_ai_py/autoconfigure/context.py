"""The beans a Spring AI application would have injected, built from its configuration.

``SpringApplication.run()`` loads ``application.yml`` / ``application.properties``, the
environment variables and the overrides (see :mod:`spring_ai_py.autoconfigure.environment`)
and returns an :class:`ApplicationContext`, whose getters build each bean on first use
as Spring AI 2.0.1's auto-configuration would, and return the same one afterwards (except
:meth:`ApplicationContext.chat_client_builder`, a new builder each time, as Spring's
prototype-scoped ``ChatClient.Builder``). Closing the context closes what it built.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar, cast

from spring_ai_py.autoconfigure.environment import Environment, PropertyValue
from spring_ai_py.autoconfigure.registry import ProviderRegistration, provider_registrations

if TYPE_CHECKING:
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.autoconfigure.binder import ConfigurationProperties
    from spring_ai_py.chat.client import ChatClientBuilder
    from spring_ai_py.chat.memory import ChatMemory, ChatMemoryRepository
    from spring_ai_py.chat.model import ChatModel
    from spring_ai_py.embedding import EmbeddingModel
    from spring_ai_py.mcp import McpSyncClient
    from spring_ai_py.mcp.connection import McpConnection
    from spring_ai_py.model.tool import ToolCallingManager
    from spring_ai_py.tool import ToolCallback, ToolCallbackProvider
    from spring_ai_py.vectorstore import VectorStore
    from spring_ai_py.vectorstore.observation import VectorStoreObservationConvention

P = TypeVar("P", bound="ConfigurationProperties")
B = TypeVar("B")

_logger = logging.getLogger("spring_ai_py.autoconfigure")

class ApplicationContext:
    """Spring AI's beans, built lazily from an :class:`Environment`.

    Thread-safe: each bean is built once even when several threads ask at once. Use it as
    a context manager (``with`` or ``async with``), or call :meth:`close`, to release the
    database connections and clients it opened.
    """

    def __init__(
        self,
        environment: Environment,
        *,
        tracer_provider: TracerProvider | None = None,
        meter_provider: MeterProvider | None = None,
    ) -> None:
        self.environment = environment
        self._tracer_provider = tracer_provider
        self._meter_provider = meter_provider
        self._lock = threading.RLock()
        self._beans: dict[str, object] = {}
        self._created: list[object] = []
        self._properties: dict[type[ConfigurationProperties], ConfigurationProperties] = {}
        self._closed = False

    # -- properties ------------------------------------------------------------------------

    def get_properties(self, properties_type: type[P]) -> P:
        """The bound ``properties_type`` (a ``ConfigurationProperties`` class), bound once."""
        with self._lock:
            bound = self._properties.get(properties_type)
            if bound is None:
                bound = properties_type.bind(self.environment)
                self._properties[properties_type] = bound
            return cast(P, bound)

    # -- beans -----------------------------------------------------------------------------

    def chat_model(self, provider: str | None = None) -> ChatModel:
        """The ``ChatModel`` of ``provider`` (a registered provider's name, see
        :mod:`spring_ai_py.autoconfigure.registry`); by default the one ``spring.ai.model.chat`` selects, else the
        only provider configured."""
        registration = self._provider(provider, "chat")
        factory = registration.chat_model_factory()
        assert factory is not None
        return self._bean(f"chat_model.{registration.name}", lambda: factory(self))

    def embedding_model(self, provider: str | None = None) -> EmbeddingModel:
        """The ``EmbeddingModel`` (``spring.ai.model.embedding``; by default the only
        provider configured, else the first registered that has one)."""
        registration = self._provider(provider, "embedding")
        factory = registration.embedding_model_factory()
        assert factory is not None
        return self._bean(f"embedding_model.{registration.name}", lambda: factory(self))

    @property
    def tracer_provider(self) -> TracerProvider | None:
        """The tracer provider the context's models and clients report to."""
        return self._tracer_provider

    @property
    def meter_provider(self) -> MeterProvider | None:
        """The meter provider the context's models record their metrics with."""
        return self._meter_provider

    def tool_calling_manager(self) -> ToolCallingManager:
        """The ``ToolCallingManager`` configured by ``spring.ai.tools.*``; it resolves tool
        names (``.tool_names("x")``) among the callbacks of :meth:`add_tool_callbacks`."""
        return self._bean("tool_calling_manager", self._tool_calling_manager)

    def add_tool_callbacks(self, *tool_callbacks: ToolCallback | ToolCallbackProvider) -> None:
        """Make the application's tools resolvable by name (Spring's ``toolCallbackResolver``
        collects every ``ToolCallback`` bean and the tools of every ``ToolCallbackProvider``
        bean but the MCP ones). Add them before :meth:`tool_calling_manager` is first built."""
        from spring_ai_py.tool import ToolCallback, ToolCallbackProvider

        callbacks: list[ToolCallback] = []
        for index, item in enumerate(tool_callbacks):
            if isinstance(item, ToolCallbackProvider):
                callbacks.extend(item.get_tool_callbacks())
            elif isinstance(item, ToolCallback):
                callbacks.append(item)
            else:
                raise TypeError(
                    f"tool_callbacks[{index}] must be a ToolCallback or a ToolCallbackProvider, "
                    f"got {type(item).__name__}"
                )
        with self._lock:
            if "tool_calling_manager" in self._beans:
                raise RuntimeError(
                    "tool_calling_manager() is already built: add the application's tools "
                    "before its first use"
                )
            self._bean(_APPLICATION_TOOL_CALLBACKS, list[ToolCallback]).extend(callbacks)

    def chat_client_builder(self) -> ChatClientBuilder:
        """A new ``ChatClient.Builder`` over :meth:`chat_model` (Spring injects a fresh one
        into each bean that asks), configured by ``spring.ai.chat.client.*``."""
        from spring_ai_py.autoconfigure.chat import ChatClientBuilderProperties
        from spring_ai_py.chat.client import ChatClient
        from spring_ai_py.chat.client.advisor.tool_calling_advisor import ToolCallingAdvisor
        from spring_ai_py.chat.client.attributes import AdvisorParams
        from spring_ai_py.chat.client.observation.convention import (
            DefaultChatClientObservationConvention,
        )

        properties = self.get_properties(ChatClientBuilderProperties)
        if not properties.enabled:
            raise RuntimeError("No ChatClient.Builder: spring.ai.chat.client.enabled is false")
        observations = properties.observations
        if observations.log_prompt:
            _logger.warning(
                "You have enabled logging out the ChatClient prompt content with the risk of "
                "exposing sensitive or private information. Please, be careful!"
            )
        if observations.log_completion:
            _logger.warning(
                "You have enabled logging out the ChatClient completion content with the risk "
                "of exposing sensitive or private information. Please, be careful!"
            )
        advisor_builder = (
            ToolCallingAdvisor.builder()
            .tool_calling_manager(self.tool_calling_manager())
            .advisor_order(properties.tool_calling.advisor_order)
        )
        builder = ChatClient.builder(
            self.chat_model(),
            self._tracer_provider,
            observation_convention=DefaultChatClientObservationConvention(
                include_prompt=observations.log_prompt,
                include_completion=observations.log_completion,
            ),
            tool_calling_advisor_builder=advisor_builder,
        )
        if not properties.tool_calling.enabled:
            builder.default_advisors(AdvisorParams.tool_calling_advisor_auto_register(False))
        return builder

    def chat_memory_repository(self) -> ChatMemoryRepository:
        """The JDBC repository on ``spring.datasource.url`` when it is set, else the
        in-memory one (as with and without Spring's JDBC memory starter)."""
        return self._bean("chat_memory_repository", self._chat_memory_repository)

    def chat_memory(self) -> ChatMemory:
        """A ``MessageWindowChatMemory`` over :meth:`chat_memory_repository`."""
        from spring_ai_py.chat.memory import MessageWindowChatMemory

        return self._bean(
            "chat_memory",
            lambda: (
                MessageWindowChatMemory.builder()
                .chat_memory_repository(self.chat_memory_repository())
                .build()
            ),
        )

    def vector_store(self) -> VectorStore:
        """The ``VectorStore`` that ``spring.ai.vectorstore.type`` selects (``pgvector`` or
        ``simple``); unset, PgVectorStore when ``spring.ai.vectorstore.pgvector.*`` is
        configured, else an in-memory SimpleVectorStore."""
        return self._bean("vector_store", self._vector_store)

    def mcp_sync_clients(self) -> list[McpSyncClient]:
        """One connected MCP client per configured connection
        (``spring.ai.mcp.client.stdio/streamable-http/sse.connections.<name>`` and the
        servers of ``stdio.servers-configuration``), named ``<name> - <connection>`` as
        Spring names them; none when ``spring.ai.mcp.client.enabled`` is false. The
        clients also serve async code (their ``a``-methods await natively), so
        ``type: ASYNC`` builds the same clients. The application's own clients
        (:meth:`add_mcp_sync_client`) come after them."""
        configured = self._bean("mcp_sync_clients", self._mcp_sync_clients).clients
        with self._lock:
            own = self._beans.get(_APPLICATION_MCP_CLIENTS)
        return [*configured, *(own if isinstance(own, list) else [])]

    def add_mcp_sync_client(self, client: McpSyncClient) -> None:
        """Add an ``McpSyncClient`` the application built itself to
        :meth:`mcp_sync_clients` and so to :meth:`mcp_tool_callbacks` (Spring injects
        every ``McpSyncClient`` bean). Add it before ``mcp_tool_callbacks()`` is first
        built; the application still owns the client and closes it."""
        from spring_ai_py.mcp import McpSyncClient

        if not isinstance(client, McpSyncClient):
            raise TypeError(f"client must be an McpSyncClient, got {type(client).__name__}")
        with self._lock:
            if "mcp_tool_callbacks" in self._beans:
                raise RuntimeError(
                    "mcp_tool_callbacks() is already built: add the application's MCP clients "
                    "before its first use"
                )
            self._bean(_APPLICATION_MCP_CLIENTS, list[McpSyncClient]).append(client)

    def mcp_tool_callbacks(self) -> ToolCallbackProvider:
        """The tools of every MCP client as one ``ToolCallbackProvider`` (Spring's
        ``mcpToolCallbacks`` bean): give it to ``default_tool_callbacks(...)``. Empty
        when ``spring.ai.mcp.client.toolcallback.enabled`` is false."""
        return self._bean("mcp_tool_callbacks", self._mcp_tool_callbacks)

    # -- lifecycle -------------------------------------------------------------------------

    def close(self) -> None:
        """Close every bean this context built that can be closed, newest first."""
        errors: list[BaseException] = []
        for bean in self._take_created():
            close = getattr(bean, "close", None)
            if callable(close):
                try:
                    close()
                except Exception as error:  # keep closing the others
                    errors.append(error)
        if errors:
            raise errors[0]

    async def aclose(self) -> None:
        """:meth:`close` from async code: beans with an ``aclose()`` (the models) close
        their async clients on the running loop."""
        errors: list[BaseException] = []
        for bean in self._take_created():
            try:
                aclose = getattr(bean, "aclose", None)
                if callable(aclose):
                    await aclose()
                elif callable(close := getattr(bean, "close", None)):
                    close()
            except Exception as error:  # keep closing the others
                errors.append(error)
        if errors:
            raise errors[0]

    def _take_created(self) -> list[object]:
        with self._lock:
            if self._closed:
                return []
            self._closed = True
            created, self._created = self._created, []
            self._beans.clear()
        return list(reversed(created))

    def __enter__(self) -> ApplicationContext:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    async def __aenter__(self) -> ApplicationContext:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return (
            f"ApplicationContext(profiles={list(self.environment.active_profiles)!r}, "
            f"beans={sorted(self._beans)!r})"
        )

    # -- internals -------------------------------------------------------------------------

    def _bean(self, name: str, factory: Callable[[], B]) -> B:
        with self._lock:
            if self._closed:
                raise RuntimeError("The application context is closed")
            if name not in self._beans:
                bean = factory()
                self._beans[name] = bean
                self._created.append(bean)
            return cast(B, self._beans[name])

    def _provider(self, requested: str | None, kind: str) -> ProviderRegistration:
        from spring_ai_py.autoconfigure.binder import ConfigurationPropertiesBindError
        from spring_ai_py.autoconfigure.chat import SpringAiModelProperties

        registered = {
            name: registration
            for name, registration in provider_registrations().items()
            if (registration.chat_model if kind == "chat" else registration.embedding_model)
            is not None
        }
        supported = list(registered)
        property_name = f"spring.ai.model.{kind}"
        choices = ", ".join([*supported, "none"])
        if requested is not None:
            name = requested.strip().lower()
            if name not in registered:
                raise ValueError(
                    f"provider must be one of {', '.join(supported)}, got {requested!r}"
                )
            return registered[name]
        models = self.get_properties(SpringAiModelProperties)
        selected = models.chat if kind == "chat" else models.embedding
        if selected:
            name = selected.strip().lower()
            if name == "none":
                raise RuntimeError(f"No {kind} model: {property_name} is 'none'")
            if name not in registered:
                raise ConfigurationPropertiesBindError(
                    property_name, f"unknown provider '{selected}'; supported: {choices}"
                )
            return registered[name]
        if not registered:
            raise RuntimeError(
                f"No {kind} model: no provider is installed (install spring_ai_py with "
                "a provider's extra)"
            )
        configured = [
            registration
            for registration in registered.values()
            if self.environment.has_any_under(registration.prefix)
        ]
        if len(configured) > 1:
            with_key = [r for r in configured if r.api_key_check()(self.environment)]
            if len(with_key) == 1:
                return with_key[0]
            raise RuntimeError(
                f"Both {' and '.join(r.name for r in configured)} are configured: set "
                f"{property_name} to the one the {kind} model should use"
            )
        return configured[0] if configured else next(iter(registered.values()))

    def _tool_calling_manager(self) -> ToolCallingManager:
        from spring_ai_py.model.tool import DefaultToolCallingManager
        from spring_ai_py.tool.resolution import StaticToolCallbackResolver

        with self._lock:
            own = self._beans.get(_APPLICATION_TOOL_CALLBACKS)
        builder = (
            DefaultToolCallingManager.builder()
            .tool_callback_resolver(StaticToolCallbackResolver(list(own) if isinstance(own, list) else []))
            .tracer_provider(self._tracer_provider)
        )
        if not self.environment.has_any_under(_TOOLS_PREFIX):
            # Nothing set under spring.ai.tools: Spring's defaults are the builder's (a test
            # holds them equal), so the section's pydantic classes are not even built.
            return builder.build()
        from spring_ai_py.autoconfigure.tools import ToolCallingProperties
        from spring_ai_py.tool.execution import DefaultToolExecutionExceptionProcessor
        from spring_ai_py.tool.observation import DefaultToolCallingObservationConvention

        properties = self.get_properties(ToolCallingProperties)
        limits = properties.limits
        include_content = properties.observations.include_content
        if include_content:
            _logger.warning(
                "You have enabled the inclusion of the tool call arguments and result in the "
                "observations, with the risk of exposing sensitive or private information. "
                "Please, be careful!"
            )
        builder.observation_convention(
            DefaultToolCallingObservationConvention(
                include_arguments=include_content, include_result=include_content
            )
        )
        builder.tool_execution_exception_processor(
            DefaultToolExecutionExceptionProcessor.builder()
            .always_throw(properties.throw_exception_on_error)
            .build()
        )
        builder.resolution_fallback_enabled(properties.resolution.fallback.enabled)
        builder.on_limit_exceeded(limits.on_limit_exceeded)
        if limits.max_calls_per_tool_default is None:
            builder.unlimited_calls_per_tool()
        else:
            builder.max_calls_per_tool(limits.max_calls_per_tool_default)
        for tool_name, limit in limits.max_calls_per_tool.items():
            builder.max_calls_per_tool(tool_name, limit)
        for tool_name in limits.excluded_tools:
            builder.exclude_tool_from_limit(tool_name)
        if limits.max_total_tool_calls is None:
            builder.unlimited_total_tool_calls()
        else:
            builder.max_total_tool_calls(limits.max_total_tool_calls)
        return builder.build()

    def _chat_memory_repository(self) -> ChatMemoryRepository:
        from spring_ai_py.autoconfigure.chat import (
            DatabaseInitializationMode,
            JdbcChatMemoryRepositoryProperties,
        )
        from spring_ai_py.autoconfigure.datasource import DataSourceProperties
        from spring_ai_py.chat.memory import InMemoryChatMemoryRepository
        from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository

        datasource = self.get_properties(DataSourceProperties)
        if not datasource.url:
            return InMemoryChatMemoryRepository()
        mode = self.get_properties(JdbcChatMemoryRepositoryProperties).initialize_schema
        platform = datasource.platform()
        initialize = mode is DatabaseInitializationMode.ALWAYS or (
            mode is DatabaseInitializationMode.EMBEDDED and platform == "sqlite"
        )
        if platform == "sqlite":
            return JdbcChatMemoryRepository.sqlite(datasource.dsn(), initialize_schema=initialize)
        return JdbcChatMemoryRepository.postgres(datasource.dsn(), initialize_schema=initialize)

    def _vector_store(self) -> VectorStore:
        from spring_ai_py.autoconfigure.binder import ConfigurationPropertiesBindError
        from spring_ai_py.autoconfigure.datasource import DataSourceProperties
        from spring_ai_py.autoconfigure.vectorstore import (
            PgVectorStoreProperties,
            VectorStoreSelectionProperties,
        )

        selected = self.get_properties(VectorStoreSelectionProperties).type
        kind = (selected or "").strip().lower()
        if not kind:
            kind = (
                "pgvector"
                if self.environment.has_any_under(PgVectorStoreProperties.CONFIG_PREFIX)
                else "simple"
            )
        convention = self._vector_store_convention()
        if kind == "simple":
            from spring_ai_py.vectorstore import SimpleVectorStore

            return (
                SimpleVectorStore.builder(self.embedding_model())
                .tracer_provider(self._tracer_provider)
                .custom_observation_convention(convention)
                .build()
            )
        if kind != "pgvector":
            raise ConfigurationPropertiesBindError(
                "spring.ai.vectorstore.type",
                f"unknown vector store '{selected}'; supported: pgvector, simple",
            )
        from spring_ai_py.vectorstore.pgvector import PgVectorStore

        datasource = self.get_properties(DataSourceProperties)
        if datasource.platform() != "postgresql":
            raise ConfigurationPropertiesBindError(
                "spring.datasource.url", "PgVectorStore needs a PostgreSQL database"
            )
        pg = self.get_properties(PgVectorStoreProperties)
        return (
            PgVectorStore.builder(datasource.dsn(), self.embedding_model())
            .schema_name(pg.schema_name)
            .vector_table_name(pg.table_name)
            .id_type(pg.id_type)
            .vector_table_validations_enabled(pg.schema_validation)
            .dimensions(pg.dimensions)
            .distance_type(pg.distance_type)
            .remove_existing_vector_store_table(pg.remove_existing_vector_store_table)
            .index_type(pg.index_type)
            .initialize_schema(pg.initialize_schema)
            .max_document_batch_size(pg.max_document_batch_size)
            .tracer_provider(self._tracer_provider)
            .custom_observation_convention(convention)
            .build()
        )

    def _vector_store_convention(self) -> VectorStoreObservationConvention:
        from spring_ai_py.autoconfigure.vectorstore import VectorStoreObservationProperties
        from spring_ai_py.vectorstore.observation import DefaultVectorStoreObservationConvention

        log_query_response = self.get_properties(VectorStoreObservationProperties).log_query_response
        if log_query_response:
            _logger.warning(
                "You have enabled logging out of the query response content with the risk of "
                "exposing sensitive or private information. Please, be careful!"
            )
        return DefaultVectorStoreObservationConvention(include_query_response=log_query_response)

    def _mcp_sync_clients(self) -> _McpClients:
        from spring_ai_py.autoconfigure.mcp import (
            McpClientCommonProperties,
            McpSseClientProperties,
            McpStreamableHttpClientProperties,
        )

        common = self.get_properties(McpClientCommonProperties)
        if not common.enabled:
            return _McpClients([])
        from mcp_types import Implementation

        from spring_ai_py.mcp import McpSyncClient
        from spring_ai_py.mcp.connection import McpSseConnection, McpStreamableHttpConnection

        connections: dict[str, McpConnection] = dict(self._stdio_connections())
        for name, http in self.get_properties(McpStreamableHttpClientProperties).connections.items():
            url = _required(http.url, f"spring.ai.mcp.client.streamable-http.connections.{name}.url")
            connections[name] = McpStreamableHttpConnection(
                url, http.endpoint if http.endpoint is not None else "/mcp"
            )
        for name, sse in self.get_properties(McpSseClientProperties).connections.items():
            url = _required(sse.url, f"spring.ai.mcp.client.sse.connections.{name}.url")
            connections[name] = McpSseConnection(
                url, sse.sse_endpoint if sse.sse_endpoint is not None else "/sse"
            )
        holder = _McpClients([])
        try:
            for name, connection in connections.items():
                holder.clients.append(
                    McpSyncClient.from_connection(
                        connection,
                        name,
                        client_info=Implementation(
                            name=f"{common.name} - {name}", version=common.version
                        ),
                        request_timeout=common.request_timeout.total_seconds(),
                        initialize=common.initialized,
                    )
                )
        except BaseException:
            holder.close()  # a failed connection leaves none of the others open
            raise
        return holder

    def _stdio_connections(self) -> dict[str, McpConnection]:
        from spring_ai_py.autoconfigure.mcp import McpStdioClientProperties
        from spring_ai_py.mcp.connection import McpStdioConnection

        stdio = self.get_properties(McpStdioClientProperties)
        connections: dict[str, McpConnection] = {}
        if stdio.servers_configuration:
            servers = _claude_desktop_servers(self.environment, stdio.servers_configuration)
            for name, server in servers.items():
                connections[name] = McpStdioConnection(
                    server["command"], server.get("args", ()), server.get("env")
                )
        for name, parameters in stdio.connections.items():
            command = _required(
                parameters.command, f"spring.ai.mcp.client.stdio.connections.{name}.command"
            )
            connections[name] = McpStdioConnection(
                command, parameters.args, parameters.env or None
            )
        return connections

    def _mcp_tool_callbacks(self) -> ToolCallbackProvider:
        from spring_ai_py.autoconfigure.mcp import McpClientCommonProperties
        from spring_ai_py.mcp import SyncMcpToolCallbackProvider
        from spring_ai_py.tool import ToolCallbackProvider

        if not self.get_properties(McpClientCommonProperties).toolcallback.enabled:
            return ToolCallbackProvider.from_()
        return SyncMcpToolCallbackProvider.builder().mcp_clients(self.mcp_sync_clients()).build()


_APPLICATION_MCP_CLIENTS = "mcp_sync_clients.application"
_APPLICATION_TOOL_CALLBACKS = "tool_callbacks.application"
_TOOLS_PREFIX = "spring.ai.tools"
"""``ToolCallingProperties.CONFIG_PREFIX``, known without building the properties class."""
"""The bean holding the application's own MCP clients (a list, which the context does
not close)."""


class _McpClients:
    """The configured MCP clients, closed together with the context."""

    def __init__(self, clients: list[McpSyncClient]) -> None:
        self.clients = clients

    def close(self) -> None:
        for client in reversed(self.clients):
            client.close()


def _required(value: str | None, property_name: str) -> str:
    from spring_ai_py.autoconfigure.binder import ConfigurationPropertiesBindError

    if not value:
        raise ConfigurationPropertiesBindError(property_name, "must be set")
    return value


def _claude_desktop_servers(environment: Environment, location: str) -> dict[str, dict[str, Any]]:
    """The ``mcpServers`` of a Claude Desktop style JSON file (a ``classpath:`` location
    is in the application's resources: see :meth:`Environment.resource`)."""
    import json

    from spring_ai_py.autoconfigure.binder import ConfigurationPropertiesBindError

    property_name = "spring.ai.mcp.client.stdio.servers-configuration"
    try:
        path = environment.resource(location)
    except FileNotFoundError as error:
        raise ConfigurationPropertiesBindError(property_name, str(error)) from None
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigurationPropertiesBindError(property_name, f"cannot read {path}: {error}") from error
    except json.JSONDecodeError as error:
        raise ConfigurationPropertiesBindError(property_name, f"{path} is not JSON: {error}") from error
    except RecursionError:
        raise ConfigurationPropertiesBindError(
            property_name, f"{path} nests its JSON too deeply"
        ) from None
    servers = document.get("mcpServers") if isinstance(document, dict) else None
    if not isinstance(servers, dict) or not all(
        isinstance(s, dict) and isinstance(s.get("command"), str) for s in servers.values()
    ):
        raise ConfigurationPropertiesBindError(
            property_name, f"{path} needs an 'mcpServers' object of {{'command', 'args', 'env'}}"
        )
    return servers


class SpringApplication:
    """The one entry point: ``SpringApplication.run()`` as in a Spring Boot ``main``."""

    @staticmethod
    def run(
        *,
        config_dir: str | os.PathLike[str] | None = None,
        profiles: Sequence[str] | None = None,
        overrides: Mapping[str, PropertyValue] | None = None,
        environ: Mapping[str, str] | None = None,
        tracer_provider: TracerProvider | None = None,
        meter_provider: MeterProvider | None = None,
    ) -> ApplicationContext:
        """Load the configuration (see :meth:`Environment.load`) and return the context
        that builds the beans from it."""
        environment = Environment.load(
            config_dir=config_dir, profiles=profiles, overrides=overrides, environ=environ
        )
        return ApplicationContext(
            environment, tracer_provider=tracer_provider, meter_provider=meter_provider
        )
