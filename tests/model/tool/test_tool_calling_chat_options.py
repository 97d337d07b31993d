"""``ToolCallingChatOptions`` (Spring's ToolCallingChatOptionsTests / DefaultToolCallingChatOptionsTests)."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.prompt import ChatOptions
from spring_ai_py.model.tool import DefaultToolCallingChatOptions, ToolCallingChatOptions
from spring_ai_py.tool import tool


@tool
def tool_a() -> str:
    return "a"


@tool
def tool_b() -> str:
    return "b"


@tool(name="tool_a")
def tool_a_again() -> str:
    return "again"


def test_builder_stores_tool_callbacks_list_and_varargs() -> None:
    options = ToolCallingChatOptions.builder().tool_callbacks([tool_a, tool_b]).build()
    assert options.get_tool_callbacks() == [tool_a, tool_b]
    options = ToolCallingChatOptions.builder().tool_callbacks(tool_a).tool_callbacks(tool_b).build()
    assert options.tool_callbacks == [tool_a, tool_b]
    assert DefaultToolCallingChatOptions is ToolCallingChatOptions


def test_builder_rejects_none_callbacks_in_varargs() -> None:
    with pytest.raises(ValueError, match="tool_callbacks cannot contain null elements"):
        ToolCallingChatOptions.builder().tool_callbacks(tool_a, None)


def test_builder_stores_and_adds_tool_context() -> None:
    options = ToolCallingChatOptions.builder().tool_context({"a": 1}).tool_context("b", 2).build()
    assert options.get_tool_context() == {"a": 1, "b": 2}
    with pytest.raises(ValueError, match="value cannot be null"):
        ToolCallingChatOptions.builder().tool_context("k", None)


def test_builder_with_all_properties_and_mutate() -> None:
    options = (
        ToolCallingChatOptions.builder()
        .model("gpt")
        .temperature(0.5)
        .max_tokens(10)
        .tool_callbacks([tool_a])
        .tool_names("x", "y")
        .tool_context({"k": "v"})
        .internal_tool_execution_enabled(False)
        .build()
    )
    assert (options.model, options.temperature, options.max_tokens) == ("gpt", 0.5, 10)
    assert options.get_tool_names() == ["x", "y"]
    assert options.get_internal_tool_execution_enabled() is False
    copy = options.mutate().build()
    assert copy == options
    assert copy.tool_context is not options.tool_context


def test_defaults_are_none() -> None:
    options = ToolCallingChatOptions()
    assert (
        options.tool_callbacks is None
        and options.tool_context is None
        and options.tool_names is None
    )


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


def test_merge_tool_callbacks() -> None:
    assert ToolCallingChatOptions.merge_tool_callbacks([tool_a], [tool_b]) == [tool_a]
    assert ToolCallingChatOptions.merge_tool_callbacks([tool_a], []) == [tool_a]
    assert ToolCallingChatOptions.merge_tool_callbacks([], [tool_b]) == [tool_b]
    assert ToolCallingChatOptions.merge_tool_callbacks(None, [tool_b]) == [tool_b]
    assert ToolCallingChatOptions.merge_tool_callbacks([], []) == []
    assert ToolCallingChatOptions.merge_tool_callbacks(None, None) is None


def test_merge_tool_context() -> None:
    assert ToolCallingChatOptions.merge_tool_context({"a": 1, "c": 3}, {"a": 0, "b": 2}) == {
        "a": 1,
        "b": 2,
        "c": 3,
    }
    assert ToolCallingChatOptions.merge_tool_context({"a": 1}, {}) == {"a": 1}
    assert ToolCallingChatOptions.merge_tool_context({}, {"b": 2}) == {"b": 2}
    assert ToolCallingChatOptions.merge_tool_context(None, {"b": 2}) == {"b": 2}
    assert ToolCallingChatOptions.merge_tool_context({}, {}) == {}
    assert ToolCallingChatOptions.merge_tool_context(None, None) is None
    assert ToolCallingChatOptions.merge_tool_names(["a"], ["b"]) == ["a"]
    assert ToolCallingChatOptions.merge_tool_names(None, ["b"]) == ["b"]


def test_validate_tool_callbacks_rejects_duplicate_names() -> None:
    ToolCallingChatOptions.validate_tool_callbacks([tool_a, tool_b])
    ToolCallingChatOptions.validate_tool_callbacks(None)
    with pytest.raises(
        RuntimeError,
        match=r"Multiple tools with the same name \(tool_a\) found in ToolCallingChatOptions",
    ):
        ToolCallingChatOptions.validate_tool_callbacks([tool_a, tool_b, tool_a_again])


def test_is_chat_options() -> None:
    assert isinstance(ToolCallingChatOptions(), ChatOptions)
