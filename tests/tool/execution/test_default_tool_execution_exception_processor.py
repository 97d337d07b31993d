"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.execution.DefaultToolExecutionExceptionProcessorTests`:
9 tests ported, 0 skipped.

Java's checked exceptions have no Python twin: any ``Exception`` a tool raises is text for
the model (PORTING §9, tool errors), so the checked-exception test checks that. Java's
``Error`` is a ``BaseException`` that is not an ``Exception`` (``KeyboardInterrupt``...):
it propagates as the ``ToolExecutionException``, as in Spring.
"""

from __future__ import annotations

import pytest

from spring_ai_py.tool.definition import DefaultToolDefinition
from spring_ai_py.tool.execution import (
    DefaultToolExecutionExceptionProcessor,
    ToolExecutionException,
)

TOOL_DEFINITION = DefaultToolDefinition("toolName", "toolDescription", "inputSchema")
TOOL_EXCEPTION = RuntimeError("Inner exception")
TOOL_CHECKED_EXCEPTION = Exception("Checked exception")
TOOL_ERROR = KeyboardInterrupt("Error")


def _wrapped(cause: BaseException) -> ToolExecutionException:
    return ToolExecutionException(TOOL_DEFINITION, cause)


def test_process_returns_message() -> None:
    processor = DefaultToolExecutionExceptionProcessor.builder().build()
    assert processor.process(_wrapped(TOOL_EXCEPTION)) == "Inner exception"


def test_process_returns_fallback_message_when_null() -> None:
    processor = DefaultToolExecutionExceptionProcessor.builder().build()
    assert (
        processor.process(_wrapped(RuntimeError()))
        == "Exception occurred in tool: toolName (RuntimeError)"
    )


def test_process_returns_fallback_message_when_blank() -> None:
    processor = DefaultToolExecutionExceptionProcessor.builder().build()
    assert (
        processor.process(_wrapped(ValueError(" ")))
        == "Exception occurred in tool: toolName (ValueError)"
    )


def test_process_always_throws() -> None:
    processor = DefaultToolExecutionExceptionProcessor.builder().always_throw(True).build()
    error = _wrapped(TOOL_EXCEPTION)
    with pytest.raises(ToolExecutionException, match=r"^Inner exception$") as raised:
        processor.process(error)
    assert raised.value is error
    assert isinstance(raised.value.__cause__, RuntimeError)
    assert raised.value.get_tool_definition() == TOOL_DEFINITION


def test_process_rethrows() -> None:
    cause = LookupError("missing")
    processor = (
        DefaultToolExecutionExceptionProcessor.builder()
        .always_throw(False)
        .rethrow_exceptions([LookupError])
        .build()
    )
    with pytest.raises(LookupError) as raised:
        processor.process(_wrapped(cause))
    assert raised.value is cause


def test_process_rethrows_exception_subclasses() -> None:
    cause = KeyError("k")
    processor = (
        DefaultToolExecutionExceptionProcessor.builder()
        .always_throw(False)
        .rethrow_exceptions([LookupError])
        .build()
    )
    with pytest.raises(KeyError) as raised:
        processor.process(_wrapped(cause))
    assert raised.value is cause


def test_process_rethrows_only_select_exceptions() -> None:
    processor = (
        DefaultToolExecutionExceptionProcessor.builder()
        .always_throw(False)
        .rethrow_exceptions([LookupError])
        .build()
    )
    result = processor.process(_wrapped(RuntimeError("This exception was not rethrown")))
    assert result == "This exception was not rethrown"


def test_process_throws_checked_exception() -> None:
    """The port's contract: a plain ``Exception`` is text for the model like any other."""
    processor = DefaultToolExecutionExceptionProcessor.builder().build()
    assert processor.process(_wrapped(TOOL_CHECKED_EXCEPTION)) == "Checked exception"


def test_process_throws_error() -> None:
    processor = DefaultToolExecutionExceptionProcessor.builder().build()
    error = _wrapped(TOOL_ERROR)
    with pytest.raises(ToolExecutionException, match=r"^'?Error'?$") as raised:
        processor.process(error)
    assert raised.value is error
    assert isinstance(raised.value.__cause__, KeyboardInterrupt)
    assert raised.value.get_tool_definition() == TOOL_DEFINITION


# -- the port's own tests ------------------------------------------------------------


def test_tool_execution_exception_message_is_the_cause_message() -> None:
    error = _wrapped(ValueError("bad value"))
    assert str(error) == "bad value" == error.get_message()
    assert isinstance(error.get_cause(), ValueError)


def test_process_rejects_none() -> None:
    with pytest.raises(ValueError, match="exception cannot be null"):
        DefaultToolExecutionExceptionProcessor().process(None)  # type: ignore[arg-type]
