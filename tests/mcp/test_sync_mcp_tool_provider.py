"""Port of Spring AI 2.0.1 `org.springframework.ai.mcp.annotation.provider.tool.SyncMcpToolProviderTests`:
31 tests ported, 0 skipped.

Java's ``Mono``-returning methods are ``async def`` methods here (the sync provider
leaves both out); ``CallToolRequest`` is the SDK's ``CallToolRequestParams``; a Java
record result is a pydantic model; the exchange is any object the server passes."""

from __future__ import annotations

import json
from typing import Annotated, Any

import mcp_types as types
import pydantic
import pytest

from spring_ai_py.mcp import SyncToolSpecification
from spring_ai_py.mcp.annotation import McpAnnotations, McpTool, MetaProvider, SyncMcpToolProvider

EXCHANGE = object()


def request(tool_name: str, /, **arguments: Any) -> types.CallToolRequestParams:
    return types.CallToolRequestParams(name=tool_name, arguments=arguments)


def specs(*tool_objects: object) -> list[SyncToolSpecification]:
    return SyncMcpToolProvider(list(tool_objects)).get_tool_specifications()


def text_of(result: types.CallToolResult) -> str:
    assert len(result.content) == 1
    content = result.content[0]
    assert isinstance(content, types.TextContent)
    return content.text


def test_constructor_with_null_tool_objects() -> None:
    with pytest.raises(ValueError, match="tool_objects cannot be null"):
        SyncMcpToolProvider(None)  # type: ignore[arg-type]


def test_get_tool_specifications_with_single_valid_tool() -> None:
    class SingleValidTool:
        @McpTool(name="test-tool", description="A test tool")
        def test_tool(self, input: str) -> str:
            return "Processed: " + input

    (spec,) = specs(SingleValidTool())
    assert spec.tool.name == "test-tool"
    assert spec.tool.description == "A test tool"
    assert spec.tool.input_schema is not None
    result = spec.call_handler(EXCHANGE, request("test-tool", input="hello"))
    assert result.is_error is False
    assert text_of(result) == "Processed: hello"


def test_get_tool_specifications_with_custom_tool_name() -> None:
    class CustomNameTool:
        @McpTool(name="custom-name", description="Custom named tool")
        def method_with_different_name(self, input: str) -> str:
            return "Custom: " + input

    (spec,) = specs(CustomNameTool())
    assert spec.tool.name == "custom-name"
    assert spec.tool.description == "Custom named tool"


def test_get_tool_specifications_with_default_tool_name() -> None:
    class DefaultNameTool:
        @McpTool(description="Tool with default name")
        def default_name_method(self, input: str) -> str:
            return "Default: " + input

    (spec,) = specs(DefaultNameTool())
    assert spec.tool.name == "default_name_method"
    assert spec.tool.description == "Tool with default name"


def test_get_tool_specifications_with_empty_tool_name() -> None:
    class EmptyNameTool:
        @McpTool(name="", description="Tool with empty name")
        def empty_name_method(self, input: str) -> str:
            return "Empty: " + input

    (spec,) = specs(EmptyNameTool())
    assert spec.tool.name == "empty_name_method"
    assert spec.tool.description == "Tool with empty name"


def test_get_tool_specifications_filters_out_mono_return_types() -> None:
    class MonoReturnTool:
        @McpTool(name="mono-tool", description="Tool returning Mono")
        async def mono_tool(self, input: str) -> str:
            return "Mono: " + input

        @McpTool(name="sync-tool", description="Synchronous tool")
        def sync_tool(self, input: str) -> str:
            return "Sync: " + input

    (spec,) = specs(MonoReturnTool())
    assert spec.tool.name == "sync-tool"
    assert spec.tool.description == "Synchronous tool"


def test_get_tool_specifications_with_multiple_tool_methods() -> None:
    class MultipleToolMethods:
        @McpTool(name="tool1", description="First tool")
        def first_tool(self, input: str) -> str:
            return "First: " + input

        @McpTool(name="tool2", description="Second tool")
        def second_tool(self, input: str) -> str:
            return "Second: " + input

    found = specs(MultipleToolMethods())
    assert sorted(s.tool.name for s in found) == ["tool1", "tool2"]


def test_get_tool_specifications_with_multiple_tool_objects() -> None:
    class FirstToolObject:
        @McpTool(name="first-tool", description="First tool")
        def first_tool(self, input: str) -> str:
            return "First: " + input

    class SecondToolObject:
        @McpTool(name="second-tool", description="Second tool")
        def second_tool(self, input: str) -> str:
            return "Second: " + input

    found = specs(FirstToolObject(), SecondToolObject())
    assert sorted(s.tool.name for s in found) == ["first-tool", "second-tool"]


def test_get_tool_specifications_with_mixed_methods() -> None:
    class MixedMethods:
        @McpTool(name="valid-tool", description="Valid tool")
        def valid_tool(self, input: str) -> str:
            return "Valid: " + input

        def non_annotated_method(self, input: str) -> str:
            return "Non-annotated: " + input

        @McpTool(name="mono-tool", description="Mono tool")
        async def mono_tool(self, input: str) -> str:
            return "Mono: " + input

    (spec,) = specs(MixedMethods())
    assert spec.tool.name == "valid-tool"
    assert spec.tool.description == "Valid tool"


def test_get_tool_specifications_with_complex_parameters() -> None:
    class ComplexParameterTool:
        @McpTool(name="complex-tool", description="Tool with complex parameters")
        def complex_tool(self, name: str, age: int, active: bool, tags: list[str]) -> str:
            return f"Name: {name}, Age: {age}, Active: {str(active).lower()}, Tags: {','.join(tags)}"

    (spec,) = specs(ComplexParameterTool())
    assert spec.tool.name == "complex-tool"
    assert spec.tool.description == "Tool with complex parameters"
    assert spec.tool.input_schema["required"] == ["name", "age", "active", "tags"]
    result = spec.call_handler(
        EXCHANGE, request("complex-tool", name="John", age=30, active=True, tags=["tag1", "tag2"])
    )
    assert result.is_error is False
    assert text_of(result) == "Name: John, Age: 30, Active: true, Tags: tag1,tag2"


def test_get_tool_specifications_with_no_parameters() -> None:
    class NoParameterTool:
        @McpTool(name="no-param-tool", description="Tool with no parameters")
        def no_param_tool(self) -> str:
            return "No parameters needed"

    (spec,) = specs(NoParameterTool())
    assert spec.tool.name == "no-param-tool"
    result = spec.call_handler(EXCHANGE, request("no-param-tool"))
    assert result.is_error is False
    assert text_of(result) == "No parameters needed"


def test_get_tool_specifications_with_call_tool_result_return() -> None:
    class CallToolResultTool:
        @McpTool(name="result-tool", description="Tool returning CallToolResult")
        def result_tool(self, message: str) -> types.CallToolResult:
            return types.CallToolResult(content=[types.TextContent(type="text", text="Result: " + message)])

    (spec,) = specs(CallToolResultTool())
    assert spec.tool.name == "result-tool"
    result = spec.call_handler(EXCHANGE, request("result-tool", message="test"))
    assert result.is_error is False
    assert text_of(result) == "Result: test"


def test_get_tool_specifications_with_private_method() -> None:
    class PrivateMethodTool:
        @McpTool(name="private-tool", description="Private tool method")
        def _private_tool(self, input: str) -> str:
            return "Private: " + input

    (spec,) = specs(PrivateMethodTool())
    assert spec.tool.name == "private-tool"
    result = spec.call_handler(EXCHANGE, request("private-tool", input="test"))
    assert result.is_error is False
    assert text_of(result) == "Private: test"


def test_get_tool_specifications_json_schema_generation() -> None:
    class SchemaTestTool:
        @McpTool(name="schema-tool", description="Tool for schema testing")
        def schema_tool(self, required_param: str, optional_param: int | None = None) -> str:
            return f"Schema test: {required_param}, {optional_param}"

    (spec,) = specs(SchemaTestTool())
    schema = json.dumps(spec.tool.input_schema)
    assert "required_param" in schema
    assert "optional_param" in schema
    assert spec.tool.input_schema["required"] == ["required_param"]


def test_tool_with_title() -> None:
    class TitleTool:
        @McpTool(name="title-tool", description="Tool with title", title="Custom Title")
        def title_tool(self, input: str) -> str:
            return "Title: " + input

    (spec,) = specs(TitleTool())
    assert spec.tool.name == "title-tool"
    assert spec.tool.title == "Custom Title"


def test_tool_title_precedence() -> None:
    class TitlePrecedenceTool:
        @McpTool(name="precedence-tool", description="Tool with title precedence", title="Title Attribute",
                 annotations=McpAnnotations(title="Annotations Title"))
        def precedence_tool(self, input: str) -> str:
            return "Precedence: " + input

    (spec,) = specs(TitlePrecedenceTool())
    assert spec.tool.title == "Title Attribute"


def test_tool_annotations_title_used_when_no_title_attribute() -> None:
    class AnnotationsTitleTool:
        @McpTool(name="annotations-title-tool", description="Tool with only annotations title",
                 annotations=McpAnnotations(title="Annotations Title Only"))
        def annotations_title_tool(self, input: str) -> str:
            return "Annotations title: " + input

    (spec,) = specs(AnnotationsTitleTool())
    assert spec.tool.title == "Annotations Title Only"


def test_tool_without_title_uses_name() -> None:
    class NoTitleTool:
        @McpTool(name="no-title-tool", description="Tool without title")
        def no_title_tool(self, input: str) -> str:
            return "No title: " + input

    (spec,) = specs(NoTitleTool())
    assert spec.tool.title == "no-title-tool"


def test_tool_with_annotations() -> None:
    class AnnotatedTool:
        @McpTool(name="annotated-tool", description="Tool with annotations",
                 annotations=McpAnnotations(title="Annotated Tool", read_only_hint=True, destructive_hint=False,
                                            idempotent_hint=True, open_world_hint=False))
        def annotated_tool(self, input: str) -> str:
            return "Annotated: " + input

    (spec,) = specs(AnnotatedTool())
    assert spec.tool.name == "annotated-tool"
    assert spec.tool.title == "Annotated Tool"
    annotations = spec.tool.annotations
    assert annotations is not None
    assert annotations.title == "Annotated Tool"
    assert annotations.read_only_hint is True
    assert annotations.destructive_hint is False
    assert annotations.idempotent_hint is True
    assert annotations.open_world_hint is False


def test_tool_with_default_annotations() -> None:
    class DefaultAnnotationsTool:
        @McpTool(name="default-annotations-tool", description="Tool with default annotations")
        def default_annotations_tool(self, input: str) -> str:
            return "Default annotations: " + input

    (spec,) = specs(DefaultAnnotationsTool())
    annotations = spec.tool.annotations
    assert annotations is not None
    assert annotations.read_only_hint is False
    assert annotations.destructive_hint is True
    assert annotations.idempotent_hint is False
    assert annotations.open_world_hint is True


class Message(pydantic.BaseModel):
    message: str


class CustomResult(pydantic.BaseModel):
    message: Annotated[str | None, pydantic.Field(description="customResultMessage")] = None
    count: int


def test_tool_with_output_schema_generation() -> None:
    """The schema is pydantic's, in the port's JSON-schema conventions (Spring prints
    its generator's map; ``count`` has no ``format: int32`` here)."""

    class OutputSchemaTool:
        @McpTool(name="output-schema-tool", description="Tool with output schema", generate_output_schema=True)
        def output_schema_tool(self, input: str) -> list[CustomResult]:
            return [CustomResult(message="Processed: " + input, count=len(input))]

    (spec,) = specs(OutputSchemaTool())
    assert spec.tool.name == "output-schema-tool"
    schema = spec.tool.output_schema
    assert schema is not None
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["type"] == "array"
    items = schema["items"]
    assert items["type"] == "object"
    assert items["required"] == ["count"]
    assert items["properties"]["count"] == {"type": "integer"}
    assert items["properties"]["message"]["description"] == "customResultMessage"


def test_tool_with_disabled_output_schema_generation() -> None:
    class NoOutputSchemaTool:
        @McpTool(name="no-output-schema-tool", description="Tool without output schema",
                 generate_output_schema=False)
        def no_output_schema_tool(self, input: str) -> CustomResult:
            return CustomResult(message="Processed: " + input, count=1)

    (spec,) = specs(NoOutputSchemaTool())
    assert spec.tool.name == "no-output-schema-tool"
    assert spec.tool.output_schema is None


def test_tool_with_list_return_type() -> None:
    class ListResponseTool:
        @McpTool(name="list-response", description="Tool List response")
        def list_response_tool(self, input: str) -> list[Message]:
            return [Message(message="Processed: " + input)]

    (spec,) = specs(ListResponseTool())
    assert spec.tool.output_schema is None
    result = spec.call_handler(EXCHANGE, request("list-response", input="test"))
    assert result.is_error is False
    assert json.loads(text_of(result)) == [{"message": "Processed: test"}]


def test_tool_with_structured_list_return_type() -> None:
    class ListResponseTool:
        @McpTool(name="list-response", description="Tool List response", generate_output_schema=True)
        def list_response_tool(self, input: str) -> list[Message]:
            return [Message(message="Processed: " + input)]

    (spec,) = specs(ListResponseTool())
    assert spec.tool.output_schema is not None
    result = spec.call_handler(EXCHANGE, request("list-response", input="test"))
    assert result.is_error is False
    assert isinstance(result.structured_content, list)
    assert result.structured_content == [{"message": "Processed: test"}]


def test_tool_with_primitive_return_type_no_output_schema() -> None:
    class PrimitiveTool:
        @McpTool(name="primitive-tool", description="Tool with primitive return", generate_output_schema=True)
        def primitive_tool(self, input: str) -> int:
            return len(input)

    (spec,) = specs(PrimitiveTool())
    assert spec.tool.name == "primitive-tool"
    assert spec.tool.output_schema is None


def test_tool_with_void_return_type_no_output_schema() -> None:
    """A tool declared ``-> None`` answers ``Done`` (unquoted, as the port's tools do;
    Spring sends the JSON string ``"Done"``)."""

    class VoidTool:
        @McpTool(name="void-tool", description="Tool with void return", generate_output_schema=True)
        def void_tool(self, input: str) -> None:
            pass

    (spec,) = specs(VoidTool())
    assert spec.tool.name == "void-tool"
    assert spec.tool.output_schema is None
    assert text_of(spec.call_handler(EXCHANGE, request("void-tool", input="x"))) == "Done"


def test_tool_with_string_return_type_no_output_schema() -> None:
    class StringTool:
        @McpTool(name="string-tool", description="Tool with String return", generate_output_schema=True)
        def string_tool(self, input: str) -> str:
            return "Result: " + input

    (spec,) = specs(StringTool())
    assert spec.tool.name == "string-tool"
    assert spec.tool.output_schema is None


class UiMetaProvider(MetaProvider):
    def get_meta(self) -> dict[str, Any]:
        return {
            "ui": {"resourceUri": "ui://test/view.html", "visibility": ["model", "app"]},
            "ui/resourceUri": "ui://test/view.html",
        }


def test_tool_with_meta() -> None:
    class MetaTool:
        @McpTool(name="ui-tool", description="Tool with meta", meta_provider=UiMetaProvider)
        def ui_tool(self, input: str) -> str:
            return "result: " + input

    (spec,) = specs(MetaTool())
    assert spec.tool.name == "ui-tool"
    meta = spec.tool.meta
    assert meta is not None
    assert meta["ui/resourceUri"] == "ui://test/view.html"
    assert meta["ui"]["resourceUri"] == "ui://test/view.html"


def test_tool_with_empty_meta() -> None:
    class NoMetaTool:
        @McpTool(name="plain-tool", description="Tool without meta")
        def plain_tool(self, input: str) -> str:
            return "result: " + input

    (spec,) = specs(NoMetaTool())
    assert spec.tool.meta is None


def test_tool_with_call_tool_request_parameter() -> None:
    class CallToolRequestParamTool:
        @McpTool(name="request-param-tool", description="Tool with CallToolRequest parameter")
        def request_param_tool(self, request: types.CallToolRequestParams, additional_param: str) -> str:
            return f"Request tool: {request.name}, param: {additional_param}"

    (spec,) = specs(CallToolRequestParamTool())
    assert spec.tool.name == "request-param-tool"
    assert list(spec.tool.input_schema["properties"]) == ["additional_param"]
    result = spec.call_handler(EXCHANGE, request("request-param-tool", additional_param="x"))
    assert text_of(result) == "Request tool: request-param-tool, param: x"


def test_tool_with_only_call_tool_request_parameter() -> None:
    class OnlyCallToolRequestTool:
        @McpTool(name="only-request-tool", description="Tool with only CallToolRequest parameter")
        def only_request_tool(self, request: types.CallToolRequestParams) -> str:
            return "Only request tool: " + request.name

    (spec,) = specs(OnlyCallToolRequestTool())
    assert spec.tool.name == "only-request-tool"
    assert spec.tool.input_schema["properties"] == {}
    assert text_of(spec.call_handler(EXCHANGE, request("only-request-tool"))) == "Only request tool: only-request-tool"
