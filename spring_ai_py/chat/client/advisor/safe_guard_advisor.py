"""``SafeGuardAdvisor``: refuse, without calling the model, prompts with sensitive words."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert
from spring_ai_py._builder import Buildable, Builder
from spring_ai_py.chat.client.advisor.api.advisor import CallAdvisor, StreamAdvisor
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatResponse, Generation

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api.chain import CallAdvisorChain, StreamAdvisorChain

_SENSITIVE_WORDS_NULL = "Sensitive words must not be null!"


class _SafeGuardAdvisorBuilder(Builder["SafeGuardAdvisor"]):
    """Spring's builder: building without sensitive words is an illegal state."""

    __slots__ = ()

    def build(self) -> SafeGuardAdvisor:
        _assert.state(self._values.get("sensitive_words") is not None, _SENSITIVE_WORDS_NULL)
        return super().build()


class SafeGuardAdvisor(CallAdvisor, StreamAdvisor, Buildable):
    """Blocks the model call when the prompt contains any of the sensitive words.

    The check is a simple case-insensitive substring search over the texts of all the
    prompt's messages (``Prompt.get_contents()``). When a word matches, the model and
    every advisor inside this one are skipped and the caller gets a response whose
    single generation is ``failure_response``, carrying a copy of the request context;
    on the stream path that response is the stream's only element. An empty word list
    blocks nothing.

    It is a starting point for a safety barrier, not one in itself: it does not handle
    homoglyphs, full-width or zero-width characters.

    ``SafeGuardAdvisor(["word"])``, ``SafeGuardAdvisor(["word"], "No.", 10)`` or
    ``SafeGuardAdvisor.builder().sensitive_words([...]).failure_response(...).order(...).build()``.
    """

    DEFAULT_ORDER: ClassVar[int] = 0
    DEFAULT_FAILURE_RESPONSE: ClassVar[str] = (
        "I'm unable to respond to that due to sensitive content. "
        "Could we rephrase or discuss something else?"
    )

    def __init__(
        self,
        sensitive_words: Sequence[str] | None,
        failure_response: str | None = DEFAULT_FAILURE_RESPONSE,
        order: int = DEFAULT_ORDER,
    ) -> None:
        _assert.not_none(sensitive_words, _SENSITIVE_WORDS_NULL)
        _assert.not_none(failure_response, "Failure response must not be null!")
        assert sensitive_words is not None and failure_response is not None
        if isinstance(sensitive_words, str):
            raise TypeError("sensitive_words must be a list of words, not a single str")
        words = list(sensitive_words)
        _assert.no_null_elements(words, "Sensitive words must not contain null elements!")
        self._sensitive_words: list[str] = words
        self._lowered_words = [word.lower() for word in words]
        self._failure_response: str = failure_response
        self._order = order

    def _builder_state(self) -> dict[str, Any]:
        return {
            "sensitive_words": list(self._sensitive_words),
            "failure_response": self._failure_response,
            "order": self._order,
        }

    def get_name(self) -> str:
        return type(self).__name__

    def get_order(self) -> int:
        return self._order

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        blocked = self._blocked(chat_client_request, call_advisor_chain)
        return blocked or call_advisor_chain.next_call(chat_client_request)

    async def aadvise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        blocked = self._blocked(chat_client_request, call_advisor_chain)
        return blocked or await call_advisor_chain.anext_call(chat_client_request)

    def _blocked(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse | None:
        """The failure response when the request holds a sensitive word, else ``None``."""
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        _assert.not_none(call_advisor_chain, "call_advisor_chain cannot be null")
        if self._contains_sensitive_word(chat_client_request):
            return self._create_failure_response(chat_client_request)
        return None

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        _assert.not_none(stream_advisor_chain, "stream_advisor_chain cannot be null")
        if self._contains_sensitive_word(chat_client_request):
            return self._single(self._create_failure_response(chat_client_request))
        return stream_advisor_chain.next_stream(chat_client_request)

    @staticmethod
    async def _single(response: ChatClientResponse) -> AsyncIterator[ChatClientResponse]:
        yield response

    def _create_failure_response(
        self, chat_client_request: ChatClientRequest
    ) -> ChatClientResponse:
        chat_response = ChatResponse([Generation(AssistantMessage(self._failure_response))])
        return ChatClientResponse(chat_response, dict(chat_client_request.context))

    def _contains_sensitive_word(self, chat_client_request: ChatClientRequest) -> bool:
        if not self._lowered_words:
            return False
        contents = chat_client_request.prompt.get_contents().lower()
        return any(word in contents for word in self._lowered_words)

    def __repr__(self) -> str:
        return f"SafeGuardAdvisor(sensitive_words={self._sensitive_words!r}, order={self._order})"

    # --- generated builder (base: _SafeGuardAdvisorBuilder) ---
    class Builder(_SafeGuardAdvisorBuilder):
        """The builder of :class:`SafeGuardAdvisor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def sensitive_words(self, sensitive_words: str | Sequence[str] | None, /, *more: str) -> Self:
            return self._set("sensitive_words", (sensitive_words, *more), sequence=True)

        def failure_response(self, failure_response: str | None, /) -> Self:
            return self._set("failure_response", (failure_response,))

        def order(self, order: int, /) -> Self:
            return self._set("order", (order,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> SafeGuardAdvisor: ...

    @classmethod
    def builder(cls) -> SafeGuardAdvisor.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> SafeGuardAdvisor.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
