"""Port of Spring AI 2.0.1 `org.springframework.ai.model.tool.ToolCallingChatOptionsTests`:
13 tests ported, 0 skipped.

Followed by the port's own tests of the builder (tool names, ``combine_with``, ``clone``);
Spring's builder tests are in ``test_default_tool_calling_chat_options.py``.
"""

from __future__ import annotations

import pytest

from spring_ai_py.chat.prompt import ChatOptions
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.tool import ToolCallback, tool
from spring_ai_py.tool.definition import ToolDefinition


@tool
def tool_a() -> str:
    return "a"


@tool
def tool_b() -> str:
    return "b"


@tool(name="tool_a")
def tool_a_again() -> str:
    return "again"


class TestToolCallback(ToolCallback):
    """Spring's ``TestToolCallback``: a named tool that answers ``Mission accomplished!``."""

    __test__ = False

    def __init__(self, name: str) -> None:
        self.definition = ToolDefinition.builder().name(name).input_schema("{}").build()

    def get_tool_definition(self) -> ToolDefinition:
        return self.definition

    def call(self, tool_input: str, tool_context: object = None) -> str:
        return "Mission accomplished!"


def _names(callbacks: list[ToolCallback] | None) -> list[str]:
    assert callbacks is not None
    return [c.get_tool_definition().name for c in callbacks]


def test_when_merge_runtime_and_default_tool_callbacks() -> None:
    merged = ToolCallingChatOptions.merge_tool_callbacks(
        [TestToolCallback("toolA")], [TestToolCallback("toolB")]
    )
    assert _names(merged) == ["toolA"]


def test_when_merge_runtime_and_empty_default_tool_callbacks() -> None:
    merged = ToolCallingChatOptions.merge_tool_callbacks([TestToolCallback("toolA")], [])
    assert _names(merged) == ["toolA"]


def test_when_merge_empty_runtime_and_default_tool_callbacks() -> None:
    merged = ToolCallingChatOptions.merge_tool_callbacks([], [TestToolCallback("toolB")])
    assert _names(merged) == ["toolB"]


def test_when_merge_null_runtime_and_default_tool_callbacks() -> None:
    merged = ToolCallingChatOptions.merge_tool_callbacks(None, [TestToolCallback("toolB")])
    assert _names(merged) == ["toolB"]


def test_when_merge_empty_runtime_and_empty_default_tool_callbacks() -> None:
    assert ToolCallingChatOptions.merge_tool_callbacks([], []) == []


def test_when_merge_null_runtime_and_null_default_tool_callbacks() -> None:
    assert ToolCallingChatOptions.merge_tool_callbacks(None, None) is None


def test_when_merge_runtime_and_default_tool_context() -> None:
    merged = ToolCallingChatOptions.merge_tool_context(
        {"key1": "value1", "key2": "value2"}, {"key1": "valueA", "key3": "value3"}
    )
    assert merged == {"key1": "value1", "key2": "value2", "key3": "value3"}


def test_when_merge_runtime_and_empty_default_tool_context() -> None:
    merged = ToolCallingChatOptions.merge_tool_context({"key1": "value1", "key2": "value2"}, {})
    assert merged == {"key1": "value1", "key2": "value2"}


def test_when_merge_empty_runtime_and_default_tool_context() -> None:
    merged = ToolCallingChatOptions.merge_tool_context({}, {"key1": "value1", "key2": "value2"})
    assert merged == {"key1": "value1", "key2": "value2"}


def test_when_merge_null_runtime_and_default_tool_context() -> None:
    merged = ToolCallingChatOptions.merge_tool_context(None, {"key1": "value1", "key2": "value2"})
    assert merged == {"key1": "value1", "key2": "value2"}


def test_when_merge_empty_runtime_and_empty_default_tool_context() -> None:
    assert ToolCallingChatOptions.merge_tool_context({}, {}) == {}


def test_when_merge_null_runtime_and_null_default_tool_context() -> None:
    assert ToolCallingChatOptions.merge_tool_context(None, None) is None


def test_should_ensure_unique_tool_names() -> None:
    ToolCallingChatOptions.validate_tool_callbacks([TestToolCallback("toolA"), TestToolCallback("toolB")])
    with pytest.raises(RuntimeError, match=r"Multiple tools with the same name \(toolA\)"):
        ToolCallingChatOptions.validate_tool_callbacks(
            [TestToolCallback("toolA"), TestToolCallback("toolA")]
        )


# -- the port's own builder tests --------------------------------------------------


def test_builder_rejects_none_callbacks_in_varargs() -> None:
    with pytest.raises(ValueError, match="tool_callbacks cannot contain null elements"):
        ToolCallingChatOptions.builder().tool_callbacks(tool_a, None)


def test_builder_stores_and_adds_tool_context() -> None:
    options = ToolCallingChatOptions.builder().tool_context({"a": 1}).tool_context("b", 2).build()
    assert options.get_tool_context() == {"a": 1, "b": 2}
    with pytest.raises(ValueError, match="value cannot be null"):
        ToolCallingChatOptions.builder().tool_context("k", None)


def test_builder_with_all_properties_and_mutate() -> None:
    builder = (
        ToolCallingChatOptions.builder()
        .model("gpt")
        .temperature(0.5)
        .max_tokens(10)
        .tool_callbacks([tool_a])
        .tool_names("x", "y")
        .tool_context({"k": "v"})
    )
    with pytest.warns(DeprecationWarning, match="internal_tool_execution_enabled"):
        builder.internal_tool_execution_enabled(False)  # removed in 2.0.1, kept as an alias
    options = builder.build()
    assert (options.model, options.temperature, options.max_tokens) == ("gpt", 0.5, 10)
    assert options.get_tool_names() == ["x", "y"]
    assert options.get_internal_tool_execution_enabled() is False
    copy = options.mutate().build()
    assert copy == options
    assert copy.tool_context is not options.tool_context


def test_combine_with_concatenates_callbacks_and_merges_context() -> None:
    builder = (
        ToolCallingChatOptions.builder()
        .tool_callbacks([tool_a])
        .tool_context({"a": 1})
        .tool_names("n")
    )
    other = (
        ToolCallingChatOptions.builder()
        .tool_callbacks([tool_b])
        .tool_context({"b": 2})
        .tool_names("n", "m")
    )
    combined = builder.combine_with(other).build()
    assert combined.tool_callbacks == [tool_a, tool_b]
    assert combined.tool_context == {"a": 1, "b": 2}
    assert combined.tool_names == ["n", "m"]


def test_clone_copies_collections() -> None:
    builder = ToolCallingChatOptions.builder().tool_callbacks([tool_a])
    clone = builder.clone()
    clone.tool_callbacks(tool_b)
    assert builder.build().tool_callbacks == [tool_a]
    assert clone.build().tool_callbacks == [tool_a, tool_b]


def test_merge_tool_names() -> None:
    assert ToolCallingChatOptions.merge_tool_names(["a"], ["b"]) == ["a"]
    assert ToolCallingChatOptions.merge_tool_names(None, ["b"]) == ["b"]
    assert ToolCallingChatOptions.merge_tool_names(None, None) is None


def test_is_chat_options() -> None:
    assert isinstance(ToolCallingChatOptions(), ChatOptions)
