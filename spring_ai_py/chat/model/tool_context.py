"""The context handed to tools: the advisor context of the request that called them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class ToolContext:
    """Key/value context a tool receives; never part of the tool's input schema.

    Spring's ``ToolContext`` is read-only. Here the mapping given to a tool by the tool
    loop is the request's advisor context itself, so what a tool writes (``put``) is
    visible to the advisors' ``after()`` (beyond Spring).
    """

    __slots__ = ("_context",)

    def __init__(self, context: Mapping[str, Any] | None = None) -> None:
        self._context: dict[str, Any] = context if isinstance(context, dict) else dict(context or {})

    def get_context(self) -> dict[str, Any]:
        """The context entries."""
        return self._context

    @property
    def context(self) -> dict[str, Any]:
        return self._context

    def get(self, key: str, default: Any = None) -> Any:
        return self._context.get(key, default)

    def put(self, key: str, value: Any) -> None:
        """Write an entry that the advisors around the tool loop will see."""
        self._context[key] = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ToolContext) and self._context == other._context

    def __hash__(self) -> int:
        return id(self)

    def __repr__(self) -> str:
        return f"ToolContext(keys={sorted(self._context)!r})"
