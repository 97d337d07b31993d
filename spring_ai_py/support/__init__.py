"""``org.springframework.ai.support``: ``ToolCallbacks`` and ``UsageCalculator``."""

from spring_ai_py.support.tool_callbacks import ToolCallbacks
from spring_ai_py.support.usage_calculator import UsageCalculator

__all__ = ["ToolCallbacks", "UsageCalculator"]
