"""Port of Spring AI 2.0.1
`org.springframework.ai.rag.preretrieval.query.transformation.CompressionQueryTransformerTests`:
4 tests ported, 0 skipped; plus the prompt sent, run against the scripted chat model
(Spring mocks the ChatClient.Builder). Spring's IllegalStateException is a RuntimeError."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.messages import AssistantMessage, SystemMessage, UserMessage
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.rag import Query
from spring_ai_py.rag.preretrieval.query.transformation import (
    CompressionQueryTransformer,
    QueryTransformer,
)
from spring_ai_py.test import ScriptedChatModel


def _builder(model: ScriptedChatModel | None = None) -> CompressionQueryTransformer.Builder:
    builder = CompressionQueryTransformer.builder().chat_client_builder(
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
    builder = CompressionQueryTransformer.builder().chat_client_builder(None)
    with pytest.raises(RuntimeError, match="chat_client_builder cannot be null"):
        builder.build()


def test_when_query_is_null_then_throw() -> None:
    transformer: QueryTransformer = _builder().build()
    with pytest.raises(ValueError, match="query cannot be null"):
        transformer.transform(None)  # type: ignore[arg-type]


def test_when_prompt_has_missing_history_placeholder_then_throw() -> None:
    assert "history" in _missing_placeholder("Compress {query}")


def test_when_prompt_has_missing_query_placeholder_then_throw() -> None:
    assert "query" in _missing_placeholder("Compress {history}")


# -- the port's extras ----------------------------------------------------------------


def test_compression_renders_user_and_assistant_history_only() -> None:
    model = ScriptedChatModel("What is the capital of Denmark?")
    transformer = _builder(model).build()
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


@pytest.mark.parametrize("answer", ["", "   "])
def test_blank_model_answer_returns_the_query_unchanged(answer: str) -> None:
    transformer = _builder(ScriptedChatModel(answer)).build()
    query = Query("original")
    assert transformer.transform(query) is query
