"""Result conversion and tool-error processing (Spring's execution package tests)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from pydantic import BaseModel

from spring_ai_py.content import Media
from spring_ai_py.tool.definition import ToolDefinition
from spring_ai_py.tool.execution import (
    DefaultToolCallResultConverter,
    DefaultToolExecutionExceptionProcessor,
    ToolExecutionException,
)

DEFINITION = ToolDefinition("toolName", "a tool", "{}")
converter = DefaultToolCallResultConverter()


class Reading(BaseModel):
    city: str
    celsius: float


@dataclasses.dataclass
class Pair:
    left: int
    right: int


def test_none_and_void_return_type_give_done() -> None:
    assert converter.convert(None, None) == "Done"
    assert converter.convert("ignored", type(None)) == "Done"


def test_strings_are_returned_unquoted() -> None:
    assert converter.convert("test", str) == "test"
    assert converter.convert('say "hi"', None) == 'say "hi"'


def test_objects_become_compact_json() -> None:
    assert converter.convert(Reading(city="Oslo", celsius=3.5)) == '{"city":"Oslo","celsius":3.5}'
    assert converter.convert(Pair(1, 2)) == '{"left":1,"right":2}'
    assert converter.convert([1, "a"]) == '[1,"a"]'
    assert converter.convert({}) == "{}"
    assert converter.convert([]) == "[]"
    assert converter.convert(3) == "3"
    assert json.loads(converter.convert({"text": 'quote " and \n newline'})) == {
        "text": 'quote " and \n newline'
    }


def test_image_media_becomes_base64_json() -> None:
    result = json.loads(converter.convert(Media("image/png", b"\x89PNG")))
    assert result == {"mimeType": "image/png", "data": "iVBORw=="}


def tool_exception(cause: BaseException) -> ToolExecutionException:
    return ToolExecutionException(DEFINITION, cause)


def test_process_returns_the_message() -> None:
    processor = DefaultToolExecutionExceptionProcessor()
    assert processor.process(tool_exception(RuntimeError("Inner exception"))) == "Inner exception"


def test_process_returns_fallback_message_when_blank() -> None:
    processor = DefaultToolExecutionExceptionProcessor.builder().build()
    assert (
        processor.process(tool_exception(RuntimeError()))
        == "Exception occurred in tool: toolName (RuntimeError)"
    )
    assert (
        processor.process(tool_exception(ValueError("  ")))
        == "Exception occurred in tool: toolName (ValueError)"
    )


def test_process_always_throws() -> None:
    processor = DefaultToolExecutionExceptionProcessor.builder().always_throw(True).build()
    error = tool_exception(RuntimeError("boom"))
    with pytest.raises(ToolExecutionException) as raised:
        processor.process(error)
    assert raised.value is error
    assert raised.value.get_tool_definition() == DEFINITION


def test_process_rethrows_listed_exceptions_and_subclasses() -> None:
    processor = (
        DefaultToolExecutionExceptionProcessor.builder().rethrow_exceptions([LookupError]).build()
    )
    cause = KeyError("k")
    with pytest.raises(KeyError) as raised:
        processor.process(tool_exception(cause))
    assert raised.value is cause
    assert processor.process(tool_exception(ValueError("not rethrown"))) == "not rethrown"


def test_process_rethrows_base_exceptions() -> None:
    processor = DefaultToolExecutionExceptionProcessor()
    error = tool_exception(KeyboardInterrupt())
    with pytest.raises(ToolExecutionException):
        processor.process(error)


def test_tool_execution_exception_message_is_the_cause_message() -> None:
    error = tool_exception(ValueError("bad value"))
    assert str(error) == "bad value" == error.get_message()
    assert isinstance(error.get_cause(), ValueError)


def test_process_rejects_none() -> None:
    with pytest.raises(ValueError, match="exception cannot be null"):
        DefaultToolExecutionExceptionProcessor().process(None)  # type: ignore[arg-type]
