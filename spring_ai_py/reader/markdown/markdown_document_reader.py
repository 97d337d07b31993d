"""Reading markdown files into documents, one per section (needs the ``markdown`` extra)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from spring_ai_py.core.io.resource import Resource, ResourceLike, resolve_resources, to_resource
from spring_ai_py.document.document import Document
from spring_ai_py.document.etl import DocumentReader
from spring_ai_py.reader.markdown.config.markdown_document_reader_config import (
    MarkdownDocumentReaderConfig,
)

if TYPE_CHECKING:
    from markdown_it.tree import SyntaxTreeNode


def _markdown_parser() -> Any:
    try:
        from markdown_it import MarkdownIt
    except ImportError as error:
        raise ImportError(
            "MarkdownDocumentReader needs markdown-it-py: pip install 'spring_ai_py[markdown]'"
        ) from error
    return MarkdownIt("commonmark")


class MarkdownDocumentReader(DocumentReader):
    """Splits CommonMark files into documents, as Spring's reader does.

    Each heading starts a new document whose metadata has ``category`` = ``header_<n>``
    and ``title`` = the heading text; paragraphs, list items and line breaks join with
    spaces. A fenced code block is its own document (``category`` = ``code_block``,
    ``lang`` = its info string) unless ``include_code_block``; a block quote starts one
    (``category`` = ``blockquote``) unless ``include_blockquote``; a horizontal rule
    ends one when ``horizontal_rule_create_document``. Inline code marks the document
    ``code_inline``. Indented code blocks and raw HTML are left out.

    ``MarkdownDocumentReader("docs/*.md")`` reads every file a glob matches (sorted);
    a path, a :class:`~spring_ai_py.core.io.Resource` or a list of them works too. A
    file larger than the config's ``max_document_size`` (10 MiB by default) is a
    ``ValueError`` naming the file and the limit.
    """

    def __init__(
        self,
        markdown_resources: ResourceLike | Sequence[ResourceLike],
        config: MarkdownDocumentReaderConfig | None = None,
    ) -> None:
        if markdown_resources is None:
            raise ValueError("markdown_resources must not be null")
        if isinstance(markdown_resources, str | os.PathLike):
            self._resources: list[Resource] = resolve_resources(markdown_resources)
        elif isinstance(markdown_resources, Resource | bytes):
            self._resources = [to_resource(markdown_resources)]
        else:
            self._resources = [to_resource(r) for r in markdown_resources]
        self._config = (
            config if config is not None else MarkdownDocumentReaderConfig.default_config()
        )
        self._parser = _markdown_parser()

    def get(self) -> list[Document]:
        from markdown_it.tree import SyntaxTreeNode

        documents: list[Document] = []
        for resource in self._resources:
            # sized before reading (a file's size comes from the file system), and
            # again after, in case the file grew in between
            self._check_size(resource, resource.content_length())
            content = resource.get_content_as_bytes()
            self._check_size(resource, len(content))
            text = content.decode("utf-8", errors="replace")
            visitor = _DocumentVisitor(self._config)
            visitor.visit(SyntaxTreeNode(self._parser.parse(text)))
            documents.extend(visitor.get_documents())
        return documents

    def _check_size(self, resource: Resource, size: int) -> None:
        limit = self._config.max_document_size
        if size > limit:
            raise ValueError(
                f"Markdown {resource.get_description()} is {size} bytes, more than "
                f"max_document_size ({limit} bytes)"
            )


class _DocumentVisitor:
    """Walks the syntax tree as Spring's commonmark visitor walks its nodes."""

    def __init__(self, config: MarkdownDocumentReaderConfig) -> None:
        self._config = config
        self._documents: list[Document] = []
        self._paragraphs: list[str] = []
        self._builder = Document.builder()

    def visit(self, node: SyntaxTreeNode, heading_level: int | None = None) -> None:
        kind = node.type
        if kind == "heading":
            self._build_and_flush()
            level = int(node.tag[1:])
            for child in node.children:  # the heading's inline node
                for inline in child.children:
                    self.visit(inline, heading_level=level)
            return
        if kind == "text":
            if heading_level is not None:
                self._builder.metadata("category", f"header_{heading_level}").metadata(
                    "title", node.content
                )
            else:
                self._paragraphs.append(node.content)
            return
        if kind == "hr":
            if self._config.horizontal_rule_create_document:
                self._build_and_flush()
        elif kind in ("softbreak", "hardbreak", "list_item"):
            self._line_break_to_space()
        elif kind == "blockquote":
            if not self._config.include_blockquote:
                self._build_and_flush()
            self._line_break_to_space()
            self._builder.metadata("category", "blockquote")
        elif kind == "code_inline":
            self._paragraphs.append(node.content)
            self._builder.metadata("category", "code_inline")
        elif kind == "fence":
            if not self._config.include_code_block:
                self._build_and_flush()
            self._line_break_to_space()
            self._paragraphs.append(node.content)
            self._builder.metadata("category", "code_block").metadata("lang", node.info)
            self._build_and_flush()
            return
        # Inside a heading's emphasis or link, text is no longer the heading's own
        # (commonmark's Text parent is then the Emphasis node): it joins the paragraphs.
        for child in node.children:
            self.visit(child)

    def get_documents(self) -> list[Document]:
        self._build_and_flush()
        return self._documents

    def _build_and_flush(self) -> None:
        if self._paragraphs:
            builder = self._builder.text("".join(self._paragraphs))
            for key, value in self._config.additional_metadata.items():
                builder.metadata(key, value)
            self._documents.append(builder.build())
            self._paragraphs.clear()
        self._builder = Document.builder()

    def _line_break_to_space(self) -> None:
        if self._paragraphs:
            self._paragraphs.append(" ")
