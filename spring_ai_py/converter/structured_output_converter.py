"""The contracts every output converter implements: a format prompt and a ``convert``."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar, Generic, TypeVar

T = TypeVar("T")


class FormatProvider(ABC):
    """Supplies the instructions that tell a model how to format its output."""

    @abstractmethod
    def get_format(self) -> str:
        """Return the prompt text describing the output format the model must follow."""


class StructuredOutputConverter(FormatProvider, Generic[T], ABC):
    """Turns the raw text a model returned into a value of type ``T``.

    ``get_format()`` gives the prompt text that asks the model for that format;
    ``convert()`` parses the model's answer. Converters that know a JSON schema for
    their output expose it through ``get_json_schema()``, so providers with native
    structured output can send it; the others return ``NO_JSON_SCHEMA``.
    """

    NO_JSON_SCHEMA: ClassVar[str] = ""

    @abstractmethod
    def convert(self, text: str) -> T:
        """Parse the model output ``text`` into the target value."""

    def get_json_schema(self) -> str:
        """Return the JSON schema of the output, or ``NO_JSON_SCHEMA`` when there is none."""
        return self.NO_JSON_SCHEMA


class OutputConversionException(ValueError):
    """The model output could not be converted; ``text`` holds the output as received."""

    def __init__(self, message: str, text: str | None) -> None:
        super().__init__(message)
        self.text = text
