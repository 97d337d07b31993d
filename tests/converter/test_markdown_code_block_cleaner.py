"""Port of Spring AI 2.0.1 `org.springframework.ai.converter.MarkdownCodeBlockCleanerTest`: 7 tests ported, 0 skipped."""

from __future__ import annotations

from spring_ai_py.converter import MarkdownCodeBlockCleaner


def test_should_remove_multiline_code_block_with_language_identifier() -> None:
    assert MarkdownCodeBlockCleaner().clean('```json\n{"key": "value"}\n```') == '{"key": "value"}'


def test_should_remove_multiline_code_block_without_language_identifier() -> None:
    assert MarkdownCodeBlockCleaner().clean('```\n{"key": "value"}\n```') == '{"key": "value"}'


def test_should_remove_single_line_code_block_without_language_identifier() -> None:
    assert MarkdownCodeBlockCleaner().clean('```{"key": "value"}```') == '{"key": "value"}'


def test_should_return_null_for_null_input() -> None:
    assert MarkdownCodeBlockCleaner().clean(None) is None


def test_should_return_empty_for_empty_input() -> None:
    assert MarkdownCodeBlockCleaner().clean("") == ""


def test_should_not_modify_text_without_code_blocks() -> None:
    text = "plain text without code blocks"
    assert MarkdownCodeBlockCleaner().clean(text) == text


def test_should_handle_malformed_input() -> None:
    cleaner = MarkdownCodeBlockCleaner()
    assert cleaner.clean("") == ""
    assert cleaner.clean("`") == "`"
    assert cleaner.clean("```") == "```"
    assert cleaner.clean("``````") == "``````"
    assert cleaner.clean("```````") == "`"
