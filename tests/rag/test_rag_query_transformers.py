"""Rewrite, compression and translation query transformers (Spring's *QueryTransformerTests),
run against the scripted chat model, whose record shows the prompts they send."""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.messages import AssistantMessage, SystemMessage, UserMessage
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.rag import Query
from spring_ai_py.rag.preretrieval.query.transformation import (
    CompressionQueryTransformer,
    QueryTransformer,
    RewriteQueryTransformer,
    TranslationQueryTransformer,
)
from spring_ai_py.test import ScriptedChatModel

TRANSFORMERS: list[Any] = [
    RewriteQueryTransformer,
    CompressionQueryTransformer,
    TranslationQueryTransformer,
]


def _builder(cls: Any, model: ScriptedChatModel | None = None) -> Any:
    builder = cls.builder().chat_client_builder(ChatClient.builder(model or ScriptedChatModel()))
    if cls is TranslationQueryTransformer:
        builder.target_language("italian")
    return builder


@pytest.mark.parametrize("cls", TRANSFORMERS)
def test_missing_chat_client_builder_fails_at_build(cls: Any) -> None:
    builder = cls.builder().chat_client_builder(None)
    if cls is TranslationQueryTransformer:
        builder.target_language("italian")
    with pytest.raises(RuntimeError, match="chat_client_builder cannot be null"):
        builder.build()


@pytest.mark.parametrize("cls", TRANSFORMERS)
def test_null_query_is_rejected(cls: Any) -> None:
    transformer: QueryTransformer = _builder(cls).build()
    with pytest.raises(ValueError, match="query cannot be null"):
        transformer.transform(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cls", "template", "missing"),
    [
        (RewriteQueryTransformer, "Rewrite {query}", "target"),
        (RewriteQueryTransformer, "Rewrite for {target}", "query"),
        (CompressionQueryTransformer, "Compress {query}", "history"),
        (CompressionQueryTransformer, "Compress {history}", "query"),
        (TranslationQueryTransformer, "Translate {query}", "targetLanguage"),
        (TranslationQueryTransformer, "Translate to {targetLanguage}", "query"),
    ],
)
def test_template_without_a_placeholder_is_rejected(cls: Any, template: str, missing: str) -> None:
    with pytest.raises(
        ValueError, match="The following placeholders must be present in the prompt template"
    ) as error:
        _builder(cls).prompt_template(PromptTemplate(template)).build()
    assert missing in str(error.value)


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


def test_rewrite_sends_the_query_and_target_and_keeps_history_and_context() -> None:
    model = ScriptedChatModel("moonstone gold potion effect")
    transformer = (
        _builder(RewriteQueryTransformer, model).target_search_system("web search engine").build()
    )
    query = Query(
        "so what would I get, mixing moonstone and gold??", [UserMessage("hi")], {"k": "v"}
    )
    result = transformer.transform(query)
    assert result == Query("moonstone gold potion effect", [UserMessage("hi")], {"k": "v"})
    sent = model.last_prompt.get_user_message().get_text()
    assert sent == (
        "Given a user query, rewrite it to provide better results when querying a web search engine.\n"
        "Remove any irrelevant information, and ensure the query is concise and specific.\n\n"
        "Original query:\nso what would I get, mixing moonstone and gold??\n\nRewritten query:\n"
    )


def test_rewrite_targets_a_vector_store_by_default() -> None:
    model = ScriptedChatModel("x")
    _builder(RewriteQueryTransformer, model).build().transform(Query("q"))
    assert "when querying a vector store." in (
        model.last_prompt.get_user_message().get_text() or ""
    )


def test_compression_renders_user_and_assistant_history_only() -> None:
    model = ScriptedChatModel("What is the capital of Denmark?")
    transformer = _builder(CompressionQueryTransformer, model).build()
    history = [
        SystemMessage("be brief"),
        UserMessage("What is the capital of Sweden?"),
        AssistantMessage("Stockholm."),
    ]
    result = transformer(Query("And Denmark?", history))
    assert result.text == "What is the capital of Denmark?"
    sent = model.last_prompt.get_user_message().get_text() or ""
    assert (
        "Conversation history:\nUSER: What is the capital of Sweden?\nASSISTANT: Stockholm.\n"
        in sent
    )
    assert "be brief" not in sent
    assert "Follow-up query:\nAnd Denmark?\n" in sent


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


@pytest.mark.parametrize("cls", TRANSFORMERS)
@pytest.mark.parametrize("answer", ["", "   "])
def test_blank_model_answer_returns_the_query_unchanged(cls: Any, answer: str) -> None:
    transformer = _builder(cls, ScriptedChatModel(answer)).build()
    query = Query("original")
    assert transformer.transform(query) is query


def test_custom_template_is_used() -> None:
    model = ScriptedChatModel("rewritten")
    template = PromptTemplate("Make {query} better for {target}.")
    _builder(RewriteQueryTransformer, model).prompt_template(template).build().transform(Query("q"))
    assert model.last_prompt.get_user_message().get_text() == "Make q better for vector store."
