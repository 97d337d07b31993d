"""Port of Spring AI 2.0.1 `org.springframework.ai.model.tool.ToolExecutionResultTests`:
10 tests ported, 0 skipped.

Java's ``ArrayIndexOutOfBoundsException`` is an ``IndexError``. Followed by the port's
own tests of the tool-call limits and ``ToolCallLimitExceededException``.
"""

from __future__ import annotations

import pytest

from spring_ai_py.chat.messages import AssistantMessage, Message, ToolResponseMessage, UserMessage
from spring_ai_py.chat.model import Generation
from spring_ai_py.model.tool import (
    ToolCallLimitBehavior,
    ToolCallLimitExceededException,
    ToolCallLimits,
    ToolExecutionResult,
)

R = ToolResponseMessage.ToolResponse


def _result(*messages: Message) -> ToolExecutionResult:
    return ToolExecutionResult.builder().conversation_history(list(messages)).build()


def _tool_name(generation: Generation) -> object:
    return generation.get_metadata().get(ToolExecutionResult.METADATA_TOOL_NAME)


def test_when_single_tool_call_then_single_generation() -> None:
    result = _result(
        AssistantMessage("Hello, how can I help you?"),
        UserMessage("I would like to know the weather in London"),
        AssistantMessage("Call the weather tool"),
        ToolResponseMessage.builder()
        .responses([R("42", "weather", "The weather in London is 20 degrees Celsius")])
        .build(),
    )
    [generation] = ToolExecutionResult.build_generations(result)
    assert generation.get_output().get_text() == "The weather in London is 20 degrees Celsius"
    assert _tool_name(generation) == "weather"
    assert generation.get_metadata().get(ToolExecutionResult.METADATA_TOOL_ID) == "42"
    assert generation.get_metadata().get_finish_reason() == ToolExecutionResult.FINISH_REASON


def test_when_multiple_tool_calls_then_multiple_generations() -> None:
    result = _result(
        AssistantMessage("Hello, how can I help you?"),
        UserMessage("I would like to know the weather in London"),
        AssistantMessage("Call the weather tool and the news tool"),
        ToolResponseMessage.builder()
        .responses(
            [
                R("42", "weather", "The weather in London is 20 degrees Celsius"),
                R("21", "news", "There is heavy traffic in the centre of London"),
            ]
        )
        .build(),
    )
    first, second = ToolExecutionResult.build_generations(result)
    assert first.get_output().get_text() == "The weather in London is 20 degrees Celsius"
    assert _tool_name(first) == "weather"
    assert first.get_metadata().get_finish_reason() == "returnDirect"
    assert second.get_output().get_text() == "There is heavy traffic in the centre of London"
    assert _tool_name(second) == "news"
    assert second.get_metadata().get_finish_reason() == "returnDirect"


def test_when_empty_conversation_history_then_throws_exception() -> None:
    with pytest.raises(IndexError):
        ToolExecutionResult.build_generations(_result())


def test_when_tool_response_with_empty_response_list_then_empty_generations() -> None:
    result = _result(
        AssistantMessage("Processing request"), ToolResponseMessage.builder().responses([]).build()
    )
    assert ToolExecutionResult.build_generations(result) == []


def test_when_tool_response_with_null_content_then_generation_with_null_text() -> None:
    result = _result(ToolResponseMessage.builder().responses([R("1", "tool", None)]).build())
    [generation] = ToolExecutionResult.build_generations(result)
    assert generation.get_output().get_text() is None


def test_when_tool_response_with_empty_string_content_then_generation_with_empty_text() -> None:
    result = _result(ToolResponseMessage.builder().responses([R("1", "tool", "")]).build())
    [generation] = ToolExecutionResult.build_generations(result)
    assert generation.get_output().get_text() == ""
    assert _tool_name(generation) == "tool"


def test_when_builder_called_without_conversation_history_then_throws_exception() -> None:
    result = ToolExecutionResult.builder().build()
    with pytest.raises(IndexError):
        ToolExecutionResult.build_generations(result)
    assert result.conversation_history == []


def test_when_multiple_tool_response_messages_only_last_one_is_processed() -> None:
    result = _result(
        AssistantMessage("First response"),
        ToolResponseMessage.builder().responses([R("1", "old_tool", "Old response")]).build(),
        AssistantMessage("Second response"),
        ToolResponseMessage.builder().responses([R("2", "new_tool", "New response")]).build(),
    )
    [generation] = ToolExecutionResult.build_generations(result)
    assert generation.get_output().get_text() == "New response"
    assert _tool_name(generation) == "new_tool"


def test_when_tool_response_with_empty_tool_name_then_metadata_contains_empty_string() -> None:
    result = _result(ToolResponseMessage.builder().responses([R("1", "", "Response content")]).build())
    [generation] = ToolExecutionResult.build_generations(result)
    assert _tool_name(generation) == ""


def test_when_tool_response_with_null_tool_id_then_generation_still_created() -> None:
    result = _result(ToolResponseMessage.builder().responses([R(None, "tool", "Response content")]).build())
    [generation] = ToolExecutionResult.build_generations(result)
    assert generation.get_output().get_text() == "Response content"
    assert _tool_name(generation) == "tool"


# -- the port's own tests ------------------------------------------------------------


def test_build_generations_needs_a_tool_response_message_last() -> None:
    """Spring's cast fails with a ``ClassCastException``; here a ``TypeError``."""
    with pytest.raises(TypeError, match="not a ToolResponseMessage"):
        ToolExecutionResult.build_generations(_result(UserMessage("x")))


def test_limit_exception_message_and_generation() -> None:
    partial = ToolExecutionResult(
        [
            UserMessage("x"),
            AssistantMessage(""),
            ToolResponseMessage([R("1", "t", "ok"), R("2", "t", "limit hit")]),
        ]
    )
    error = ToolCallLimitExceededException("t", 1, partial)
    assert str(error) == "Tool call limit (1) exceeded for tool 't'"
    assert (error.get_tool_name(), error.get_limit()) == ("t", 1)
    generation = error.build_generation()
    assert generation.get_output().get_text() == "limit hit"
    assert (
        generation.get_metadata().get_finish_reason()
        == ToolCallLimitExceededException.FINISH_REASON
    )
    assert generation.get_metadata().get(
        ToolCallLimitExceededException.METADATA_PARTIAL_TOOL_RESPONSES
    ) == [R("1", "t", "ok")]
    total = ToolCallLimitExceededException(None, 5, ToolExecutionResult([]))
    assert str(total) == "Total tool call limit (5) exceeded for this turn"
    assert total.build_generation().get_output().get_text() == str(total)


def test_count_prior_tool_calls_only_counts_the_current_turn() -> None:
    history = [
        UserMessage("earlier"),
        ToolResponseMessage([R("1", "a", "x")]),
        UserMessage("now"),
        ToolResponseMessage([R("2", "a", "x"), R("3", "b", "x")]),
    ]
    assert ToolCallLimits.count_prior_tool_calls(history) == {"a": 1, "b": 1}
    assert ToolCallLimits.count_prior_tool_calls([ToolResponseMessage([R("1", "a", "x")])]) == {
        "a": 1
    }


def test_limits_check() -> None:
    limits = ToolCallLimits(2, {"special": 1}, frozenset({"free"}), 5, ToolCallLimitBehavior.THROW)
    assert limits.check("a", 2, 2) is None
    breach = limits.check("a", 3, 3)
    assert breach is not None and (breach.tool_name, breach.limit) == ("a", 2)
    assert "Tool call limit (2) exceeded for tool 'a'" in breach.message
    special = limits.check("special", 2, 2)
    assert special is not None and special.limit == 1
    assert limits.check("free", 10, 4) is None
    total = limits.check("free", 10, 6)
    assert total is not None and total.tool_name is None
    assert total.message.startswith("Total tool call limit (5) exceeded")
