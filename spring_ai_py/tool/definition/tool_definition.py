"""``ToolDefinition``: what the model is told about a tool."""

from __future__ import annotations

import re
from dataclasses import dataclass

from spring_ai_py import _assert

_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def re_concatenate_camel_case(name: str, delimiter: str = " ") -> str:
    """Spring's ``ParsingUtils.reConcatenateCamelCase``: ``getWeather`` → ``get weather``."""
    return delimiter.join(part.lower() for part in _CAMEL_BOUNDARY.split(name) if part)


@dataclass(frozen=True, slots=True)
class ToolDefinition:
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

    @staticmethod
    def builder() -> ToolDefinition.Builder:
        """A builder (name, description, input schema)."""
        return ToolDefinition.Builder()

    class Builder:
        """Builds a definition; without a description, the name split at camel case is used."""

        def __init__(self) -> None:
            self._name: str | None = None
            self._description: str | None = None
            self._input_schema: str | None = None

        def name(self, name: str) -> ToolDefinition.Builder:
            self._name = name
            return self

        def description(self, description: str | None) -> ToolDefinition.Builder:
            self._description = description
            return self

        def input_schema(self, input_schema: str) -> ToolDefinition.Builder:
            self._input_schema = input_schema
            return self

        def build(self) -> ToolDefinition:
            _assert.state(self._name is not None, "tool_name cannot be null or empty")
            assert self._name is not None
            description = self._description
            if not _assert.has_text_value(description):
                description = re_concatenate_camel_case(self._name)
            _assert.state(self._input_schema is not None, "input_schema cannot be null or empty")
            assert self._input_schema is not None
            return ToolDefinition(self._name, description or self._name, self._input_schema)


DefaultToolDefinition = ToolDefinition
"""Spring's ``DefaultToolDefinition`` record is this class."""
