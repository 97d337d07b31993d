"""The response text cleaners beyond Spring's own tests (ported in
``test_composite_response_text_cleaner.py``, ``test_markdown_code_block_cleaner.py`` and
``test_thinking_tag_cleaner.py``): more inputs, the list form, callables, bad input."""

from __future__ import annotations

import pytest

from spring_ai_py.converter import (
    CompositeResponseTextCleaner,
    MarkdownCodeBlockCleaner,
    ResponseTextCleaner,
    ThinkingTagCleaner,
    WhitespaceCleaner,
)

# --- CompositeResponseTextCleaner ----------------------------------------------------


def test_composite_with_multiple_cleaners_and_list_form() -> None:
    text = '<thinking>Reasoning</thinking>\n```json\n{"key": "value"}\n```\n'
    cleaners = [WhitespaceCleaner(), ThinkingTagCleaner(), MarkdownCodeBlockCleaner()]
    assert CompositeResponseTextCleaner(*cleaners).clean(text) == '{"key": "value"}'
    assert CompositeResponseTextCleaner(cleaners).clean(text) == '{"key": "value"}'


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


def test_thinking_tag_cleaner_rejects_bad_patterns() -> None:
    with pytest.raises(ValueError, match="patterns cannot be null"):
        ThinkingTagCleaner(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="patterns cannot be empty"):
        ThinkingTagCleaner([])
    with pytest.raises(ValueError, match="Invalid pattern"):
        ThinkingTagCleaner("(unclosed")
    with pytest.raises(ValueError, match="pattern cannot be empty"):
        ThinkingTagCleaner.builder().add_pattern("  ")
    with pytest.raises(ValueError, match="pattern cannot be null"):
        ThinkingTagCleaner.builder().add_pattern(None)  # type: ignore[arg-type]
