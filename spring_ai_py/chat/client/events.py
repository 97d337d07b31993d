"""Typed events of a ChatClient turn (beyond Spring 2.0.1).

``client.prompt()...stream().events()`` yields them, with ``async for`` or a plain
``for``; on the call path a listener put in the request context under
:data:`EVENT_LISTENER` (``.advisors(lambda a: a.param(EVENT_LISTENER, on_event))``)
hears them. ``stream().content()`` and the other readers are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from spring_ai_py.model.tool.tool_approval import PendingApproval
from spring_ai_py.model.tool.tool_call_listener import ToolCallListener

if TYPE_CHECKING:
    from spring_ai_py.chat.client.records import ChatClientResponse
    from spring_ai_py.chat.messages import AssistantMessage
    from spring_ai_py.chat.metadata import Usage as ModelUsage

EVENT_LISTENER = "spring_ai_py.chat.client.event_listener"
"""Context key of a ``Callable[[ChatEvent], None]`` hearing a call's events: the tool
calls as they start and finish (possibly from another thread; on the async paths never
on the event loop), then the answer's text, reasoning, approval request, usage and
finish reason."""

REASONING_DELTA_METADATA_KEY = "reasoningDelta"
"""Message metadata of a streamed chunk carrying a piece of reasoning on its own (an
Anthropic ``thinking_delta``, an OpenAI-compatible ``reasoning_content`` fragment). A
response without it may carry its whole reasoning under ``reasoningContent`` (a call's
response, the last chunk of an OpenAI-compatible stream)."""

_REASONING_CONTENT = "reasoningContent"


@dataclass(frozen=True, slots=True)
class TextDelta:
    """A piece of the answer's text."""

    text: str


@dataclass(frozen=True, slots=True)
class ReasoningDelta:
    """A piece of the model's reasoning, where the provider sends it (OpenAI-compatible
    ``reasoning_content``, Anthropic thinking)."""

    text: str


@dataclass(frozen=True, slots=True)
class ToolCallStarted:
    """A tool call is about to run with ``arguments`` (an approval may have edited them)."""

    id: str
    name: str
    arguments: str


@dataclass(frozen=True, slots=True)
class ToolCallFinished:
    """A tool call ended after ``duration`` seconds: ``result`` is the text the model
    gets; ``error`` the exception when it failed (``result`` is then the error text, or
    ``None`` when the turn pauses on it)."""

    id: str
    name: str
    result: str | None
    error: BaseException | None
    duration: float


@dataclass(frozen=True, slots=True)
class ApprovalRequested:
    """The turn paused: ``pending`` says what waits for a person and how to resume."""

    pending: PendingApproval


@dataclass(frozen=True, slots=True)
class Usage:
    """The turn's token usage (accumulated over its tool rounds)."""

    usage: ModelUsage


@dataclass(frozen=True, slots=True)
class Finished:
    """The turn ended; ``finish_reason`` is the provider's (``PendingApproval.FINISH_REASON``
    for a paused turn; empty when none was reported)."""

    finish_reason: str


ChatEvent: TypeAlias = (
    TextDelta | ReasoningDelta | ToolCallStarted | ToolCallFinished | ApprovalRequested | Usage | Finished
)
"""Any event of a turn."""

EventListener: TypeAlias = Callable[[ChatEvent], Any]
"""What hears a call's events (its return value is ignored)."""


def event_listener_of(context: dict[str, Any]) -> EventListener | None:
    """The listener under :data:`EVENT_LISTENER` in ``context``, checked."""
    listener = context.get(EVENT_LISTENER)
    if listener is not None and not callable(listener):
        raise TypeError(f"{EVENT_LISTENER} must be a callable taking a ChatEvent")
    return listener


class ToolCallEvents(ToolCallListener):
    """A ``ToolCallListener`` handing each call's start and finish to an event listener."""

    __slots__ = ("_listener",)

    def __init__(self, listener: EventListener) -> None:
        self._listener = listener

    def on_tool_call_started(self, tool_call: AssistantMessage.ToolCall, arguments: str) -> None:
        self._listener(ToolCallStarted(tool_call.id, tool_call.name, arguments))

    def on_tool_call_finished(
        self,
        tool_call: AssistantMessage.ToolCall,
        result: str | None,
        error: BaseException | None,
        duration: float,
    ) -> None:
        self._listener(ToolCallFinished(tool_call.id, tool_call.name, result, error, duration))


class ResponseEvents:
    """Turns the responses of one turn (a stream's chunks, or a call's one response) into
    events: text and reasoning as they come, the approval request once, and at
    :meth:`end` the last usage reported and the last finish reason."""

    __slots__ = ("_finish", "_pending", "_pieces", "_reasoning", "_usage")

    def __init__(self) -> None:
        self._reasoning = ""
        self._pieces = False
        """Whether the chunks carry their reasoning pieces: then the whole reasoning a
        last chunk also carries (``reasoningContent``) is not new."""
        self._finish = ""
        self._usage: ModelUsage | None = None
        self._pending = False

    def add(self, response: ChatClientResponse, out: list[ChatEvent]) -> None:
        """Append the events of ``response`` to ``out``."""
        chat_response = response.chat_response
        if chat_response is not None:
            usage = chat_response.get_metadata().get_usage()
            if usage.get_total_tokens():
                self._usage = usage
            generation = chat_response.get_result()
            if generation is not None:
                message = generation.get_output()
                metadata = message.get_metadata()
                piece = metadata.get(REASONING_DELTA_METADATA_KEY)
                if piece:
                    self._pieces = True
                    out.append(ReasoningDelta(piece))
                elif not self._pieces:
                    so_far = metadata.get(_REASONING_CONTENT)
                    if so_far and so_far != self._reasoning:
                        out.append(self._reasoning_delta(so_far))
                text = message.get_text()
                # A Gemini thought part is a generation whose text is the thought (as in
                # Spring); its reasoning delta is that text, not answer text.
                if text and not piece:
                    out.append(TextDelta(text))
                finish = generation.get_metadata().get_finish_reason()
                if finish:
                    self._finish = finish
                    # A paused turn's response: its finish reason says so.
                    if finish == PendingApproval.FINISH_REASON:
                        self._add_pending(response, out)

    def _add_pending(self, response: ChatClientResponse, out: list[ChatEvent]) -> None:
        pending = response.context.get(PendingApproval.CONTEXT_KEY)
        if not self._pending and isinstance(pending, PendingApproval):
            self._pending = True
            out.append(ApprovalRequested(pending))

    def _reasoning_delta(self, so_far: str) -> ReasoningDelta:
        seen = self._reasoning
        self._reasoning = so_far
        return ReasoningDelta(so_far[len(seen) :] if so_far.startswith(seen) else so_far)

    def end(self, out: list[ChatEvent]) -> None:
        """Append the turn's closing events: its usage (when reported), then ``Finished``."""
        if self._usage is not None:
            out.append(Usage(self._usage))
        out.append(Finished(self._finish))


__all__ = [
    "EVENT_LISTENER",
    "REASONING_DELTA_METADATA_KEY",
    "ApprovalRequested",
    "ChatEvent",
    "EventListener",
    "Finished",
    "ReasoningDelta",
    "TextDelta",
    "ToolCallFinished",
    "ToolCallStarted",
    "Usage",
]
