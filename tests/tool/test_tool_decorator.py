"""The ``tool`` decorator, ``ToolParam``, schemas from type hints and ``ToolCallbacks``."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Annotated, Any

import pytest
from tool_fixtures import (
    Address,
    NoTools,
    OtherWeatherTools,
    Person,
    Unit,
    WeatherTools,
    module_level_tool,
)

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.support import ToolCallbacks
from spring_ai_py.tool import ToolCallback, tool
from spring_ai_py.tool.annotation import Tool, ToolParam
from spring_ai_py.tool.execution import ToolCallResultConverter, ToolExecutionException
from spring_ai_py.tool.method import MethodToolCallbackProvider
from spring_ai_py.tool.support import ToolDefinitions, ToolUtils


def schema(callback: ToolCallback) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(callback.get_tool_definition().input_schema)
    return result


@tool
def greet(name: str, punctuation: str = "!") -> str:
    """Greet someone by name.

    A second paragraph that is not part of the description.
    """
    return f"Hello {name}{punctuation}"


@tool
def register(
    person: Person, address: Address | None = None, tags: list[str] | None = None
) -> dict[str, Any]:
    return {
        "name": person.name,
        "age": person.age,
        "city": address.city if address else None,
        "tags": tags,
    }


@tool
def nothing() -> None:
    """Does nothing."""


@tool
async def slow_double(x: int) -> int:
    """Double a number, asynchronously."""
    await asyncio.sleep(0)
    return 2 * x


class Shout(ToolCallResultConverter):
    def convert(self, result: Any, return_type: Any = None) -> str:
        return str(result).upper()


@tool(name="shout", result_converter=Shout)
def shouting(text: str) -> str:
    return text


def test_decorated_function_is_a_tool_callback_and_stays_callable() -> None:
    assert isinstance(greet, ToolCallback)
    assert greet("Ada") == "Hello Ada!"
    assert greet.__name__ == "greet"
    assert greet.call('{"name": "Ada", "punctuation": "?"}') == "Hello Ada?"


def test_default_name_and_description_come_from_the_function() -> None:
    definition = greet.get_tool_definition()
    assert definition.name == "greet"
    assert definition.description == "Greet someone by name."
    assert nothing.get_tool_definition().description == "Does nothing."


def test_description_falls_back_to_the_name() -> None:
    @tool
    def undocumented(x: int) -> int:
        return x

    assert undocumented.get_tool_definition().description == "undocumented"


def test_schema_marks_parameters_without_default_as_required() -> None:
    assert schema(greet) == {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"name": {"type": "string"}, "punctuation": {"type": "string"}},
        "required": ["name"],
        "additionalProperties": False,
    }


def test_schema_handles_nested_models_dataclasses_lists_and_optionals() -> None:
    result = schema(register)
    assert result["required"] == ["person"]
    person = result["properties"]["person"]
    assert person["type"] == "object"
    assert person["properties"] == {"name": {"type": "string"}, "age": {"type": "integer"}}
    address = result["properties"]["address"]["anyOf"][0]
    assert address["description"] == "A postal address."
    assert set(address["properties"]) == {"street", "city"}
    assert result["properties"]["tags"]["anyOf"][0] == {
        "type": "array",
        "items": {"type": "string"},
    }
    assert "$defs" not in result


def test_arguments_are_converted_to_the_annotated_types() -> None:
    result = json.loads(
        register.call(
            '{"person": {"name": "Ada", "age": 36}, "address": {"street": "1 Main", "city": "London"}}'
        )
    )
    assert result == {"name": "Ada", "age": 36, "city": "London", "tags": None}


def test_tool_param_description_and_required_and_enum() -> None:
    callbacks = ToolCallbacks.from_(WeatherTools())
    weather = next(c for c in callbacks if c.get_tool_definition().name == "current_weather")
    result = schema(weather)
    assert result["properties"]["city"] == {"type": "string", "description": "The city"}
    assert result["properties"]["unit"]["enum"] == ["C", "F"]
    assert result["required"] == ["city"]
    assert weather.get_tool_definition().description == "Current weather of a city"

    @tool
    def optional_param(city: Annotated[str, ToolParam(description="maybe", required=False)]) -> str:
        return city or "none"

    assert "required" not in schema(optional_param)
    assert optional_param.call("{}") == "none"


def test_docstring_args_section_describes_parameters() -> None:
    tools = WeatherTools()
    forecast = next(
        c for c in ToolCallbacks.from_(tools) if c.get_tool_definition().name == "forecast"
    )
    result = schema(forecast)
    assert result["properties"]["city"]["description"] == "The city to forecast"
    assert result["properties"]["days"]["description"] == "How many days ahead"
    assert forecast.get_tool_definition().description == "Forecast for the next days."


def test_sphinx_and_numpy_docstrings_describe_parameters() -> None:
    @tool
    def sphinx(city: str) -> str:
        """Sphinx style.

        :param city: The city name
        """
        return city

    @tool
    def numpy_style(city: str) -> str:
        """NumPy style.

        Parameters
        ----------
        city : str
            The city name
        """
        return city

    assert schema(sphinx)["properties"]["city"]["description"] == "The city name"
    assert schema(numpy_style)["properties"]["city"]["description"] == "The city name"


def test_tool_context_parameter_receives_the_context_and_is_not_in_the_schema() -> None:
    tools = WeatherTools()
    remember = next(
        c for c in ToolCallbacks.from_(tools) if c.get_tool_definition().name == "remember"
    )
    assert list(schema(remember)["properties"]) == ["note"]
    context = ToolContext({})
    assert remember.call('{"note": "milk"}', context) == "Done"
    assert context.get("note") == "milk"


def test_tool_context_parameter_requires_a_context() -> None:
    remember = next(
        c for c in ToolCallbacks.from_(WeatherTools()) if c.get_tool_definition().name == "remember"
    )
    with pytest.raises(ValueError, match="ToolContext is required by the method as an argument"):
        remember.call('{"note": "milk"}')


def test_methods_bind_to_their_object() -> None:
    tools = WeatherTools()
    assert tools.current_weather("Paris") == "Paris: 20C"
    callbacks = {c.get_tool_definition().name: c for c in ToolCallbacks.from_(tools)}
    assert set(callbacks) == {"current_weather", "forecast", "convert", "units", "remember"}
    assert callbacks["current_weather"].call('{"city": "Rome", "unit": "F"}') == "Rome: 20F"
    assert tools.calls == ["Paris", "Rome"]
    assert "self" not in schema(callbacks["current_weather"])["properties"]


def test_static_and_class_methods_are_tools() -> None:
    callbacks = {c.get_tool_definition().name: c for c in ToolCallbacks.from_(WeatherTools)}
    assert set(callbacks) == {"convert", "units"}
    assert callbacks["convert"].call('{"value": 100, "to": "F"}') == "212.0"
    assert callbacks["units"].call("{}") == '["C","F"]'
    assert WeatherTools.convert(10, Unit.CELSIUS) == 10
    assert WeatherTools.units() == ["C", "F"]


def test_return_direct_and_result_converter_settings() -> None:
    forecast = next(
        c for c in ToolCallbacks.from_(WeatherTools()) if c.get_tool_definition().name == "forecast"
    )
    assert forecast.get_tool_metadata().return_direct is True
    assert greet.get_tool_metadata().return_direct is False
    assert shouting.call('{"text": "hi"}') == "HI"
    assert shouting.get_tool_definition().name == "shout"


def test_str_results_are_unquoted_and_none_is_done() -> None:
    assert greet.call('{"name": "Ada"}') == "Hello Ada!"
    assert nothing.call("{}") == "Done"


def test_async_tool_runs_on_both_paths() -> None:
    assert slow_double.call('{"x": 21}') == "42"
    assert asyncio.run(slow_double.acall('{"x": 4}')) == "8"
    assert asyncio.run(slow_double(5)) == 10


def test_sync_tool_acall_runs_the_function() -> None:
    assert asyncio.run(greet.acall('{"name": "Bo"}')) == "Hello Bo!"


def test_invalid_json_arguments_name_the_tool_and_the_problem() -> None:
    with pytest.raises(
        ToolExecutionException, match="Invalid arguments for tool 'greet': not valid JSON"
    ):
        greet.call("{not json")
    with pytest.raises(ToolExecutionException, match="expected a JSON object"):
        greet.call('["Ada"]')


def test_arguments_failing_the_schema_name_the_tool_and_the_field() -> None:
    with pytest.raises(ToolExecutionException) as raised:
        greet.call('{"punctuation": "!"}')
    assert str(raised.value) == "Invalid arguments for tool 'greet': name: Field required"
    with pytest.raises(
        ToolExecutionException, match=r"person\.age: Input should be a valid integer"
    ):
        register.call('{"person": {"name": "Ada", "age": "old"}}')


def test_exception_in_tool_becomes_tool_execution_exception() -> None:
    @tool
    def failing(x: int) -> int:
        raise KeyError("missing thing")

    with pytest.raises(ToolExecutionException) as raised:
        failing.call('{"x": 1}')
    assert isinstance(raised.value.__cause__, KeyError)
    assert raised.value.get_tool_definition() == failing.get_tool_definition()


def test_base_exceptions_that_are_not_exceptions_propagate() -> None:
    @tool
    def interrupted() -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        interrupted.call("{}")


def test_blank_tool_input_is_rejected() -> None:
    with pytest.raises(ValueError, match="tool_input cannot be null or empty"):
        greet.call("  ")


def test_decorator_rejects_bad_settings() -> None:
    with pytest.raises(ValueError, match="timeout must be greater than 0"):
        tool(timeout=0)
    with pytest.raises(TypeError, match="result_converter must be a ToolCallResultConverter"):
        tool(result_converter="upper")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="already a tool"):
        tool(greet)
    assert Tool is tool


def test_unresolvable_type_hints_are_reported_with_the_tool() -> None:
    @tool
    def broken(x: UndefinedType) -> str:  # type: ignore[name-defined]  # noqa: F821
        return "x"

    with pytest.raises(TypeError, match="Cannot resolve the type hints of tool function"):
        broken.get_tool_definition()


def test_tool_callbacks_from_module_and_functions() -> None:
    names = [
        c.get_tool_definition().name for c in ToolCallbacks.from_(sys.modules["tool_fixtures"])
    ]
    assert names == ["module_level_tool"]
    assert ToolCallbacks.from_(module_level_tool) == [module_level_tool]


def test_tool_callbacks_from_object_without_tools_is_rejected() -> None:
    with pytest.raises(ValueError, match="No @tool annotated methods found in"):
        ToolCallbacks.from_(NoTools())


def test_duplicate_tool_names_across_sources_are_rejected() -> None:
    with pytest.raises(
        ValueError, match=r"Multiple tools with the same name \(forecast\) found in sources"
    ):
        ToolCallbacks.from_(WeatherTools(), OtherWeatherTools())


def test_method_tool_callback_provider_builder_validates() -> None:
    with pytest.raises(ValueError, match="tool_objects cannot contain null elements"):
        MethodToolCallbackProvider.builder().tool_objects(None).build()
    provider = MethodToolCallbackProvider.builder().tool_objects([WeatherTools()]).build()
    assert len(provider.get_tool_callbacks()) == 5


def test_tool_utils_and_definitions() -> None:
    assert ToolUtils.get_tool_description_from_name("getCurrentWeather") == "get current weather"
    assert ToolUtils.get_duplicate_tool_names([greet, greet, nothing]) == ["greet"]
    assert ToolUtils.get_tool_return_direct(greet) is False
    assert isinstance(ToolUtils.get_tool_call_result_converter(shouting), Shout)

    def plain(city: str) -> str:
        """Plain function."""
        return city

    definition = ToolDefinitions.from_(plain)
    assert (definition.name, definition.description) == ("plain", "Plain function.")
    assert ToolDefinitions.from_(greet) == greet.get_tool_definition()


def test_decorating_a_bound_method_makes_a_tool_of_it() -> None:
    class Multiplier:
        def __init__(self, factor: int) -> None:
            self.factor = factor

        def times(self, x: int) -> int:
            """Multiply by the factor."""
            return x * self.factor

    times = tool(Multiplier(3).times)
    assert times.get_tool_definition().description == "Multiply by the factor."
    assert list(schema(times)["properties"]) == ["x"]
    assert times.call('{"x": 2}') == "6"
    assert times(4) == 12
