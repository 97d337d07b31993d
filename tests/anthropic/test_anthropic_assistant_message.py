"""Port of Spring AI 2.0.1 `org.springframework.ai.anthropic.AnthropicAssistantMessageTests`: 2 tests ported, 0 skipped.

Spring keeps thinking replay state in an ``AnthropicAssistantMessage`` subclass; the
port keeps one ``AssistantMessage`` type and carries the same state in its
``anthropicThinkingContents`` property (thinking and redacted-thinking blocks), so the
tests check that copies keep that property and that the copy is replayed.
"""

from __future__ import annotations

from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions
from spring_ai_py.chat.messages import AssistantMessage, UserMessage
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.test.anthropic_server import AnthropicTestServer

THINKING = AnthropicChatModel.ANTHROPIC_THINKING_CONTENTS_PROPERTY


def test_copy_preserves_anthropic_assistant_message_with_empty_content() -> None:
    original = AssistantMessage(
        "", {THINKING: [{"type": "thinking", "thinking": "think", "signature": "sig"}]}
    )
    copy = original.copy()
    assert copy is not original
    assert copy.get_text() == ""
    contents = copy.get_metadata()[THINKING]
    assert len(contents) == 1
    assert (contents[0]["thinking"], contents[0]["signature"]) == ("think", "sig")


def test_prompt_copy_preserves_anthropic_assistant_message() -> None:
    original = AssistantMessage(
        "hello",
        {
            THINKING: [
                {"type": "thinking", "thinking": "think", "signature": "sig"},
                {"type": "redacted_thinking", "data": "data"},
            ]
        },
        [AssistantMessage.ToolCall("toolu_1", "function", "weather", "{}")],
    )
    copied = Prompt([UserMessage("Weather?"), original]).copy().get_instructions()[1]
    assert isinstance(copied, AssistantMessage)
    assert copied is not original
    contents = copied.get_metadata()[THINKING]
    assert len(contents) == 2
    assert contents[0]["thinking"] == "think" and contents[0]["signature"] == "sig"
    assert contents[1]["data"] == "data"
    # The copy replays its thinking before the tool call, as the original would.
    with AnthropicTestServer() as server:
        server.enqueue_text("ok")
        model = AnthropicChatModel(
            options=AnthropicChatOptions(base_url=server.base_url, api_key="k", max_retries=0)
        )
        model.call(Prompt([UserMessage("Weather?"), copied]))
        blocks = server.requests[0].body["messages"][1]["content"]
    assert [block["type"] for block in blocks] == [
        "text",
        "thinking",
        "redacted_thinking",
        "tool_use",
    ]
