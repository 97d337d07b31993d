"""Port of Spring AI 2.0.1 `org.springframework.ai.converter.CompositeResponseTextCleanerTest`: 6 tests ported, 0 skipped."""

from __future__ import annotations

import pytest

from spring_ai_py.converter import (
    CompositeResponseTextCleaner,
    MarkdownCodeBlockCleaner,
    ThinkingTagCleaner,
    WhitespaceCleaner,
)


def test_should_apply_cleaners_in_order() -> None:
    cleaner = (
        CompositeResponseTextCleaner.builder()
        .add_cleaner(lambda text: text.replace("A", "B") if text else text)
        .add_cleaner(lambda text: text.replace("B", "C") if text else text)
        .build()
    )
    assert cleaner.clean("AAA") == "CCC"


def test_should_work_with_single_cleaner() -> None:
    cleaner = CompositeResponseTextCleaner(lambda text: text.strip() if text else text)
    assert cleaner.clean("  content  ") == "content"


def test_should_work_with_multiple_cleaners() -> None:
    cleaner = CompositeResponseTextCleaner(
        WhitespaceCleaner(), ThinkingTagCleaner(), MarkdownCodeBlockCleaner()
    )
    text = '<thinking>Reasoning</thinking>\n```json\n{"key": "value"}\n```\n'
    assert cleaner.clean(text) == '{"key": "value"}'


def test_should_handle_complex_pipeline() -> None:
    cleaner = (
        CompositeResponseTextCleaner.builder()
        .add_cleaner(WhitespaceCleaner())
        .add_cleaner(ThinkingTagCleaner())
        .add_cleaner(MarkdownCodeBlockCleaner())
        .add_cleaner(WhitespaceCleaner())
        .build()
    )
    text = (
        "<thinking>Let me analyze this</thinking>\n<think>Qwen style thinking</think>\n"
        '```json\n{\n\t"result": "test"\n}\n```\n'
    )
    assert cleaner.clean(text) == '{\n\t"result": "test"\n}'


def test_should_throw_exception_when_cleaners_is_null() -> None:
    with pytest.raises(ValueError, match="cleaner cannot be null"):
        CompositeResponseTextCleaner.builder().add_cleaner(None)  # type: ignore[arg-type]


def test_should_handle_empty_cleaners_list() -> None:
    assert CompositeResponseTextCleaner().clean("test content") == "test content"
