"""``ReReadingAdvisor``: the RE2 re-reading strategy applied to the user question."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.client.advisor.api.base_advisor import BaseAdvisor
from spring_ai_py.chat.prompt import PromptTemplate

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api.chain import AdvisorChain
    from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse


class ReReadingAdvisor(BaseAdvisor, Buildable):
    """Asks the model to read the question twice before answering (RE2).

    Re-reading the input improves the reasoning of large language models, as people
    do it (Xu et al., "Re-Reading Improves Reasoning in Large Language Models",
    https://arxiv.org/abs/2309.06275). ``before()`` renders ``re2_advise_template``
    with the last user message's text as ``{re2_input_query}`` and makes the result
    the new text of that message; the response is left as it is. Works on the call and
    the stream path (it is a :class:`BaseAdvisor`).

    The order defaults to 0; set it with ``order=``, the builder, or :meth:`with_order`.
    """

    DEFAULT_RE2_ADVISE_TEMPLATE: ClassVar[str] = (
        "{re2_input_query}\nRead the question again: {re2_input_query}\n"
    )
    DEFAULT_ORDER: ClassVar[int] = 0

    def __init__(
        self,
        re2_advise_template: str | None = DEFAULT_RE2_ADVISE_TEMPLATE,
        order: int = DEFAULT_ORDER,
    ) -> None:
        self._re2_advise_template = _assert.has_text(
            re2_advise_template, "re2_advise_template cannot be null or empty"
        )
        self._order = _assert.not_none(order, "order cannot be null")

    def _builder_state(self) -> dict[str, Any]:
        return {"re2_advise_template": self._re2_advise_template, "order": self._order}

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        prompt = chat_client_request.prompt
        augmented_user_text = PromptTemplate(
            self._re2_advise_template,
            {"re2_input_query": prompt.get_user_message().get_text() or ""},
        ).render()
        return (
            chat_client_request.mutate()
            .prompt(prompt.augment_user_message(augmented_user_text))
            .build()
        )

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        return chat_client_response

    def get_order(self) -> int:
        return self._order

    def with_order(self, order: int) -> Self:
        """Set the order and return this advisor (Spring's fluent ``withOrder``)."""
        self._order = _assert.not_none(order, "order cannot be null")
        return self

    # --- generated builder ---
    class Builder(_builder.Builder["ReReadingAdvisor"]):
        """The builder of :class:`ReReadingAdvisor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def re2_advise_template(self, re2_advise_template: str | None, /) -> Self:
            return self._set("re2_advise_template", (re2_advise_template,))

        def order(self, order: int, /) -> Self:
            return self._set("order", (order,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ReReadingAdvisor: ...

    @classmethod
    def builder(cls) -> ReReadingAdvisor.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ReReadingAdvisor.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
