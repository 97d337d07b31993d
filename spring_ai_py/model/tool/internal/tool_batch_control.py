"""What the tool loop tells the manager about the next batch, beyond its tool calls.

Bound in a ``contextvars`` variable around ``execute_tool_calls`` (like the advisor
context), so the manager's signature stays Spring's.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from spring_ai_py.model.tool.tool_call_listener import ToolCallListener


@dataclass(frozen=True, slots=True)
class ToolBatchControl:
    """``results``: calls already settled (recorded before a crash, or rejected): they
    are answered with the text and never run. ``approved``: gated calls a person
    approved (an edit rewrites the call itself). ``listener``: hears every call."""

    results: Mapping[str, str] = field(default_factory=dict)
    approved: frozenset[str] = frozenset()
    listener: ToolCallListener | None = None


_CONTROL: contextvars.ContextVar[ToolBatchControl | None] = contextvars.ContextVar(
    "spring_ai_py_tool_batch_control", default=None
)


@contextlib.contextmanager
def bound_batch_control(control: ToolBatchControl | None) -> Iterator[None]:
    """Make ``control`` the current batch's for the duration of the block."""
    token = _CONTROL.set(control)
    try:
        yield
    finally:
        _CONTROL.reset(token)


def current_batch_control() -> ToolBatchControl | None:
    return _CONTROL.get()
