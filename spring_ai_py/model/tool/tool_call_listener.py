"""``ToolCallListener``: told when each tool call of a batch starts and finishes."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spring_ai_py.chat.messages import AssistantMessage


class ToolCallListener:
    """Hears the tool calls a ``DefaultToolCallingManager`` runs (beyond Spring 2.0.1).

    Calls come from the thread or task running the tool, so with parallel execution
    they may come at once from several threads. ``arguments`` are the ones the tool
    runs with (an approval may have edited them); ``result`` is the text the model
    gets, ``error`` the exception when the call failed (its ``result`` is then the
    error text, or ``None`` when the turn pauses on it). Both methods do nothing by
    default. The ``ToolCallingAdvisor`` binds one around each batch; its durable loop
    records each call's status through it.
    """

    def on_tool_call_started(self, tool_call: AssistantMessage.ToolCall, arguments: str) -> None:
        """The call is about to run."""

    def on_tool_call_finished(
        self,
        tool_call: AssistantMessage.ToolCall,
        result: str | None,
        error: BaseException | None,
        duration: float,
    ) -> None:
        """The call finished after ``duration`` seconds."""
