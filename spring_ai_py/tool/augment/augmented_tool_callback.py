"""``AugmentedToolCallback``: a tool whose input schema asks the model for extra arguments."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from spring_ai_py import _assert
from spring_ai_py.tool.augment.tool_input_schema_augmenter import (
    ToolInputSchemaAugmenter,
    is_record_type,
)
from spring_ai_py.tool.definition import ToolDefinition
from spring_ai_py.tool.execution import ToolExecutionException
from spring_ai_py.tool.tool_callback import ToolCallback

if TYPE_CHECKING:
    import pydantic

    from spring_ai_py.chat.model import ToolContext
    from spring_ai_py.tool.metadata import ToolMetadata

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class AugmentedArgumentEvent(Generic[T]):
    """What the consumer of an augmented tool receives on each call: the (augmented)
    tool definition, the model's raw JSON input and the extra arguments parsed into the
    record type (``None`` only if the record could not be built)."""

    tool_definition: ToolDefinition
    raw_input: str
    arguments: T | None


AugmentedArgumentConsumer = Callable[[AugmentedArgumentEvent[T]], Any]
"""Spring's ``Consumer<AugmentedArgumentEvent<T>>``: any callable taking the event."""


class AugmentedToolCallback(ToolCallback, Generic[T]):
    """Wraps a tool so the model must also fill in the fields of a record type.

    The record type (a dataclass or pydantic model, e.g. one with a ``reasoning`` field)
    is added to the delegate's input schema. On each call its fields are parsed from the
    model's input and handed to ``augmented_arguments_consumer``; with
    ``remove_extra_arguments_after_processing`` they are removed from the input before
    the delegate runs, so the delegate sees only its own arguments.

    Give optional record fields a default: the record is validated with pydantic, and
    input that does not match it becomes a ``ToolExecutionException`` naming the tool.
    Unlike Spring 2.0.1, the delegate's ``ToolMetadata`` (``return_direct``...) is kept.
    """

    def __init__(
        self,
        delegate: ToolCallback,
        augmented_arguments_class: type[T],
        augmented_arguments_consumer: AugmentedArgumentConsumer[T] | None = None,
        remove_extra_arguments_after_processing: bool = False,
    ) -> None:
        _assert.not_none(delegate, "Delegate ToolCallback must not be null")
        _assert.not_none(augmented_arguments_class, "Argument types must not be null")
        _assert.is_true(
            is_record_type(augmented_arguments_class),
            "Argument types must be a dataclass or a pydantic model type",
        )
        argument_types = ToolInputSchemaAugmenter.to_augmented_argument_types(
            augmented_arguments_class
        )
        _assert.is_true(len(argument_types) > 0, "Argument types must have at least one field")
        self._delegate = delegate
        self._argument_types = argument_types
        original = delegate.get_tool_definition()
        self._tool_definition = (
            ToolDefinition.builder()
            .name(original.name)
            .description(original.description)
            .input_schema(
                ToolInputSchemaAugmenter.augment_tool_input_schema(
                    original.input_schema, argument_types
                )
            )
            .build()
        )
        self._arguments_class = augmented_arguments_class
        self._consumer = augmented_arguments_consumer
        self._remove = remove_extra_arguments_after_processing
        self._adapter: pydantic.TypeAdapter[T] | None = None

    def get_tool_definition(self) -> ToolDefinition:
        return self._tool_definition

    def get_tool_metadata(self) -> ToolMetadata:
        return self._delegate.get_tool_metadata()

    def get_delegate(self) -> ToolCallback:
        return self._delegate

    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        return self._delegate.call(self._handle_augmented_arguments(tool_input), tool_context)

    async def acall(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        return await self._delegate.acall(
            self._handle_augmented_arguments(tool_input), tool_context
        )

    def _handle_augmented_arguments(self, tool_input: str) -> str:
        """Hand the extra arguments to the consumer; return the input for the delegate."""
        if self._consumer is not None:
            arguments = self._parse_arguments(tool_input)
            self._consumer(AugmentedArgumentEvent(self._tool_definition, tool_input, arguments))
        if self._remove:
            values = self._input_object(tool_input)
            for argument in self._argument_types:
                values.pop(argument.name, None)
            tool_input = json.dumps(values, ensure_ascii=False)
        return tool_input

    def _input_object(self, tool_input: str) -> dict[str, Any]:
        try:
            values = json.loads(tool_input)
        except (TypeError, ValueError) as error:
            raise self._failed(
                ValueError(f"Invalid arguments for tool '{self._tool_definition.name}': {error}")
            ) from error
        if not isinstance(values, dict):
            raise self._failed(
                ValueError(
                    f"Invalid arguments for tool '{self._tool_definition.name}': "
                    "expected a JSON object"
                )
            )
        return values

    def _parse_arguments(self, tool_input: str) -> T:
        import pydantic

        values = self._input_object(tool_input)
        names = {argument.name for argument in self._argument_types}
        if self._adapter is None:
            self._adapter = pydantic.TypeAdapter(self._arguments_class)
        try:
            return self._adapter.validate_python({k: v for k, v in values.items() if k in names})
        except pydantic.ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'arguments'}: {e['msg']}"
                for e in error.errors()
            )
            raise self._failed(
                ValueError(f"Invalid arguments for tool '{self._tool_definition.name}': {problems}")
            ) from error

    def _failed(self, error: Exception) -> ToolExecutionException:
        return ToolExecutionException(self._tool_definition, error)

    def __repr__(self) -> str:
        return (
            f"AugmentedToolCallback(delegate={self._delegate!r}, "
            f"arguments={self._arguments_class.__name__})"
        )
