"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.ChatClientRequestTests`:
11 tests ported, 0 skipped."""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClientRequest
from spring_ai_py.chat.prompt import Prompt


def test_when_prompt_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^prompt cannot be null$"):
        ChatClientRequest(None, {})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^prompt cannot be null$"):
        ChatClientRequest.builder().prompt(None).context({}).build()  # type: ignore[arg-type]


def test_when_context_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^context cannot be null$"):
        ChatClientRequest(Prompt(), None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^context cannot be null$"):
        ChatClientRequest.builder().prompt(Prompt()).context(None).build()  # type: ignore[arg-type]


def test_when_context_has_null_keys_then_throw() -> None:
    context: dict[Any, Any] = {None: "something"}
    with pytest.raises(ValueError, match=r"^context keys cannot be null$"):
        ChatClientRequest(Prompt(), context)


def test_when_copy_then_immutable_context() -> None:
    request = ChatClientRequest.builder().prompt(Prompt()).context({"key": "value"}).build()
    copy = request.copy()
    copy.context["key"] = "newValue"
    assert request.context == {"key": "value"}


def test_when_mutate_then_immutable_context() -> None:
    request = ChatClientRequest.builder().prompt(Prompt()).context({"key": "value"}).build()
    copy = request.mutate().context("key", "newValue").build()
    assert request.context == {"key": "value"}
    assert copy.context == {"key": "newValue"}


def test_when_builder_with_multiple_context_entries_then_success() -> None:
    context = {"key1": "value1", "key2": 42, "key3": True, "key4": {"nested": "value"}}
    request = ChatClientRequest.builder().prompt(Prompt("test message")).context(context).build()
    assert len(request.context) == 4
    assert request.context["key1"] == "value1"
    assert request.context["key2"] == 42
    assert request.context["key3"] is True
    assert request.context["key4"] == {"nested": "value"}


def test_when_mutate_with_new_context_keys_then_merged() -> None:
    original = (
        ChatClientRequest.builder().prompt(Prompt("test message")).context({"existing": "value"}).build()
    )
    mutated = original.mutate().context("new1", "newValue1").context("new2", "newValue2").build()
    assert len(original.context) == 1
    assert mutated.context == {"existing": "value", "new1": "newValue1", "new2": "newValue2"}


def test_when_mutate_with_overriding_context_keys_then_overridden() -> None:
    original = (
        ChatClientRequest.builder()
        .prompt(Prompt("test message"))
        .context({"key": "originalValue", "other": "untouched"})
        .build()
    )
    mutated = original.mutate().context("key", "newValue").build()
    assert original.context["key"] == "originalValue"
    assert mutated.context["key"] == "newValue"
    assert mutated.context["other"] == "untouched"


def test_when_mutate_prompt_then_prompt_changed() -> None:
    original_prompt = Prompt("original message")
    new_prompt = Prompt("new message")
    original = ChatClientRequest.builder().prompt(original_prompt).context({"key": "value"}).build()
    mutated = original.mutate().prompt(new_prompt).build()
    assert original.prompt == original_prompt
    assert mutated.prompt == new_prompt
    assert mutated.context == original.context


def test_when_mutate_context_with_map_then_merged() -> None:
    original = (
        ChatClientRequest.builder().prompt(Prompt("test message")).context({"existing": "value"}).build()
    )
    mutated = original.mutate().context({"new1": "value1", "new2": "value2"}).build()
    assert mutated.context == {"existing": "value", "new1": "value1", "new2": "value2"}


def test_when_context_contains_complex_objects_then_preserved() -> None:
    nested_map = {"nested": "value"}
    items = ["item1", "item2"]
    request = (
        ChatClientRequest.builder()
        .prompt(Prompt("test message"))
        .context({"map": nested_map, "list": items, "string": "value", "number": 123, "boolean": True})
        .build()
    )
    assert request.context["map"] == nested_map
    assert request.context["list"] == items
    assert request.context["string"] == "value"
    assert request.context["number"] == 123
    assert request.context["boolean"] is True
