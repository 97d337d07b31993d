"""``RelevancyEvaluator``: is the answer in line with the question and its context?"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.evaluation._judge import is_yes
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.evaluation import EvaluationRequest, EvaluationResponse, Evaluator

if TYPE_CHECKING:
    from spring_ai_py.chat.client import ChatClientBuilder

_DEFAULT_PROMPT_TEXT = (
    "\tYour task is to evaluate if the response for the query\n"
    "\tis in line with the context information provided.\n"
    "\n"
    "\tYou have two options to answer. Either YES or NO.\n"
    "\n"
    "\tAnswer YES, if the response for the query\n"
    "\tis in line with context information otherwise NO.\n"
    "\n"
    "\tQuery:\n"
    "\t{query}\n"
    "\n"
    "\tResponse:\n"
    "\t{response}\n"
    "\n"
    "\tContext:\n"
    "\t{context}\n"
    "\n"
    "\tAnswer:\n"
)


class _RelevancyEvaluatorBuilder(_builder.Builder["RelevancyEvaluator"]):
    """``RelevancyEvaluator.builder().chat_client_builder(b).prompt_template(t).build()``."""

    __slots__ = ()

    def build(self) -> RelevancyEvaluator:
        _assert.state(
            self._values.get("chat_client_builder") is not None,
            "chat_client_builder cannot be null",
        )
        return super().build()


class RelevancyEvaluator(Evaluator, Buildable):
    """Asks a model whether the answer is in line with the query and the context.

    The prompt template gets ``query`` (the request's user text), ``response`` (the
    answer) and ``context`` (the documents' texts); the evaluation passes, with score
    ``1.0``, when the model answers ``yes`` (any case, surrounding whitespace ignored),
    and fails with score ``0.0`` otherwise. Each evaluation builds a fresh
    ``ChatClient`` from ``chat_client_builder``.
    """

    DEFAULT_PROMPT_TEMPLATE_TEXT = _DEFAULT_PROMPT_TEXT

    def __init__(
        self, chat_client_builder: ChatClientBuilder, prompt_template: PromptTemplate | None = None
    ) -> None:
        self._chat_client_builder = _assert.not_none(
            chat_client_builder, "chat_client_builder cannot be null"
        )
        self._prompt_template = (
            prompt_template if prompt_template is not None else PromptTemplate(_DEFAULT_PROMPT_TEXT)
        )

    def evaluate(self, evaluation_request: EvaluationRequest) -> EvaluationResponse:
        user_message = self._prompt_template.render(
            {
                "query": evaluation_request.get_user_text(),
                "response": evaluation_request.get_response_content(),
                "context": self.do_get_supporting_data(evaluation_request),
            }
        )
        answer = self._chat_client_builder.build().prompt().user(user_message).call().content()
        passing = is_yes(answer)
        return EvaluationResponse(passing, 1.0 if passing else 0.0, "", {})

    def __repr__(self) -> str:
        return f"RelevancyEvaluator(prompt_template={self._prompt_template!r})"

    # --- generated builder (base: _RelevancyEvaluatorBuilder) ---
    class Builder(_RelevancyEvaluatorBuilder):
        """The builder of :class:`RelevancyEvaluator`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def chat_client_builder(self, chat_client_builder: ChatClientBuilder, /) -> Self:
            return self._set("chat_client_builder", (chat_client_builder,))

        def prompt_template(self, prompt_template: PromptTemplate | None, /) -> Self:
            return self._set("prompt_template", (prompt_template,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> RelevancyEvaluator: ...

    @classmethod
    def builder(cls) -> RelevancyEvaluator.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> RelevancyEvaluator.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
