"""``StreamGuardAdvisor``: check the model's answer before it reaches the caller.

Beyond Spring AI 2.0.1 (which guards only the prompt, with ``SafeGuardAdvisor``): a
"hold-release" filter on the answer. On the stream path text chunks are held until a
sentence ends or ``hold_chars`` characters are waiting; the answer so far is then
checked and the held chunks are released, or the rest of the answer is replaced by the
failure response and the model's stream is closed. Text already released stays with the
caller: the guard bounds how much unchecked text ever leaves, it cannot take text back.
On the call paths the whole answer is checked once.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.client.advisor.api.advisor import CallAdvisor, StreamAdvisor
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatResponse, Generation

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api.chain import CallAdvisorChain, StreamAdvisorChain

#: Characters after which held text is checked and released although no sentence ended.
DEFAULT_HOLD_CHARS = 200
# Latin and CJK (ideographic full stop, full-width ! ? ;) sentence ends.
_SENTENCE_ENDS = frozenset(".!?;:\n\u3002\uff01\uff1f\uff1b")


# A chunk whose last character is none of these cannot end a sentence: the stream path
# tests that first, one set lookup for most chunks.
_MAY_END_SENTENCE = _SENTENCE_ENDS | {" ", "\t"}


def _ends_sentence(text: str) -> bool:
    """Whether ``text`` ends a sentence (trailing spaces and tabs aside)."""
    if text[-1] == "\n":
        return True
    tail = text.rstrip(" \t")
    return bool(tail) and tail[-1] in _SENTENCE_ENDS


def _text_of(response: ChatClientResponse) -> str:
    chat_response = response.chat_response
    if chat_response is None:
        return ""
    generation = chat_response.get_result()
    if generation is None:
        return ""
    return generation.get_output().get_text() or ""


class StreamGuardAdvisor(CallAdvisor, StreamAdvisor, Buildable):
    """Holds streamed text until it can be checked, then releases it or ends the answer.

    Give a word list (blocked when the answer contains one of them, case-insensitive, as
    ``SafeGuardAdvisor`` checks prompts) or ``blocks``, a predicate over the answer so far
    that returns ``True`` when it must not be shown; both may be given. On the stream
    path a chunk's text is released once a sentence ends (``.``, ``!``, ``?``, ``;``,
    ``:``, a newline or their CJK forms) or ``hold_chars`` characters are held, after
    the check passes; chunks without text (tool calls, usage, the finish chunk) keep
    their place behind held text. When the check fails, one chunk with
    ``failure_response`` replaces the rest of the answer and the model's stream is closed.
    On ``call()`` and ``acall`` the complete answer is checked and replaced when it fails.

    The default order, 0, puts it inside the chat-memory advisors, so memory stores the
    answer the caller saw. ``StreamGuardAdvisor(sensitive_words=[...])`` or
    ``StreamGuardAdvisor.builder().blocks(predicate).hold_chars(80).build()``.
    """

    DEFAULT_ORDER: ClassVar[int] = 0
    DEFAULT_FAILURE_RESPONSE: ClassVar[str] = (
        "I'm unable to continue this answer due to sensitive content."
    )

    def __init__(
        self,
        sensitive_words: Sequence[str] | None = None,
        blocks: Callable[[str], bool] | None = None,
        failure_response: str = DEFAULT_FAILURE_RESPONSE,
        hold_chars: int = DEFAULT_HOLD_CHARS,
        order: int = DEFAULT_ORDER,
    ) -> None:
        if isinstance(sensitive_words, str):
            raise TypeError("sensitive_words must be a list of words, not a single str")
        words = list(sensitive_words or ())
        _assert.no_null_elements(words, "Sensitive words must not contain null elements!")
        if blocks is not None and not callable(blocks):
            raise TypeError(f"blocks must be a callable taking the text, got {blocks!r:.80}")
        if not words and blocks is None:
            raise ValueError("sensitive_words or blocks must be given")
        _assert.not_none(failure_response, "Failure response must not be null!")
        if isinstance(hold_chars, bool) or not isinstance(hold_chars, int) or hold_chars < 1:
            raise ValueError(f"hold_chars must be a positive int, got {hold_chars!r}")
        self._sensitive_words = words
        self._lowered_words = [word.lower() for word in words]
        # A word can straddle what was checked before and what is new: re-read that much.
        self._overlap = max((len(word) for word in words), default=1) - 1
        self._blocks = blocks
        self._failure_response = failure_response
        self._hold_chars = hold_chars
        self._order = order

    def _builder_state(self) -> dict[str, Any]:
        return {
            "sensitive_words": list(self._sensitive_words),
            "blocks": self._blocks,
            "failure_response": self._failure_response,
            "hold_chars": self._hold_chars,
            "order": self._order,
        }

    # --- generated builder ---
    class Builder(_builder.Builder["StreamGuardAdvisor"]):
        """The builder of :class:`StreamGuardAdvisor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def sensitive_words(self, sensitive_words: str | Sequence[str] | None, /, *more: str) -> Self:
            return self._set("sensitive_words", (sensitive_words, *more), sequence=True)

        def blocks(self, blocks: Callable[[str], bool] | None, /) -> Self:
            return self._set("blocks", (blocks,))

        def failure_response(self, failure_response: str, /) -> Self:
            return self._set("failure_response", (failure_response,))

        def hold_chars(self, hold_chars: int, /) -> Self:
            return self._set("hold_chars", (hold_chars,))

        def order(self, order: int, /) -> Self:
            return self._set("order", (order,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> StreamGuardAdvisor: ...

    @classmethod
    def builder(cls) -> StreamGuardAdvisor.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> StreamGuardAdvisor.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---

    def get_name(self) -> str:
        return type(self).__name__

    def get_order(self) -> int:
        return self._order

    # -- the check ---------------------------------------------------------------------

    def _fails(self, answer: str, checked_up_to: int) -> bool:
        """Whether ``answer`` must not be shown; its first ``checked_up_to`` chars passed."""
        if self._lowered_words:
            window = answer[max(0, checked_up_to - self._overlap) :].lower()
            for word in self._lowered_words:
                if word in window:
                    return True
        return self._blocks is not None and bool(self._blocks(answer))

    def _failure(self, context: dict[str, Any]) -> ChatClientResponse:
        chat_response = ChatResponse([Generation(AssistantMessage(self._failure_response))])
        return ChatClientResponse(chat_response, dict(context))

    # -- call paths --------------------------------------------------------------------

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        return self._checked(call_advisor_chain.next_call(chat_client_request))

    async def aadvise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        return self._checked(await call_advisor_chain.anext_call(chat_client_request))

    def _checked(self, response: ChatClientResponse) -> ChatClientResponse:
        answer = _text_of(response)
        if answer and self._fails(answer, 0):
            return self._failure(response.context)
        return response

    # -- stream path -------------------------------------------------------------------

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        _assert.not_none(stream_advisor_chain, "stream_advisor_chain cannot be null")
        return self._guarded(stream_advisor_chain.next_stream(chat_client_request))

    async def _guarded(
        self, inner: AsyncIterator[ChatClientResponse]
    ) -> AsyncIterator[ChatClientResponse]:
        # What the check needs of the answer so far: all of it for ``blocks``, else the
        # end of the part that passed (a word may run across) and the held text, so each
        # check costs the held text and not the whole answer again.
        keep_all = self._blocks is not None
        overlap = self._overlap
        hold_chars = self._hold_chars
        parts: list[str] = []
        checked = 0  # characters of ``parts`` that passed the check
        held: list[ChatClientResponse] = []
        held_chars = 0
        async with contextlib.aclosing(inner) as stream:  # type: ignore[type-var]
            async for response in stream:
                # _text_of, inlined: this runs for every chunk of every guarded stream.
                chat_response = response.chat_response
                generation = None if chat_response is None else chat_response.get_result()
                text = "" if generation is None else generation.get_output().get_text()
                if not text:
                    if held:
                        held.append(response)
                    else:
                        yield response
                    continue
                parts.append(text)
                held.append(response)
                held_chars += len(text)
                if held_chars < hold_chars and (
                    text[-1] not in _MAY_END_SENTENCE or not _ends_sentence(text)
                ):
                    continue
                answer = "".join(parts)
                if self._fails(answer, checked):
                    yield self._failure(response.context)
                    return
                passed = answer if keep_all else answer[max(0, len(answer) - overlap) :]
                parts = [passed]
                checked = len(passed)
                for released in held:
                    yield released
                held.clear()
                held_chars = 0
            if held:
                if held_chars and self._fails("".join(parts), checked):
                    yield self._failure(held[-1].context)
                    return
                for released in held:
                    yield released

    def __repr__(self) -> str:
        return (
            f"StreamGuardAdvisor(sensitive_words={self._sensitive_words!r}, "
            f"blocks={self._blocks!r}, hold_chars={self._hold_chars}, order={self._order})"
        )
