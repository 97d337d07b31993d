"""Port of Spring AI 2.0.1
`org.springframework.ai.rag.preretrieval.query.transformation.TranslationQueryTransformerTests`:
4 tests ported, 0 skipped; plus the prompt sent, run against the scripted chat model
(Spring mocks the ChatClient.Builder). Spring's IllegalStateException is a RuntimeError."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.rag import Query
from spring_ai_py.rag.preretrieval.query.transformation import (
    QueryTransformer,
    TranslationQueryTransformer,
)
from spring_ai_py.test import ScriptedChatModel


def _builder(model: ScriptedChatModel | None = None) -> TranslationQueryTransformer.Builder:
    builder = (
        TranslationQueryTransformer.builder()
        .chat_client_builder(ChatClient.builder(model or ScriptedChatModel()))
        .target_language("italian")
    )
    return builder


def _missing_placeholder(template: str) -> str:
    with pytest.raises(
        ValueError, match="The following placeholders must be present in the prompt template"
    ) as error:
        _builder().prompt_template(PromptTemplate(template)).build()
    return str(error.value)


def test_when_chat_client_builder_is_null_then_throw() -> None:
    builder = (
        TranslationQueryTransformer.builder().chat_client_builder(None).target_language("italian")
    )
    with pytest.raises(RuntimeError, match="chat_client_builder cannot be null"):
        builder.build()


def test_when_query_is_null_then_throw() -> None:
    transformer: QueryTransformer = _builder().build()
    with pytest.raises(ValueError, match="query cannot be null"):
        transformer.transform(None)  # type: ignore[arg-type]


def test_when_prompt_has_missing_target_language_placeholder_then_throw() -> None:
    assert "targetLanguage" in _missing_placeholder("Translate {query}")


def test_when_prompt_has_missing_query_placeholder_then_throw() -> None:
    assert "query" in _missing_placeholder("Translate to {targetLanguage}")


# -- the port's extras ----------------------------------------------------------------


@pytest.mark.parametrize("target_language", [None, "", "  "])
def test_translation_needs_a_target_language(target_language: str | None) -> None:
    builder = TranslationQueryTransformer.builder().chat_client_builder(
        ChatClient.builder(ScriptedChatModel())
    )
    if target_language is not None:
        builder.target_language(target_language)
    with pytest.raises(RuntimeError, match="target_language cannot be null or empty"):
        builder.build()
    with pytest.raises(ValueError, match="target_language cannot be null or empty"):
        TranslationQueryTransformer(ChatClient.builder(ScriptedChatModel()), None, target_language)


def test_translation_sends_the_target_language() -> None:
    model = ScriptedChatModel("What is the capital of Denmark?")
    transformer = (
        TranslationQueryTransformer.builder()
        .chat_client_builder(ChatClient.builder(model))
        .target_language("english")
        .build()
    )
    assert (
        transformer.apply(Query("Hvad er Danmarks hovedstad?")).text
        == "What is the capital of Denmark?"
    )
    sent = model.last_prompt.get_user_message().get_text() or ""
    assert sent.startswith(
        "Given a user query, translate it to english.\nIf the query is already in english,"
    )
    assert "Original query: Hvad er Danmarks hovedstad?" in sent


@pytest.mark.parametrize("answer", ["", "   "])
def test_blank_model_answer_returns_the_query_unchanged(answer: str) -> None:
    transformer = _builder(ScriptedChatModel(answer)).build()
    query = Query("original")
    assert transformer.transform(query) is query
