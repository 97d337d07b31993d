"""``org.springframework.ai.tool``: tools the model can call.

``ToolCallback`` (a tool), ``ToolCallbackProvider`` (a source of tools), the ``tool``
decorator, and ``ToolCallbacks`` (re-exported from ``spring_ai_py.support``).
"""

import sys
import types
from typing import Any

from spring_ai_py.support import ToolCallbacks
from spring_ai_py.tool.annotation import ToolParam, tool
from spring_ai_py.tool.tool_callback import (
    StaticToolCallbackProvider,
    ToolCallback,
    ToolCallbackProvider,
)

__all__ = [
    "StaticToolCallbackProvider",
    "ToolCallback",
    "ToolCallbackProvider",
    "ToolCallbacks",
    "ToolParam",
    "tool",
]


class _ToolPackage(types.ModuleType):
    """This package doubles as the ``tool`` decorator.

    ``spring_ai_py.tool`` is both a package and, per the porting contract, the everyday
    name of the decorator: ``from spring_ai_py import tool`` yields this package, and
    calling it (``@tool``, ``@tool(name=...)``) is calling the decorator. Type checkers
    see a module; typed code imports ``from spring_ai_py.tool import tool``.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return tool(*args, **kwargs)


sys.modules[__name__].__class__ = _ToolPackage
