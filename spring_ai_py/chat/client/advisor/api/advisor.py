"""The advisor interfaces: ``Advisor``, ``CallAdvisor``, ``StreamAdvisor`` and markers."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, ClassVar

from spring_ai_py.core import Ordered

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api.chain import CallAdvisorChain, StreamAdvisorChain
    from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse


class Advisor(Ordered):
    """An advisor intercepts ChatClient requests and responses, around the model call.

    Advisors are sorted by :meth:`get_order`: the lowest order is the outermost, so it
    sees the request first and the response last. Advisors with equal orders keep their
    registration order (the first registered is outermost).
    """

    DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER: ClassVar[int] = Ordered.HIGHEST_PRECEDENCE + 200

    @abstractmethod
    def get_name(self) -> str:
        """A name that identifies this advisor (used for span names and diagnostics)."""


class CallAdvisor(Advisor):
    """An advisor on the blocking call path."""

    @abstractmethod
    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        """Handle the request: usually change it, call ``call_advisor_chain.next_call``,
        and change the response. Not calling the chain short-circuits everything inside.
        """

    async def aadvise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        """The async twin of :meth:`advise_call`.

        By default :meth:`advise_call` runs off the event loop (on the default executor,
        in the current ``contextvars`` context), and the rest of the chain is called
        through ``next_call`` there. Override it, awaiting
        ``call_advisor_chain.anext_call(...)``, to stay on the loop.
        """
        from spring_ai_py._bridge import run_blocking

        return await run_blocking(None, self.advise_call, chat_client_request, call_advisor_chain)


class StreamAdvisor(Advisor):
    """An advisor on the streaming path."""

    @abstractmethod
    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        """Return the response stream: usually ``stream_advisor_chain.next_stream(...)``
        transformed. As with a Flux, nothing may run before iteration starts.
        """


class MemoryAdvisor(Advisor):
    """Marker: the advisor owns the chat-memory lifecycle.

    The ChatClient uses it to tell whether memory sits inside the tool loop (a memory
    advisor with a higher order than the ``ToolCallingAdvisor``).
    """


class ToolAdvisor(Advisor):
    """Marker: the advisor owns the tool-call loop; at most one per chain."""


class TerminalAdvisor(Advisor):
    """Marker: the advisor calls the model and ends the chain.

    The chain always runs terminal advisors innermost, whatever their order
   , and the ChatClient adds its own terminals only when no advisor is one.
    """
