"""``org.springframework.ai.tool.function``: functions as tools."""

from spring_ai_py.tool.function.function_tool_callback import FunctionToolCallback

__all__ = ["FunctionToolCallback"]
