"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.method.MethodToolCallbackGenericTypesTest`:
5 tests ported, 0 skipped.

Generic parameter types are type hints. The tools build their text with Python's own
formatting of lists and dicts (``['one', 'two']`` where Java prints ``[one, two]``), and a
``str`` result is sent unquoted (PORTING §7.14).
"""

from __future__ import annotations

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.tool.definition import DefaultToolDefinition
from spring_ai_py.tool.method import MethodToolCallback


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


def callback_for(method: object, description: str) -> MethodToolCallback:
    definition = (
        DefaultToolDefinition.builder()
        .name(getattr(method, "__name__", "m"))
        .description(description)
        .input_schema("{}")
        .build()
    )
    return (
        MethodToolCallback.builder()
        .tool_definition(definition)
        .tool_method(method)
        .tool_object(GenericTools())
        .build()
    )


def test_generic_list_type() -> None:
    callback = callback_for(GenericTools.process_string_list, "Process a list of strings")
    assert (
        callback.call('{"strings": ["one", "two", "three"]}')
        == "3 strings processed: ['one', 'two', 'three']"
    )


def test_generic_map_type() -> None:
    callback = callback_for(
        GenericTools.process_string_int_map, "Process a map of string to integer"
    )
    assert (
        callback.call('{"map": {"one": 1, "two": 2, "three": 3}}')
        == "3 entries processed: {'one': 1, 'two': 2, 'three': 3}"
    )


def test_nested_generic_type() -> None:
    callback = callback_for(GenericTools.process_list_of_maps, "Process a list of maps")
    assert (
        callback.call('{"list_of_maps": [{"a": 1, "b": 2}, {"c": 3, "d": 4}]}')
        == "2 maps processed: [{'a': 1, 'b': 2}, {'c': 3, 'd': 4}]"
    )


def test_tool_context_type() -> None:
    callback = callback_for(GenericTools.process_tool_context, "Process tool context")
    assert callback.call("{}", ToolContext({"foo": "bar"})) == "1 entries processed {'foo': 'bar'}"


def test_object_type() -> None:
    callback = callback_for(GenericTools.process_object, "Process an object")
    assert callback.call('{"value": {"name": "spring-ai", "version": 2}}') == (
        "Object processed: {'name': 'spring-ai', 'version': 2}"
    )
