"""``org.springframework.ai.tool.observation``: the tool-execution span convention."""

from spring_ai_py.tool.observation.convention import (
    DefaultToolCallingObservationConvention,
    ToolCallingObservationContext,
    ToolCallingObservationConvention,
)

__all__ = [
    "DefaultToolCallingObservationConvention",
    "ToolCallingObservationContext",
    "ToolCallingObservationConvention",
]
