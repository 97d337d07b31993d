"""``spring.ai.tools.*``: the tool-calling manager's settings."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from spring_ai_py.autoconfigure.binder import (
    ConfigurationProperties,
    PropertiesModel,
    relaxed_enum,
)
from spring_ai_py.model.tool.tool_call_limits import ToolCallLimitBehavior
from spring_ai_py.model.tool.tool_calling_manager import DefaultToolCallingManager


class ToolCallingProperties(ConfigurationProperties):
    """``spring.ai.tools.*`` with Spring 2.0.1's defaults."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.tools"

    class Observations(PropertiesModel):
        include_content: bool = False
        """Tool call arguments and results on the tool spans (Spring's
        ``ToolCallingContentObservationFilter``)."""

    class Fallback(PropertiesModel):
        enabled: bool = False

    class Resolution(PropertiesModel):
        fallback: ToolCallingProperties.Fallback = Field(
            default_factory=lambda: ToolCallingProperties.Fallback()
        )

    class Limits(PropertiesModel):
        max_calls_per_tool_default: int | None = Field(
            default=DefaultToolCallingManager.DEFAULT_MAX_CALLS_PER_TOOL, gt=0
        )
        max_calls_per_tool: dict[str, Annotated[int, Field(gt=0)]] = Field(default_factory=dict)
        excluded_tools: list[str] = Field(default_factory=list)
        max_total_tool_calls: int | None = Field(
            default=DefaultToolCallingManager.DEFAULT_MAX_TOTAL_TOOL_CALLS, gt=0
        )
        on_limit_exceeded: Annotated[ToolCallLimitBehavior, relaxed_enum(ToolCallLimitBehavior)] = (
            ToolCallLimitBehavior.THROW
        )

    observations: Observations = Field(default_factory=Observations)
    resolution: Resolution = Field(default_factory=Resolution)
    limits: Limits = Field(default_factory=Limits)
    throw_exception_on_error: bool = False
