"""``FunctionToolCallback``: a function of one input object used as a tool."""

from __future__ import annotations

import inspect
import json
import logging
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pydantic

from spring_ai_py import _assert
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
        return FunctionToolCallback.Builder(name, function)

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

    class Builder:
        """``builder(name, fn).description(...).input_type(Model).build()``; also
        ``input_schema``, ``tool_metadata`` and ``tool_call_result_converter``."""

        def __init__(self, name: str, function: Callable[..., Any]) -> None:
            _assert.has_text(name, "name cannot be null or empty")
            _assert.not_none(function, "tool_function cannot be null")
            self._name = name
            self._function = function
            self._description: str | None = None
            self._input_schema: str | None = None
            self._input_type: Any = None
            self._input_type_set = False
            self._tool_metadata: ToolMetadata | None = None
            self._converter: ToolCallResultConverter | None = None

        def description(self, description: str) -> FunctionToolCallback.Builder:
            self._description = description
            return self

        def input_schema(self, input_schema: str) -> FunctionToolCallback.Builder:
            self._input_schema = input_schema
            return self

        def input_type(self, input_type: Any) -> FunctionToolCallback.Builder:
            """The type the JSON arguments are converted to (``None``: no input)."""
            self._input_type = input_type
            self._input_type_set = True
            return self

        def tool_metadata(self, tool_metadata: ToolMetadata) -> FunctionToolCallback.Builder:
            self._tool_metadata = tool_metadata
            return self

        def tool_call_result_converter(
            self, converter: ToolCallResultConverter
        ) -> FunctionToolCallback.Builder:
            self._converter = converter
            return self

        def build(self) -> FunctionToolCallback:
            arity, inferred = _shape(self._function)
            input_type = self._input_type if self._input_type_set else inferred
            if arity > 0 and input_type is None:
                raise ValueError("input_type cannot be null")
            if arity == 0:
                input_type = None
            if self._input_schema is not None and self._input_schema.strip():
                schema = self._input_schema
            else:
                raw = (
                    pydantic.TypeAdapter(input_type).json_schema()
                    if input_type is not None
                    else dict(_NO_INPUT_SCHEMA)
                )
                schema = json.dumps(spring_style(raw))
            description = self._description
            if description is None or not description.strip():
                description = ToolUtils.get_tool_description_from_name(self._name)
            definition = (
                ToolDefinition.builder()
                .name(self._name)
                .description(description)
                .input_schema(schema)
                .build()
            )
            function = self._function
            if arity == 0:
                adapted: ToolFunctionType = lambda _request, _context: function()  # noqa: E731
            elif arity == 1:
                adapted = lambda request, _context: function(request)  # noqa: E731
            else:
                adapted = function
            is_async = inspect.iscoroutinefunction(inspect.unwrap(function))
            return FunctionToolCallback(
                definition, self._tool_metadata, input_type, adapted, self._converter, is_async
            )


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
