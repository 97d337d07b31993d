"""The ``tool`` decorator (Spring's ``@Tool``) and ``ToolParam`` (``@ToolParam``)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, overload

from spring_ai_py.tool.execution import ToolCallResultConverter
from spring_ai_py.tool.metadata import ToolMetadata
from spring_ai_py.tool.method.method_tool_callback import MethodToolCallback


@dataclass(frozen=True, slots=True)
class ToolParam:
    """Describes a tool parameter: ``Annotated[str, ToolParam(description="City name")]``.

    ``required=False`` makes the parameter optional in the schema (it then defaults to
    ``None`` unless it has a default).
    """

    description: str = ""
    required: bool = True


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """What ``tool(...)`` was given; ``None``/empty values mean "use the default"."""

    name: str | None = None
    description: str | None = None
    return_direct: bool = False
    result_converter: ToolCallResultConverter | None = None
    serial: bool = False
    timeout: float | None = None

    def metadata(self) -> ToolMetadata:
        return ToolMetadata(
            return_direct=self.return_direct, serial=self.serial, timeout=self.timeout
        )


class ToolFunction(MethodToolCallback):
    """A ``tool``-decorated function: a ``ToolCallback`` that stays callable as the function.

    Looked up on an instance (a decorated method), it binds like a method and returns a
    ``MethodToolCallback`` whose schema leaves out ``self``; a decorated
    ``classmethod`` binds to the class and a ``staticmethod`` does not bind. The
    definition is derived on first use, so type hints may refer to classes defined
    later in the module.
    """

    def __init__(
        self, function: Callable[..., Any], spec: ToolSpec, binding: str = "function"
    ) -> None:
        self._setup(None, spec.metadata(), function, None, spec.result_converter, spec)
        self._binding = binding
        functools.update_wrapper(self, function)

    @property
    def tool_spec(self) -> ToolSpec:
        spec: ToolSpec = self._spec
        return spec

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if self._binding == "static":
            return self
        target = owner if self._binding == "class" else instance
        if target is None:
            return self
        return _BoundToolMethod(self, target)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._tool_method(*args, **kwargs)


class _BoundToolMethod(MethodToolCallback):
    """A decorated method bound to its object (or class): a tool and a bound method."""

    def __init__(self, tool_function: ToolFunction, tool_object: Any) -> None:
        spec = tool_function.tool_spec
        self._setup(
            None,
            spec.metadata(),
            tool_function.get_tool_method(),
            tool_object,
            spec.result_converter,
            spec,
        )
        self.__name__ = getattr(tool_function.get_tool_method(), "__name__", "tool")
        self.__doc__ = tool_function.__doc__

    @property
    def tool_spec(self) -> ToolSpec:
        spec: ToolSpec = self._spec
        return spec


def tool_spec_of(function: Any) -> ToolSpec | None:
    """The ``tool`` settings of a decorated function or method, or ``None``."""
    if isinstance(function, staticmethod | classmethod):
        function = function.__func__
    spec = getattr(function, "tool_spec", None)
    return spec if isinstance(spec, ToolSpec) else None


def _converter(result_converter: Any) -> ToolCallResultConverter | None:
    if result_converter is None or isinstance(result_converter, ToolCallResultConverter):
        return result_converter
    if isinstance(result_converter, type) and issubclass(result_converter, ToolCallResultConverter):
        try:
            return result_converter()
        except Exception as error:
            raise ValueError(
                f"Failed to instantiate ToolCallResultConverter: {result_converter}"
            ) from error
    raise TypeError(f"result_converter must be a ToolCallResultConverter, got {result_converter!r}")


def _decorate(function: Any, spec: ToolSpec) -> ToolFunction:
    if isinstance(function, ToolFunction):
        raise TypeError(f"{function.get_tool_definition().name} is already a tool")
    binding = "function"
    if isinstance(function, staticmethod):
        function, binding = function.__func__, "static"
    elif isinstance(function, classmethod):
        function, binding = function.__func__, "class"
    if not callable(function):
        raise TypeError(f"tool() decorates functions and methods, not {function!r}")
    return ToolFunction(function, spec, binding)


@overload
def tool(function: Callable[..., Any], /) -> ToolFunction: ...


@overload
def tool(
    *,
    name: str | None = None,
    description: str | None = None,
    return_direct: bool = False,
    result_converter: ToolCallResultConverter | type[ToolCallResultConverter] | None = None,
    serial: bool = False,
    timeout: float | None = None,
) -> Callable[[Callable[..., Any]], ToolFunction]: ...


def tool(
    function: Callable[..., Any] | None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    return_direct: bool = False,
    result_converter: ToolCallResultConverter | type[ToolCallResultConverter] | None = None,
    serial: bool = False,
    timeout: float | None = None,
) -> ToolFunction | Callable[[Callable[..., Any]], ToolFunction]:
    """Mark a function or method as a tool (Spring's ``@Tool``); bare or with keywords.

    ``name`` defaults to the function name, ``description`` to the docstring's first
    paragraph (else the name). ``return_direct`` sends the result straight to the
    caller; ``result_converter`` (an instance or a class) turns the result into text.
    Beyond Spring: ``serial=True`` keeps a batch of tool calls including this tool
    sequential, and ``timeout`` (seconds) turns an overrun into an error result for the
    model. The decorated function is a ``ToolCallback`` and stays callable as before.
    """
    if timeout is not None and not timeout > 0:
        raise ValueError("timeout must be greater than 0")
    spec = ToolSpec(name, description, return_direct, _converter(result_converter), serial, timeout)
    if function is not None:
        return _decorate(function, spec)
    return lambda f: _decorate(f, spec)
