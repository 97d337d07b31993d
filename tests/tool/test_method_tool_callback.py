"""``MethodToolCallback`` (ported from Spring's MethodToolCallback*Test classes)."""

from __future__ import annotations

import pytest
from tool_fixtures import WeatherTools

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.tool.definition import ToolDefinition
from spring_ai_py.tool.execution import ToolExecutionException
from spring_ai_py.tool.metadata import ToolMetadata
from spring_ai_py.tool.method import MethodToolCallback, MethodToolCallbackProvider


class GenericTools:
    def process_string_list(self, strings: list[str]) -> str:
        return f"{len(strings)} strings processed: {strings}"

    def process_string_int_map(self, map: dict[str, int]) -> str:
        return f"{len(map)} entries processed: {map}"

    def process_list_of_maps(self, list_of_maps: list[dict[str, int]]) -> str:
        return f"{len(list_of_maps)} maps processed: {list_of_maps}"

    def process_tool_context(self, tool_context: ToolContext) -> str:
        context = tool_context.get_context()
        return f"{len(context)} entries processed {context}"

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


def test_generic_list_type() -> None:
    callback = callback_for(GenericTools.process_string_list)
    assert (
        callback.call('{"strings": ["one", "two", "three"]}')
        == "3 strings processed: ['one', 'two', 'three']"
    )


def test_generic_map_type() -> None:
    callback = callback_for(GenericTools.process_string_int_map)
    assert (
        callback.call('{"map": {"one": 1, "two": 2}}')
        == "2 entries processed: {'one': 1, 'two': 2}"
    )


def test_nested_generic_type() -> None:
    callback = callback_for(GenericTools.process_list_of_maps)
    assert (
        callback.call('{"list_of_maps": [{"a": 1}, {"c": 3}]}')
        == "2 maps processed: [{'a': 1}, {'c': 3}]"
    )


def test_tool_context_type() -> None:
    callback = callback_for(GenericTools.process_tool_context)
    assert callback.call("{}", ToolContext({"foo": "bar"})) == "1 entries processed {'foo': 'bar'}"


def test_object_type() -> None:
    callback = callback_for(GenericTools.process_object)
    assert callback.call('{"value": {"name": "spring-ai", "version": 2}}') == (
        "Object processed: {'name': 'spring-ai', 'version': 2}"
    )


def test_bound_method_needs_no_tool_object() -> None:
    tools = GenericTools()
    callback = callback_for(tools.process_string_list, None)
    assert callback.call('{"strings": ["x"]}') == "1 strings processed: ['x']"


def test_invalid_input_raises_tool_execution_exception() -> None:
    callback = (
        MethodToolCallbackProvider.builder()
        .tool_objects(WeatherTools())
        .build()
        .get_tool_callbacks()[0]
    )
    with pytest.raises(ToolExecutionException, match="city: Input should be a valid string"):
        callback.call('{"city": 678}')
    with pytest.raises(ToolExecutionException, match="not valid JSON"):
        callback.call("nill")


def test_unbound_method_requires_a_tool_object() -> None:
    definition = ToolDefinition("m", "d", "{}")
    with pytest.raises(ValueError, match="tool_object cannot be null for non-static methods"):
        MethodToolCallback(definition, None, GenericTools.process_object)


def test_builder_requires_definition_and_method() -> None:
    with pytest.raises(RuntimeError, match="ToolDefinition is required"):
        MethodToolCallback.builder().tool_method(print).build()
    with pytest.raises(RuntimeError, match="ToolMethod is required"):
        MethodToolCallback.builder().tool_definition(ToolDefinition("m", "d", "{}")).build()


def test_definition_and_metadata_are_kept() -> None:
    definition = ToolDefinition("m", "d", "{}")
    callback = MethodToolCallback(
        definition, ToolMetadata(return_direct=True), GenericTools().process_object
    )
    assert callback.get_tool_definition() is definition
    assert callback.get_tool_metadata().return_direct is True
    assert "MethodToolCallback" in repr(callback)
