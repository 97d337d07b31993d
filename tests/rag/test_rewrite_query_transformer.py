"""Port of Spring AI 2.0.1
`org.springframework.ai.rag.preretrieval.query.transformation.RewriteQueryTransformerTests`:
4 tests ported, 0 skipped; plus the prompt sent, run against the scripted chat model
(Spring mocks the ChatClient.Builder). Spring's IllegalStateException is a RuntimeError."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.messages import UserMessage
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.rag import Query
from spring_ai_py.rag.preretrieval.query.transformation import (
    QueryTransformer,
    RewriteQueryTransformer,
)
from spring_ai_py.test import ScriptedChatModel


def _builder(model: ScriptedChatModel | None = None) -> RewriteQueryTransformer.Builder:
    builder = RewriteQueryTransformer.builder().chat_client_builder(
        ChatClient.builder(model or ScriptedChatModel())
    )
    return builder


def _missing_placeholder(template: str) -> str:
    with pytest.raises(
        ValueError, match="The following placeholders must be present in the prompt template"
    ) as error:
        _builder().prompt_template(PromptTemplate(template)).build()
    return str(error.value)


def test_when_chat_client_builder_is_null_then_throw() -> None:
    builder = RewriteQueryTransformer.builder().chat_client_builder(None)
    with pytest.raises(RuntimeError, match="chat_client_builder cannot be null"):
        builder.build()


def test_when_query_is_null_then_throw() -> None:
    transformer: QueryTransformer = _builder().build()
    with pytest.raises(ValueError, match="query cannot be null"):
        transformer.transform(None)  # type: ignore[arg-type]


def test_when_prompt_has_missing_target_placeholder_then_throw() -> None:
    assert "target" in _missing_placeholder("Rewrite {query}")


def test_when_prompt_has_missing_query_placeholder_then_throw() -> None:
    assert "query" in _missing_placeholder("Rewrite for {target}")


# -- the port's extras ----------------------------------------------------------------


def test_rewrite_sends_the_query_and_target_and_keeps_history_and_context() -> None:
    model = ScriptedChatModel("moonstone gold potion effect")
    transformer = _builder(model).target_search_system("web search engine").build()
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
    _builder(model).build().transform(Query("q"))
    assert "when querying a vector store." in (
        model.last_prompt.get_user_message().get_text() or ""
    )


def test_custom_template_is_used() -> None:
    model = ScriptedChatModel("rewritten")
    template = PromptTemplate("Make {query} better for {target}.")
    _builder(model).prompt_template(template).build().transform(Query("q"))
    assert model.last_prompt.get_user_message().get_text() == "Make q better for vector store."


@pytest.mark.parametrize("answer", ["", "   "])
def test_blank_model_answer_returns_the_query_unchanged(answer: str) -> None:
    transformer = _builder(ScriptedChatModel(answer)).build()
    query = Query("original")
    assert transformer.transform(query) is query
