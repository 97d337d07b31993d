"""``ToolUtils`` and ``ToolDefinitions``: deriving tool definitions from functions."""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from spring_ai_py import _assert
from spring_ai_py.tool._signature import ToolSignature, first_paragraph
from spring_ai_py.tool.definition import ToolDefinition
from spring_ai_py.tool.definition.tool_definition import re_concatenate_camel_case
from spring_ai_py.tool.execution import DefaultToolCallResultConverter, ToolCallResultConverter

if TYPE_CHECKING:
    from spring_ai_py.tool.annotation.tool_annotation import ToolSpec
    from spring_ai_py.tool.tool_callback import ToolCallback

_logger = logging.getLogger("spring_ai_py.tool.support.ToolUtils")
_RECOMMENDED_NAME = re.compile(r"^[a-zA-Z0-9_.-]+$")


def _spec(function: Any) -> ToolSpec | None:
    from spring_ai_py.tool.annotation.tool_annotation import tool_spec_of

    return tool_spec_of(function)


class ToolUtils:
    """Tool naming and lookup helpers (mainly for the framework itself)."""

    @staticmethod
    def get_tool_name(function: Callable[..., Any], spec: ToolSpec | None = None) -> str:
        """The ``tool(name=...)``, else the function name; warns about unusual names."""
        _assert.not_none(function, "method cannot be null")
        spec = spec or _spec(function)
        name = spec.name if spec is not None and _assert.has_text_value(spec.name) else None
        tool_name = name or getattr(function, "__name__", None) or type(function).__name__
        ToolUtils._validate_tool_name(tool_name)
        return tool_name

    @staticmethod
    def get_tool_description_from_name(tool_name: str) -> str:
        """The name split into words: ``getCurrentWeather`` and ``get_current_weather``
        both give ``get current weather``."""
        _assert.has_text(tool_name, "tool_name cannot be null or empty")
        words = re_concatenate_camel_case(tool_name.replace("_", " "))
        return " ".join(words.split()) or tool_name

    @staticmethod
    def get_tool_description(function: Callable[..., Any], spec: ToolSpec | None = None) -> str:
        """The ``tool(description=...)``, else the docstring's first paragraph, else the
        name: as is for a ``tool``-decorated function, split into words for an undecorated
        one (Spring: ``simpleMethod`` → ``simple method``)."""
        _assert.not_none(function, "method cannot be null")
        spec = spec or _spec(function)
        if spec is not None and _assert.has_text_value(spec.description):
            assert spec.description is not None
            return spec.description
        documented = first_paragraph(getattr(function, "__doc__", None))
        if documented:
            return documented
        name = ToolUtils.get_tool_name(function, spec)
        return name if spec is not None else ToolUtils.get_tool_description_from_name(name)

    @staticmethod
    def get_tool_return_direct(function: Callable[..., Any]) -> bool:
        spec = _spec(function)
        return spec is not None and spec.return_direct

    @staticmethod
    def get_tool_call_result_converter(function: Callable[..., Any]) -> ToolCallResultConverter:
        spec = _spec(function)
        if spec is None or spec.result_converter is None:
            return DefaultToolCallResultConverter()
        return spec.result_converter

    @staticmethod
    def get_duplicate_tool_names(
        *tool_callbacks: ToolCallback | Sequence[ToolCallback],
    ) -> list[str]:
        """Names used by more than one of the callbacks (varargs or one list)."""
        callbacks: list[Any] = []
        for item in tool_callbacks:
            callbacks.extend(item if isinstance(item, list | tuple) else [item])
        counts = Counter(c.get_tool_definition().name for c in callbacks)
        return [name for name, count in counts.items() if count > 1]

    @staticmethod
    def _validate_tool_name(tool_name: str) -> None:
        _assert.has_text(tool_name, "Tool name cannot be null or empty")
        if not _RECOMMENDED_NAME.match(tool_name):
            _logger.warning(
                "Tool name '%s' may not be compatible with some LLMs (e.g., OpenAI). "
                "Consider using only alphanumeric characters, underscores, hyphens, and dots.",
                tool_name,
            )


class ToolDefinitions:
    """Builds tool definitions from functions and methods."""

    @staticmethod
    def builder(function: Callable[..., Any]) -> ToolDefinition.Builder:
        """A definition builder pre-filled from ``function`` (name, description, schema)."""
        _assert.not_none(function, "method cannot be null")
        from spring_ai_py.tool.method.method_tool_callback import MethodToolCallback

        if isinstance(function, MethodToolCallback):
            definition = function.get_tool_definition()
            return (
                ToolDefinition.builder()
                .name(definition.name)
                .description(definition.description)
                .input_schema(definition.input_schema)
            )
        signature = ToolSignature(function)
        spec = _spec(function)
        return (
            ToolDefinition.builder()
            .name(ToolUtils.get_tool_name(function, spec))
            .description(ToolUtils.get_tool_description(function, spec))
            .input_schema(signature.input_schema())
        )

    @staticmethod
    def from_(function: Callable[..., Any]) -> ToolDefinition:
        """The definition of ``function``."""
        return ToolDefinitions.builder(function).build()

    @staticmethod
    def derive(
        function: Callable[..., Any], signature: ToolSignature, spec: ToolSpec | None
    ) -> ToolDefinition:
        """The definition of ``function`` given its already computed signature."""
        return (
            ToolDefinition.builder()
            .name(ToolUtils.get_tool_name(function, spec))
            .description(ToolUtils.get_tool_description(function, spec))
            .input_schema(signature.input_schema())
            .build()
        )
