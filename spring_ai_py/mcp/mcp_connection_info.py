"""``McpConnectionInfo``: what a filter or prefix generator knows about one connection."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from spring_ai_py import _assert

if TYPE_CHECKING:
    from mcp_types import ClientCapabilities, Implementation, InitializeResult


@dataclass(frozen=True, slots=True)
class McpConnectionInfo:
    """The client's capabilities and identity, and the server's initialization result
    (``None`` until the connection is initialized)."""

    client_capabilities: ClientCapabilities
    client_info: Implementation
    initialize_result: InitializeResult | None = None

    @staticmethod
    def builder() -> McpConnectionInfo.Builder:
        """A builder (client capabilities, client info, initialize result)."""
        return McpConnectionInfo.Builder()

    class Builder:
        """``McpConnectionInfo.builder().client_capabilities(c).client_info(i).build()``."""

        def __init__(self) -> None:
            self._values: dict[str, Any] = {}

        def client_capabilities(self, client_capabilities: ClientCapabilities) -> McpConnectionInfo.Builder:
            self._values["client_capabilities"] = client_capabilities
            return self

        def client_info(self, client_info: Implementation) -> McpConnectionInfo.Builder:
            self._values["client_info"] = client_info
            return self

        def initialize_result(self, initialize_result: InitializeResult | None) -> McpConnectionInfo.Builder:
            self._values["initialize_result"] = initialize_result
            return self

        def build(self) -> McpConnectionInfo:
            _assert.state(
                self._values.get("client_capabilities") is not None,
                "client_capabilities should not be null",
            )
            _assert.state(self._values.get("client_info") is not None, "client_info should not be null")
            return McpConnectionInfo(**self._values)
