"""How tool-execution spans are named and annotated (Spring's tool-calling convention)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self, cast

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py._observation import Attributes
from spring_ai_py.tool.definition import ToolDefinition
from spring_ai_py.tool.metadata import ToolMetadata

_REQUIRED = cast(ToolDefinition, None)
"""The default of the required ``tool_definition``: rejected by ``__post_init__`` with
Spring's message, so that ``builder()...build()`` without a definition fails as in Java."""


@dataclass(slots=True)
class ToolCallingObservationContext(Buildable):
    """What a tool span is about: the tool, the call id and type, arguments and result.

    ``ToolCallingObservationContext(definition, metadata, ...)`` or
    ``ToolCallingObservationContext.builder().tool_definition(d).tool_call_arguments(a)
    .build()``; the metadata defaults to ``ToolMetadata()``, a blank type to
    ``function``, a blank call id to ``""`` and blank arguments to ``{}``.
    """

    tool_definition: ToolDefinition = _REQUIRED
    tool_metadata: ToolMetadata = field(default_factory=ToolMetadata)
    tool_type: str = "function"
    tool_call_id: str = ""
    tool_call_arguments: str = "{}"
    tool_call_result: str | None = None

    def __post_init__(self) -> None:
        _assert.not_none(self.tool_definition, "tool_definition cannot be null")
        _assert.not_none(self.tool_metadata, "tool_metadata cannot be null")
        self.tool_type = self.tool_type if _assert.has_text_value(self.tool_type) else "function"
        self.tool_call_id = self.tool_call_id if _assert.has_text_value(self.tool_call_id) else ""
        if not _assert.has_text_value(self.tool_call_arguments):
            self.tool_call_arguments = "{}"

    def get_tool_definition(self) -> ToolDefinition:
        return self.tool_definition

    def get_tool_metadata(self) -> ToolMetadata:
        return self.tool_metadata

    def get_tool_type(self) -> str:
        return self.tool_type

    def get_tool_call_id(self) -> str:
        return self.tool_call_id

    def get_tool_call_arguments(self) -> str:
        return self.tool_call_arguments

    def get_tool_call_result(self) -> str | None:
        return self.tool_call_result

    def set_tool_call_result(self, tool_call_result: str | None) -> None:
        self.tool_call_result = tool_call_result

    # --- generated builder ---
    class Builder(_builder.Builder["ToolCallingObservationContext"]):
        """The builder of :class:`ToolCallingObservationContext`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def tool_definition(self, tool_definition: ToolDefinition, /) -> Self:
            return self._set("tool_definition", (tool_definition,))

        def tool_metadata(self, tool_metadata: ToolMetadata, /) -> Self:
            return self._set("tool_metadata", (tool_metadata,))

        def tool_type(self, tool_type: str, /) -> Self:
            return self._set("tool_type", (tool_type,))

        def tool_call_id(self, tool_call_id: str, /) -> Self:
            return self._set("tool_call_id", (tool_call_id,))

        def tool_call_arguments(self, tool_call_arguments: str, /) -> Self:
            return self._set("tool_call_arguments", (tool_call_arguments,))

        def tool_call_result(self, tool_call_result: str | None, /) -> Self:
            return self._set("tool_call_result", (tool_call_result,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolCallingObservationContext: ...

    @classmethod
    def builder(cls) -> ToolCallingObservationContext.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ToolCallingObservationContext.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class ToolCallingObservationConvention(ABC):
    """Names a tool span and chooses its attributes."""

    @abstractmethod
    def get_name(self) -> str:
        """The observation name."""

    @abstractmethod
    def get_contextual_name(self, context: ToolCallingObservationContext) -> str:
        """The span name."""

    def supports_context(self, context: object) -> bool:
        """Whether this convention applies to ``context`` (a tool-calling context)."""
        return isinstance(context, ToolCallingObservationContext)

    def get_low_cardinality_key_values(self, context: ToolCallingObservationContext) -> Attributes:
        return {}

    def get_high_cardinality_key_values(self, context: ToolCallingObservationContext) -> Attributes:
        return {}

    def get_result_key_values(self, context: ToolCallingObservationContext) -> Attributes:
        """Attributes added once the tool returned (empty by default)."""
        return {}

    def attributes(self, context: ToolCallingObservationContext) -> Attributes:
        """The span attributes: the low- and high-cardinality key values together."""
        return {
            **self.get_low_cardinality_key_values(context),
            **self.get_high_cardinality_key_values(context),
        }


class DefaultToolCallingObservationConvention(ToolCallingObservationConvention):
    """Spring's convention: spans named ``execute_tool <tool name>``.

    Attributes: ``gen_ai.operation.name=execute_tool``, ``gen_ai.system=spring_ai``
    (and ``gen_ai.provider.name``), ``spring.ai.kind=tool_call``, the tool type, name,
    description and schema (``spring.ai.tool.*``, plus the GenAI convention's
    ``gen_ai.tool.name`` / ``gen_ai.tool.type`` / ``gen_ai.tool.description``) and the
    call id (``spring.ai.tool.call.id``, ``gen_ai.tool.call.id``). The arguments and the
    result go on the span only when ``include_arguments`` / ``include_result`` are set
    (Spring's ``ToolCallingContentObservationFilter``).
    """

    DEFAULT_NAME: ClassVar[str] = "spring.ai.tool"

    def __init__(
        self,
        name: str = DEFAULT_NAME,
        *,
        include_arguments: bool = False,
        include_result: bool = False,
    ) -> None:
        self._name = name
        self.include_arguments = include_arguments
        self.include_result = include_result

    def get_name(self) -> str:
        return self._name

    def get_contextual_name(self, context: ToolCallingObservationContext) -> str:
        _assert.not_none(context, "context cannot be null")
        return f"execute_tool {context.tool_definition.name}"

    def get_low_cardinality_key_values(self, context: ToolCallingObservationContext) -> Attributes:
        name = context.tool_definition.name
        return {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.system": "spring_ai",
            "gen_ai.provider.name": "spring_ai",
            "spring.ai.kind": "tool_call",
            "spring.ai.tool.type": context.tool_type,
            "spring.ai.tool.definition.name": name,
            "gen_ai.tool.name": name,
            "gen_ai.tool.type": context.tool_type,
        }

    def get_high_cardinality_key_values(self, context: ToolCallingObservationContext) -> Attributes:
        definition = context.tool_definition
        values: dict[str, Any] = {
            "spring.ai.tool.definition.description": definition.description,
            "gen_ai.tool.description": definition.description,
            "spring.ai.tool.definition.schema": definition.input_schema,
            "spring.ai.tool.call.id": context.tool_call_id,
            "gen_ai.tool.call.id": context.tool_call_id,
        }
        if self.include_arguments:
            values["spring.ai.tool.call.arguments"] = context.tool_call_arguments
            values["gen_ai.tool.call.arguments"] = context.tool_call_arguments
        return values

    def get_result_key_values(self, context: ToolCallingObservationContext) -> Attributes:
        if not self.include_result or context.tool_call_result is None:
            return {}
        return {
            "spring.ai.tool.call.result": context.tool_call_result,
            "gen_ai.tool.call.result": context.tool_call_result,
        }
