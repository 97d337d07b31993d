"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.observation.ToolCallingObservationContextTests`:
15 tests ported, 0 skipped.
"""

from __future__ import annotations

import pytest

from spring_ai_py.tool.definition import ToolDefinition
from spring_ai_py.tool.metadata import ToolMetadata
from spring_ai_py.tool.observation import ToolCallingObservationContext


def _definition() -> ToolDefinition:
    return (
        ToolDefinition.builder().name("toolA").description("description").input_schema("{}").build()
    )


def test_when_mandatory_request_options_then_return() -> None:
    context = ToolCallingObservationContext.builder().tool_definition(_definition()).build()
    assert context.get_tool_definition() == _definition()
    assert context.get_tool_metadata() == ToolMetadata()


def test_when_tool_arguments_is_null_then_return() -> None:
    context = (
        ToolCallingObservationContext.builder()
        .tool_definition(_definition())
        .tool_call_arguments(None)
        .build()
    )
    assert context.get_tool_call_arguments() == "{}"


def test_when_tool_arguments_is_not_null_then_return() -> None:
    context = (
        ToolCallingObservationContext.builder()
        .tool_definition(_definition())
        .tool_call_arguments("lizard")
        .build()
    )
    assert context.get_tool_call_arguments() == "lizard"


def test_when_tool_definition_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="tool_definition cannot be null"):
        ToolCallingObservationContext.builder().tool_call_arguments("lizard").build()


def test_when_tool_metadata_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="tool_metadata cannot be null"):
        (
            ToolCallingObservationContext.builder()
            .tool_definition(_definition())
            .tool_call_arguments("lizard")
            .tool_metadata(None)
            .build()
        )


def test_when_tool_arguments_is_empty_string_then_return_empty_json_object_string() -> None:
    context = (
        ToolCallingObservationContext.builder()
        .tool_definition(_definition())
        .tool_call_arguments("")
        .build()
    )
    assert context.get_tool_call_arguments() == "{}"


def test_when_tool_call_result_is_null_then_return_null() -> None:
    context = (
        ToolCallingObservationContext.builder()
        .tool_definition(_definition())
        .tool_call_result(None)
        .build()
    )
    assert context.get_tool_call_result() is None


def test_when_tool_call_result_is_empty_string_then_return_empty_string() -> None:
    context = (
        ToolCallingObservationContext.builder()
        .tool_definition(_definition())
        .tool_call_result("")
        .build()
    )
    assert context.get_tool_call_result() == ""


def test_when_tool_definition_is_set_then_get_returns_it() -> None:
    definition = (
        ToolDefinition.builder()
        .name("testTool")
        .description("Test description")
        .input_schema('{"type": "object"}')
        .build()
    )
    context = ToolCallingObservationContext.builder().tool_definition(definition).build()
    assert context.get_tool_definition() is definition
    assert context.get_tool_definition().name == "testTool"
    assert context.get_tool_definition().description == "Test description"
    assert context.get_tool_definition().input_schema == '{"type": "object"}'


def test_when_tool_type_is_null_then_return_default_function() -> None:
    context = ToolCallingObservationContext.builder().tool_definition(_definition()).build()
    assert context.get_tool_type() == "function"


def test_when_tool_type_is_empty_string_then_return_default_function() -> None:
    context = (
        ToolCallingObservationContext.builder().tool_definition(_definition()).tool_type("").build()
    )
    assert context.get_tool_type() == "function"


def test_when_tool_type_is_set_then_return_it() -> None:
    context = (
        ToolCallingObservationContext.builder()
        .tool_definition(_definition())
        .tool_type("mcp")
        .build()
    )
    assert context.get_tool_type() == "mcp"


def test_when_tool_call_id_is_null_then_return_empty() -> None:
    context = ToolCallingObservationContext.builder().tool_definition(_definition()).build()
    assert context.get_tool_call_id() == ""


def test_when_tool_call_id_is_empty_string_then_return_empty() -> None:
    context = (
        ToolCallingObservationContext.builder()
        .tool_definition(_definition())
        .tool_call_id("")
        .build()
    )
    assert context.get_tool_call_id() == ""


def test_when_tool_call_id_is_set_then_return_it() -> None:
    context = (
        ToolCallingObservationContext.builder()
        .tool_definition(_definition())
        .tool_call_id("call_abc123")
        .build()
    )
    assert context.get_tool_call_id() == "call_abc123"
