"""Limits on the number of tool calls in one turn (a guard against runaway loops)."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from typing import ClassVar

from spring_ai_py.chat.messages import AssistantMessage, Message, ToolResponseMessage, UserMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata
from spring_ai_py.chat.model import Generation
from spring_ai_py.model.tool.tool_execution_result import ToolExecutionResult


class ToolCallLimitBehavior(enum.Enum):
    """What the ``DefaultToolCallingManager`` does when a tool-call limit is exceeded."""

    THROW = "THROW"
    """Raise ``ToolCallLimitExceededException`` with the calls executed so far."""

    RETURN_ERROR_RESPONSE = "RETURN_ERROR_RESPONSE"
    """Skip the call and send the model an error response explaining the limit."""


class ToolCallLimitExceededException(RuntimeError):
    """A tool-call limit was exceeded under ``ToolCallLimitBehavior.THROW``.

    Carries the result assembled from the calls of the batch that already ran, with a
    synthesized error response for the call that hit the limit as the last one.
    """

    FINISH_REASON: ClassVar[str] = "toolCallLimitExceeded"
    METADATA_PARTIAL_TOOL_RESPONSES: ClassVar[str] = "partialToolResponses"

    def __init__(
        self, tool_name: str | None, limit: int, partial_tool_execution_result: ToolExecutionResult
    ) -> None:
        message = (
            f"Tool call limit ({limit}) exceeded for tool '{tool_name}'"
            if tool_name is not None
            else f"Total tool call limit ({limit}) exceeded for this turn"
        )
        super().__init__(message)
        self.tool_name = tool_name
        self.limit = limit
        self.partial_tool_execution_result = partial_tool_execution_result

    def get_tool_name(self) -> str | None:
        """The tool whose limit was exceeded; ``None`` for the total limit."""
        return self.tool_name

    def get_limit(self) -> int:
        return self.limit

    def get_partial_tool_execution_result(self) -> ToolExecutionResult:
        return self.partial_tool_execution_result

    def build_generation(self) -> Generation:
        """The breach as one generation: its text is the synthesized error response; the
        responses that completed before it are kept in the metadata under
        ``partialToolResponses``; the finish reason is ``toolCallLimitExceeded``."""
        message = str(self)
        partial: list[ToolResponseMessage.ToolResponse] = []
        history = self.partial_tool_execution_result.conversation_history
        if history and isinstance(history[-1], ToolResponseMessage):
            responses = history[-1].get_responses()
            if responses:
                message = responses[-1].response_data
                partial = list(responses[:-1])
        metadata = (
            ChatGenerationMetadata.builder()
            .finish_reason(self.FINISH_REASON)
            .metadata(self.METADATA_PARTIAL_TOOL_RESPONSES, partial)
            .build()
        )
        return Generation(AssistantMessage(message), metadata)


@dataclass(frozen=True, slots=True)
class ToolCallLimits:
    """The limits of a ``DefaultToolCallingManager`` and their evaluation.

    ``NO_LIMIT`` (-1) disables a limit. Calls are counted over the current turn only:
    from the last user message of the conversation on.
    """

    NO_LIMIT: ClassVar[int] = -1

    default_max_calls_per_tool: int
    max_calls_per_tool: Mapping[str, int]
    tools_excluded_from_limit: Set[str]
    max_total_tool_calls: int
    on_limit_exceeded: ToolCallLimitBehavior

    @dataclass(frozen=True, slots=True)
    class Breach:
        """A limit that a call would exceed (``tool_name`` ``None``: the total limit)."""

        tool_name: str | None
        limit: int
        message: str

    @staticmethod
    def count_prior_tool_calls(instructions: Sequence[Message]) -> dict[str, int]:
        """How often each tool was called in the current turn, from its tool responses."""
        counts: dict[str, int] = {}
        start = 0
        for index in range(len(instructions) - 1, -1, -1):
            if isinstance(instructions[index], UserMessage):
                start = index
                break
        for message in instructions[start:]:
            if isinstance(message, ToolResponseMessage):
                for response in message.get_responses():
                    counts[response.name] = counts.get(response.name, 0) + 1
        return counts

    def check(
        self, tool_name: str, tool_call_count: int, total_tool_call_count: int
    ) -> ToolCallLimits.Breach | None:
        """The limit the call would exceed (counts include the call), or ``None``."""
        if tool_name not in self.tools_excluded_from_limit:
            limit = self.max_calls_per_tool.get(tool_name, self.default_max_calls_per_tool)
            if limit != self.NO_LIMIT and tool_call_count > limit:
                return ToolCallLimits.Breach(
                    tool_name,
                    limit,
                    f"Tool call limit ({limit}) exceeded for tool '{tool_name}'. "
                    "No further calls to this tool are allowed in this turn.",
                )
        if (
            self.max_total_tool_calls != self.NO_LIMIT
            and total_tool_call_count > self.max_total_tool_calls
        ):
            return ToolCallLimits.Breach(
                None,
                self.max_total_tool_calls,
                f"Total tool call limit ({self.max_total_tool_calls}) exceeded for this turn. "
                "No further tool calls are allowed.",
            )
        return None
