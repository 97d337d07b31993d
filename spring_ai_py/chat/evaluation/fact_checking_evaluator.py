"""``FactCheckingEvaluator``: is a claim supported by the given document?"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
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


class _FactCheckingEvaluatorBuilder(_builder.Builder["FactCheckingEvaluator"]):
    """``FactCheckingEvaluator.builder(b).evaluation_prompt(text).build()``."""

    __slots__ = ()

    def build(self) -> FactCheckingEvaluator:
        _assert.state(
            self._values.get("chat_client_builder") is not None,
            "chat_client_builder cannot be null",
        )
        prompt = self._values.get("evaluation_prompt", _DEFAULT_EVALUATION_PROMPT_TEXT)
        _assert.state(prompt is not None, "evaluation_prompt cannot be null")
        return super().build()


class FactCheckingEvaluator(Evaluator, Buildable):
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
        return FactCheckingEvaluator.Builder(FactCheckingEvaluator).chat_client_builder(
            chat_client_builder  # type: ignore[arg-type]  # None fails at build(), as in Spring
        )

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

    # --- generated builder (base: _FactCheckingEvaluatorBuilder) (own builder()) ---
    class Builder(_FactCheckingEvaluatorBuilder):
        """The builder of :class:`FactCheckingEvaluator`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def chat_client_builder(self, chat_client_builder: ChatClientBuilder, /) -> Self:
            return self._set("chat_client_builder", (chat_client_builder,))

        def evaluation_prompt(self, evaluation_prompt: str | None, /) -> Self:
            return self._set("evaluation_prompt", (evaluation_prompt,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> FactCheckingEvaluator: ...
    # --- end of generated builder ---
