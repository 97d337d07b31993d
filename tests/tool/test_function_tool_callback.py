"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.function.FunctionToolCallbackTest`:
7 tests ported, 0 skipped.

A ``str`` result is sent unquoted (PORTING §7.14), where Spring quotes it. Followed by the
port's own tests (inferred input types, schemas, async functions, bad input).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from pydantic import BaseModel

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.tool.execution import ToolExecutionException
from spring_ai_py.tool.function import FunctionToolCallback
from spring_ai_py.tool.metadata import ToolMetadata


class CityInput(BaseModel):
    """Where to look the weather up."""

    city: str


class Recorder:
    def __init__(self) -> None:
        self.value: Any = None
        self.context: ToolContext | None = None


def test_consumer_tool_call() -> None:
    recorder = Recorder()

    def consumer(text: str) -> None:
        recorder.value = text

    callback = (
        FunctionToolCallback.builder("testTool", consumer)
        .tool_metadata(ToolMetadata(return_direct=True))
        .description("test description")
        .input_type(str)
        .build()
    )
    assert callback.call('"test string param"') == "Done"
    assert recorder.value == "test string param"
    assert callback.get_tool_metadata().return_direct is True


def test_bi_function_tool_call() -> None:
    recorder = Recorder()

    def bi_function(text: str, context: ToolContext | None) -> str:
        recorder.value, recorder.context = text, context
        return f"return value = {text}"

    callback = FunctionToolCallback.builder("testTool", bi_function).input_type(str).build()
    context = ToolContext({"foo": "bar"})
    assert callback.call('"test string param"', context) == "return value = test string param"
    assert recorder.context is context


def test_function_tool_call() -> None:
    recorder = Recorder()

    def function(text: str) -> str:
        recorder.value = text
        return f"return value = {text}"

    callback = (
        FunctionToolCallback.builder("testTool", function)
        .tool_metadata(ToolMetadata(return_direct=True))
        .description("test description")
        .input_type(str)
        .build()
    )
    result = callback.call('"test string param"', ToolContext({}))
    assert result == "return value = test string param"
    assert recorder.value == "test string param"


def test_function_tool_call_with_inferred_input_type() -> None:
    def weather(request: CityInput) -> dict[str, str]:
        return {"city": request.city, "weather": "sunny"}

    callback = (
        FunctionToolCallback.builder("getWeather", weather).description("Weather by city").build()
    )
    assert json.loads(callback.call('{"city": "Paris"}')) == {"city": "Paris", "weather": "sunny"}
    definition = callback.get_tool_definition()
    assert definition.name == "getWeather"
    assert json.loads(definition.input_schema) == {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "description": "Where to look the weather up.",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
        "additionalProperties": False,
    }


def test_supplier_tool_call() -> None:
    callback = FunctionToolCallback.builder("testTool", lambda: "return value = ").build()
    assert callback.call('"test string param"', ToolContext({})) == "return value = "
    assert json.loads(callback.get_tool_definition().input_schema)["properties"] == {}


def test_description_defaults_to_the_name_split_at_camel_case() -> None:
    callback = FunctionToolCallback.builder("getCurrentWeather", lambda: "x").build()
    assert callback.get_tool_definition().description == "get current weather"


def test_explicit_input_schema_is_used() -> None:
    callback = (
        FunctionToolCallback.builder("t", lambda request: request)
        .input_type(dict)
        .input_schema('{"type":"object"}')
        .build()
    )
    assert callback.get_tool_definition().input_schema == '{"type":"object"}'


def test_throw_runtime_exception() -> None:
    def failing(text: str) -> None:
        raise RuntimeError("test exception")

    callback = FunctionToolCallback.builder("testTool", failing).input_type(str).build()
    with pytest.raises(ToolExecutionException, match="test exception") as raised:
        callback.call('"test string param"')
    assert isinstance(raised.value.__cause__, RuntimeError)
    assert raised.value.get_tool_definition() == callback.get_tool_definition()


def test_throw_tool_execution_exception() -> None:
    original = ToolExecutionException(None, RuntimeError("test exception"))

    def failing(text: str) -> None:
        raise original

    callback = FunctionToolCallback.builder("testTool", failing).input_type(str).build()
    with pytest.raises(ToolExecutionException) as raised:
        callback.call('"x"')
    assert raised.value is original


def test_empty_string_input() -> None:
    recorder = Recorder()

    def consumer(text: str) -> None:
        recorder.value = text

    FunctionToolCallback.builder("testTool", consumer).input_type(str).build().call('""')
    assert recorder.value == ""


def test_input_that_does_not_match_the_type_names_the_tool() -> None:
    callback = (
        FunctionToolCallback.builder("getWeather", lambda request: request.city)
        .input_type(CityInput)
        .build()
    )
    with pytest.raises(
        ToolExecutionException,
        match="Invalid arguments for tool 'getWeather': city: Field required",
    ):
        callback.call('{"town": "Paris"}')
    with pytest.raises(ToolExecutionException, match="Invalid arguments for tool 'getWeather'"):
        callback.call("{nope")


def test_async_function_tool_runs_on_both_paths() -> None:
    async def weather(request: CityInput) -> str:
        await asyncio.sleep(0)
        return f"{request.city}: sunny"

    callback = FunctionToolCallback.builder("getWeather", weather).build()
    assert callback.call('{"city": "Oslo"}') == "Oslo: sunny"
    assert asyncio.run(callback.acall('{"city": "Rome"}')) == "Rome: sunny"


def test_builder_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="name cannot be null or empty"):
        FunctionToolCallback.builder(" ", lambda: "x")
    with pytest.raises(ValueError, match="tool_function cannot be null"):
        FunctionToolCallback.builder("t", None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="input_type cannot be null"):
        FunctionToolCallback.builder("t", lambda request: request).build()
    with pytest.raises(ValueError, match="got 3 parameters"):
        FunctionToolCallback.builder("t", lambda a, b, c: a).build()
    callback = FunctionToolCallback.builder("t", lambda request: request).input_type(str).build()
    with pytest.raises(ValueError, match="tool_input cannot be null or empty"):
        callback.call("")
