"""``ToolDefinition``: what the model is told about a tool."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Self, cast

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable

_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def re_concatenate_camel_case(name: str, delimiter: str = " ") -> str:
    """Spring's ``ParsingUtils.reConcatenateCamelCase``: ``getWeather`` → ``get weather``."""
    return delimiter.join(part.lower() for part in _CAMEL_BOUNDARY.split(name) if part)


class _ToolDefinitionBuilder(_builder.Builder["ToolDefinition"]):
    """Builds a definition; without a description, the name split at camel case is used."""

    __slots__ = ()

    def description(self, description: str | None, /) -> Self:
        self._values["description"] = description
        return self

    def build(self) -> ToolDefinition:
        name = cast("str", self._values.get("name"))
        _assert.state(name is not None, "tool_name cannot be null or empty")
        description = self._values.get("description")
        if not _assert.has_text_value(description):
            description = re_concatenate_camel_case(name)
        input_schema = self._values.get("input_schema")
        _assert.state(input_schema is not None, "input_schema cannot be null or empty")
        return ToolDefinition(name, description or name, cast("str", input_schema))


@dataclass(frozen=True, slots=True)
class ToolDefinition(Buildable):
    """The tool's name (unique among the tools of a request), the description the model
    uses to decide when to call it, and the JSON schema of its input (a string).

    ``ToolDefinition("get_weather", "Current weather", schema)`` or
    ``ToolDefinition.builder().name(...).description(...).input_schema(...).build()``.
    """

    name: str
    description: str
    input_schema: str

    def __post_init__(self) -> None:
        _assert.has_text(self.name, "name cannot be null or empty")
        _assert.has_text(self.description, "description cannot be null or empty")
        _assert.has_text(self.input_schema, "input_schema cannot be null or empty")

    # --- generated builder (base: _ToolDefinitionBuilder) ---
    class Builder(_ToolDefinitionBuilder):
        """The builder of :class:`ToolDefinition`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def name(self, name: str, /) -> Self:
            return self._set("name", (name,))

        def input_schema(self, input_schema: str, /) -> Self:
            return self._set("input_schema", (input_schema,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolDefinition: ...

    @classmethod
    def builder(cls) -> ToolDefinition.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ToolDefinition.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---

DefaultToolDefinition = ToolDefinition
"""Spring's ``DefaultToolDefinition`` record is this class."""
