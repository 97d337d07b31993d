"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.observation.DefaultToolCallingObservationConventionTests`:
8 tests ported, 0 skipped.

Micrometer key values are OpenTelemetry attributes (PORTING §6): the low-cardinality keys
are ``spring.ai.tool.definition.name``, ``gen_ai.operation.name``, ``gen_ai.system``
(Spring's ``AI_PROVIDER``), ``spring.ai.kind`` and ``spring.ai.tool.type``. Micrometer's
plain ``Observation.Context`` is any other object.
"""

from __future__ import annotations

from spring_ai_py.tool.definition import ToolDefinition
from spring_ai_py.tool.observation import (
    DefaultToolCallingObservationConvention,
    ToolCallingObservationContext,
)

convention = DefaultToolCallingObservationConvention()


def _context(
    name: str = "toolA", description: str = "description", arguments: str = "input", **more: str
) -> ToolCallingObservationContext:
    """A context built as Spring's tests build it; ``more`` sets further builder fields."""
    definition = (
        ToolDefinition.builder().name(name).description(description).input_schema("{}").build()
    )
    builder = (
        ToolCallingObservationContext.builder()
        .tool_definition(definition)
        .tool_call_arguments(arguments)
    )
    for setter, value in more.items():
        getattr(builder, setter)(value)
    return builder.build()


def test_should_have_name() -> None:
    assert (
        convention.get_name()
        == DefaultToolCallingObservationConvention.DEFAULT_NAME
        == "spring.ai.tool"
    )


def test_contextual_name() -> None:
    assert convention.get_contextual_name(_context()) == "execute_tool toolA"


def test_supports_only_chat_model_observation_context() -> None:
    assert convention.supports_context(_context()) is True
    assert convention.supports_context(object()) is False


def test_should_have_low_cardinality_key_values() -> None:
    context = _context(tool_type="function")
    values = convention.get_low_cardinality_key_values(context)
    assert values["spring.ai.tool.definition.name"] == "toolA"
    assert values["gen_ai.operation.name"] == "execute_tool"
    assert values["gen_ai.system"] == "spring_ai"
    assert values["spring.ai.kind"] == "tool_call"
    assert values["spring.ai.tool.type"] == "function"


def test_should_have_high_cardinality_key_values() -> None:
    context = _context(
        arguments='{\n\t"lizard": "George"\n}\n',
        tool_type="function",
        tool_call_id="call_abc123",
        tool_call_result="Mission accomplished!",
    )
    values = convention.get_high_cardinality_key_values(context)
    assert values["spring.ai.tool.definition.description"] == "description"
    assert values["spring.ai.tool.definition.schema"] == "{}"
    assert values["spring.ai.tool.call.id"] == "call_abc123"
    # Arguments and result stay off unless opted in (Spring's content observation filter).
    assert "spring.ai.tool.call.arguments" not in values
    assert convention.get_result_key_values(context) == {}


def test_should_have_all_standard_low_cardinality_keys() -> None:
    keys = set(convention.get_low_cardinality_key_values(_context("tool", "Tool", "args")))
    assert {
        "spring.ai.tool.definition.name",
        "gen_ai.operation.name",
        "gen_ai.system",
        "spring.ai.kind",
        "spring.ai.tool.type",
    } <= keys


def test_should_handle_null_context() -> None:
    assert convention.supports_context(None) is False


def test_should_be_consistent_across_multiple_calls() -> None:
    context = _context("consistentTool", "Consistent description", "args")
    assert convention.get_contextual_name(context) == convention.get_contextual_name(context)
    assert convention.get_low_cardinality_key_values(
        context
    ) == convention.get_low_cardinality_key_values(context)
