"""``FunctionToolCallback``: a function of one input object used as a tool."""

from __future__ import annotations

import inspect
import json
import logging
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self

import pydantic

from spring_ai_py import _assert, _builder
from spring_ai_py._bridge import run_sync
from spring_ai_py.converter._json_schema import spring_style
from spring_ai_py.tool.definition import ToolDefinition
from spring_ai_py.tool.execution import (
    DefaultToolCallResultConverter,
    ToolCallResultConverter,
    ToolExecutionException,
)
from spring_ai_py.tool.metadata import ToolMetadata
from spring_ai_py.tool.support import ToolUtils
from spring_ai_py.tool.tool_callback import ToolCallback

if TYPE_CHECKING:
    from spring_ai_py.chat.model import ToolContext

_logger = logging.getLogger("spring_ai_py.tool.function.FunctionToolCallback")
_DEFAULT_CONVERTER = DefaultToolCallResultConverter()
_DEFAULT_METADATA = ToolMetadata()
_NO_INPUT_SCHEMA = {"type": "object", "properties": {}}

ToolFunctionType = Callable[[Any, "ToolContext | None"], Any]


class _FunctionToolCallbackBuilder(_builder.Builder["FunctionToolCallback"]):
    """``builder(name, fn).description(...).input_type(Model).build()``; also
    ``input_schema``, ``tool_metadata`` and ``tool_call_result_converter``. The
    definition, input type and calling convention are derived from ``name`` and the
    function; the constructor's own keywords (``tool_definition``, ``tool_input_type``,
    ``tool_function``, ``is_async``), when set, are used as given."""

    __slots__ = ()

    def description(self, description: str) -> Self:
        self._values["_description"] = description
        return self

    def input_schema(self, input_schema: str) -> Self:
        self._values["_input_schema"] = input_schema
        return self

    def input_type(self, input_type: Any) -> Self:
        """The type the JSON arguments are converted to (``None``: no input)."""
        self._values["tool_input_type"] = input_type
        return self

    def tool_metadata(self, tool_metadata: ToolMetadata) -> Self:
        self._values["tool_metadata"] = tool_metadata
        return self

    def tool_call_result_converter(self, converter: ToolCallResultConverter) -> Self:
        self._values["tool_call_result_converter"] = converter
        return self

    def build(self) -> FunctionToolCallback:
        values = self._values
        name: str = values["_name"]
        function: Callable[..., Any] = values["_function"]
        arity, inferred = _shape(function)
        input_type = values.get("tool_input_type", inferred)
        if arity > 0 and input_type is None:
            raise ValueError("input_type cannot be null")
        if arity == 0:
            input_type = None
        definition = values.get("tool_definition")
        if definition is None:
            definition = _definition(
                name, values.get("_description"), values.get("_input_schema"), input_type
            )
        adapted: ToolFunctionType | None = values.get("tool_function")
        if adapted is None:
            if arity == 0:
                adapted = lambda _request, _context: function()  # noqa: E731
            elif arity == 1:
                adapted = lambda request, _context: function(request)  # noqa: E731
            else:
                adapted = function
        is_async = values.get("is_async")
        if is_async is None:
            is_async = inspect.iscoroutinefunction(inspect.unwrap(function))
        return FunctionToolCallback(
            definition,
            values.get("tool_metadata"),
            input_type,
            adapted,
            values.get("tool_call_result_converter"),
            is_async,
        )


def _definition(
    name: str, description: str | None, input_schema: str | None, input_type: Any
) -> ToolDefinition:
    if input_schema is not None and input_schema.strip():
        schema = input_schema
    else:
        raw = (
            pydantic.TypeAdapter(input_type).json_schema()
            if input_type is not None
            else dict(_NO_INPUT_SCHEMA)
        )
        schema = json.dumps(spring_style(raw))
    if description is None or not description.strip():
        description = ToolUtils.get_tool_description_from_name(name)
    return ToolDefinition.builder().name(name).description(description).input_schema(schema).build()


class FunctionToolCallback(ToolCallback):
    """Calls ``tool_function(input, tool_context)`` with the model's arguments converted
    to ``tool_input_type`` (a pydantic model, a dataclass, or any type pydantic knows).

    ``tool_input_type`` ``None`` means the function takes no input. Any ``Exception``
    (including arguments that do not match the input type) becomes a
    ``ToolExecutionException``. Build one with ``FunctionToolCallback.builder(name, fn)``.
    """

    def __init__(
        self,
        tool_definition: ToolDefinition,
        tool_metadata: ToolMetadata | None,
        tool_input_type: Any,
        tool_function: ToolFunctionType,
        tool_call_result_converter: ToolCallResultConverter | None = None,
        is_async: bool = False,
    ) -> None:
        _assert.not_none(tool_definition, "tool_definition cannot be null")
        _assert.not_none(tool_function, "tool_function cannot be null")
        self._tool_definition = tool_definition
        self._tool_metadata = tool_metadata if tool_metadata is not None else _DEFAULT_METADATA
        self._input_type = tool_input_type
        self._adapter: pydantic.TypeAdapter[Any] | None = (
            pydantic.TypeAdapter(tool_input_type) if tool_input_type is not None else None
        )
        self._tool_function = tool_function
        self._is_async = is_async
        self._converter = (
            tool_call_result_converter
            if tool_call_result_converter is not None
            else _DEFAULT_CONVERTER
        )

    @staticmethod
    def builder(name: str, function: Callable[..., Any]) -> FunctionToolCallback.Builder:
        """A builder for a tool called ``name`` running ``function``: a function of no
        arguments, of the input object, or of the input object and a ``ToolContext``."""
        _assert.has_text(name, "name cannot be null or empty")
        _assert.not_none(function, "tool_function cannot be null")
        return FunctionToolCallback.Builder(
            FunctionToolCallback, {"_name": name, "_function": function}
        )

    def get_tool_definition(self) -> ToolDefinition:
        return self._tool_definition

    def get_tool_metadata(self) -> ToolMetadata:
        return self._tool_metadata

    def _request(self, tool_input: str) -> Any:
        _assert.has_text(tool_input, "tool_input cannot be null or empty")
        _logger.debug("Starting execution of tool: %s", self._tool_definition.name)
        if self._adapter is None:
            return None
        try:
            return self._adapter.validate_json(tool_input)
        except pydantic.ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'input'}: {e['msg']}"
                for e in error.errors()
            )
            failure = ValueError(
                f"Invalid arguments for tool '{self._tool_definition.name}': {problems}"
            )
            raise ToolExecutionException(self._tool_definition, failure) from error

    def _failed(self, error: Exception) -> ToolExecutionException:
        if isinstance(error, ToolExecutionException):
            return error
        return ToolExecutionException(self._tool_definition, error)

    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        request = self._request(tool_input)
        try:
            response = self._tool_function(request, tool_context)
            if self._is_async:
                response = run_sync(response)
        except Exception as error:
            raise self._failed(error) from error
        _logger.debug("Successful execution of tool: %s", self._tool_definition.name)
        return self._converter.convert(response, None)

    async def acall(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        if not self._is_async:
            return await super().acall(tool_input, tool_context)
        request = self._request(tool_input)
        try:
            response = await self._tool_function(request, tool_context)
        except Exception as error:
            raise self._failed(error) from error
        return self._converter.convert(response, None)

    def __repr__(self) -> str:
        return f"FunctionToolCallback(tool_definition={self._tool_definition!r}, tool_metadata={self._tool_metadata!r})"

    # --- generated builder (base: _FunctionToolCallbackBuilder) (own builder()) ---
    class Builder(_FunctionToolCallbackBuilder):
        """The builder of :class:`FunctionToolCallback`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def tool_definition(self, tool_definition: ToolDefinition, /) -> Self:
            return self._set("tool_definition", (tool_definition,))

        def tool_input_type(self, tool_input_type: Any, /) -> Self:
            return self._set("tool_input_type", (tool_input_type,))

        def tool_function(self, tool_function: ToolFunctionType, /) -> Self:
            return self._set("tool_function", (tool_function,))

        def is_async(self, is_async: bool, /) -> Self:
            return self._set("is_async", (is_async,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> FunctionToolCallback: ...
    # --- end of generated builder ---

def _shape(function: Callable[..., Any]) -> tuple[int, Any]:
    """How many arguments ``function`` takes (0, 1 or 2) and its input type hint."""
    try:
        parameters = [
            p
            for p in inspect.signature(function).parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
        ]
    except (TypeError, ValueError):
        return 1, None
    if len(parameters) > 2:
        raise ValueError(
            f"A function tool takes no arguments, the input, or the input and a ToolContext; "
            f"got {len(parameters)} parameters"
        )
    if not parameters:
        return 0, None
    try:
        hints = typing.get_type_hints(inspect.unwrap(function))
    except Exception:
        hints = {}
    return len(parameters), hints.get(parameters[0].name)
