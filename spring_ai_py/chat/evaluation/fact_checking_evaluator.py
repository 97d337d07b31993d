"""``FactCheckingEvaluator``: is a claim supported by the given document?"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spring_ai_py import _assert
from spring_ai_py.chat.evaluation._judge import is_yes
from spring_ai_py.evaluation import EvaluationRequest, EvaluationResponse, Evaluator

if TYPE_CHECKING:
    from spring_ai_py.chat.client import ChatClientBuilder
    from spring_ai_py.chat.client.specs import PromptUserSpec

_DEFAULT_EVALUATION_PROMPT_TEXT = (
    "\tEvaluate whether or not the following claim is supported by the provided document.\n"
    '\tRespond with "yes" if the claim is supported, or "no" if it is not.\n'
    "\n"
    "\tDocument:\n"
    "\t{document}\n"
    "\n"
    "\tClaim:\n"
    "\t{claim}\n"
)

_BESPOKE_EVALUATION_PROMPT_TEXT = "\tDocument:\n\t{document}\n\n\tClaim:\n\t{claim}\n"


class FactCheckingEvaluator(Evaluator):
    """Asks a model whether the answer (the claim) is supported by the documents.

    Guards against hallucination in grounded answers: the request's documents are the
    ``document``, its response content the ``claim``. The evaluation passes when the
    model answers ``yes`` (any case, surrounding whitespace ignored). A small
    fact-checking model such as Bespoke-Minicheck does this well; use
    :meth:`for_bespoke_minicheck` for its prompt. Not meant for closed-book quizzes
    without reference material.
    """

    DEFAULT_EVALUATION_PROMPT_TEXT = _DEFAULT_EVALUATION_PROMPT_TEXT
    BESPOKE_EVALUATION_PROMPT_TEXT = _BESPOKE_EVALUATION_PROMPT_TEXT

    def __init__(
        self, chat_client_builder: ChatClientBuilder, evaluation_prompt: str | None = None
    ) -> None:
        self._chat_client_builder = _assert.not_none(
            chat_client_builder, "chat_client_builder cannot be null"
        )
        self._evaluation_prompt = (
            evaluation_prompt if evaluation_prompt is not None else _DEFAULT_EVALUATION_PROMPT_TEXT
        )

    @staticmethod
    def builder(chat_client_builder: ChatClientBuilder | None) -> FactCheckingEvaluator.Builder:
        """A builder over ``chat_client_builder`` (the client that judges)."""
        return FactCheckingEvaluator.Builder().chat_client_builder(chat_client_builder)

    @staticmethod
    def for_bespoke_minicheck(chat_client_builder: ChatClientBuilder) -> FactCheckingEvaluator:
        """An evaluator with the bare document/claim prompt the Bespoke-Minicheck model expects."""
        return (
            FactCheckingEvaluator.builder(chat_client_builder)
            .evaluation_prompt(_BESPOKE_EVALUATION_PROMPT_TEXT)
            .build()
        )

    def get_evaluation_prompt(self) -> str:
        return self._evaluation_prompt

    def evaluate(self, evaluation_request: EvaluationRequest) -> EvaluationResponse:
        claim = evaluation_request.get_response_content()
        document = self.do_get_supporting_data(evaluation_request)

        def user(spec: PromptUserSpec) -> None:
            spec.text(self._evaluation_prompt).param("document", document).param("claim", claim)

        answer = self._chat_client_builder.build().prompt().user(user).call().content()
        return EvaluationResponse(is_yes(answer), "", {})

    def __repr__(self) -> str:
        return "FactCheckingEvaluator()"

    class Builder:
        """``FactCheckingEvaluator.builder(b).evaluation_prompt(text).build()``."""

        def __init__(self) -> None:
            self._chat_client_builder: ChatClientBuilder | None = None
            self._evaluation_prompt: str | None = _DEFAULT_EVALUATION_PROMPT_TEXT

        def chat_client_builder(
            self, chat_client_builder: ChatClientBuilder | None
        ) -> FactCheckingEvaluator.Builder:
            self._chat_client_builder = chat_client_builder
            return self

        def evaluation_prompt(self, evaluation_prompt: str | None) -> FactCheckingEvaluator.Builder:
            self._evaluation_prompt = evaluation_prompt
            return self

        def build(self) -> FactCheckingEvaluator:
            _assert.state(
                self._chat_client_builder is not None, "chat_client_builder cannot be null"
            )
            _assert.state(self._evaluation_prompt is not None, "evaluation_prompt cannot be null")
            assert self._chat_client_builder is not None
            return FactCheckingEvaluator(self._chat_client_builder, self._evaluation_prompt)
