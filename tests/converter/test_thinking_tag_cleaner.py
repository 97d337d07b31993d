"""Port of Spring AI 2.0.1 `org.springframework.ai.converter.ThinkingTagCleanerTest`: 14 tests ported, 0 skipped.

Java's ``String...`` constructor is ``ThinkingTagCleaner(*patterns)`` (or one list);
the error messages name that Python argument (``patterns``).
"""

from __future__ import annotations

import pytest

from spring_ai_py.converter import ThinkingTagCleaner


def test_should_remove_amazon_nova_thinking_tags() -> None:
    assert (
        ThinkingTagCleaner().clean("<thinking>My reasoning process</thinking>Actual content")
        == "Actual content"
    )


def test_should_remove_qwen_think_tags() -> None:
    assert (
        ThinkingTagCleaner().clean("<think>Let me think about this</think>Actual content")
        == "Actual content"
    )


def test_should_remove_reasoning_tags() -> None:
    assert (
        ThinkingTagCleaner().clean("<reasoning>Step by step reasoning</reasoning>Actual content")
        == "Actual content"
    )


def test_should_remove_multiline_thinking_tags() -> None:
    text = "<thinking>\nLine 1 of thinking\nLine 2 of thinking\n</thinking>\nActual content"
    assert ThinkingTagCleaner().clean(text) == "Actual content"


def test_should_remove_multiple_thinking_tags() -> None:
    text = (
        "<thinking>First</thinking><think>Second</think><reasoning>Third</reasoning>Actual content"
    )
    assert ThinkingTagCleaner().clean(text) == "Actual content"


def test_should_be_case_insensitive() -> None:
    assert (
        ThinkingTagCleaner().clean("<THINKING>UPPER CASE</THINKING>Actual content")
        == "Actual content"
    )


def test_should_remove_markdown_thinking_blocks() -> None:
    text = "```thinking\nThis is markdown thinking\n```\nActual content"
    assert ThinkingTagCleaner().clean(text) == "Actual content"


def test_should_handle_empty_input() -> None:
    cleaner = ThinkingTagCleaner()
    assert cleaner.clean("") == ""
    assert cleaner.clean(None) is None


def test_should_handle_content_without_tags() -> None:
    assert ThinkingTagCleaner().clean("Just regular content") == "Just regular content"


def test_should_support_custom_patterns() -> None:
    cleaner = ThinkingTagCleaner(r"(?s)<custom>.*?</custom>\s*")
    assert cleaner.clean("<custom>Custom tag content</custom>Actual content") == "Actual content"


def test_should_support_builder_without_default_patterns() -> None:
    cleaner = (
        ThinkingTagCleaner.builder()
        .without_default_patterns()
        .add_pattern(r"(?s)<mytag>.*?</mytag>\s*")
        .build()
    )
    text = "<thinking>Should remain</thinking><mytag>Should be removed</mytag>Content"
    assert cleaner.clean(text) == "<thinking>Should remain</thinking>Content"


def test_should_support_builder_with_additional_patterns() -> None:
    cleaner = ThinkingTagCleaner.builder().add_pattern(r"(?s)<custom>.*?</custom>\s*").build()
    assert (
        cleaner.clean("<thinking>Removed</thinking><custom>Also removed</custom>Content")
        == "Content"
    )


def test_should_throw_exception_when_patterns_are_null() -> None:
    with pytest.raises(ValueError, match="patterns cannot be null"):
        ThinkingTagCleaner(None)  # type: ignore[arg-type]


def test_should_throw_exception_when_patterns_are_empty() -> None:
    with pytest.raises(ValueError, match="patterns cannot be empty"):
        ThinkingTagCleaner([])
