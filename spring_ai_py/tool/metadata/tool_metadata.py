"""``ToolMetadata``: how a tool's result is handled and how the tool is run."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.tool.execution.tool_failure import Retry

if TYPE_CHECKING:
    from spring_ai_py.chat.messages import AssistantMessage

ApprovalPredicate = Callable[["AssistantMessage.ToolCall"], bool]
"""Decides from a tool call (its name and arguments) whether it needs a person's approval."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolMetadata(Buildable):
    """Metadata about a tool's execution.

    ``return_direct`` (Spring): send the tool's result straight to the caller instead of
    back to the model. Beyond Spring: ``serial`` keeps a batch of tool calls that
    includes this tool sequential (by default independent calls run in parallel), and
    ``timeout`` (seconds) turns an overrunning call into an error result for the model.
    ``retry`` calls the tool again after a ``TRANSIENT`` failure; ``requires_approval``
    (``True``, or a predicate over the tool call) pauses the turn before the batch
    holding the call runs, until a person approves; ``idempotent`` lets a resumed turn
    run the tool again when a crash interrupted it.
    """

    return_direct: bool = False
    serial: bool = False
    timeout: float | None = None
    retry: Retry | None = None
    requires_approval: bool | ApprovalPredicate = False
    idempotent: bool = False

    def __post_init__(self) -> None:
        if self.timeout is not None and not self.timeout > 0:
            raise ValueError("timeout must be greater than 0")
        if self.retry is not None and not isinstance(self.retry, Retry):
            raise TypeError(f"retry must be a Retry, got {type(self.retry).__name__}")
        if not isinstance(self.requires_approval, bool) and not callable(self.requires_approval):
            raise TypeError(
                "requires_approval must be a bool or a callable taking the tool call, got "
                f"{type(self.requires_approval).__name__}"
            )

    def needs_approval(self, tool_call: AssistantMessage.ToolCall) -> bool:
        """Whether ``tool_call`` of this tool waits for a person's approval."""
        gate = self.requires_approval
        if gate is False:
            return False
        if gate is True:
            return True
        return bool(gate(tool_call))

    @staticmethod
    def from_(function: Any) -> ToolMetadata:
        """The metadata of a ``tool``-decorated function or method (default otherwise)."""
        from spring_ai_py.tool.annotation.tool_annotation import tool_spec_of

        spec = tool_spec_of(function)
        if spec is None:
            return ToolMetadata()
        return spec.metadata()

    # --- generated builder ---
    class Builder(_builder.Builder["ToolMetadata"]):
        """The builder of :class:`ToolMetadata`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def return_direct(self, return_direct: bool, /) -> Self:
            return self._set("return_direct", (return_direct,))

        def serial(self, serial: bool, /) -> Self:
            return self._set("serial", (serial,))

        def timeout(self, timeout: float | None, /) -> Self:
            return self._set("timeout", (timeout,))

        def retry(self, retry: Retry | None, /) -> Self:
            return self._set("retry", (retry,))

        def requires_approval(self, requires_approval: bool | ApprovalPredicate, /) -> Self:
            return self._set("requires_approval", (requires_approval,))

        def idempotent(self, idempotent: bool, /) -> Self:
            return self._set("idempotent", (idempotent,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolMetadata: ...

    @classmethod
    def builder(cls) -> ToolMetadata.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ToolMetadata.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


DefaultToolMetadata = ToolMetadata
"""Spring's ``DefaultToolMetadata`` record is this class."""
