"""The context handed to tools: the advisor context of the request that called them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class ToolContext:
    """Key/value context a tool receives; never part of the tool's input schema.

    Spring's ``ToolContext`` is read-only. Here the mapping given to a tool by the tool
    loop is the request's advisor context itself, so what a tool writes (``put``) is
    visible to the advisors' ``after()``. ``request_keys`` names the entries that came
    from the request's own tool context (``.tool_context({...})``), as opposed to the
    advisor context the loop adds; ``None`` (a context built by hand) means all of them.
    """

    __slots__ = ("_context", "_request_keys")

    def __init__(
        self, context: Mapping[str, Any] | None = None, *, request_keys: Iterable[str] | None = None
    ) -> None:
        self._context: dict[str, Any] = context if isinstance(context, dict) else dict(context or {})
        self._request_keys = frozenset(request_keys) if request_keys is not None else None

    def get_context(self) -> dict[str, Any]:
        """The context entries."""
        return self._context

    @property
    def context(self) -> dict[str, Any]:
        """The context entries given to the tool (read-only by convention)."""
        return self._context

    def get_request_context(self) -> dict[str, Any]:
        """The entries of the request's tool context only (Spring's whole tool context),
        without the advisor context the tool loop adds."""
        if self._request_keys is None:
            return dict(self._context)
        return {key: value for key, value in self._context.items() if key in self._request_keys}

    def get(self, key: str, default: Any = None) -> Any:
        """The entry under ``key``, else ``default``."""
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
