"""SummaryMetadataEnricher (Spring 2.0.1 has no test class for it)."""

from __future__ import annotations

import pytest

from spring_ai_py.document import Document, MetadataMode
from spring_ai_py.model.transformer import SummaryMetadataEnricher, SummaryType
from spring_ai_py.test import ScriptedChatModel


def test_current_summary_is_the_default() -> None:
    model = ScriptedChatModel("summary one", "summary two")
    documents = [Document("first", {"k": "v"}), Document("second")]
    assert SummaryMetadataEnricher(model, None).apply(documents) is documents
    assert documents[0].get_metadata() == {"k": "v", "section_summary": "summary one"}
    assert documents[1].get_metadata() == {"section_summary": "summary two"}
    prompt = model.prompts[0].get_user_message().get_text()
    assert prompt.startswith("Here is the content of the section:\nk: v\n\nfirst\n")
    assert prompt.endswith("Summarize the key topics and entities of the section.\nSummary:")


def test_previous_and_next_summaries_come_from_the_neighbours() -> None:
    model = ScriptedChatModel("s1", "s2", "s3")
    documents = [Document("a"), Document("b"), Document("c")]
    SummaryMetadataEnricher(model, [SummaryType.PREVIOUS, SummaryType.NEXT]).apply(documents)
    assert [d.get_metadata() for d in documents] == [
        {"next_section_summary": "s2"},
        {"prev_section_summary": "s1", "next_section_summary": "s3"},
        {"prev_section_summary": "s2"},
    ]


def test_custom_template_and_metadata_mode() -> None:
    model = ScriptedChatModel("ok")
    SummaryMetadataEnricher(
        model, [SummaryType.CURRENT], "Sum: {context_str}", MetadataMode.NONE
    ).apply([Document("text", {"hidden": "x"})])
    assert model.prompts[0].get_user_message().get_text() == "Sum: \n\ntext"


def test_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="ChatModel must not be null"):
        SummaryMetadataEnricher(None, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Summary template must not be empty"):
        SummaryMetadataEnricher(ScriptedChatModel(), None, " ")
