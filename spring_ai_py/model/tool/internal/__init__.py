"""Internal helpers of the tool loop (Spring's ``model.tool.internal``)."""

from spring_ai_py.model.tool.internal.tool_call_context_holder import ToolCallContextHolder

__all__ = ["ToolCallContextHolder"]
