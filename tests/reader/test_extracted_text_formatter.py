"""ExtractedTextFormatter (Spring 2.0.1 has no test class for it). The expected values
were produced by Spring's regular expressions and line-deletion loops on a JDK."""

from __future__ import annotations

import pytest

from spring_ai_py.reader import ExtractedTextFormatter

PAGE = "  Title\n\n\n   \n  body   text  here\n\n\nfooter 1\nfooter 2\n"


@pytest.mark.parametrize(
    ("text", "trimmed", "aligned", "without_bottom", "without_top"),
    [
        (
            PAGE,
            "  Title\n\n  body   text  here\n\nfooter 1\nfooter 2\n",
            "Title\nbody text here\nfooter 1\nfooter 2\n",
            "  Title\n\n\n   \n  body   text  here\n\n\nfooter 1",
            "\n\n   \n  body   text  here\n\n\nfooter 1\nfooter 2\n",
        ),
        ("a\n\n\n\nb\n  \n\nc", "a\n\nb\n\nc", "a\nb\nc", "a\n\n\n\nb\n  ", "\n\n\nb\n  \n\nc"),
        (
            "one\ntwo\nthree\nfour",
            "one\ntwo\nthree\nfour",
            "one\ntwo\nthree\nfour",
            "one\ntwo",
            "\nthree\nfour",
        ),
    ],
)
def test_static_helpers_match_java(
    text: str, trimmed: str, aligned: str, without_bottom: str, without_top: str
) -> None:
    assert ExtractedTextFormatter.trim_adjacent_blank_lines(text) == trimmed
    assert ExtractedTextFormatter.align_to_left(text) == aligned
    assert ExtractedTextFormatter.delete_bottom_text_lines(text, 2, "\n") == without_bottom
    assert ExtractedTextFormatter.delete_top_text_lines(text, 2, "\n") == without_top


def test_format_deletes_lines_only_from_the_configured_page_on() -> None:
    formatter = (
        ExtractedTextFormatter.builder()
        .with_number_of_top_pages_to_skip_before_delete(1)
        .with_number_of_top_text_lines_to_delete(1)
        .with_left_alignment(True)
        .build()
    )
    assert formatter.format("head\nbody", 0) == "head\nbody"
    assert formatter.format("head\nbody", 1) == "body"  # the emptied first line goes too
    assert ExtractedTextFormatter.defaults().format(
        PAGE
    ) == ExtractedTextFormatter.trim_adjacent_blank_lines(PAGE)
