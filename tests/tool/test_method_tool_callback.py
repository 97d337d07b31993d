"""The port's own ``MethodToolCallback`` tests (bound methods, validation, metadata).

Spring's ``MethodToolCallback*Test`` classes are ported in
``test_method_tool_callback_generic_types.py`` and
``test_method_tool_callback_exception_handling.py``.
"""

from __future__ import annotations

import pytest

from spring_ai_py.tool.definition import ToolDefinition
from spring_ai_py.tool.metadata import ToolMetadata
from spring_ai_py.tool.method import MethodToolCallback


class GenericTools:
    def process_string_list(self, strings: list[str]) -> str:
        return f"{len(strings)} strings processed: {strings}"

    def process_object(self, value: object) -> str:
        return f"Object processed: {value}"


def callback_for(method: object, obj: object | None = GenericTools()) -> MethodToolCallback:
    definition = (
        ToolDefinition.builder().name(getattr(method, "__name__", "m")).input_schema("{}").build()
    )
    return (
        MethodToolCallback.builder()
        .tool_definition(definition)
        .tool_method(method)
        .tool_object(obj)
        .build()
    )


def test_bound_method_needs_no_tool_object() -> None:
    tools = GenericTools()
    callback = callback_for(tools.process_string_list, None)
    assert callback.call('{"strings": ["x"]}') == "1 strings processed: ['x']"


def test_unbound_method_requires_a_tool_object() -> None:
    definition = ToolDefinition("m", "d", "{}")
    with pytest.raises(ValueError, match="tool_object cannot be null for non-static methods"):
        MethodToolCallback(definition, None, GenericTools.process_object)


def test_builder_requires_definition_and_method() -> None:
    with pytest.raises(RuntimeError, match="tool_definition is required"):
        MethodToolCallback.builder().tool_method(print).build()
    with pytest.raises(RuntimeError, match="tool_method is required"):
        MethodToolCallback.builder().tool_definition(ToolDefinition("m", "d", "{}")).build()


def test_definition_and_metadata_are_kept() -> None:
    definition = ToolDefinition("m", "d", "{}")
    callback = MethodToolCallback(
        definition, ToolMetadata(return_direct=True), GenericTools().process_object
    )
    assert callback.get_tool_definition() is definition
    assert callback.get_tool_metadata().return_direct is True
    assert "MethodToolCallback" in repr(callback)
