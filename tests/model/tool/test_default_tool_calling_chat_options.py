"""Port of Spring AI 2.0.1 `org.springframework.ai.model.tool.DefaultToolCallingChatOptionsTests`:
9 tests ported, 0 skipped.

Java's immutable collections become copies: a getter's result can be changed without
changing the options (PORTING §3, records are immutable).
"""

from __future__ import annotations

import pytest

from spring_ai_py.model.tool import DefaultToolCallingChatOptions, ToolCallingChatOptions
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.definition import ToolDefinition


class StubTool(ToolCallback):
    def __init__(self, name: str = "stub") -> None:
        self.definition = ToolDefinition(name, "a stub", "{}")

    def get_tool_definition(self) -> ToolDefinition:
        return self.definition

    def call(self, tool_input: str, tool_context: object = None) -> str:
        return "ok"


def test_builder_should_store_tool_callbacks() -> None:
    callbacks = [StubTool("a"), StubTool("b")]
    options = ToolCallingChatOptions.builder().tool_callbacks(callbacks).build()
    assert options.get_tool_callbacks() == callbacks


def test_builder_with_varargs_should_store_tool_callbacks() -> None:
    first, second = StubTool("a"), StubTool("b")
    options = ToolCallingChatOptions.builder().tool_callbacks(first, second).build()
    assert options.get_tool_callbacks() == [first, second]


def test_builder_should_reject_null_tool_callbacks_varargs() -> None:
    with pytest.raises(ValueError, match=r"^tool_callbacks cannot be null$"):
        ToolCallingChatOptions.builder().tool_callbacks(None)


def test_builder_should_store_tool_context() -> None:
    context = {"key1": "value1", "key2": 42}
    options = ToolCallingChatOptions.builder().tool_context(context).build()
    assert options.get_tool_context() == context


def test_getters_should_return_immutable_collections() -> None:
    """The port's getters return copies: changing them leaves the options as built."""
    callback = StubTool()
    options = (
        ToolCallingChatOptions.builder()
        .tool_callbacks([callback])
        .tool_context({"key": "value"})
        .build()
    )
    callbacks = options.get_tool_callbacks()
    context = options.get_tool_context()
    assert callbacks is not None and context is not None
    callbacks.append(StubTool("other"))
    context["key2"] = "value2"
    assert options.get_tool_callbacks() == [callback]
    assert options.get_tool_context() == {"key": "value"}


def test_builder_should_create_options_with_all_properties() -> None:
    callback = StubTool()
    options = (
        DefaultToolCallingChatOptions.builder()
        .tool_callbacks([callback])
        .tool_context({"key": "value"})
        .model("gpt-4")
        .temperature(0.7)
        .max_tokens(100)
        .frequency_penalty(0.5)
        .presence_penalty(0.3)
        .stop_sequences(["stop"])
        .top_k(3)
        .top_p(0.9)
        .build()
    )
    assert isinstance(options, ToolCallingChatOptions)
    assert options.get_tool_callbacks() == [callback]
    assert options.get_tool_context() == {"key": "value"}
    assert options.get_model() == "gpt-4"
    assert options.get_temperature() == 0.7
    assert options.get_max_tokens() == 100
    assert options.get_frequency_penalty() == 0.5
    assert options.get_presence_penalty() == 0.3
    assert options.get_stop_sequences() == ["stop"]
    assert options.get_top_k() == 3
    assert options.get_top_p() == 0.9


def test_builder_should_support_tool_context_addition() -> None:
    options = (
        DefaultToolCallingChatOptions.builder()
        .tool_context("key1", "value1")
        .tool_context("key2", "value2")
        .build()
    )
    assert options.get_tool_context() == {"key1": "value1", "key2": "value2"}


def test_default_constructor_should_initialize_with_null_collections() -> None:
    options = DefaultToolCallingChatOptions.builder().build()
    assert options.get_tool_callbacks() is None
    assert options.get_tool_context() is None


def test_builder_should_handle_empty_collections() -> None:
    options = DefaultToolCallingChatOptions.builder().tool_callbacks([]).tool_context({}).build()
    assert options.get_tool_callbacks() == []
    assert options.get_tool_context() == {}
