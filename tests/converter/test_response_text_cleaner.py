"""Behaviours of Spring's CompositeResponseTextCleanerTest, MarkdownCodeBlockCleanerTest and
ThinkingTagCleanerTest, ported, plus bad input."""

from __future__ import annotations

import re

import pytest

from spring_ai_py.converter import (
    CompositeResponseTextCleaner,
    MarkdownCodeBlockCleaner,
    ResponseTextCleaner,
    ThinkingTagCleaner,
    WhitespaceCleaner,
)

# --- CompositeResponseTextCleaner ----------------------------------------------------


def test_composite_applies_cleaners_in_order() -> None:
    cleaner = (
        CompositeResponseTextCleaner.builder()
        .add_cleaner(lambda t: (t or "").replace("A", "B"))
        .add_cleaner(lambda t: (t or "").replace("B", "C"))
        .build()
    )
    assert cleaner.clean("AAA") == "CCC"


def test_composite_with_single_function() -> None:
    assert (
        CompositeResponseTextCleaner(lambda t: (t or "").strip()).clean("  content  ") == "content"
    )


def test_composite_with_multiple_cleaners_and_list_form() -> None:
    text = '<thinking>Reasoning</thinking>\n```json\n{"key": "value"}\n```\n'
    cleaners = [WhitespaceCleaner(), ThinkingTagCleaner(), MarkdownCodeBlockCleaner()]
    assert CompositeResponseTextCleaner(*cleaners).clean(text) == '{"key": "value"}'
    assert CompositeResponseTextCleaner(cleaners).clean(text) == '{"key": "value"}'


def test_composite_complex_pipeline() -> None:
    cleaner = (
        CompositeResponseTextCleaner.builder()
        .add_cleaner(WhitespaceCleaner())
        .add_cleaner(ThinkingTagCleaner())
        .add_cleaner(MarkdownCodeBlockCleaner())
        .add_cleaner(WhitespaceCleaner())
        .build()
    )
    text = (
        "\n<thinking>Let me analyze this</thinking>\n<think>Qwen style thinking</think>\n\n"
        '```json\n{\n\t"result": "test"\n}\n```\n\n'
    )
    assert cleaner.clean(text) == '{\n\t"result": "test"\n}'


def test_composite_without_cleaners_returns_text_unchanged() -> None:
    assert CompositeResponseTextCleaner().clean("test content") == "test content"


def test_cleaners_are_callables() -> None:
    cleaner: ResponseTextCleaner = WhitespaceCleaner()
    assert cleaner("  x ") == "x"
    assert WhitespaceCleaner().clean(None) is None


def test_composite_rejects_null_cleaners() -> None:
    with pytest.raises(ValueError, match="cleaner cannot be null"):
        CompositeResponseTextCleaner.builder().add_cleaner(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cleaners cannot be null"):
        CompositeResponseTextCleaner(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cleaner cannot be null"):
        CompositeResponseTextCleaner([WhitespaceCleaner(), None])  # type: ignore[list-item]


# --- MarkdownCodeBlockCleaner ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('```json\n{"key": "value"}\n```', '{"key": "value"}'),
        ('```\n{"key": "value"}\n```', '{"key": "value"}'),
        ('```{"key": "value"}```', '{"key": "value"}'),
        ("plain text without code blocks", "plain text without code blocks"),
        ("", ""),
        ("`", "`"),
        ("```", "```"),
        ("``````", "``````"),
        ("```````", "`"),
        ('  \n```json\n  {"a": 1}  \n```\n  ', '{"a": 1}'),
    ],
)
def test_markdown_code_block_cleaner(text: str, expected: str) -> None:
    assert MarkdownCodeBlockCleaner().clean(text) == expected


def test_markdown_code_block_cleaner_keeps_none() -> None:
    assert MarkdownCodeBlockCleaner().clean(None) is None


# --- ThinkingTagCleaner ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "<thinking>My reasoning process</thinking>Actual content",
        "<think>Let me think about this</think>Actual content",
        "<reasoning>Step by step reasoning</reasoning>Actual content",
        "<thinking>\nLine 1 of thinking\nLine 2 of thinking\n</thinking>\nActual content",
        "<thinking>First</thinking><think>Second</think><reasoning>Third</reasoning>Actual content",
        "<THINKING>UPPER CASE</THINKING>Actual content",
        "```thinking\nThis is markdown thinking\n```\nActual content",
        "<!-- thinking: a comment -->\nActual content",
    ],
)
def test_thinking_tag_cleaner_removes_reasoning_blocks(text: str) -> None:
    assert ThinkingTagCleaner().clean(text) == "Actual content"


def test_thinking_tag_cleaner_handles_empty_and_plain_text() -> None:
    cleaner = ThinkingTagCleaner()
    assert cleaner.clean("") == ""
    assert cleaner.clean(None) is None
    assert cleaner.clean("Just regular content") == "Just regular content"
    assert cleaner.clean("a <b>bold</b> claim") == "a <b>bold</b> claim"


def test_thinking_tag_cleaner_custom_patterns_replace_defaults() -> None:
    cleaner = ThinkingTagCleaner(r"(?s)<custom>.*?</custom>\s*")
    assert cleaner.clean("<custom>Custom tag content</custom>Actual content") == "Actual content"
    assert cleaner.clean("<think>kept</think>x") == "<think>kept</think>x"
    compiled = ThinkingTagCleaner([re.compile(r"<x>.*?</x>")])
    assert compiled.clean("<x>a</x>b<X>c</X>") == "b<X>c</X>"  # compiled patterns keep their flags


def test_thinking_tag_cleaner_builder_without_default_patterns() -> None:
    cleaner = (
        ThinkingTagCleaner.builder()
        .without_default_patterns()
        .add_pattern(r"(?s)<mytag>.*?</mytag>\s*")
        .build()
    )
    text = "<thinking>Should remain</thinking><mytag>Should be removed</mytag>Content"
    assert cleaner.clean(text) == "<thinking>Should remain</thinking>Content"


def test_thinking_tag_cleaner_builder_with_additional_patterns() -> None:
    cleaner = ThinkingTagCleaner.builder().add_pattern(r"(?s)<custom>.*?</custom>\s*").build()
    text = "<thinking>Removed</thinking><custom>Also removed</custom>Content"
    assert cleaner.clean(text) == "Content"


def test_thinking_tag_cleaner_rejects_bad_patterns() -> None:
    with pytest.raises(ValueError, match="patterns cannot be null"):
        ThinkingTagCleaner(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="patterns cannot be empty"):
        ThinkingTagCleaner([])
    with pytest.raises(ValueError, match="Invalid pattern"):
        ThinkingTagCleaner("(unclosed")
    with pytest.raises(ValueError, match="patternString cannot be empty"):
        ThinkingTagCleaner.builder().add_pattern("  ")
    with pytest.raises(ValueError, match="pattern cannot be null"):
        ThinkingTagCleaner.builder().add_pattern(None)  # type: ignore[arg-type]
