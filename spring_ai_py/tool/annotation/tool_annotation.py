"""The ``tool`` decorator (Spring's ``@Tool``) and ``ToolParam`` (``@ToolParam``)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Concatenate, Generic, ParamSpec, Self, TypeVar, overload

from spring_ai_py.tool._signature import check_tool_signature
from spring_ai_py.tool.execution import Retry, ToolCallResultConverter
from spring_ai_py.tool.metadata import ToolMetadata
from spring_ai_py.tool.metadata.tool_metadata import ApprovalPredicate
from spring_ai_py.tool.method.method_tool_callback import (
    MethodToolCallback,
    _first_parameter_is_self,
)

P = ParamSpec("P")
Q = ParamSpec("Q")
R = TypeVar("R")
S = TypeVar("S")


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
    retry: Retry | None = None
    requires_approval: bool | ApprovalPredicate = False
    idempotent: bool = False

    def metadata(self) -> ToolMetadata:
        """The tool metadata these settings describe."""
        return ToolMetadata(
            return_direct=self.return_direct,
            serial=self.serial,
            timeout=self.timeout,
            retry=self.retry,
            requires_approval=self.requires_approval,
            idempotent=self.idempotent,
        )


class ToolFunction(MethodToolCallback, Generic[P, R]):
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
        """What ``tool(...)`` was given for this function."""
        spec: ToolSpec = self._spec
        return spec

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> Self: ...

    @overload
    def __get__(
        self: ToolFunction[Concatenate[Any, Q], S], instance: object, owner: type | None = None
    ) -> _BoundToolMethod[Q, S]: ...

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if self._binding == "static":
            return self
        target = owner if self._binding == "class" else instance
        if target is None:
            return self
        return _BoundToolMethod(self, target)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        result: R = self._tool_method(*args, **kwargs)
        return result


class _BoundToolMethod(MethodToolCallback, Generic[P, R]):
    """A decorated method bound to its object (or class): a tool and a bound method."""

    def __init__(self, tool_function: ToolFunction[Any, Any], tool_object: Any) -> None:
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

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        result: R = super().__call__(*args, **kwargs)
        return result


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


def _decorate(function: Any, spec: ToolSpec) -> ToolFunction[Any, Any]:
    if isinstance(function, ToolFunction):
        raise TypeError(f"{function.get_tool_definition().name} is already a tool")
    binding = "function"
    if isinstance(function, staticmethod):
        function, binding = function.__func__, "static"
    elif isinstance(function, classmethod):
        function, binding = function.__func__, "class"
    if not callable(function):
        raise TypeError(f"tool() decorates functions and methods, not {function!r}")
    check_tool_signature(
        function,
        spec.name or str(getattr(function, "__name__", "tool")),
        skip_first=binding == "class"
        or (binding == "function" and _first_parameter_is_self(function)),
    )
    return ToolFunction(function, spec, binding)


class _ToolDecorator:
    """What ``tool(name=...)`` returns: a decorator keeping the function's signature."""

    __slots__ = ("_spec",)

    def __init__(self, spec: ToolSpec) -> None:
        self._spec = spec

    @overload
    def __call__(self, function: staticmethod[P, R], /) -> ToolFunction[P, R]: ...

    @overload
    def __call__(self, function: classmethod[Any, P, R], /) -> ToolFunction[P, R]: ...

    @overload
    def __call__(self, function: Callable[P, R], /) -> ToolFunction[P, R]: ...

    def __call__(self, function: Any, /) -> ToolFunction[Any, Any]:
        return _decorate(function, self._spec)


@overload
def tool(function: staticmethod[P, R], /) -> ToolFunction[P, R]: ...


@overload
def tool(function: classmethod[Any, P, R], /) -> ToolFunction[P, R]: ...


@overload
def tool(function: Callable[P, R], /) -> ToolFunction[P, R]: ...


@overload
def tool(
    *,
    name: str | None = None,
    description: str | None = None,
    return_direct: bool = False,
    result_converter: ToolCallResultConverter | type[ToolCallResultConverter] | None = None,
    serial: bool = False,
    timeout: float | None = None,
    retry: Retry | None = None,
    requires_approval: bool | ApprovalPredicate = False,
    idempotent: bool = False,
) -> _ToolDecorator: ...


def tool(
    function: Any = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    return_direct: bool = False,
    result_converter: ToolCallResultConverter | type[ToolCallResultConverter] | None = None,
    serial: bool = False,
    timeout: float | None = None,
    retry: Retry | None = None,
    requires_approval: bool | ApprovalPredicate = False,
    idempotent: bool = False,
) -> ToolFunction[Any, Any] | _ToolDecorator:
    """Mark a function or method as a tool (Spring's ``@Tool``); bare or with keywords.

    ``name`` defaults to the function name, ``description`` to the docstring's first
    paragraph (else the name). ``return_direct`` sends the result straight to the
    caller; ``result_converter`` (an instance or a class) turns the result into text.
    Beyond Spring: ``serial=True`` keeps a batch of tool calls including this tool
    sequential, and ``timeout`` (seconds) turns an overrun into an error result for the
    model. ``retry=Retry(...)`` calls the tool again after a ``TRANSIENT`` failure
    (a timeout, a connection error, HTTP 429/5xx); ``requires_approval`` (``True`` or a
    predicate over the tool call) pauses the turn for a person's decision before the
    batch runs; ``idempotent=True`` lets a resumed turn re-run a call a crash cut off.
    The decorated function is a ``ToolCallback`` and stays callable as before.
    """
    if timeout is not None and not timeout > 0:
        raise ValueError("timeout must be greater than 0")
    spec = ToolSpec(
        name,
        description,
        return_direct,
        _converter(result_converter),
        serial,
        timeout,
        retry,
        requires_approval,
        idempotent,
    )
    spec.metadata()  # the metadata's checks name a bad retry or requires_approval now
    if function is not None:
        return _decorate(function, spec)
    return _ToolDecorator(spec)
