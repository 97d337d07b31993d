"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.messages.AssistantMessageTests`: 5 tests ported, 0 skipped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from spring_ai_py._builder import Builder
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.content import Media


def test_when_media_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="Media must not be null"):
        AssistantMessage.builder().media(None).build()


def test_when_metadata_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="Metadata must not be null"):
        AssistantMessage.builder().properties(None).build()


def test_when_tool_calls_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="Tool calls must not be null"):
        AssistantMessage.builder().tool_calls(None).build()


def test_copy_preserves_content_properties_and_tool_calls() -> None:
    tool_call = AssistantMessage.ToolCall("id", "function", "name", "{}")
    original = (
        AssistantMessage.builder()
        .content("hello")
        .properties({"k": "v"})
        .tool_calls([tool_call])
        .build()
    )
    copy = original.copy()
    assert copy is not original
    assert copy.get_text() == "hello"
    assert copy.get_metadata()["k"] == "v"
    assert copy.get_tool_calls() == [tool_call]


class _TestAssistantMessage(AssistantMessage):
    """An AssistantMessage subclass with an extra field; its ``mutate()`` keeps it."""

    def __init__(
        self,
        content: str | None = None,
        properties: Mapping[str, Any] | None = None,
        tool_calls: Sequence[AssistantMessage.ToolCall] | None = None,
        media: Sequence[Media] | None = None,
        marker: str | None = None,
    ) -> None:
        super().__init__(content, properties, tool_calls, media)
        self.marker = marker

    def mutate(self) -> Builder[Any]:
        return super().mutate().marker(self.marker)


def test_prompt_copy_preserves_assistant_message_subclass_via_polymorphic_mutate() -> None:
    original = _TestAssistantMessage.builder().content("hello").marker("m").build()
    copy = Prompt([original]).copy()
    copied = copy.get_instructions()[0]
    assert isinstance(copied, _TestAssistantMessage)
    assert copied.marker == "m"
