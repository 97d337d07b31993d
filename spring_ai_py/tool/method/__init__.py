"""``org.springframework.ai.tool.method``: methods as tools."""

from spring_ai_py.tool.method.method_tool_callback import MethodToolCallback
from spring_ai_py.tool.method.method_tool_callback_provider import MethodToolCallbackProvider

__all__ = ["MethodToolCallback", "MethodToolCallbackProvider"]
