"""``ToolMetadata``: how a tool's result is handled and how the tool is run."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _builder
from spring_ai_py._builder import Buildable


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolMetadata(Buildable):
    """Metadata about a tool's execution.

    ``return_direct`` (Spring): send the tool's result straight to the caller instead of
    back to the model. Beyond Spring: ``serial`` keeps a batch of tool calls that
    includes this tool sequential (by default independent calls run in parallel), and
    ``timeout`` (seconds) turns an overrunning call into an error result for the model.
    """

    return_direct: bool = False
    serial: bool = False
    timeout: float | None = None

    def __post_init__(self) -> None:
        if self.timeout is not None and not self.timeout > 0:
            raise ValueError("timeout must be greater than 0")

    @staticmethod
    def from_(function: Any) -> ToolMetadata:
        """The metadata of a ``tool``-decorated function or method (default otherwise)."""
        from spring_ai_py.tool.annotation.tool_annotation import tool_spec_of

        spec = tool_spec_of(function)
        if spec is None:
            return ToolMetadata()
        return ToolMetadata(
            return_direct=spec.return_direct, serial=spec.serial, timeout=spec.timeout
        )

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
