"""Hands the advisor context of the running tool loop to the tool-calling manager.

Spring passes the Reactor context to ``DefaultToolCallingManager`` through
``ToolCallReactiveContextHolder``. Here the ``ToolCallingAdvisor`` binds the loop's
advisor context in a ``contextvars`` variable around ``execute_tool_calls``, so the
manager's public signature stays Spring's and the context follows the call into worker
threads and tasks.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from typing import Any

_ADVISOR_CONTEXT: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "spring_ai_py_tool_loop_advisor_context", default=None
)


class ToolCallContextHolder:
    """The advisor context of the tool loop currently executing tools, if any."""

    @staticmethod
    @contextlib.contextmanager
    def bound(advisor_context: dict[str, Any]) -> Iterator[None]:
        """Make ``advisor_context`` the current one for the duration of the block."""
        token = _ADVISOR_CONTEXT.set(advisor_context)
        try:
            yield
        finally:
            _ADVISOR_CONTEXT.reset(token)

    @staticmethod
    def get_context() -> dict[str, Any] | None:
        return _ADVISOR_CONTEXT.get()
