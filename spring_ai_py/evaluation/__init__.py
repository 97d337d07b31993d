"""``org.springframework.ai.evaluation``: judging a model's answers.

An :class:`Evaluator` takes an :class:`EvaluationRequest` (the question, the supporting
documents and the answer) and returns an :class:`EvaluationResponse` (passed or not,
a score, feedback). The LLM-as-a-judge implementations live in
``spring_ai_py.chat.evaluation``.
"""

from spring_ai_py.evaluation.evaluator import EvaluationRequest, EvaluationResponse, Evaluator

__all__ = ["EvaluationRequest", "EvaluationResponse", "Evaluator"]
