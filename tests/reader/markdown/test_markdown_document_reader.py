"""Port of Spring AI 2.0.1 `org.springframework.ai.reader.markdown.MarkdownDocumentReaderTest`: 13 tests ported, 0 skipped.

Spring's ``classpath:`` patterns are file globs here; the markdown files are Spring's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.core.io import ByteArrayResource, FileSystemResource
from spring_ai_py.document import Document
from spring_ai_py.reader.markdown import MarkdownDocumentReader, MarkdownDocumentReaderConfig

RESOURCES = Path(__file__).parent.parent / "resources" / "markdown"

LOREM_1A = (
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Curabitur diam eros, laoreet sit amet cursus "
    "vitae, varius sed nisi. Cras sit amet quam quis velit commodo porta consectetur id nisi. Phasellus "
    "tincidunt pulvinar augue."
)
PROIN_QUOTE = (
    "Proin vel laoreet leo, sed luctus augue. Sed et ligula commodo, commodo lacus at, consequat turpis. "
    "Maecenas eget sapien odio. Maecenas urna lectus, pellentesque in accumsan aliquam, congue eu libero. "
    "Ut rhoncus nec justo a porttitor. Pellentesque auctor pharetra eros, viverra sodales lorem aliquet id. "
    "Curabitur semper nisi vel sem interdum suscipit."
)
FANCY = (
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Donec tincidunt velit non bibendum gravida. "
    "Cras accumsan tincidunt ornare. Donec hendrerit consequat tellus blandit accumsan. Aenean aliquam "
    "metus at arcu elementum dignissim."
)
HEADERS = [
    ({"category": "header_1", "title": "Header 1a"}, LOREM_1A),
    (
        {"category": "header_1", "title": "Header 1b"},
        "Vestibulum ante ipsum primis in faucibus orci luctus et ultrices posuere cubilia curae; Etiam "
        "lobortis risus libero, sed sollicitudin risus cursus in. Morbi enim metus, ornare vel lacinia eget, "
        "venenatis vel nibh.",
    ),
    (
        {"category": "header_2", "title": "Header 2b"},
        "Proin vel laoreet leo, sed luctus augue. Sed et ligula commodo, commodo lacus at, consequat turpis. "
        "Maecenas eget sapien odio. Maecenas urna lectus, pellentesque in accumsan aliquam, congue eu libero.",
    ),
    (
        {"category": "header_2", "title": "Header 2c"},
        "Ut rhoncus nec justo a porttitor. Pellentesque auctor pharetra eros, viverra sodales lorem aliquet "
        "id. Curabitur semper nisi vel sem interdum suscipit.",
    ),
]
FORMATTING = [
    ({"category": "header_1", "title": "This is a fancy header name"}, FANCY),
    (
        {"category": "header_3", "title": "Header 3"},
        "Aenean eu leo eu nibh tristique posuere quis quis massa.",
    ),
]


def _pairs(documents: list[Document]) -> list[tuple[dict[str, Any], str | None]]:
    return [(d.get_metadata(), d.get_text()) for d in documents]


def _read(name: str, config: MarkdownDocumentReaderConfig | None = None) -> list[Document]:
    return MarkdownDocumentReader(str(RESOURCES / name), config).get()


def _sorted(
    pairs: list[tuple[dict[str, Any], str | None]],
) -> list[tuple[dict[str, Any], str | None]]:
    return sorted(pairs, key=lambda p: (str(sorted(p[0].items())), p[1] or ""))


def test_dir_path_single() -> None:
    documents = _read("dir-test-1/*.md")
    assert _sorted(_pairs(documents)) == _sorted(
        [({}, LOREM_1A), ({"category": "blockquote"}, PROIN_QUOTE)]
    )


def test_dir_path_multiple() -> None:
    documents = _read("dir-test-2/*.md")
    assert len(documents) == 6
    assert _sorted(_pairs(documents)) == _sorted(FORMATTING + HEADERS)


def test_only_headers_with_paragraphs() -> None:
    assert _pairs(_read("only-headers.md")) == HEADERS


def test_with_formatting() -> None:
    assert _pairs(_read("with-formatting.md")) == FORMATTING


def test_document_divided_via_horizontal_rules() -> None:
    config = (
        MarkdownDocumentReaderConfig.builder().with_horizontal_rule_create_document(True).build()
    )
    assert _pairs(_read("horizontal-rules.md", config)) == [
        (
            {},
            "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Donec tincidunt velit non bibendum gravida.",
        ),
        (
            {},
            "Cras accumsan tincidunt ornare. Donec hendrerit consequat tellus blandit accumsan. Aenean aliquam "
            "metus at arcu elementum dignissim.",
        ),
        (
            {},
            "Nullam nisi dui, egestas nec sem nec, interdum lobortis enim. Pellentesque odio orci, faucibus eu "
            "luctus nec, venenatis et magna.",
        ),
        (
            {},
            "Vestibulum nec eros non felis fermentum posuere eget ac risus. Curabitur et fringilla massa. Cras "
            "facilisis nec nisl sit amet sagittis.",
        ),
        (
            {},
            "Aenean eu leo eu nibh tristique posuere quis quis massa. Nullam lacinia luctus sem ut vehicula.",
        ),
        (
            {},
            "Aenean quis vulputate mi. Vestibulum ante ipsum primis in faucibus orci luctus et ultrices posuere "
            "cubilia curae; Nam tincidunt nunc a tortor tincidunt, nec lobortis diam rhoncus.",
        ),
        ({}, "Nulla facilisi. Phasellus eget tellus sed nibh ornare interdum eu eu mi."),
    ]


def test_document_not_divided_via_horizontal_rules_when_is_disabled() -> None:
    config = (
        MarkdownDocumentReaderConfig.builder().with_horizontal_rule_create_document(False).build()
    )
    [document] = _read("horizontal-rules.md", config)
    assert document.get_metadata() == {}
    text = document.get_text() or ""
    assert text.startswith("Lorem ipsum dolor sit amet, consectetur adipiscing elit")
    assert text.endswith("Phasellus eget tellus sed nibh ornare interdum eu eu mi.")


def test_simple_markdown_document_with_hard_and_soft_line_breaks() -> None:
    [document] = _read("simple.md")
    assert document.get_metadata() == {}
    assert document.get_text() == (
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Donec tincidunt velit non bibendum gravida. "
        "Cras accumsan tincidunt ornare. Donec hendrerit consequat tellus blandit accumsan. Aenean aliquam metus "
        "at arcu elementum dignissim.Nullam nisi dui, egestas nec sem nec, interdum lobortis enim. Pellentesque "
        "odio orci, faucibus eu luctus nec, venenatis et magna. Vestibulum nec eros non felis fermentum posuere "
        "eget ac risus.Aenean eu leo eu nibh tristique posuere quis quis massa. Nullam lacinia luctus sem ut "
        "vehicula."
    )


INLINE_CODE = "Markdown also provides the possibility to use inline code formatting throughout the entire sentence."


def test_code() -> None:
    config = (
        MarkdownDocumentReaderConfig.builder().with_horizontal_rule_create_document(True).build()
    )
    documents = _read("code.md", config)
    assert len(documents) == 5
    assert _pairs(documents)[0] == ({}, "This is a Java sample application:")
    assert documents[1].get_metadata() == {"lang": "java", "category": "code_block"}
    text = documents[1].get_text() or ""
    assert text.startswith("package com.example.demo;")
    assert "SpringApplication.run(DemoApplication.class, args);" in text
    assert _pairs(documents)[2:] == [
        ({"category": "code_inline"}, INLINE_CODE),
        ({}, "Another possibility is to set block code without specific highlighting:"),
        ({"lang": "", "category": "code_block"}, "./mvnw spring-javaformat:apply\n"),
    ]


def test_code_when_code_block_should_not_be_separated_document() -> None:
    config = (
        MarkdownDocumentReaderConfig.builder()
        .with_horizontal_rule_create_document(True)
        .with_include_code_block(True)
        .build()
    )
    documents = _read("code.md", config)
    assert len(documents) == 3
    assert documents[0].get_metadata() == {"lang": "java", "category": "code_block"}
    text = documents[0].get_text() or ""
    assert text.startswith("This is a Java sample application: package com.example.demo")
    assert "SpringApplication.run(DemoApplication.class, args);" in text
    assert _pairs(documents)[1:] == [
        ({"category": "code_inline"}, INLINE_CODE),
        (
            {"lang": "", "category": "code_block"},
            "Another possibility is to set block code without specific highlighting: ./mvnw spring-javaformat:apply\n",
        ),
    ]


def test_blockquote() -> None:
    assert _sorted(_pairs(_read("blockquote.md"))) == _sorted(
        [({}, LOREM_1A), ({"category": "blockquote"}, PROIN_QUOTE)]
    )


def test_blockquote_when_blockquote_should_not_be_separated_document() -> None:
    config = MarkdownDocumentReaderConfig.builder().with_include_blockquote(True).build()
    assert _pairs(_read("blockquote.md", config)) == [
        ({"category": "blockquote"}, f"{LOREM_1A} {PROIN_QUOTE}")
    ]


def test_lists() -> None:
    assert _pairs(_read("lists.md")) == [
        (
            {"category": "header_2", "title": "Ordered list"},
            "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Curabitur diam eros, laoreet sit amet "
            "cursus vitae, varius sed nisi. Cras sit amet quam quis velit commodo porta consectetur id nisi. "
            "Phasellus tincidunt pulvinar augue. Proin vel laoreet leo, sed luctus augue. Sed et ligula commodo, "
            "commodo lacus at, consequat turpis. Maecenas eget sapien odio. Pellentesque auctor pharetra eros, "
            "viverra sodales lorem aliquet id. Curabitur semper nisi vel sem interdum suscipit. Maecenas urna "
            "lectus, pellentesque in accumsan aliquam, congue eu libero. Ut rhoncus nec justo a porttitor.",
        ),
        (
            {"category": "header_2", "title": "Unordered list"},
            "Aenean eu leo eu nibh tristique posuere quis quis massa. Aenean imperdiet libero dui, nec malesuada "
            "dui maximus vel. Vestibulum sed dui condimentum, cursus libero in, dapibus tortor. Etiam facilisis "
            "enim in egestas dictum.",
        ),
    ]


def test_with_additional_metadata() -> None:
    config = (
        MarkdownDocumentReaderConfig.builder()
        .with_additional_metadata("service", "some-service-name")
        .with_additional_metadata("env", "prod")
        .build()
    )
    [document] = _read("simple.md", config)
    assert document.get_metadata() == {"service": "some-service-name", "env": "prod"}
    assert (document.get_text() or "").startswith(
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit."
    )


def test_images_links_and_indented_code() -> None:
    """Beyond Spring's tests: link and image-alt text join the paragraph; indented code
    and raw HTML are left out, as commonmark's visitor leaves them."""
    markdown = b"# Title\n\nSee [the docs](http://x) and ![a diagram](d.png).\n\n    indented code\n\n<div>raw</div>\n"
    [document] = MarkdownDocumentReader(markdown).get()
    assert document.get_metadata() == {"category": "header_1", "title": "Title"}
    assert document.get_text() == "See the docs and a diagram."


def test_a_file_over_max_document_size_is_refused_naming_it_and_the_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.md"
    big.write_text("a\n\n" * 600)
    config = MarkdownDocumentReaderConfig.builder().with_max_document_size(1000).build()
    with pytest.raises(
        ValueError, match=r"big\.md\] is 1800 bytes, more than max_document_size \(1000 bytes\)"
    ):
        MarkdownDocumentReader(big, config).get()
    assert MarkdownDocumentReader(big).get()
    assert MarkdownDocumentReaderConfig.default_config().max_document_size == 10 * 1024 * 1024


@pytest.mark.parametrize("size", [0, -1, 1.5, True, "10"])
def test_max_document_size_must_be_a_positive_integer(size: object) -> None:
    with pytest.raises(
        ValueError, match=f"max_document_size must be a positive integer, got {size!r}"
    ):
        MarkdownDocumentReaderConfig.builder().with_max_document_size(size).build()  # type: ignore[arg-type]


class _Huge(ByteArrayResource):
    """A resource that reports a huge size and must never be read."""

    def content_length(self) -> int:
        return 50 * 1024 * 1024

    def get_content_as_bytes(self) -> bytes:
        raise AssertionError("read before its size was checked")


def test_the_size_is_checked_before_the_content_is_read() -> None:
    with pytest.raises(ValueError, match=r"is 52428800 bytes, more than max_document_size"):
        MarkdownDocumentReader(_Huge(b"")).get()


def test_resources_report_their_size_without_reading(tmp_path: Path) -> None:
    path = tmp_path / "f.md"
    path.write_bytes(b"12345")
    assert FileSystemResource(path).content_length() == 5
    assert ByteArrayResource(b"123").content_length() == 3
