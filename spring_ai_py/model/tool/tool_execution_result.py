"""``ToolExecutionResult``: the conversation after a batch of tool calls ran."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.messages import AssistantMessage, Message, ToolResponseMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata
from spring_ai_py.chat.model import Generation


@dataclass(frozen=True, slots=True)
class ToolExecutionResult(Buildable):
    """The conversation history including the tool results, and whether those results
    go straight to the caller (``return_direct``) instead of back to the model."""

    FINISH_REASON: ClassVar[str] = "returnDirect"
    METADATA_TOOL_ID: ClassVar[str] = "toolId"
    METADATA_TOOL_NAME: ClassVar[str] = "toolName"

    conversation_history: list[Message] = field(default_factory=list)
    return_direct: bool = False

    def __post_init__(self) -> None:
        _assert.not_none(self.conversation_history, "conversation_history cannot be null")
        history = list(self.conversation_history)
        _assert.no_null_elements(history, "conversation_history cannot contain null elements")
        object.__setattr__(self, "conversation_history", history)

    def __hash__(self) -> int:
        return hash((tuple(self.conversation_history), self.return_direct))

    @staticmethod
    def build_generations(tool_execution_result: ToolExecutionResult) -> list[Generation]:
        """One generation per tool response of the last message (for ``return_direct``):
        its text is the tool's result, its metadata the tool id and name and the finish
        reason ``returnDirect``.

        As in Spring, the last message must be a ``ToolResponseMessage``: an empty
        history raises ``IndexError``, any other last message ``TypeError``.
        """
        history = tool_execution_result.conversation_history
        last = history[-1]
        if not isinstance(last, ToolResponseMessage):
            raise TypeError(
                f"The last message of the conversation history is not a ToolResponseMessage: {last!r}"
            )
        generations: list[Generation] = []
        for response in last.get_responses():
            metadata = (
                ChatGenerationMetadata.builder()
                .metadata(ToolExecutionResult.METADATA_TOOL_ID, response.id)
                .metadata(ToolExecutionResult.METADATA_TOOL_NAME, response.name)
                .finish_reason(ToolExecutionResult.FINISH_REASON)
                .build()
            )
            generations.append(Generation(AssistantMessage(response.response_data), metadata))
        return generations

    # --- generated builder ---
    class Builder(_builder.Builder["ToolExecutionResult"]):
        """The builder of :class:`ToolExecutionResult`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def conversation_history(self, conversation_history: Message | list[Message], /, *more: Message) -> Self:
            return self._set("conversation_history", (conversation_history, *more), sequence=True)

        def return_direct(self, return_direct: bool, /) -> Self:
            return self._set("return_direct", (return_direct,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolExecutionResult: ...

    @classmethod
    def builder(cls) -> ToolExecutionResult.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ToolExecutionResult.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


DefaultToolExecutionResult = ToolExecutionResult
"""Spring's ``DefaultToolExecutionResult`` record is this class."""
