"""``spring.ai.mcp.client.*``: MCP client connections (stdio, streamable HTTP, SSE)."""

from __future__ import annotations

import enum
from datetime import timedelta
from typing import Annotated, ClassVar

from pydantic import Field

from spring_ai_py.autoconfigure.binder import (
    ConfigurationProperties,
    Duration,
    PropertiesModel,
    relaxed_enum,
)


class McpClientCommonProperties(ConfigurationProperties):
    """``spring.ai.mcp.client.*``."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.mcp.client"

    class ClientType(enum.Enum):
        SYNC = "SYNC"
        ASYNC = "ASYNC"

    class Toolcallback(PropertiesModel):
        enabled: bool = True

    enabled: bool = True
    name: str = "spring-ai-mcp-client"
    version: str = "1.0.0"
    initialized: bool = True
    request_timeout: Annotated[Duration, Field(gt=timedelta(0))] = timedelta(seconds=20)
    type: Annotated[ClientType, relaxed_enum(ClientType)] = ClientType.SYNC
    root_change_notification: bool = True
    toolcallback: Toolcallback = Field(default_factory=Toolcallback)


class McpStdioClientProperties(ConfigurationProperties):
    """``spring.ai.mcp.client.stdio.*``: servers started as child processes, from
    ``connections.<name>.command/args/env`` or a Claude Desktop style JSON file
    (``servers-configuration``)."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.mcp.client.stdio"

    class Parameters(PropertiesModel):
        command: str | None = None
        args: list[str] = Field(default_factory=list)
        env: dict[str, str] = Field(default_factory=dict)

    servers_configuration: str | None = None
    connections: dict[str, Parameters] = Field(default_factory=dict)


class McpStreamableHttpClientProperties(ConfigurationProperties):
    """``spring.ai.mcp.client.streamable-http.connections.<name>.url/endpoint``."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.mcp.client.streamable-http"

    class ConnectionParameters(PropertiesModel):
        url: str | None = None
        endpoint: str | None = None

    connections: dict[str, ConnectionParameters] = Field(default_factory=dict)


class McpSseClientProperties(ConfigurationProperties):
    """``spring.ai.mcp.client.sse.connections.<name>.url/sse-endpoint``."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.mcp.client.sse"

    class SseParameters(PropertiesModel):
        url: str | None = None
        sse_endpoint: str | None = None

    connections: dict[str, SseParameters] = Field(default_factory=dict)
