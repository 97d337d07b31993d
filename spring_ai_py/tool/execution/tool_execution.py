"""Converting tool results to text, and handling the errors tools raise."""

from __future__ import annotations

import base64
import logging
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from spring_ai_py import _assert
from spring_ai_py._bridge import BlockingCallError
from spring_ai_py.content import Media

if TYPE_CHECKING:
    from spring_ai_py.tool.definition import ToolDefinition

_logger = logging.getLogger("spring_ai_py.tool.execution")

DONE = "Done"
"""What a tool that returns nothing sends back to the model."""


class ToolCallResultConverter(ABC):
    """Turns whatever a tool returned into the text sent back to the model."""

    @abstractmethod
    def convert(self, result: Any, return_type: Any = None) -> str:
        """Convert ``result``; ``return_type`` is the tool's declared return type, if known."""


class DefaultToolCallResultConverter(ToolCallResultConverter):
    """The default conversion: JSON for objects, text as is.

    Unlike Spring 2.0.1, a ``str`` result is sent unquoted and ``None``
    (or a tool declared ``-> None``) sends ``Done``. Image ``Media`` becomes
    ``{"mimeType": ..., "data": <base64>}`` as Spring does for images; pydantic models,
    dataclasses, lists, dicts and other values become compact JSON; any other object
    becomes a JSON object of its public fields and properties.
    """

    def convert(self, result: Any, return_type: Any = None) -> str:
        if result is None or return_type is type(None):
            return DONE
        if isinstance(result, str):
            return result
        if isinstance(result, Media) and isinstance(result.data, bytes):
            payload = {
                "mimeType": result.mime_type,
                "data": base64.b64encode(result.data).decode("ascii"),
            }
            return _to_json(payload)
        return _to_json(result, _fields_of)


def _fields_of(value: Any) -> Any:
    """How an object pydantic does not know is sent: a JSON object of its public fields
    (instance attributes, slots and properties, as Jackson sends a bean's getters), or
    its ``str()`` when it has none."""
    fields: dict[str, Any] = {}
    for name, item in getattr(value, "__dict__", {}).items():
        if not name.startswith("_"):
            fields[name] = item
    for klass in type(value).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if not name.startswith("_") and name not in fields and hasattr(value, name):
                fields[name] = getattr(value, name)
        for name, member in vars(klass).items():
            if isinstance(member, property) and not name.startswith("_") and name not in fields:
                try:
                    fields[name] = getattr(value, name)
                except Exception:  # a failing property is left out, as Jackson would fail
                    continue
    return fields if fields else str(value)


class ToolExecutionException(RuntimeError):
    """A tool failed; carries the tool's definition and the original error as ``__cause__``.

    ``str()`` is the cause's message (Spring's ``getMessage()``).
    """

    def __init__(self, tool_definition: ToolDefinition | None, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.tool_definition = tool_definition
        self.cause = cause
        self.__cause__ = cause

    def get_tool_definition(self) -> ToolDefinition | None:
        return self.tool_definition

    def get_cause(self) -> BaseException:
        return self.cause

    def get_message(self) -> str:
        return str(self)


class ToolExecutionExceptionProcessor(ABC):
    """Decides what a tool failure becomes: text for the model, or an error for the caller."""

    @abstractmethod
    def process(self, exception: ToolExecutionException) -> str:
        """Return the text to send to the model, or raise."""


class DefaultToolExecutionExceptionProcessor(ToolExecutionExceptionProcessor):
    """By default the error message goes back to the model so it can react.

    ``always_throw=True`` raises the ``ToolExecutionException`` instead;
    ``rethrow_exceptions`` lists exception types that are unwrapped and raised as they
    are. A blank message becomes ``Exception occurred in tool: <name> (<Type>)``.
    """

    def __init__(
        self,
        always_throw: bool = False,
        rethrow_exceptions: Sequence[type[BaseException]] = (),
    ) -> None:
        self._always_throw = always_throw
        self._rethrown: tuple[type[BaseException], ...] = tuple(rethrow_exceptions)

    @staticmethod
    def builder() -> DefaultToolExecutionExceptionProcessor.Builder:
        """A builder (whether to rethrow, and which exception types always propagate)."""
        return DefaultToolExecutionExceptionProcessor.Builder()

    def process(self, exception: ToolExecutionException) -> str:
        _assert.not_none(exception, "exception cannot be null")
        cause = exception.cause
        if not isinstance(cause, Exception):
            raise exception
        if isinstance(cause, BlockingCallError) or any(
            isinstance(cause, rethrown) for rethrown in self._rethrown
        ):
            raise cause
        if self._always_throw:
            raise exception
        message = str(exception)
        name = (
            exception.tool_definition.name if exception.tool_definition is not None else "unknown"
        )
        if not message.strip():
            message = f"Exception occurred in tool: {name} ({type(cause).__name__})"
        _logger.debug(
            "Exception thrown by tool: %s. Message: %s", name, message, exc_info=exception
        )
        return message

    class Builder:
        """``builder().always_throw(True).rethrow_exceptions([KeyError]).build()``."""

        def __init__(self) -> None:
            self._always_throw = False
            self._exceptions: list[type[BaseException]] = []

        def always_throw(
            self, always_throw: bool
        ) -> DefaultToolExecutionExceptionProcessor.Builder:
            self._always_throw = always_throw
            return self

        def rethrow_exceptions(
            self, exceptions: Sequence[type[BaseException]]
        ) -> DefaultToolExecutionExceptionProcessor.Builder:
            self._exceptions = list(exceptions)
            return self

        def build(self) -> DefaultToolExecutionExceptionProcessor:
            return DefaultToolExecutionExceptionProcessor(self._always_throw, self._exceptions)


def _to_json(value: Any, fallback: Any = None) -> str:
    # pydantic_core takes ~15 ms to import: loaded with the first tool result, not with
    # the package (importing the ChatClient stays cheap).
    import pydantic_core

    return pydantic_core.to_json(value, fallback=fallback).decode("utf-8")
