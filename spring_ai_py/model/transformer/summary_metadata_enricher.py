"""Asking a chat model to summarise each document (and pass on its neighbours' summaries)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from spring_ai_py import _assert
from spring_ai_py.chat.model import ChatModel
from spring_ai_py.chat.model.chat_model import _checked_chat_model
from spring_ai_py.chat.prompt.prompt_template import PromptTemplate
from spring_ai_py.document.content_formatter import MetadataMode
from spring_ai_py.document.document import Document
from spring_ai_py.document.etl import DocumentTransformer


class SummaryMetadataEnricher(DocumentTransformer):
    """Adds summaries to each document's metadata, in place.

    Each document's formatted content (``MetadataMode.ALL`` by default) fills
    ``{context_str}`` of the summary template, and the model's answer is its summary.
    With ``SummaryType.CURRENT`` (the default) a document gets ``section_summary``;
    with ``PREVIOUS`` and ``NEXT`` also ``prev_section_summary`` and
    ``next_section_summary`` (its neighbours' summaries).
    """

    class SummaryType(enum.Enum):
        """Which sections' summaries a document gets: its own, the previous, the next."""

        PREVIOUS = "PREVIOUS"
        CURRENT = "CURRENT"
        NEXT = "NEXT"

    DEFAULT_SUMMARY_EXTRACT_TEMPLATE = (
        "Here is the content of the section:\n"
        "{context_str}\n"
        "Summarize the key topics and entities of the section.\n"
        "Summary:"
    )
    SECTION_SUMMARY_METADATA_KEY = "section_summary"
    NEXT_SECTION_SUMMARY_METADATA_KEY = "next_section_summary"
    PREV_SECTION_SUMMARY_METADATA_KEY = "prev_section_summary"
    CONTEXT_STR_PLACEHOLDER = "context_str"

    def __init__(
        self,
        chat_model: ChatModel,
        summary_types: Sequence[SummaryMetadataEnricher.SummaryType] | None,
        summary_template: str = DEFAULT_SUMMARY_EXTRACT_TEMPLATE,
        metadata_mode: MetadataMode = MetadataMode.ALL,
    ) -> None:
        _checked_chat_model(chat_model, "ChatModel must not be null")
        _assert.has_text(summary_template, "Summary template must not be empty")
        self._chat_model = chat_model
        self._summary_types = (
            list(summary_types) if summary_types else [SummaryMetadataEnricher.SummaryType.CURRENT]
        )
        self._metadata_mode = metadata_mode
        self._summary_template = summary_template

    def apply(self, documents: list[Document]) -> list[Document]:
        summaries: list[str] = []
        for document in documents:
            context = document.get_formatted_content(self._metadata_mode)
            prompt = PromptTemplate(self._summary_template).create(
                {self.CONTEXT_STR_PLACEHOLDER: context}
            )
            generation = self._chat_model.call(prompt).get_result()
            text = generation.get_output().get_text() if generation is not None else None
            summaries.append(text or "")
        for index, document in enumerate(documents):
            document.get_metadata().update(self._summary_metadata(index, summaries))
        return documents

    def _summary_metadata(self, index: int, summaries: list[str]) -> dict[str, Any]:
        types = self._summary_types
        metadata: dict[str, Any] = {}
        if index > 0 and SummaryMetadataEnricher.SummaryType.PREVIOUS in types:
            metadata[self.PREV_SECTION_SUMMARY_METADATA_KEY] = summaries[index - 1]
        if index < len(summaries) - 1 and SummaryMetadataEnricher.SummaryType.NEXT in types:
            metadata[self.NEXT_SECTION_SUMMARY_METADATA_KEY] = summaries[index + 1]
        if SummaryMetadataEnricher.SummaryType.CURRENT in types:
            metadata[self.SECTION_SUMMARY_METADATA_KEY] = summaries[index]
        return metadata


SummaryType = SummaryMetadataEnricher.SummaryType
