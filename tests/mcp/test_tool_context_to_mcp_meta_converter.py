"""Port of Spring AI 2.0.1 `org.springframework.ai.mcp.ToolContextToMcpMetaConverterTest`: 15 tests ported, 0 skipped
(plus one test of the port's extra rule: internal and non-JSON entries stay out)."""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.mcp import McpToolUtils, ToolContextToMcpMetaConverter

EXCHANGE = McpToolUtils.TOOL_CONTEXT_MCP_EXCHANGE_KEY
mock_exchange = object()


def test_default_converter_should_return_empty_map_for_null_context() -> None:
    assert ToolContextToMcpMetaConverter.default_converter().convert(None) == {}


def test_default_converter_should_return_empty_map_for_empty_context() -> None:
    assert ToolContextToMcpMetaConverter.default_converter().convert(ToolContext({})) == {}


def test_default_converter_should_return_empty_map_for_null_context_map() -> None:
    assert ToolContextToMcpMetaConverter.default_converter().convert(ToolContext(None)) == {}


def test_default_converter_should_filter_out_mcp_exchange_key() -> None:
    context = {EXCHANGE: mock_exchange, "key1": "value1", "key2": "value2"}
    result = ToolContextToMcpMetaConverter.default_converter().convert(ToolContext(context))
    assert result == {"key1": "value1", "key2": "value2"}


def test_default_converter_should_filter_out_null_values() -> None:
    context = {"key1": "value1", "key2": None, "key3": "value3", "key4": None}
    result = ToolContextToMcpMetaConverter.default_converter().convert(ToolContext(context))
    assert result == {"key1": "value1", "key3": "value3"}


def test_default_converter_should_handle_complex_objects() -> None:
    nested = {"nested1": "nestedValue1", "nested2": 42}
    context = {"string": "stringValue", "number": 123, "boolean": True, "map": nested}
    result = ToolContextToMcpMetaConverter.default_converter().convert(ToolContext(context))
    assert result == {"string": "stringValue", "number": 123, "boolean": True, "map": nested}


def test_default_converter_should_filter_both_exchange_key_and_null_values() -> None:
    context = {EXCHANGE: mock_exchange, "key1": "value1", "key2": None, "key3": "value3"}
    result = ToolContextToMcpMetaConverter.default_converter().convert(ToolContext(context))
    assert result == {"key1": "value1", "key3": "value3"}


def test_no_op_converter_should_always_return_empty_map() -> None:
    converter = ToolContextToMcpMetaConverter.no_op()
    assert converter.convert(None) == {}
    assert converter.convert(ToolContext({})) == {}
    assert converter.convert(ToolContext({"key1": "value1", "key2": "value2"})) == {}


def test_custom_converter_implementation() -> None:
    def prefixed(tool_context: ToolContext | None) -> dict[str, Any]:
        if tool_context is None:
            return {}
        return {"mcp_" + k: v for k, v in tool_context.get_context().items()}

    result = ToolContextToMcpMetaConverter.of(prefixed).convert(ToolContext({"key1": "value1", "key2": "value2"}))
    assert result == {"mcp_key1": "value1", "mcp_key2": "value2"}


def test_default_converter_should_handle_only_exchange_key() -> None:
    result = ToolContextToMcpMetaConverter.default_converter().convert(ToolContext({EXCHANGE: mock_exchange}))
    assert result == {}


def test_default_converter_should_handle_only_null_values() -> None:
    result = ToolContextToMcpMetaConverter.default_converter().convert(ToolContext({"key1": None, "key2": None}))
    assert result == {}


def test_default_converter_should_preserve_original_map_immutability() -> None:
    original = {"key1": "value1", "key2": None, EXCHANGE: mock_exchange}
    copy = dict(original)
    result = ToolContextToMcpMetaConverter.default_converter().convert(ToolContext(original))
    assert original == copy
    assert len(original) == 3
    assert result == {"key1": "value1"}


def test_interface_method_should_be_callable() -> None:
    class Custom(ToolContextToMcpMetaConverter):
        def convert(self, tool_context: ToolContext | None) -> dict[str, Any]:
            return {"custom": "implementation"}

    assert Custom().convert(ToolContext({})) == {"custom": "implementation"}


def test_default_converter_should_handle_special_characters_in_keys() -> None:
    context = {
        "key-with-dash": "value1",
        "key.with.dots": "value2",
        "key_with_underscore": "value3",
        "key with spaces": "value4",
        "key@with#special$chars": "value5",
    }
    assert ToolContextToMcpMetaConverter.default_converter().convert(ToolContext(context)) == context


def test_default_converter_should_handle_empty_string_values() -> None:
    context = {"emptyString": "", "nonEmptyString": "value"}
    assert ToolContextToMcpMetaConverter.default_converter().convert(ToolContext(context)) == context


def test_default_converter_leaves_out_library_entries_and_values_json_cannot_carry() -> None:
    """The port's tool context also carries the advisor context: its
    ``spring_ai_py.*`` entries and non-JSON values (which would fail the request) stay out."""
    context = {"spring_ai_py.tool_calling.loop_scope": {}, "lock": object(), "user": "ada"}
    assert ToolContextToMcpMetaConverter.default_converter().convert(ToolContext(context)) == {"user": "ada"}


def test_default_converter_sends_the_request_tool_context_only() -> None:
    """The tool loop's context also holds the advisor context (the chat-memory
    conversation id...): only the request's own entries go to the server, as in Spring."""
    context = ToolContext(
        {"chat_memory_conversation_id": "c-1", "user": "ada"}, request_keys=["user"]
    )
    assert ToolContextToMcpMetaConverter.default_converter().convert(context) == {"user": "ada"}


def test_default_converter_adds_the_named_advisor_context_entries() -> None:
    context = ToolContext(
        {"chat_memory_conversation_id": "c-1", "other": 1, "user": "ada"}, request_keys=["user"]
    )
    converter = ToolContextToMcpMetaConverter.default_converter(
        advisor_context_keys=["chat_memory_conversation_id", "absent"]
    )
    assert converter.convert(context) == {"chat_memory_conversation_id": "c-1", "user": "ada"}
    assert "advisor_context_keys=['absent', 'chat_memory_conversation_id']" in repr(converter)


def test_default_converter_rejects_bad_advisor_context_keys() -> None:
    with pytest.raises(ValueError, match="advisor_context_keys cannot be null"):
        ToolContextToMcpMetaConverter.default_converter(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="advisor_context_keys cannot contain null elements"):
        ToolContextToMcpMetaConverter.default_converter([None])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="advisor_context_keys must be a collection of keys"):
        ToolContextToMcpMetaConverter.default_converter("chat_memory_conversation_id")
