"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.augment.AugmentedToolCallbackTest`:
13 tests ported, 0 skipped.

Mockito's delegate is a small recording ``ToolCallback``; Java records are dataclasses.
Beyond the Java tests: the async path, the delegate's metadata being kept, and bad input
becoming a ``ToolExecutionException``.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Annotated, Any

import pytest

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.annotation import ToolParam
from spring_ai_py.tool.augment import AugmentedArgumentEvent, AugmentedToolCallback
from spring_ai_py.tool.definition import ToolDefinition
from spring_ai_py.tool.execution import ToolExecutionException
from spring_ai_py.tool.metadata import ToolMetadata


@dataclass
class TestArguments:
    __test__ = False
    name: Annotated[str, ToolParam(description="Test name field", required=True)]
    age: Annotated[int, ToolParam(description="Test age field", required=False)] = 0


@dataclass
class SimpleArguments:
    value: Annotated[str, ToolParam(description="Simple field", required=True)]


class RecordingTool(ToolCallback):
    """Stands in for the mocked delegate: records each call and answers ``result``."""

    def __init__(
        self,
        schema: str,
        name: str = "testTool",
        description: str = "Test tool description",
        result: str = "success",
        metadata: ToolMetadata | None = None,
    ) -> None:
        self.definition = ToolDefinition(name, description, schema)
        self.result = result
        self.metadata = metadata or ToolMetadata()
        self.calls: list[tuple[str, ToolContext | None]] = []

    def get_tool_definition(self) -> ToolDefinition:
        return self.definition

    def get_tool_metadata(self) -> ToolMetadata:
        return self.metadata

    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        self.calls.append((tool_input, tool_context))
        return self.result


ORIGINAL_SCHEMA = json.dumps(
    {"type": "object", "properties": {"originalField": {"type": "string"}}}
)
TOOL_INPUT = '{"originalField": "test", "name": "John", "age": 30}'


def _ignore(_event: AugmentedArgumentEvent[Any]) -> None:
    return None


class TestConstructorTests:
    def test_should_create_callback_with_valid_parameters(self) -> None:
        callback = AugmentedToolCallback(
            RecordingTool(ORIGINAL_SCHEMA), TestArguments, _ignore, False
        )
        definition = callback.get_tool_definition()
        assert definition.name == "testTool"
        assert definition.description == "Test tool description"

    def test_should_throw_exception_for_null_delegate(self) -> None:
        with pytest.raises(ValueError, match="Delegate ToolCallback must not be null"):
            AugmentedToolCallback(None, TestArguments, _ignore, False)  # type: ignore[arg-type]

    def test_should_throw_exception_for_null_argument_class(self) -> None:
        with pytest.raises(ValueError, match="Argument types must not be null"):
            AugmentedToolCallback(RecordingTool("{}"), None, _ignore, False)  # type: ignore[arg-type]

    def test_should_throw_exception_for_non_record_class(self) -> None:
        with pytest.raises(ValueError, match="must be a dataclass or a pydantic model"):
            AugmentedToolCallback(RecordingTool("{}"), str, _ignore, False)

    def test_should_throw_exception_for_record_with_no_fields(self) -> None:
        @dataclass
        class EmptyRecord:
            pass

        with pytest.raises(ValueError, match="Argument types must have at least one field"):
            AugmentedToolCallback(RecordingTool("{}"), EmptyRecord, _ignore, False)


class TestToolDefinitionTests:
    def test_should_augment_tool_definition_schema(self) -> None:
        original = json.dumps(
            {
                "type": "object",
                "properties": {
                    "originalField": {"type": "string", "description": "Original field"}
                },
                "required": ["originalField"],
            }
        )
        callback = AugmentedToolCallback(RecordingTool(original), TestArguments, _ignore, False)
        schema = json.loads(callback.get_tool_definition().input_schema)
        properties = schema["properties"]
        assert "originalField" in properties
        assert properties["name"]["description"] == "Test name field"
        assert properties["age"]["description"] == "Test age field"
        assert schema["required"] == ["originalField", "name"]


class TestCallMethodTests:
    def test_should_call_delegate_with_processed_input(self) -> None:
        delegate = RecordingTool(ORIGINAL_SCHEMA)
        captured: list[AugmentedArgumentEvent[TestArguments]] = []
        callback = AugmentedToolCallback(delegate, TestArguments, captured.append, False)

        assert callback.call(TOOL_INPUT) == "success"

        assert delegate.calls == [(TOOL_INPUT, None)]
        event = captured[0]
        assert event.arguments == TestArguments("John", 30)
        assert event.raw_input == TOOL_INPUT
        assert event.tool_definition is callback.get_tool_definition()

    def test_should_call_delegate_with_context(self) -> None:
        delegate = RecordingTool(ORIGINAL_SCHEMA)
        callback = AugmentedToolCallback(delegate, TestArguments, _ignore, False)
        context = ToolContext({"user": "ada"})

        assert callback.call(TOOL_INPUT, context) == "success"

        assert delegate.calls == [(TOOL_INPUT, context)]

    def test_should_remove_extended_arguments_when_configured(self) -> None:
        delegate = RecordingTool(ORIGINAL_SCHEMA)
        callback = AugmentedToolCallback(delegate, TestArguments, _ignore, True)

        callback.call(TOOL_INPUT)

        assert json.loads(delegate.calls[0][0]) == {"originalField": "test"}

    def test_should_preserve_extended_arguments_when_not_configured_to_remove(self) -> None:
        delegate = RecordingTool(ORIGINAL_SCHEMA)
        callback = AugmentedToolCallback(delegate, TestArguments, _ignore, False)

        callback.call(TOOL_INPUT)

        assert json.loads(delegate.calls[0][0]) == {
            "originalField": "test",
            "name": "John",
            "age": 30,
        }

    def test_should_handle_null_consumer_gracefully(self) -> None:
        delegate = RecordingTool(ORIGINAL_SCHEMA)
        callback = AugmentedToolCallback(delegate, TestArguments, None, False)
        assert callback.call(TOOL_INPUT) == "success"
        # Without a consumer the input is not even parsed.
        assert callback.call("not json") == "success"


class TestIntegrationTests:
    def test_should_handle_complete_workflow_with_consumer_processing(self) -> None:
        original = json.dumps(
            {
                "type": "object",
                "properties": {
                    "productId": {"type": "integer", "description": "Product identifier"}
                },
                "required": ["productId"],
            }
        )
        delegate = RecordingTool(
            original, "productTool", "Product management tool", "Product processed successfully"
        )
        processed: list[AugmentedArgumentEvent[SimpleArguments]] = []
        callback = AugmentedToolCallback(delegate, SimpleArguments, processed.append, True)

        result = callback.call('{"productId": 12345, "value": "Special Product"}')

        assert result == "Product processed successfully"
        assert processed[0].arguments == SimpleArguments("Special Product")
        assert json.loads(delegate.calls[0][0]) == {"productId": 12345}

    def test_should_preserve_tool_definition_metadata(self) -> None:
        original = '{"type":"object","properties":{"field1":{"type": "string"}}}'
        delegate = RecordingTool(original, "myTool", "My custom tool")
        callback = AugmentedToolCallback(delegate, SimpleArguments, _ignore, False)
        definition = callback.get_tool_definition()
        assert definition.name == "myTool"
        assert definition.description == "My custom tool"
        assert definition.input_schema != original
        assert "field1" in definition.input_schema
        assert "value" in definition.input_schema


def test_async_call_hands_the_cleaned_input_to_the_delegate() -> None:
    delegate = RecordingTool(ORIGINAL_SCHEMA)
    seen: list[AugmentedArgumentEvent[TestArguments]] = []
    callback = AugmentedToolCallback(delegate, TestArguments, seen.append, True)
    assert asyncio.run(callback.acall(TOOL_INPUT)) == "success"
    assert json.loads(delegate.calls[0][0]) == {"originalField": "test"}
    assert seen[0].arguments == TestArguments("John", 30)


def test_delegate_metadata_is_kept() -> None:
    """Spring 2.0.1 answers the default metadata; the port keeps ``return_direct``."""
    delegate = RecordingTool(ORIGINAL_SCHEMA, metadata=ToolMetadata(return_direct=True))
    callback = AugmentedToolCallback(delegate, TestArguments, _ignore, False)
    assert callback.get_tool_metadata().return_direct is True


def test_input_that_does_not_match_the_record_is_a_tool_execution_exception() -> None:
    delegate = RecordingTool(ORIGINAL_SCHEMA)
    callback = AugmentedToolCallback(delegate, TestArguments, _ignore, True)
    with pytest.raises(ToolExecutionException, match="Invalid arguments for tool 'testTool': name"):
        callback.call('{"originalField": "test"}')
    with pytest.raises(ToolExecutionException, match="expected a JSON object"):
        callback.call("[1, 2]")
    assert delegate.calls == []


def test_augmented_tool_in_the_tool_loop_on_call_and_stream() -> None:
    from spring_ai_py.chat.client import ChatClient
    from spring_ai_py.model.tool import ToolCallingChatOptions
    from spring_ai_py.test import ScriptedChatModel
    from spring_ai_py.tool import tool

    seen_by_tool: list[str] = []

    @tool
    def lookup(city: str) -> str:
        """Look a city up."""
        seen_by_tool.append(city)
        return f"{city}: sunny"

    events: list[AugmentedArgumentEvent[SimpleArguments]] = []
    augmented = AugmentedToolCallback(lookup, SimpleArguments, events.append, True)
    model = ScriptedChatModel(options=ToolCallingChatOptions(model="scripted"))
    client = ChatClient.builder(model).default_tools(augmented).build()

    model.add_tool_calls(("lookup", {"city": "Oslo", "value": "asked for Oslo"}))
    model.add_response("Sunny in Oslo.")
    assert client.prompt().user("Oslo?").call().content() == "Sunny in Oslo."

    model.add_tool_calls(("lookup", {"city": "Rome", "value": "asked for Rome"}))
    model.add_response("Sunny in Rome.")
    assert "".join(client.prompt().user("Rome?").stream().content()) == "Sunny in Rome."

    assert seen_by_tool == ["Oslo", "Rome"]
    assert [e.arguments for e in events] == [
        SimpleArguments("asked for Oslo"),
        SimpleArguments("asked for Rome"),
    ]
    options = model.last_prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    [sent] = options.get_tool_callbacks() or []
    sent_schema = json.loads(sent.get_tool_definition().input_schema)
    assert sent_schema["required"] == ["city", "value"]
