"""Module-level types and tools used by the tool tests (type hints must resolve)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.tool.annotation import ToolParam, tool


class Unit(enum.Enum):
    CELSIUS = "C"
    FAHRENHEIT = "F"


class Address(BaseModel):
    """A postal address."""

    street: str
    city: str


@dataclass
class Person:
    name: str
    age: int


@tool
def module_level_tool(city: str) -> str:
    """A module-level tool."""
    return f"weather in {city}"


class WeatherTools:
    """Tools declared as methods, static methods and class methods."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    @tool(description="Current weather of a city")
    def current_weather(
        self,
        city: Annotated[str, ToolParam(description="The city")],
        unit: Unit = Unit.CELSIUS,
    ) -> str:
        self.calls.append(city)
        return f"{city}: 20{unit.value}"

    @tool(name="forecast", return_direct=True)
    def weather_forecast(self, city: str, days: int | None = None) -> dict[str, Any]:
        """Forecast for the next days.

        Args:
            city: The city to forecast
            days: How many days ahead
        """
        return {"city": city, "days": days}

    @tool
    @staticmethod
    def convert(value: float, to: Unit) -> float:
        """Convert a temperature."""
        return value * 9 / 5 + 32 if to is Unit.FAHRENHEIT else value

    @tool
    @classmethod
    def units(cls) -> list[str]:
        """Supported units."""
        return [u.value for u in Unit]

    @tool
    def remember(self, note: str, tool_context: ToolContext) -> None:
        """Store a note in the tool context."""
        tool_context.put("note", note)

    def not_a_tool(self) -> str:
        return "plain"


class NoTools:
    def method(self) -> str:
        return "nothing"


class OtherWeatherTools:
    @tool(name="forecast")
    def other_forecast(self, city: str) -> str:
        """Another forecast."""
        return city
