"""``org.springframework.ai.tool.annotation``: the ``tool`` decorator and ``ToolParam``."""

from spring_ai_py.tool.annotation.tool_annotation import ToolFunction, ToolParam, ToolSpec, tool

Tool = tool
"""Spring's ``@Tool`` annotation name, for code translated name by name."""

__all__ = ["Tool", "ToolFunction", "ToolParam", "ToolSpec", "tool"]
