"""``MethodToolCallbackProvider``: the ``tool``-decorated methods of objects as tools."""

from __future__ import annotations

import collections.abc
import types
import typing
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.tool.support import ToolUtils
from spring_ai_py.tool.tool_callback import ToolCallback, ToolCallbackProvider


def _type_name(source: Any) -> str:
    if isinstance(source, types.ModuleType):
        return source.__name__
    cls = source if isinstance(source, type) else type(source)
    return f"{cls.__module__}.{cls.__qualname__}"


def _returns_a_function(member: Any) -> bool:
    """Whether a tool method is declared to return a function (``-> Callable[...]``).

    Spring skips ``@Tool`` methods whose return type is a functional type (``Function``,
    ``Supplier``, ``Consumer``...): such a method builds a tool rather than being one.
    """
    function = member.__func__ if isinstance(member, staticmethod | classmethod) else member
    function = getattr(function, "get_tool_method", lambda: function)()
    try:
        returned = typing.get_type_hints(function).get("return")
    except Exception:
        return False
    origin = typing.get_origin(returned) or returned
    return origin is collections.abc.Callable


def _tool_callbacks_of(source: Any) -> list[ToolCallback]:
    """The tools a source declares, in definition order (a class's own first, then bases')."""
    from spring_ai_py.tool.annotation.tool_annotation import ToolFunction, tool_spec_of

    if isinstance(source, ToolCallback):
        return [source]
    if isinstance(source, types.ModuleType):
        return [value for value in vars(source).values() if isinstance(value, ToolFunction)]
    cls = source if isinstance(source, type) else type(source)
    callbacks: list[ToolCallback] = []
    seen: set[str] = set()
    for klass in cls.__mro__:
        if klass is object:
            continue
        for name, member in vars(klass).items():
            if name in seen or tool_spec_of(member) is None:
                continue
            seen.add(name)
            if _returns_a_function(member):
                continue
            if (
                isinstance(source, type)
                and isinstance(member, ToolFunction)
                and member._binding == "function"
            ):
                # An instance method cannot be called without an instance.
                continue
            bound = getattr(source, name)
            if isinstance(bound, ToolCallback):
                callbacks.append(bound)
    return callbacks


class _MethodToolCallbackProviderBuilder(_builder.Builder["MethodToolCallbackProvider"]):
    """``builder().tool_objects(a, b).build()``."""

    __slots__ = ()

    def tool_objects(self, *tool_objects: object) -> Self:
        _assert.not_none(tool_objects, "tool_objects cannot be null")
        if len(tool_objects) == 1 and isinstance(tool_objects[0], list | tuple):
            self._values["tool_objects"] = list(tool_objects[0])
        else:
            self._values["tool_objects"] = list(tool_objects)
        return self

    def build(self) -> MethodToolCallbackProvider:
        self._values.setdefault("tool_objects", [])
        return super().build()


class MethodToolCallbackProvider(ToolCallbackProvider, Buildable):
    """Builds tool callbacks from the ``tool``-decorated methods of the given objects.

    Each object must declare at least one tool (a class or a module works too, for its
    static and class methods or module-level tools); tool names must be unique across
    all objects. As in Spring, a tool method declared to return a function
    (``-> Callable[...]``) is not a tool and is skipped.
    """

    def __init__(self, tool_objects: Sequence[Any]) -> None:
        _assert.not_none(tool_objects, "tool_objects cannot be null")
        objects = list(tool_objects)
        _assert.no_null_elements(objects, "tool_objects cannot contain null elements")
        for tool_object in objects:
            if not _tool_callbacks_of(tool_object):
                raise ValueError(
                    f"No @tool annotated methods found in {tool_object!r}. Did you mean to pass a "
                    "ToolCallback or ToolCallbackProvider? If so, use .tools(tool_callback) or "
                    ".tool_callbacks(tool_callback) instead."
                )
        self._tool_objects = objects
        self.get_tool_callbacks()

    @staticmethod
    def builder() -> MethodToolCallbackProvider.Builder:
        """A builder over the objects whose ``@tool`` methods become tools."""
        return MethodToolCallbackProvider.Builder(MethodToolCallbackProvider)

    def get_tool_callbacks(self) -> list[ToolCallback]:
        callbacks = [
            c for tool_object in self._tool_objects for c in _tool_callbacks_of(tool_object)
        ]
        duplicates = ToolUtils.get_duplicate_tool_names(callbacks)
        if duplicates:
            sources = ", ".join(_type_name(o) for o in self._tool_objects)
            raise ValueError(
                f"Multiple tools with the same name ({', '.join(duplicates)}) found in sources: {sources}"
            )
        return callbacks

    # --- generated builder (base: _MethodToolCallbackProviderBuilder) (own builder()) ---
    class Builder(_MethodToolCallbackProviderBuilder):
        """The builder of :class:`MethodToolCallbackProvider`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> MethodToolCallbackProvider: ...
    # --- end of generated builder ---
