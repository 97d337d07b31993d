"""Port of Spring AI 2.0.1 `org.springframework.ai.model.tool.DefaultToolExecutionResultTests`:
14 tests ported, 0 skipped.

``DefaultToolExecutionResult`` is ``ToolExecutionResult`` (a frozen dataclass). Where
Spring keeps a reference to the caller's list, the port copies it (records are
immutable, PORTING §3); that test checks the port's contract.
"""

from __future__ import annotations

import pytest

from spring_ai_py.chat.messages import AssistantMessage, Message, UserMessage
from spring_ai_py.model.tool import DefaultToolExecutionResult, ToolExecutionResult


def test_when_conversation_history_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^conversation_history cannot be null$"):
        DefaultToolExecutionResult.builder().conversation_history(None).build()


def test_when_conversation_history_has_null_elements_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^conversation_history cannot contain null elements$"):
        DefaultToolExecutionResult.builder().conversation_history([None]).build()


def test_builder() -> None:
    history: list[Message] = []
    result = (
        DefaultToolExecutionResult.builder()
        .conversation_history(history)
        .return_direct(True)
        .build()
    )
    assert result.conversation_history == history
    assert result.return_direct is True
    assert DefaultToolExecutionResult is ToolExecutionResult


def test_when_builder_with_minimal_required_fields() -> None:
    result = DefaultToolExecutionResult.builder().conversation_history([]).build()
    assert result.conversation_history == []
    assert result.return_direct is False


def test_when_builder_with_return_direct_false() -> None:
    result = (
        DefaultToolExecutionResult.builder().conversation_history([]).return_direct(False).build()
    )
    assert result.conversation_history == []
    assert result.return_direct is False


def test_when_conversation_history_is_empty() -> None:
    result = (
        DefaultToolExecutionResult.builder().conversation_history([]).return_direct(True).build()
    )
    assert result.conversation_history == []
    assert result.return_direct is True


def test_when_conversation_history_has_multiple_messages() -> None:
    first, second = UserMessage("Hello"), AssistantMessage("Hi there!")
    result = (
        DefaultToolExecutionResult.builder()
        .conversation_history([first, second])
        .return_direct(False)
        .build()
    )
    assert result.conversation_history == [first, second]
    assert result.conversation_history[0] is first
    assert result.return_direct is False


def test_when_conversation_history_has_null_elements_in_middle() -> None:
    history = [UserMessage("First message"), None, AssistantMessage("Last message")]
    with pytest.raises(ValueError, match=r"^conversation_history cannot contain null elements$"):
        DefaultToolExecutionResult.builder().conversation_history(history).build()


def test_when_conversation_history_has_multiple_null_elements() -> None:
    history = [None, None, UserMessage("Valid message")]
    with pytest.raises(ValueError, match=r"^conversation_history cannot contain null elements$"):
        DefaultToolExecutionResult.builder().conversation_history(history).build()


def test_when_builder_is_reused() -> None:
    history1: list[Message] = [UserMessage("Message 1")]
    history2: list[Message] = [UserMessage("Message 2")]
    builder = DefaultToolExecutionResult.builder()
    result1 = builder.conversation_history(history1).return_direct(True).build()
    result2 = builder.conversation_history(history2).return_direct(False).build()
    assert (result1.conversation_history, result1.return_direct) == (history1, True)
    assert (result2.conversation_history, result2.return_direct) == (history2, False)


def test_when_conversation_history_is_modified_after_building() -> None:
    """The port's contract: the result holds its own copy, so a later change of the
    caller's list does not show (Spring stores the reference)."""
    original = UserMessage("Original")
    history: list[Message] = [original]
    result = DefaultToolExecutionResult.builder().conversation_history(history).build()
    history.append(AssistantMessage("Added later"))
    assert result.conversation_history == [original]
    assert result.conversation_history[0] is original


def test_when_equals_and_hash_code_are_consistent() -> None:
    history: list[Message] = [UserMessage("Test message")]
    result1 = (
        DefaultToolExecutionResult.builder()
        .conversation_history(history)
        .return_direct(True)
        .build()
    )
    result2 = (
        DefaultToolExecutionResult.builder()
        .conversation_history(history)
        .return_direct(True)
        .build()
    )
    assert result1 == result2
    assert hash(result1) == hash(result2)
    assert len({result1, result2}) == 1
    other = DefaultToolExecutionResult.builder().conversation_history(history).build()
    assert other != result1


def test_when_conversation_history_is_immutable_list() -> None:
    history = (UserMessage("Hello"), UserMessage("Hi!"))
    result = (
        DefaultToolExecutionResult.builder()
        .conversation_history(history)
        .return_direct(False)
        .build()
    )
    assert result.conversation_history == list(history)


def test_when_return_direct_is_changed_multiple_times() -> None:
    builder = (
        DefaultToolExecutionResult.builder()
        .conversation_history([UserMessage("Test")])
        .return_direct(True)
        .return_direct(False)
        .return_direct(True)
    )
    assert builder.build().return_direct is True
