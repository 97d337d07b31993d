"""``org.springframework.ai.chat.evaluation``: evaluators that ask a model to judge.

``RelevancyEvaluator`` checks that an answer is in line with the question and its
context; ``FactCheckingEvaluator`` that a claim is supported by a document. Both send one
prompt through a ``ChatClient`` built from the given builder and pass when the model
answers ``yes`` (case and surrounding whitespace ignored).
"""

from spring_ai_py.chat.evaluation.fact_checking_evaluator import FactCheckingEvaluator
from spring_ai_py.chat.evaluation.relevancy_evaluator import RelevancyEvaluator

__all__ = ["FactCheckingEvaluator", "RelevancyEvaluator"]
