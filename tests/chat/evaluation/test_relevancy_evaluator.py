"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.evaluation.RelevancyEvaluatorTests`:
4 tests ported, 0 skipped."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.evaluation import RelevancyEvaluator
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.document import Document
from spring_ai_py.evaluation import EvaluationRequest
from spring_ai_py.test import ScriptedChatModel


def test_when_chat_client_builder_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="chat_client_builder cannot be null"):
        RelevancyEvaluator(None)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="chat_client_builder cannot be null"):
        RelevancyEvaluator.builder().chat_client_builder(None).build()


def test_when_prompt_template_is_null_then_use_default() -> None:
    evaluator = RelevancyEvaluator(ChatClient.builder(ScriptedChatModel()))
    assert evaluator is not None
    evaluator = (
        RelevancyEvaluator.builder()
        .chat_client_builder(ChatClient.builder(ScriptedChatModel()))
        .prompt_template(None)
        .build()
    )
    assert evaluator is not None


@pytest.mark.parametrize("response", ["yes", " yes", "yes ", " yes ", "YES", " YES\n", "\tYes\t"])
def test_when_evaluation_response_is_yes_with_whitespace_then_pass(response: str) -> None:
    chat_model = ScriptedChatModel(response)
    evaluator = RelevancyEvaluator(ChatClient.builder(chat_model))
    result = evaluator.evaluate(
        EvaluationRequest("query", [Document("one"), Document("two")], "response content")
    )
    assert result.is_pass() is True
    assert result.get_score() == 1.0
    sent = chat_model.prompts[0].get_user_message().get_text() or ""
    assert "Query:\n\tquery\n" in sent
    assert "Response:\n\tresponse content\n" in sent
    assert "Context:\n\tone\n\ttwo\n" in sent  # StringTemplate indents every line


@pytest.mark.parametrize("response", ["no", " no ", "yes and more", "maybe"])
def test_when_evaluation_response_is_not_yes_then_fail(response: str) -> None:
    evaluator = RelevancyEvaluator(ChatClient.builder(ScriptedChatModel(response)))
    result = evaluator.evaluate(EvaluationRequest("query", [], "response content"))
    assert result.is_pass() is False
    assert result.get_score() == 0.0


def test_custom_prompt_template_is_used() -> None:
    """Not in Spring's class: the builder's template replaces the default one."""
    chat_model = ScriptedChatModel("YES")
    evaluator = (
        RelevancyEvaluator.builder()
        .chat_client_builder(ChatClient.builder(chat_model))
        .prompt_template(PromptTemplate("Q={query} A={response} C={context}"))
        .build()
    )
    assert evaluator.evaluate(EvaluationRequest("q", [Document("c")], "a")).is_pass()
    assert chat_model.prompts[0].get_user_message().get_text() == "Q=q A=a C=c"
