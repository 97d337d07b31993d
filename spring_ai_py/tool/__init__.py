"""``org.springframework.ai.tool``: tools the model can call.

``ToolCallback`` (a tool), ``ToolCallbackProvider`` (a source of tools), the ``tool``
decorator, and ``ToolCallbacks`` (re-exported from ``spring_ai_py.support``).

Each name here loads its module on first use, so a client that declares no tool does
not import the decorator's machinery (signature inspection, JSON schema generation).
"""

import sys
import types
from typing import TYPE_CHECKING, Any

from spring_ai_py._lazy import lazy_exports as _lazy_exports

_EXPORTS: dict[str, str] = {
    "StaticToolCallbackProvider": "spring_ai_py.tool.tool_callback",
    "ToolCallback": "spring_ai_py.tool.tool_callback",
    "ToolCallbackProvider": "spring_ai_py.tool.tool_callback",
    "ToolCallbacks": "spring_ai_py.support",
    "ToolParam": "spring_ai_py.tool.annotation",
    "tool": "spring_ai_py.tool.annotation",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = _lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:
    from spring_ai_py.support import ToolCallbacks as ToolCallbacks
    from spring_ai_py.tool.annotation import ToolParam as ToolParam
    from spring_ai_py.tool.annotation import tool as tool
    from spring_ai_py.tool.tool_callback import (
        StaticToolCallbackProvider as StaticToolCallbackProvider,
    )
    from spring_ai_py.tool.tool_callback import ToolCallback as ToolCallback
    from spring_ai_py.tool.tool_callback import ToolCallbackProvider as ToolCallbackProvider


class _ToolPackage(types.ModuleType):
    """This package doubles as the ``tool`` decorator.

    ``spring_ai_py.tool`` is both a package and, per the porting contract, the everyday
    name of the decorator: ``from spring_ai_py import tool`` yields this package, and
    calling it (``@tool``, ``@tool(name=...)``) is calling the decorator. Type checkers
    see a module; typed code imports ``from spring_ai_py.tool import tool``.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from spring_ai_py.tool.annotation import tool

        return tool(*args, **kwargs)


sys.modules[__name__].__class__ = _ToolPackage
