"""Converting tool results to text, and handling the errors tools raise."""

from __future__ import annotations

import base64
import logging
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._bridge import BlockingCallError
from spring_ai_py._builder import Buildable
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


class DefaultToolExecutionExceptionProcessor(ToolExecutionExceptionProcessor, Buildable):
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
        self._rethrow_exceptions: tuple[type[BaseException], ...] = tuple(rethrow_exceptions)

    def process(self, exception: ToolExecutionException) -> str:
        _assert.not_none(exception, "exception cannot be null")
        cause = exception.cause
        if not isinstance(cause, Exception):
            raise exception
        if isinstance(cause, BlockingCallError) or any(
            isinstance(cause, rethrown) for rethrown in self._rethrow_exceptions
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

    # --- generated builder ---
    class Builder(_builder.Builder["DefaultToolExecutionExceptionProcessor"]):
        """The builder of :class:`DefaultToolExecutionExceptionProcessor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def always_throw(self, always_throw: bool, /) -> Self:
            return self._set("always_throw", (always_throw,))

        def rethrow_exceptions(self, rethrow_exceptions: type[BaseException] | Sequence[type[BaseException]], /, *more: type[BaseException]) -> Self:
            return self._set("rethrow_exceptions", (rethrow_exceptions, *more), sequence=True)

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> DefaultToolExecutionExceptionProcessor: ...

    @classmethod
    def builder(cls) -> DefaultToolExecutionExceptionProcessor.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> DefaultToolExecutionExceptionProcessor.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---

def _to_json(value: Any, fallback: Any = None) -> str:
    # pydantic_core takes ~15 ms to import: loaded with the first tool result, not with
    # the package (importing the ChatClient stays cheap).
    import pydantic_core

    return pydantic_core.to_json(value, fallback=fallback).decode("utf-8")
