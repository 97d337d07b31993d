"""Port of Spring AI 2.0.1 `org.springframework.ai.model.transformer.KeywordMetadataEnricherTest`: 14 tests ported, 0 skipped.

The Mockito chat model is the test kit's ``ScriptedChatModel``, which records every prompt.
"""

from __future__ import annotations

import pytest

from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.document import Document
from spring_ai_py.model.transformer import KeywordMetadataEnricher
from spring_ai_py.test import ScriptedChatModel

KEY = KeywordMetadataEnricher.EXCERPT_KEYWORDS_METADATA_KEY
CUSTOM_TEMPLATE = "Custom template: {context_str}"


def _default_prompt_text(keyword_count: int, content: str) -> str:
    template = PromptTemplate(KeywordMetadataEnricher.KEYWORDS_TEMPLATE % keyword_count)
    return template.create(
        {KeywordMetadataEnricher.CONTEXT_STR_PLACEHOLDER: content}
    ).get_contents()


def _three_answers() -> ScriptedChatModel:
    return ScriptedChatModel(
        "keyword1-1, keyword1-2, keyword1-3",
        "keyword2-1, keyword2-2, keyword2-3",
        "keyword3-1, keyword3-2, keyword3-3",
    )


def test_use_with_default_template() -> None:
    documents = [Document("content1"), Document("content2"), Document("content3")]
    model = _three_answers()
    KeywordMetadataEnricher(model, 3).apply(documents)
    assert len(model.prompts) == 3
    for index, prompt in enumerate(model.prompts, start=1):
        assert prompt.get_user_message().get_text() == _default_prompt_text(3, f"content{index}")
    for index, document in enumerate(documents, start=1):
        assert (
            document.get_metadata()[KEY] == f"keyword{index}-1, keyword{index}-2, keyword{index}-3"
        )


def test_use_custom_template() -> None:
    documents = [Document("content1"), Document("content2"), Document("content3")]
    model = _three_answers()
    KeywordMetadataEnricher(model, PromptTemplate(CUSTOM_TEMPLATE)).apply(documents)
    assert [p.get_user_message().get_text() for p in model.prompts] == [
        "Custom template: content1",
        "Custom template: content2",
        "Custom template: content3",
    ]
    assert documents[2].get_metadata()[KEY] == "keyword3-1, keyword3-2, keyword3-3"


def test_constructor_throws_exception() -> None:
    with pytest.raises(ValueError, match="chat_model must not be null"):
        KeywordMetadataEnricher(None, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="keyword_count must be >= 1"):
        KeywordMetadataEnricher(ScriptedChatModel(), 0)
    with pytest.raises(ValueError, match="keywords_template must not be null"):
        KeywordMetadataEnricher(ScriptedChatModel(), None)  # type: ignore[arg-type]


def test_builder_throws_exception() -> None:
    with pytest.raises(ValueError, match="The chat_model must not be null"):
        KeywordMetadataEnricher.builder(None)  # type: ignore[arg-type]
    builder = KeywordMetadataEnricher.builder(ScriptedChatModel())
    with pytest.raises(ValueError, match="The keyword_count must be >= 1"):
        builder.keyword_count(0)
    with pytest.raises(ValueError, match="The keywords_template must not be null"):
        builder.keywords_template(None)  # type: ignore[arg-type]


def test_builder_with_keyword_count() -> None:
    enricher = KeywordMetadataEnricher.builder(ScriptedChatModel()).keyword_count(3).build()
    assert (
        enricher.get_keywords_template().get_template()
        == KeywordMetadataEnricher.KEYWORDS_TEMPLATE % 3
    )


def test_builder_with_keywords_template() -> None:
    model = ScriptedChatModel()
    template = PromptTemplate(CUSTOM_TEMPLATE)
    enricher = KeywordMetadataEnricher.builder(model).keywords_template(template).build()
    assert (enricher.get_chat_model(), enricher.get_keywords_template()) == (model, template)


def test_apply_with_empty_documents_list() -> None:
    model = ScriptedChatModel()
    KeywordMetadataEnricher(model, 3).apply([])
    assert model.prompts == []


def test_apply_with_single_document() -> None:
    documents = [Document("single content")]
    model = ScriptedChatModel("single, keyword, test, document, content")
    KeywordMetadataEnricher(model, 5).apply(documents)
    assert len(model.prompts) == 1
    assert documents[0].get_metadata()[KEY] == "single, keyword, test, document, content"


def test_apply_with_document_containing_existing_metadata() -> None:
    document = Document("content with existing metadata")
    document.get_metadata()["existing_key"] = "existing_value"
    KeywordMetadataEnricher(ScriptedChatModel("new, keywords"), 2).apply([document])
    assert document.get_metadata() == {"existing_key": "existing_value", KEY: "new, keywords"}


def test_apply_with_empty_string_response() -> None:
    document = Document("content")
    KeywordMetadataEnricher(ScriptedChatModel(""), 3).apply([document])
    assert document.get_metadata()[KEY] == ""


def test_apply_with_whitespace_only_response() -> None:
    document = Document("content")
    KeywordMetadataEnricher(ScriptedChatModel("   \n\t   "), 3).apply([document])
    assert document.get_metadata()[KEY] == "   \n\t   "


def test_apply_overwrites_existing_keywords() -> None:
    document = Document("content")
    document.get_metadata()[KEY] = "old, keywords"
    KeywordMetadataEnricher(ScriptedChatModel("new, keywords"), 2).apply([document])
    assert document.get_metadata()[KEY] == "new, keywords"


def test_builder_with_both_keyword_count_and_template() -> None:
    template = PromptTemplate(CUSTOM_TEMPLATE)
    enricher = (
        KeywordMetadataEnricher.builder(ScriptedChatModel())
        .keyword_count(5)
        .keywords_template(template)
        .build()
    )
    assert enricher.get_keywords_template() is template


def test_apply_with_special_characters_in_content() -> None:
    documents = [Document("Content with special chars: @#$%^&*()")]
    model = ScriptedChatModel("special, characters, content")
    KeywordMetadataEnricher(model, 3).apply(documents)
    assert "Content with special chars: @#$%^&*()" in model.prompts[0].get_user_message().get_text()
    assert documents[0].get_metadata()[KEY] == "special, characters, content"
