"""``ToolExecutionResult``, limits and ``ToolCallLimitExceededException``."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.messages import AssistantMessage, ToolResponseMessage, UserMessage
from spring_ai_py.model.tool import (
    DefaultToolExecutionResult,
    ToolCallLimitBehavior,
    ToolCallLimitExceededException,
    ToolCallLimits,
    ToolExecutionResult,
)

R = ToolResponseMessage.ToolResponse


def test_builder_and_defaults() -> None:
    result = ToolExecutionResult.builder().build()
    assert result.conversation_history == [] and result.return_direct is False
    history = [UserMessage("hi")]
    result = (
        DefaultToolExecutionResult.builder()
        .conversation_history(history)
        .return_direct(True)
        .build()
    )
    assert result.conversation_history == history and result.return_direct is True


def test_history_is_validated() -> None:
    with pytest.raises(ValueError, match="conversation_history cannot be null"):
        ToolExecutionResult(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="conversation_history cannot contain null elements"):
        ToolExecutionResult([UserMessage("x"), None])  # type: ignore[list-item]


def test_build_generations_one_per_tool_response() -> None:
    message = ToolResponseMessage([R("1", "a", "ra"), R("2", "b", "rb")])
    generations = ToolExecutionResult.build_generations(
        ToolExecutionResult([UserMessage("x"), message], True)
    )
    assert [g.get_output().get_text() for g in generations] == ["ra", "rb"]
    metadata = generations[1].get_metadata()
    assert metadata.get_finish_reason() == "returnDirect"
    assert metadata.get(ToolExecutionResult.METADATA_TOOL_ID) == "2"
    assert metadata.get(ToolExecutionResult.METADATA_TOOL_NAME) == "b"
    with pytest.raises(TypeError, match="not a ToolResponseMessage"):
        ToolExecutionResult.build_generations(ToolExecutionResult([UserMessage("x")]))


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
