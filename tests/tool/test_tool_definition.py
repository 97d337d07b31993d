"""Tool definitions, metadata, providers and resolvers."""

from __future__ import annotations

import pytest
from tool_fixtures import WeatherTools

from spring_ai_py.tool import StaticToolCallbackProvider, ToolCallbackProvider, tool
from spring_ai_py.tool.definition import DefaultToolDefinition, ToolDefinition
from spring_ai_py.tool.metadata import DefaultToolMetadata, ToolMetadata
from spring_ai_py.tool.resolution import DelegatingToolCallbackResolver, StaticToolCallbackResolver


@tool
def alpha() -> str:
    return "a"


@tool
def beta() -> str:
    return "b"


def test_definition_record() -> None:
    definition = ToolDefinition("n", "d", "{}")
    assert (definition.name, definition.description, definition.input_schema) == ("n", "d", "{}")
    assert DefaultToolDefinition is ToolDefinition
    assert definition == ToolDefinition(name="n", description="d", input_schema="{}")


def test_definition_requires_text() -> None:
    with pytest.raises(ValueError, match="name cannot be null or empty"):
        ToolDefinition("", "d", "{}")
    with pytest.raises(ValueError, match="description cannot be null or empty"):
        ToolDefinition("n", " ", "{}")
    with pytest.raises(ValueError, match="input_schema cannot be null or empty"):
        ToolDefinition("n", "d", "")


def test_definition_builder_defaults_description_from_name() -> None:
    definition = ToolDefinition.builder().name("getWeather").input_schema("{}").build()
    assert definition.description == "get weather"
    with pytest.raises(RuntimeError, match="tool_name cannot be null or empty"):
        ToolDefinition.builder().input_schema("{}").build()
    with pytest.raises(RuntimeError, match="input_schema cannot be null or empty"):
        ToolDefinition.builder().name("n").build()


def test_metadata() -> None:
    assert ToolMetadata().return_direct is False
    assert ToolMetadata.builder().return_direct(True).build().return_direct is True
    assert DefaultToolMetadata is ToolMetadata
    assert ToolMetadata.from_(WeatherTools.weather_forecast).return_direct is True
    assert ToolMetadata.from_(print) == ToolMetadata()
    with pytest.raises(ValueError, match="timeout must be greater than 0"):
        ToolMetadata(timeout=-1)


def test_static_provider() -> None:
    provider = ToolCallbackProvider.from_(alpha, beta)
    assert provider.get_tool_callbacks() == [alpha, beta]
    assert StaticToolCallbackProvider([alpha]).get_tool_callbacks() == [alpha]
    with pytest.raises(ValueError, match="tool_callbacks cannot contain null elements"):
        StaticToolCallbackProvider([alpha, None])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="is not a ToolCallback"):
        StaticToolCallbackProvider("alpha")  # type: ignore[arg-type]


def test_static_resolver() -> None:
    resolver = StaticToolCallbackResolver([alpha, beta])
    assert resolver.resolve("alpha") is alpha
    assert resolver.resolve("gamma") is None
    with pytest.raises(ValueError, match="tool_name cannot be null or empty"):
        resolver.resolve("")
    with pytest.raises(ValueError, match="tool_callbacks cannot contain null elements"):
        StaticToolCallbackResolver([None])  # type: ignore[list-item]


def test_delegating_resolver_asks_in_turn() -> None:
    resolver = DelegatingToolCallbackResolver(
        [StaticToolCallbackResolver([alpha]), StaticToolCallbackResolver([beta])]
    )
    assert resolver.resolve("beta") is beta
    assert resolver.resolve("gamma") is None
    with pytest.raises(ValueError, match="tool_callback_resolvers cannot contain null elements"):
        DelegatingToolCallbackResolver([None])  # type: ignore[list-item]
