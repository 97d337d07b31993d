"""Port of Spring AI 2.0.1 `org.springframework.ai.mcp.annotation.provider.tool.AsyncMcpToolProviderTests`:
32 tests ported, 0 skipped.

Java's ``Mono`` methods are ``async def`` methods here and ``Flux`` methods async
generators (answering with their first item, as Spring does); plain methods are left
to ``SyncMcpToolProvider``. Handlers are awaited instead of ``StepVerifier``-checked."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import mcp_types as types
import pydantic
import pytest

from spring_ai_py.mcp import AsyncToolSpecification
from spring_ai_py.mcp.annotation import AsyncMcpToolProvider, McpAnnotations, McpTool

EXCHANGE = object()


class Message(pydantic.BaseModel):
    message: str


class ComplexResult(pydantic.BaseModel):
    message: str
    count: int
    success: bool


def request(tool_name: str, /, **arguments: Any) -> types.CallToolRequestParams:
    return types.CallToolRequestParams(name=tool_name, arguments=arguments)


def specs(*tool_objects: object) -> list[AsyncToolSpecification]:
    return AsyncMcpToolProvider(list(tool_objects)).get_tool_specifications()


def call(spec: AsyncToolSpecification, tool_name: str, /, **arguments: Any) -> types.CallToolResult:
    return asyncio.run(asyncio.wait_for(spec.call_handler(EXCHANGE, request(tool_name, **arguments)), 10))


def text_of(result: types.CallToolResult) -> str:
    assert result.is_error is False
    assert len(result.content) == 1
    content = result.content[0]
    assert isinstance(content, types.TextContent)
    return content.text


def test_constructor_with_null_tool_objects() -> None:
    with pytest.raises(ValueError, match="tool_objects cannot be null"):
        AsyncMcpToolProvider(None)  # type: ignore[arg-type]


def test_get_tool_specifications_with_single_valid_tool() -> None:
    class SingleValidTool:
        @McpTool(name="test-tool", description="A test tool")
        async def test_tool(self, input: str) -> str:
            return "Processed: " + input

    (spec,) = specs(SingleValidTool())
    assert spec.tool.name == "test-tool"
    assert spec.tool.description == "A test tool"
    assert spec.tool.input_schema is not None
    assert text_of(call(spec, "test-tool", input="hello")) == "Processed: hello"


def test_get_tool_specifications_with_custom_tool_name() -> None:
    class CustomNameTool:
        @McpTool(name="custom-name", description="Custom named tool")
        async def method_with_different_name(self, input: str) -> str:
            return "Custom: " + input

    (spec,) = specs(CustomNameTool())
    assert (spec.tool.name, spec.tool.description) == ("custom-name", "Custom named tool")


def test_get_tool_specifications_with_default_tool_name() -> None:
    class DefaultNameTool:
        @McpTool(description="Tool with default name")
        async def default_name_method(self, input: str) -> str:
            return "Default: " + input

    (spec,) = specs(DefaultNameTool())
    assert (spec.tool.name, spec.tool.description) == ("default_name_method", "Tool with default name")


def test_get_tool_specifications_with_empty_tool_name() -> None:
    class EmptyNameTool:
        @McpTool(name="", description="Tool with empty name")
        async def empty_name_method(self, input: str) -> str:
            return "Empty: " + input

    (spec,) = specs(EmptyNameTool())
    assert (spec.tool.name, spec.tool.description) == ("empty_name_method", "Tool with empty name")


def test_get_tool_specifications_filters_out_sync_return_types() -> None:
    class MixedReturnTool:
        @McpTool(name="sync-tool", description="Synchronous tool")
        def sync_tool(self, input: str) -> str:
            return "Sync: " + input

        @McpTool(name="async-tool", description="Asynchronous tool")
        async def async_tool(self, input: str) -> str:
            return "Async: " + input

    (spec,) = specs(MixedReturnTool())
    assert (spec.tool.name, spec.tool.description) == ("async-tool", "Asynchronous tool")


def test_get_tool_specifications_with_flux_return_type() -> None:
    class FluxReturnTool:
        @McpTool(name="flux-tool", description="Tool returning Flux")
        async def flux_tool(self, input: str) -> AsyncIterator[str]:
            yield "First: " + input
            yield "Second: " + input

        @McpTool(name="mono-tool", description="Tool returning Mono")
        async def mono_tool(self, input: str) -> str:
            return "Mono: " + input

    assert sorted(s.tool.name for s in specs(FluxReturnTool())) == ["flux-tool", "mono-tool"]


def test_get_tool_specifications_with_multiple_tool_methods() -> None:
    class MultipleToolMethods:
        @McpTool(name="tool1", description="First tool")
        async def first_tool(self, input: str) -> str:
            return "First: " + input

        @McpTool(name="tool2", description="Second tool")
        async def second_tool(self, input: str) -> str:
            return "Second: " + input

    assert sorted(s.tool.name for s in specs(MultipleToolMethods())) == ["tool1", "tool2"]


def test_get_tool_specifications_with_multiple_tool_objects() -> None:
    class FirstToolObject:
        @McpTool(name="first-tool", description="First tool")
        async def first_tool(self, input: str) -> str:
            return "First: " + input

    class SecondToolObject:
        @McpTool(name="second-tool", description="Second tool")
        async def second_tool(self, input: str) -> str:
            return "Second: " + input

    found = specs(FirstToolObject(), SecondToolObject())
    assert sorted(s.tool.name for s in found) == ["first-tool", "second-tool"]


def test_get_tool_specifications_with_mixed_methods() -> None:
    class MixedMethods:
        @McpTool(name="valid-tool", description="Valid async tool")
        async def valid_tool(self, input: str) -> str:
            return "Valid: " + input

        def non_annotated_method(self, input: str) -> str:
            return "Non-annotated: " + input

        @McpTool(name="sync-tool", description="Sync tool")
        def sync_tool(self, input: str) -> str:
            return "Sync: " + input

    (spec,) = specs(MixedMethods())
    assert (spec.tool.name, spec.tool.description) == ("valid-tool", "Valid async tool")


def test_get_tool_specifications_with_complex_parameters() -> None:
    class ComplexParameterTool:
        @McpTool(name="complex-tool", description="Tool with complex parameters")
        async def complex_tool(self, name: str, age: int, active: bool, tags: list[str]) -> str:
            return f"Name: {name}, Age: {age}, Active: {str(active).lower()}, Tags: {','.join(tags)}"

    (spec,) = specs(ComplexParameterTool())
    assert spec.tool.name == "complex-tool"
    result = call(spec, "complex-tool", name="John", age=30, active=True, tags=["tag1", "tag2"])
    assert text_of(result) == "Name: John, Age: 30, Active: true, Tags: tag1,tag2"


def test_get_tool_specifications_with_no_parameters() -> None:
    class NoParameterTool:
        @McpTool(name="no-param-tool", description="Tool with no parameters")
        async def no_param_tool(self) -> str:
            return "No parameters needed"

    (spec,) = specs(NoParameterTool())
    assert text_of(call(spec, "no-param-tool")) == "No parameters needed"


def test_get_tool_specifications_with_call_tool_result_return() -> None:
    class CallToolResultTool:
        @McpTool(name="result-tool", description="Tool returning Mono<CallToolResult>")
        async def result_tool(self, message: str) -> types.CallToolResult:
            return types.CallToolResult(content=[types.TextContent(type="text", text="Result: " + message)])

    (spec,) = specs(CallToolResultTool())
    assert spec.tool.description == "Tool returning Mono<CallToolResult>"
    assert text_of(call(spec, "result-tool", message="test")) == "Result: test"


def test_get_tool_specifications_with_mono_void_return() -> None:
    """``Done`` unquoted, as the port's tools answer (Spring sends the JSON string)."""

    class MonoVoidTool:
        @McpTool(name="void-tool", description="Tool returning Mono<Void>")
        async def void_tool(self, input: str) -> None:
            return None

    (spec,) = specs(MonoVoidTool())
    assert spec.tool.description == "Tool returning Mono<Void>"
    assert text_of(call(spec, "void-tool", input="test")) == "Done"


def test_get_tool_specifications_with_private_method() -> None:
    class PrivateMethodTool:
        @McpTool(name="private-tool", description="Private tool method")
        async def _private_tool(self, input: str) -> str:
            return "Private: " + input

    (spec,) = specs(PrivateMethodTool())
    assert spec.tool.name == "private-tool"
    assert text_of(call(spec, "private-tool", input="test")) == "Private: test"


def test_get_tool_specifications_json_schema_generation() -> None:
    class SchemaTestTool:
        @McpTool(name="schema-tool", description="Tool for schema testing")
        async def schema_tool(self, required_param: str, optional_param: int | None = None) -> str:
            return f"Schema test: {required_param}, {optional_param}"

    (spec,) = specs(SchemaTestTool())
    schema = json.dumps(spec.tool.input_schema)
    assert "required_param" in schema
    assert "optional_param" in schema


def test_get_tool_specifications_with_flux_handling() -> None:
    class FluxHandlingTool:
        @McpTool(name="flux-handling-tool", description="Tool that handles Flux properly")
        async def flux_handling_tool(self, input: str) -> AsyncIterator[str]:
            for index in (1, 2, 3):
                yield f"Item{index}: {input}"

    (spec,) = specs(FluxHandlingTool())
    assert spec.tool.name == "flux-handling-tool"
    assert "test" in text_of(call(spec, "flux-handling-tool", input="test"))


def test_tool_with_title() -> None:
    class TitleTool:
        @McpTool(name="title-tool", description="Tool with title", title="Custom Title")
        async def title_tool(self, input: str) -> str:
            return "Title: " + input

    (spec,) = specs(TitleTool())
    assert spec.tool.title == "Custom Title"


def test_tool_title_precedence() -> None:
    class TitlePrecedenceTool:
        @McpTool(name="precedence-tool", description="Tool with title precedence", title="Title Attribute",
                 annotations=McpAnnotations(title="Annotations Title"))
        async def precedence_tool(self, input: str) -> str:
            return "Precedence: " + input

    (spec,) = specs(TitlePrecedenceTool())
    assert spec.tool.title == "Title Attribute"


def test_tool_annotations_title_used_when_no_title_attribute() -> None:
    class AnnotationsTitleTool:
        @McpTool(name="annotations-title-tool", description="Tool with only annotations title",
                 annotations=McpAnnotations(title="Annotations Title Only"))
        async def annotations_title_tool(self, input: str) -> str:
            return "Annotations title: " + input

    (spec,) = specs(AnnotationsTitleTool())
    assert spec.tool.title == "Annotations Title Only"


def test_tool_without_title_uses_name() -> None:
    class NoTitleTool:
        @McpTool(name="no-title-tool", description="Tool without title")
        async def no_title_tool(self, input: str) -> str:
            return "No title: " + input

    (spec,) = specs(NoTitleTool())
    assert spec.tool.title == "no-title-tool"


def test_tool_with_annotations() -> None:
    class AnnotatedTool:
        @McpTool(name="annotated-tool", description="Tool with annotations",
                 annotations=McpAnnotations(title="Annotated Tool", read_only_hint=True, destructive_hint=False,
                                            idempotent_hint=True, open_world_hint=False))
        async def annotated_tool(self, input: str) -> str:
            return "Annotated: " + input

    (spec,) = specs(AnnotatedTool())
    annotations = spec.tool.annotations
    assert annotations is not None
    assert (annotations.title, annotations.read_only_hint, annotations.destructive_hint) == (
        "Annotated Tool", True, False,
    )
    assert (annotations.idempotent_hint, annotations.open_world_hint) == (True, False)


def test_tool_with_default_annotations() -> None:
    class DefaultAnnotationsTool:
        @McpTool(name="default-annotations-tool", description="Tool with default annotations")
        async def default_annotations_tool(self, input: str) -> str:
            return "Default annotations: " + input

    (spec,) = specs(DefaultAnnotationsTool())
    annotations = spec.tool.annotations
    assert annotations is not None
    assert (annotations.read_only_hint, annotations.destructive_hint) == (False, True)
    assert (annotations.idempotent_hint, annotations.open_world_hint) == (False, True)


def test_tool_with_call_tool_request_parameter() -> None:
    class CallToolRequestParamTool:
        @McpTool(name="request-param-tool", description="Tool with CallToolRequest parameter")
        async def request_param_tool(self, request: types.CallToolRequestParams, additional_param: str) -> str:
            return f"Request tool: {request.name}, param: {additional_param}"

    (spec,) = specs(CallToolRequestParamTool())
    assert list(spec.tool.input_schema["properties"]) == ["additional_param"]
    result = call(spec, "request-param-tool", additional_param="x")
    assert text_of(result) == "Request tool: request-param-tool, param: x"


def test_tool_with_only_call_tool_request_parameter() -> None:
    class OnlyCallToolRequestTool:
        @McpTool(name="only-request-tool", description="Tool with only CallToolRequest parameter")
        async def only_request_tool(self, request: types.CallToolRequestParams) -> str:
            return "Only request tool: " + request.name

    (spec,) = specs(OnlyCallToolRequestTool())
    assert spec.tool.input_schema["properties"] == {}
    assert text_of(call(spec, "only-request-tool")) == "Only request tool: only-request-tool"


def test_tool_with_void_return_type() -> None:
    class VoidTool:
        @McpTool(name="void-tool", description="Tool with void return", generate_output_schema=True)
        async def void_tool(self, input: str) -> None:
            return None

    (spec,) = specs(VoidTool())
    assert spec.tool.output_schema is None
    assert text_of(call(spec, "void-tool", input="test")) == "Done"


def test_tool_with_primitive_return_type_no_output_schema() -> None:
    class PrimitiveTool:
        @McpTool(name="primitive-tool", description="Tool with primitive return", generate_output_schema=True)
        async def primitive_tool(self, input: str) -> int:
            return len(input)

    (spec,) = specs(PrimitiveTool())
    assert spec.tool.output_schema is None


def test_tool_with_string_return_type_no_output_schema() -> None:
    class StringTool:
        @McpTool(name="string-tool", description="Tool with String return", generate_output_schema=True)
        async def string_tool(self, input: str) -> str:
            return "Result: " + input

    (spec,) = specs(StringTool())
    assert spec.tool.output_schema is None


def test_tool_with_disabled_output_schema_generation() -> None:
    class NoOutputSchemaTool:
        @McpTool(name="no-output-schema-tool", description="Tool without output schema",
                 generate_output_schema=False)
        async def no_output_schema_tool(self, input: str) -> Message:
            return Message(message="Processed: " + input)

    (spec,) = specs(NoOutputSchemaTool())
    assert spec.tool.output_schema is None


def test_tool_with_list_return_type() -> None:
    class ListResponseTool:
        @McpTool(name="list-response", description="Tool List response")
        async def list_response_tool(self, input: str) -> list[Message]:
            return [Message(message="Processed: " + input)]

    (spec,) = specs(ListResponseTool())
    assert spec.tool.output_schema is None
    assert json.loads(text_of(call(spec, "list-response", input="test"))) == [{"message": "Processed: test"}]


def test_tool_with_flux_return_type() -> None:
    class ListResponseTool:
        @McpTool(name="flux-list-response", description="Tool Flux response")
        async def list_response_tool(self, input: str) -> AsyncIterator[Message]:
            for index in (1, 2, 3):
                yield Message(message=f"Processed: {input} - Item {index}")

    (spec,) = specs(ListResponseTool())
    assert spec.tool.output_schema is None
    assert "Processed: test - Item 1" in text_of(call(spec, "flux-list-response", input="test"))


def test_get_tool_specifications_with_output_schema_generation() -> None:
    class OutputSchemaTestTool:
        @McpTool(name="output-schema-tool", description="Tool for output schema testing",
                 generate_output_schema=True)
        async def output_schema_tool(self, input: str) -> ComplexResult:
            return ComplexResult(message=input, count=42, success=True)

    (spec,) = specs(OutputSchemaTestTool())
    assert spec.tool.description == "Tool for output schema testing"
    schema = spec.tool.output_schema
    assert schema is not None
    assert sorted(schema["properties"]) == ["count", "message", "success"]
    result = call(spec, "output-schema-tool", input="hi")
    assert result.structured_content == {"message": "hi", "count": 42, "success": True}
