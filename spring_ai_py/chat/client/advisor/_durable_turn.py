"""The tool loop's pause, resume and durable state (beyond Spring 2.0.1).

The ``ToolCallingAdvisor``'s loop calls into this module at its boundaries; with no
repository configured and no gated tool, nothing here runs but one dict lookup.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from spring_ai_py._lazy import lazy_singleton
from spring_ai_py.chat.client.advisor.advisor_utils import TOOL_LOOP_TOKEN_KEY
from spring_ai_py.chat.memory.chat_memory import ChatMemory
from spring_ai_py.chat.messages import AssistantMessage, Message
from spring_ai_py.model.tool.internal.tool_batch_control import ToolBatchControl
from spring_ai_py.model.tool.tool_approval import (
    Approve,
    Edit,
    PauseReason,
    PendingApproval,
    PendingToolCall,
    Reject,
    ToolCallDecision,
    ToolCallStatus,
    ToolLoopPausedException,
)
from spring_ai_py.model.tool.tool_call_listener import ToolCallListener
from spring_ai_py.model.tool.tool_loop_state import (
    InMemoryToolLoopStateRepository,
    LoopPhase,
    ToolCallRecord,
    ToolLoopResume,
    ToolLoopSnapshot,
    ToolLoopStateRepository,
    record_of,
    snapshot_of,
)

_TRANSIENT_KEYS = frozenset({ToolLoopResume.CONTEXT_KEY, PendingApproval.CONTEXT_KEY})


@lazy_singleton
def default_state_repository() -> ToolLoopStateRepository:
    """Where advisors without a repository keep paused turns: one per process, so a
    turn paused through one ``ChatClient`` call resumes through the next."""
    return InMemoryToolLoopStateRepository()


_PROCESS_LOCAL_PREFIX = "spring_ai_py.chat.memory."
"""Keys of memory advisors' per-instance entries: meaningless in another process (the
turn's user message is saved under ``TOOL_LOOP_USER_MESSAGE_KEY`` instead)."""


def _stored_context(context: Mapping[str, Any]) -> dict[str, Any]:
    return {
        k: v
        for k, v in context.items()
        if k not in _TRANSIENT_KEYS and not k.startswith(_PROCESS_LOCAL_PREFIX)
    }


def _conversation_id(context: Mapping[str, Any]) -> str | None:
    value = context.get(ChatMemory.CONVERSATION_ID)
    return value if isinstance(value, str) else None


class TurnRecorder(ToolCallListener):
    """Saves one turn's snapshots; ``durable`` saves every boundary, otherwise only a
    pause is saved (in-process pause and resume)."""

    def __init__(self, repository: ToolLoopStateRepository, token: str, durable: bool) -> None:
        self.repository = repository
        self.token = token
        self.durable = durable
        self._snapshot: ToolLoopSnapshot | None = None
        self._lock = threading.Lock()

    def _save(self, snapshot: ToolLoopSnapshot) -> None:
        self._snapshot = snapshot
        self.repository.save(snapshot)

    def _new_snapshot(
        self,
        phase: LoopPhase,
        messages: list[Message],
        instructions: list[Message],
        context: Mapping[str, Any],
        assistant_message: AssistantMessage | None = None,
        tool_calls: list[ToolCallRecord] | None = None,
        pause_reason: PauseReason | None = None,
        final_message: AssistantMessage | None = None,
    ) -> ToolLoopSnapshot:
        return snapshot_of(
            self.token,
            phase,
            list(messages),
            _stored_context(context),
            _conversation_id(context),
            None if instructions == messages else list(instructions),
            assistant_message,
            [] if tool_calls is None else tool_calls,
            pause_reason,
            final_message,
            datetime.now(UTC),
        )

    def at_model(
        self, messages: list[Message], instructions: list[Message], context: Mapping[str, Any]
    ) -> None:
        if self.durable:
            self._save(self._new_snapshot(LoopPhase.MODEL, messages, instructions, context))

    def at_tools(
        self,
        messages: list[Message],
        instructions: list[Message],
        context: Mapping[str, Any],
        assistant_message: AssistantMessage,
        records: list[ToolCallRecord] | None = None,
    ) -> None:
        if not self.durable:
            return
        calls = records or [
            record_of(c.id, c.name, c.arguments, ToolCallStatus.PLANNED, None, None, False)
            for c in assistant_message.get_tool_calls()
        ]
        self._save(
            self._new_snapshot(
                LoopPhase.TOOLS, messages, instructions, context, assistant_message, calls
            )
        )

    def _record(self, call_id: str) -> ToolCallRecord | None:
        assert self._snapshot is not None
        return next((c for c in self._snapshot.tool_calls if c.id == call_id), None)

    def on_tool_call_started(self, tool_call: AssistantMessage.ToolCall, arguments: str) -> None:
        with self._lock:
            if self._snapshot is None:
                return
            current = self._record(tool_call.id)
            record = record_of(
                tool_call.id,
                tool_call.name,
                arguments,
                ToolCallStatus.RUNNING,
                None,
                None,
                current is not None and current.approved,
            )
            self._save(self._snapshot.with_call(record))

    def on_tool_call_finished(
        self,
        tool_call: AssistantMessage.ToolCall,
        result: str | None,
        error: BaseException | None,
        duration: float,
    ) -> None:
        if result is None:
            return
        with self._lock:
            if self._snapshot is None:
                return
            current = self._record(tool_call.id)
            arguments = current.arguments if current is not None else tool_call.arguments
            record = record_of(
                tool_call.id,
                tool_call.name,
                arguments,
                ToolCallStatus.DONE,
                result,
                None,
                current is not None and current.approved,
            )
            self._save(self._snapshot.with_call(record))

    def at_pause(
        self,
        pause: ToolLoopPausedException,
        messages: list[Message],
        instructions: list[Message],
        context: Mapping[str, Any],
    ) -> PendingApproval:
        records = [
            ToolCallRecord(c.id, c.name, c.arguments, c.status, pause.results.get(c.id), c.reason)
            for c in pause.tool_calls
        ]
        snapshot = self._new_snapshot(
            LoopPhase.PAUSED,
            messages,
            instructions,
            context,
            pause.assistant_message,
            records,
            pause.reason,
        )
        self._save(snapshot)
        return PendingApproval(
            self.token, snapshot.conversation_id, pause.reason, list(pause.tool_calls)
        )

    def at_completion(
        self, messages: list[Message], context: Mapping[str, Any], final_message: AssistantMessage
    ) -> None:
        if self.durable:
            self._save(
                self._new_snapshot(
                    LoopPhase.COMPLETED, messages, messages, context, final_message=final_message
                )
            )

    def finished(self) -> None:
        """The turn ended: a paused turn kept only for in-process resume is forgotten
        (a durable turn keeps its completed snapshot until it expires)."""
        if not self.durable:
            self.repository.delete(self.token)


class ListenerPair(ToolCallListener):
    """Two listeners hearing the same calls (the user's, then the durable recorder)."""

    def __init__(self, first: ToolCallListener, second: ToolCallListener) -> None:
        self._first = first
        self._second = second

    def on_tool_call_started(self, tool_call: AssistantMessage.ToolCall, arguments: str) -> None:
        self._first.on_tool_call_started(tool_call, arguments)
        self._second.on_tool_call_started(tool_call, arguments)

    def on_tool_call_finished(
        self,
        tool_call: AssistantMessage.ToolCall,
        result: str | None,
        error: BaseException | None,
        duration: float,
    ) -> None:
        self._first.on_tool_call_finished(tool_call, result, error, duration)
        self._second.on_tool_call_finished(tool_call, result, error, duration)


def batch_control(
    listener: ToolCallListener | None,
    recorder: TurnRecorder | None,
    results: Mapping[str, str] | None = None,
    approved: frozenset[str] = frozenset(),
) -> ToolBatchControl | None:
    """What the manager is told about the next batch; ``None`` (nothing to say) for a
    plain turn, so the manager's hot path stays as it was."""
    durable = recorder if recorder is not None and recorder.durable else None
    if listener is None and durable is None and not results and not approved:
        return None
    if listener is not None and durable is not None:
        listener = ListenerPair(listener, durable)
    return ToolBatchControl(results or {}, approved, listener or durable)


@dataclass(frozen=True, slots=True)
class ResumedBatch:
    """How a resumed batch runs: the settled results, the approved calls, the model's
    message with edited arguments in place, and the records to save it with; or, when a
    crash interrupted a call that is not idempotent, the pause to report instead."""

    results: dict[str, str]
    approved: frozenset[str]
    assistant_message: AssistantMessage
    records: list[ToolCallRecord]
    interrupted: ToolLoopPausedException | None


def _checked_decisions(
    snapshot: ToolLoopSnapshot, approvals: Mapping[str, ToolCallDecision]
) -> None:
    ids = {c.id for c in snapshot.tool_calls}
    for call_id, decision in approvals.items():
        if call_id not in ids:
            raise ValueError(f"approvals names an unknown tool call: {call_id}")
        if not isinstance(decision, ToolCallDecision):
            raise TypeError(
                f"approvals[{call_id!r}] must be Approve(), Reject(reason) or Edit(arguments), "
                f"got {type(decision).__name__}"
            )


def resume_batch(
    snapshot: ToolLoopSnapshot,
    approvals: Mapping[str, ToolCallDecision],
    idempotent: Mapping[str, bool],
) -> ResumedBatch:
    """Settle the batch of a ``TOOLS`` or ``PAUSED`` snapshot with ``approvals``.

    ``DONE`` calls keep their result; ``RUNNING`` ones (a crash cut them off) run again
    only when their tool is ``idempotent`` (by tool name), otherwise they become
    ``INTERRUPTED``; calls needing a decision get the one in ``approvals``
    (``ValueError`` naming the call when there is none)."""
    _checked_decisions(snapshot, approvals)
    assistant = snapshot.assistant_message
    assert assistant is not None
    results: dict[str, str] = {}
    arguments: dict[str, str] = {}
    approved: set[str] = set()
    records: list[ToolCallRecord] = []
    interrupted = False
    for record in snapshot.tool_calls:
        status = record.status
        if record.approved:
            approved.add(record.id)
        if status is ToolCallStatus.RUNNING:
            if idempotent.get(record.name, False):
                status = ToolCallStatus.PLANNED
            elif record.id not in approvals:
                interrupted = True
                status = ToolCallStatus.INTERRUPTED
        if status is ToolCallStatus.DONE and record.result is not None:
            results[record.id] = record.result
            records.append(record)
            continue
        decision = approvals.get(record.id)
        needs = status in (
            ToolCallStatus.AWAITING_APPROVAL,
            ToolCallStatus.FAILED,
            ToolCallStatus.INTERRUPTED,
            ToolCallStatus.RUNNING,
        )
        if decision is None and needs and status is not ToolCallStatus.INTERRUPTED:
            raise ValueError(
                f"approvals has no decision for tool call: {record.id} ({record.name})"
            )
        if isinstance(decision, Reject):
            results[record.id] = decision.refusal()
            records.append(replace(record, status=ToolCallStatus.DONE, result=decision.refusal()))
            continue
        if isinstance(decision, Edit):
            arguments[record.id] = decision.arguments_json()
        if isinstance(decision, Approve | Edit):
            approved.add(record.id)
            status = ToolCallStatus.PLANNED
        records.append(
            replace(
                record,
                status=status,
                arguments=arguments.get(record.id, record.arguments),
                approved=record.id in approved,
            )
        )
    pause = None
    if interrupted:
        calls = [
            PendingToolCall(
                r.id,
                r.name,
                r.arguments,
                r.status,
                "A crash interrupted this call" if r.status is ToolCallStatus.INTERRUPTED else r.reason,
            )
            for r in records
        ]
        pause = ToolLoopPausedException(PauseReason.INTERRUPTED, calls, results, assistant)
    edited = assistant
    if arguments:
        edited_calls = [
            AssistantMessage.ToolCall(c.id, c.type, c.name, arguments.get(c.id, c.arguments))
            for c in assistant.get_tool_calls()
        ]
        edited = assistant.mutate().tool_calls(edited_calls).build()
    return ResumedBatch(results, frozenset(approved), edited, records, pause)


_UUID4_CLEAR = ~(0xC000 << 48 | 0xF000 << 64)
_UUID4_SET = 0x8000 << 48 | 0x4000 << 64


def new_token() -> str:
    """A new turn token: the 32 hex digits of a random version-4 UUID, as
    ``uuid.uuid4().hex`` gives them (without building the ``UUID`` object)."""
    return f"{int.from_bytes(os.urandom(16)) & _UUID4_CLEAR | _UUID4_SET:032x}"


def turn_token(context: Mapping[str, Any], resume: ToolLoopResume | None) -> str:
    """The token of this turn: the resumed one, the caller's, or a new one."""
    if resume is not None:
        return resume.token
    given = context.get(TOOL_LOOP_TOKEN_KEY)
    return given if isinstance(given, str) and given else new_token()


def stamped_turn(token: str, message: Message) -> bool:
    """Whether ``message`` was stored by the durable turn ``token``."""
    return message.get_metadata().get(TOOL_LOOP_TOKEN_KEY) == token
