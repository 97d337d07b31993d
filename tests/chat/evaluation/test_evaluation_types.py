"""``spring_ai_py.evaluation``: Spring's constructor overloads of ``EvaluationRequest`` and
``EvaluationResponse`` and ``Evaluator.do_get_supporting_data`` (Spring has no test class
for these; they are covered here)."""

from __future__ import annotations

import pytest

from spring_ai_py.document import Document
from spring_ai_py.evaluation import EvaluationRequest, EvaluationResponse, Evaluator


def test_request_overloads() -> None:
    docs = [Document("a")]
    only_text = EvaluationRequest("question", "answer")
    assert (only_text.get_user_text(), only_text.get_data_list()) == ("question", [])
    assert only_text.get_response_content() == "answer"
    only_docs = EvaluationRequest(docs, "answer")
    assert (only_docs.get_user_text(), only_docs.get_data_list()) == ("", docs)
    full = EvaluationRequest("question", docs, "answer")
    assert (full.get_user_text(), full.get_data_list(), full.get_response_content()) == (
        "question",
        docs,
        "answer",
    )
    assert full == EvaluationRequest("question", [Document("a", id=docs[0].get_id())], "answer")
    assert full != only_docs
    with pytest.raises(TypeError):
        EvaluationRequest(docs, docs, "answer")  # type: ignore[arg-type]
    by_keyword = EvaluationRequest(user_text="q", response_content="a")
    assert (by_keyword.get_user_text(), by_keyword.get_data_list()) == ("q", [])
    docs_by_keyword = EvaluationRequest(docs, response_content="a")
    assert (docs_by_keyword.get_user_text(), docs_by_keyword.get_data_list()) == ("", docs)


def test_response_overloads() -> None:
    scored = EvaluationResponse(True, 0.5, "fine", {"k": 1})
    assert (scored.is_pass(), scored.get_score(), scored.get_feedback(), scored.get_metadata()) == (
        True,
        0.5,
        "fine",
        {"k": 1},
    )
    unscored = EvaluationResponse(False, "bad", {})
    assert (unscored.is_pass(), unscored.get_score(), unscored.get_feedback()) == (False, 0.0, "bad")
    assert unscored == EvaluationResponse(False, 0, "bad", {})
    assert "pass_=False" in repr(unscored)


def test_supporting_data_joins_document_texts_with_newlines() -> None:
    class Always(Evaluator):
        def evaluate(self, evaluation_request: EvaluationRequest) -> EvaluationResponse:
            return EvaluationResponse(True, "", {})

    request = EvaluationRequest([Document("one"), Document("  "), Document("two")], "x")
    assert Always().do_get_supporting_data(request) == "one\ntwo"
