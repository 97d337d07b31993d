"""``McpConnectionInfo``: what a filter or prefix generator knows about one connection."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable

if TYPE_CHECKING:
    from mcp_types import ClientCapabilities, Implementation, InitializeResult


class _McpConnectionInfoBuilder(_builder.Builder["McpConnectionInfo"]):
    """``McpConnectionInfo.builder().client_capabilities(c).client_info(i).build()``."""

    __slots__ = ()

    def build(self) -> McpConnectionInfo:
        _assert.state(
            self._values.get("client_capabilities") is not None,
            "client_capabilities should not be null",
        )
        _assert.state(self._values.get("client_info") is not None, "client_info should not be null")
        return super().build()


@dataclass(frozen=True, slots=True)
class McpConnectionInfo(Buildable):
    """The client's capabilities and identity, and the server's initialization result
    (``None`` until the connection is initialized)."""

    client_capabilities: ClientCapabilities
    client_info: Implementation
    initialize_result: InitializeResult | None = None

    # --- generated builder (base: _McpConnectionInfoBuilder) ---
    class Builder(_McpConnectionInfoBuilder):
        """The builder of :class:`McpConnectionInfo`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def client_capabilities(self, client_capabilities: ClientCapabilities, /) -> Self:
            return self._set("client_capabilities", (client_capabilities,))

        def client_info(self, client_info: Implementation, /) -> Self:
            return self._set("client_info", (client_info,))

        def initialize_result(self, initialize_result: InitializeResult | None, /) -> Self:
            return self._set("initialize_result", (initialize_result,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> McpConnectionInfo: ...

    @classmethod
    def builder(cls) -> McpConnectionInfo.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> McpConnectionInfo.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
