"""Paused turns: the tool calls waiting for a person, and the decisions that resume them.

Beyond Spring 2.0.1. A turn pauses when the model asks for a tool that requires
approval, when a tool fails with an ``ENVIRONMENT`` error under
``on_environment_error("pause")``, or when a resumed turn finds a call that a crash
interrupted; the response then carries a :class:`PendingApproval`, and
``client.prompt().resume(token, approvals={...})`` continues the turn.
"""

from __future__ import annotations

import enum
from abc import ABC
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from spring_ai_py.chat.messages import AssistantMessage


class ToolCallStatus(enum.Enum):
    """Where one tool call of a turn stands."""

    PLANNED = "planned"
    """Asked for by the model, not started."""
    RUNNING = "running"
    """Started and not finished (after a crash: cut off)."""
    DONE = "done"
    """Finished; its result is recorded and it never runs again."""
    AWAITING_APPROVAL = "awaiting_approval"
    """Gated: runs only once a person approves it."""
    FAILED = "failed"
    """Failed with an ``ENVIRONMENT`` error; a person decides whether to run it again."""
    INTERRUPTED = "interrupted"
    """A crash cut it off and the tool is not idempotent; a person decides."""

    def get_key(self) -> str:
        return self.value


_DECIDED_BY_A_PERSON = frozenset(
    {ToolCallStatus.AWAITING_APPROVAL, ToolCallStatus.FAILED, ToolCallStatus.INTERRUPTED}
)


class PauseReason(enum.Enum):
    """Why a turn paused."""

    APPROVAL = "approval"
    ENVIRONMENT_ERROR = "environment_error"
    INTERRUPTED = "interrupted"

    def get_key(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class PendingToolCall:
    """One tool call of a paused batch: ``arguments`` is the model's JSON; ``reason``
    the error message of a ``FAILED`` call."""

    id: str
    name: str
    arguments: str
    status: ToolCallStatus
    reason: str | None = None

    @property
    def needs_decision(self) -> bool:
        """Whether ``resume`` must be given a decision for this call."""
        return self.status in _DECIDED_BY_A_PERSON


@dataclass(frozen=True, slots=True)
class PendingApproval:
    """A paused turn: what it waits for, and the token that resumes it.

    Found on the response (``chat_client_response.pending_approval``, also under
    ``PendingApproval.CONTEXT_KEY`` in its context) on the call, async and stream
    paths; the stream's last chunk carries it. ``tool_calls`` is the whole batch, in
    the model's order; the calls that need a decision are :meth:`awaiting`.
    """

    CONTEXT_KEY: ClassVar[str] = "spring_ai_py.tool_loop.pending_approval"
    FINISH_REASON: ClassVar[str] = "pendingApproval"
    """The finish reason of the generation of a paused response."""

    token: str
    conversation_id: str | None
    reason: PauseReason
    tool_calls: list[PendingToolCall] = field(default_factory=list)

    def awaiting(self) -> list[PendingToolCall]:
        """The calls ``resume`` needs a decision for."""
        return [call for call in self.tool_calls if call.needs_decision]


class ToolCallDecision(ABC):
    """A person's decision about one pending tool call: ``Approve``, ``Reject`` or ``Edit``."""


@dataclass(frozen=True, slots=True)
class Approve(ToolCallDecision):
    """Run the call as the model asked."""


@dataclass(frozen=True, slots=True)
class Reject(ToolCallDecision):
    """Do not run the call; the model gets ``reason`` as the tool's result."""

    reason: str = "The user rejected this tool call."

    REFUSAL_PREFIX: ClassVar[str] = "Tool call rejected: "

    def refusal(self) -> str:
        """The tool result the model receives."""
        return self.REFUSAL_PREFIX + self.reason


@dataclass(frozen=True, slots=True)
class Edit(ToolCallDecision):
    """Run the call with other ``arguments`` (a JSON object text, or a mapping)."""

    arguments: str | Mapping[str, Any]

    def arguments_json(self) -> str:
        """The edited arguments as the JSON text the tool receives."""
        if isinstance(self.arguments, str):
            return self.arguments
        import json  # only an edit with a mapping needs it, not every import of the package

        return json.dumps(dict(self.arguments), ensure_ascii=False)


class ToolLoopPausedException(RuntimeError):
    """Raised by the tool-calling manager instead of returning a batch's result when the
    batch must wait for a person. ``tool_calls`` is the whole batch; ``results`` holds
    the results of the calls that did finish (they never run again)."""

    def __init__(
        self,
        reason: PauseReason,
        tool_calls: list[PendingToolCall],
        results: Mapping[str, str],
        assistant_message: AssistantMessage,
    ) -> None:
        waiting = [call.name for call in tool_calls if call.needs_decision]
        super().__init__(f"The tool loop paused ({reason.value}) for tool calls: {waiting}")
        self.reason = reason
        self.tool_calls = tool_calls
        self.results = dict(results)
        self.assistant_message = assistant_message
