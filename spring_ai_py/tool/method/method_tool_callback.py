"""``MethodToolCallback``: a Python function or method used as a tool."""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._bridge import run_sync
from spring_ai_py.tool._signature import ToolSignature
from spring_ai_py.tool.execution import (
    DefaultToolCallResultConverter,
    ToolCallResultConverter,
    ToolExecutionException,
)
from spring_ai_py.tool.metadata import ToolMetadata
from spring_ai_py.tool.tool_callback import ToolCallback

if TYPE_CHECKING:
    from spring_ai_py.chat.model import ToolContext
    from spring_ai_py.tool.definition import ToolDefinition

_logger = logging.getLogger("spring_ai_py.tool.method.MethodToolCallback")
_DEFAULT_CONVERTER = DefaultToolCallResultConverter()
_DEFAULT_METADATA = ToolMetadata()


def _first_parameter_is_self(function: Callable[..., Any]) -> bool:
    try:
        parameters = list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return False
    return bool(parameters) and parameters[0] in ("self", "cls")


class _MethodToolCallbackBuilder(_builder.Builder["MethodToolCallback"]):
    """``builder().tool_definition(d).tool_method(f).tool_object(o).build()``."""

    __slots__ = ()

    def build(self) -> MethodToolCallback:
        _assert.state(self._values.get("tool_definition") is not None, "tool_definition is required")
        _assert.state(self._values.get("tool_method") is not None, "tool_method is required")
        return super().build()


class MethodToolCallback(ToolCallback):
    """Calls a function or method with the model's JSON arguments.

    ``tool_method`` is a plain function, a bound method, or a function defined in a class
    together with the ``tool_object`` to call it on. The arguments are validated
    against the parameters' type hints; a parameter annotated ``ToolContext`` receives
    the tool context and is not part of the schema. ``async def`` methods are awaited
    natively by :meth:`acall` and run on a private loop by :meth:`call`. Any
    ``Exception`` raised by the method (or by invalid arguments) becomes a
    ``ToolExecutionException``.
    """

    def __init__(
        self,
        tool_definition: ToolDefinition | None,
        tool_metadata: ToolMetadata | None = None,
        tool_method: Callable[..., Any] | None = None,
        tool_object: Any = None,
        tool_call_result_converter: ToolCallResultConverter | None = None,
    ) -> None:
        _assert.not_none(tool_method, "tool_method cannot be null")
        assert tool_method is not None
        if (
            tool_object is None
            and not inspect.ismethod(tool_method)
            and _first_parameter_is_self(tool_method)
        ):
            raise ValueError("tool_object cannot be null for non-static methods")
        self._setup(
            tool_definition, tool_metadata, tool_method, tool_object, tool_call_result_converter
        )

    def _setup(
        self,
        tool_definition: ToolDefinition | None,
        tool_metadata: ToolMetadata | None,
        tool_method: Callable[..., Any],
        tool_object: Any,
        tool_call_result_converter: ToolCallResultConverter | None,
        spec: Any = None,
    ) -> None:
        self._spec = spec
        self._tool_definition = tool_definition
        self._tool_metadata = tool_metadata if tool_metadata is not None else _DEFAULT_METADATA
        self._tool_method = tool_method
        self._tool_object = tool_object
        self._converter = (
            tool_call_result_converter
            if tool_call_result_converter is not None
            else _DEFAULT_CONVERTER
        )
        self._signature: ToolSignature | None = None

    @staticmethod
    def builder() -> MethodToolCallback.Builder:
        """A builder (tool definition, metadata, method, object, result converter)."""
        return MethodToolCallback.Builder(MethodToolCallback)

    # -- lazily derived state ------------------------------------------------------

    def _tool_signature(self) -> ToolSignature:
        if self._signature is None:
            self._signature = ToolSignature(
                self._tool_method, skip_first=self._tool_object is not None
            )
        return self._signature

    def get_tool_definition(self) -> ToolDefinition:
        if self._tool_definition is None:
            from spring_ai_py.tool.support import ToolDefinitions

            self._tool_definition = ToolDefinitions.derive(
                self._tool_method, self._tool_signature(), self._spec
            )
        return self._tool_definition

    def get_tool_metadata(self) -> ToolMetadata:
        return self._tool_metadata

    def get_tool_method(self) -> Callable[..., Any]:
        return self._tool_method

    def get_tool_object(self) -> Any:
        return self._tool_object

    # -- execution -----------------------------------------------------------------

    def _prepare(
        self, tool_input: str, tool_context: ToolContext | None
    ) -> tuple[list[Any], dict[str, Any]]:
        _assert.has_text(tool_input, "tool_input cannot be null or empty")
        definition = self.get_tool_definition()
        _logger.debug("Starting execution of tool: %s", definition.name)
        signature = self._tool_signature()
        if signature.accepts_tool_context() and tool_context is None:
            raise ValueError("ToolContext is required by the method as an argument")
        try:
            args, kwargs = signature.bind(definition.name, tool_input, tool_context)
        except Exception as error:
            raise ToolExecutionException(definition, error) from error
        if self._tool_object is not None:
            args.insert(0, self._tool_object)
        return args, kwargs

    def _convert(self, result: Any) -> str:
        return_type = self._tool_signature().return_type
        converted = self._converter.convert(
            result, None if return_type is inspect.Signature.empty else return_type
        )
        _logger.debug("Successful execution of tool: %s", self.get_tool_definition().name)
        return converted

    def _failed(self, error: Exception) -> ToolExecutionException:
        if isinstance(error, ToolExecutionException):
            return error
        return ToolExecutionException(self.get_tool_definition(), error)

    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        args, kwargs = self._prepare(tool_input, tool_context)
        try:
            if self._tool_signature().is_async:
                result = run_sync(self._tool_method(*args, **kwargs))
            else:
                result = self._tool_method(*args, **kwargs)
        except Exception as error:
            raise self._failed(error) from error
        return self._convert(result)

    async def acall(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        if not self._tool_signature().is_async:
            return await super().acall(tool_input, tool_context)
        args, kwargs = self._prepare(tool_input, tool_context)
        try:
            result = await self._tool_method(*args, **kwargs)
        except Exception as error:
            raise self._failed(error) from error
        return self._convert(result)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the underlying function or method as plain Python."""
        if self._tool_object is not None:
            return self._tool_method(self._tool_object, *args, **kwargs)
        return self._tool_method(*args, **kwargs)

    def __repr__(self) -> str:
        return (
            f"MethodToolCallback(tool_definition={self.get_tool_definition()!r}, "
            f"tool_metadata={self._tool_metadata!r})"
        )

    # --- generated builder (base: _MethodToolCallbackBuilder) (own builder()) ---
    class Builder(_MethodToolCallbackBuilder):
        """The builder of :class:`MethodToolCallback`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def tool_definition(self, tool_definition: ToolDefinition | None, /) -> Self:
            return self._set("tool_definition", (tool_definition,))

        def tool_metadata(self, tool_metadata: ToolMetadata | None, /) -> Self:
            return self._set("tool_metadata", (tool_metadata,))

        def tool_method(self, tool_method: Callable[..., Any] | None, /) -> Self:
            return self._set("tool_method", (tool_method,))

        def tool_object(self, tool_object: Any, /) -> Self:
            return self._set("tool_object", (tool_object,))

        def tool_call_result_converter(self, tool_call_result_converter: ToolCallResultConverter | None, /) -> Self:
            return self._set("tool_call_result_converter", (tool_call_result_converter,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> MethodToolCallback: ...
    # --- end of generated builder ---
