"""``McpToolsChangedEvent``: a connection's tool list changed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mcp_types import Tool


@dataclass(frozen=True)
class McpToolsChangedEvent:
    """Published when a server sends ``notifications/tools/list_changed``: the
    connection's name and its new tool list. Tool callback providers listening to it
    (``on_application_event``) drop their cached callbacks."""

    connection_name: str
    tools: list[Tool] = field(default_factory=list)

    def get_connection_name(self) -> str:
        return self.connection_name

    def get_tools(self) -> list[Tool]:
        return self.tools
