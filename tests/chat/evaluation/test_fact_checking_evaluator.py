"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.evaluation.FactCheckingEvaluatorTests`:
5 tests ported, 0 skipped."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.evaluation import FactCheckingEvaluator
from spring_ai_py.document import Document
from spring_ai_py.evaluation import EvaluationRequest
from spring_ai_py.test import ScriptedChatModel


def test_when_chat_client_builder_is_null_then_throw() -> None:
    with pytest.raises(RuntimeError, match="chat_client_builder cannot be null"):
        FactCheckingEvaluator.builder(None).build()


def test_when_evaluation_prompt_is_null_then_use_default_evaluation_prompt_text() -> None:
    evaluator = FactCheckingEvaluator.builder(ChatClient.builder(ScriptedChatModel())).build()
    assert evaluator is not None
    assert evaluator.get_evaluation_prompt() == FactCheckingEvaluator.DEFAULT_EVALUATION_PROMPT_TEXT


def test_when_for_bespoke_minicheck_then_use_bespoke_evaluation_prompt_text() -> None:
    evaluator = FactCheckingEvaluator.for_bespoke_minicheck(ChatClient.builder(ScriptedChatModel()))
    assert evaluator is not None
    assert evaluator.get_evaluation_prompt() == FactCheckingEvaluator.BESPOKE_EVALUATION_PROMPT_TEXT


@pytest.mark.parametrize("response", ["yes", " yes", "yes ", " yes ", "YES", " YES\n", "\tYes\t"])
def test_when_evaluation_response_is_yes_with_whitespace_then_pass(response: str) -> None:
    chat_model = ScriptedChatModel(response)
    evaluator = FactCheckingEvaluator.builder(ChatClient.builder(chat_model)).build()
    result = evaluator.evaluate(
        EvaluationRequest("query", [Document("The sky is blue.")], "response content")
    )
    assert result.is_pass() is True
    sent = chat_model.prompts[0].get_user_message().get_text() or ""
    assert "Document:\n\tThe sky is blue.\n" in sent
    assert "Claim:\n\tresponse content\n" in sent


@pytest.mark.parametrize("response", ["no", " no ", "yes and more", "maybe"])
def test_when_evaluation_response_is_not_yes_then_fail(response: str) -> None:
    evaluator = FactCheckingEvaluator.builder(
        ChatClient.builder(ScriptedChatModel(response))
    ).build()
    result = evaluator.evaluate(EvaluationRequest("query", [], "response content"))
    assert result.is_pass() is False
