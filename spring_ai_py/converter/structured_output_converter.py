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


_EXCERPT_LENGTH = 80
_FIX_HINT = (
    "If the model ignores the format instructions, ask for native structured output "
    "(.entity(T, lambda s: s.use_provider_structured_output())), let it retry on schema "
    "errors (lambda s: s.validate_schema()), or check that the prompt does not ask for "
    "another format"
)


class OutputConversionException(ValueError):
    """The model output could not be converted; ``text`` holds the output as received.

    The message says why, shows the start of the output (its first 80 characters) and
    suggests the fix; :attr:`reason` is the why alone.
    """

    def __init__(self, message: str, text: str | None) -> None:
        self.reason = message
        self.text = text
        if text is None:
            super().__init__(message)
            return
        excerpt = text[:_EXCERPT_LENGTH] + ("..." if len(text) > _EXCERPT_LENGTH else "")
        super().__init__(f"{message}\nThe model output starts with: {excerpt!r}\n{_FIX_HINT}")
