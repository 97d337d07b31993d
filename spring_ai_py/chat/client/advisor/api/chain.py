"""The advisor chain interfaces."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.chat.client.advisor.api.advisor import Advisor, CallAdvisor, StreamAdvisor
    from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse


class AdvisorChain(ABC):
    """The context in which a chain of advisors runs."""

    def get_tracer_provider(self) -> TracerProvider | None:
        """The tracer provider spans are reported to (``None``: the global one)."""
        return None


class CallAdvisorChain(AdvisorChain):
    """The remaining call advisors of one request."""

    @abstractmethod
    def next_call(self, chat_client_request: ChatClientRequest) -> ChatClientResponse:
        """Invoke the next call advisor; the innermost one calls the model."""

    async def anext_call(self, chat_client_request: ChatClientRequest) -> ChatClientResponse:
        """The async twin of :meth:`next_call`; by default :meth:`next_call`
        off the event loop."""
        from spring_ai_py._bridge import run_blocking

        return await run_blocking(None, self.next_call, chat_client_request)

    @abstractmethod
    def get_call_advisors(self) -> list[CallAdvisor]:
        """The call advisors this chain was created with, in execution order."""

    @abstractmethod
    def copy(self, after: Any) -> Any:
        """A fresh chain holding only the advisors after ``after``.

        Advisors that loop (tool calling, validation retries) use it to run everything
        inside themselves again, as many times as they need.
        """


class StreamAdvisorChain(AdvisorChain):
    """The remaining stream advisors of one request."""

    @abstractmethod
    def next_stream(self, chat_client_request: ChatClientRequest) -> AsyncIterator[ChatClientResponse]:
        """Invoke the next stream advisor (when the returned stream is iterated)."""

    @abstractmethod
    def get_stream_advisors(self) -> list[StreamAdvisor]:
        """The stream advisors this chain was created with, in execution order."""

    @abstractmethod
    def copy(self, after: Any) -> Any:
        """A fresh chain holding only the advisors after ``after``."""


class BaseAdvisorChain(CallAdvisorChain, StreamAdvisorChain):
    """A chain serving both paths; ``mutate()`` returns a builder holding its advisors."""

    @abstractmethod
    def copy(self, after: Advisor) -> BaseAdvisorChain:
        """A fresh chain with the call and stream advisors after ``after``."""

    @abstractmethod
    def mutate(self) -> BaseAdvisorChain.Builder:
        """A builder pre-filled with this chain's advisors (each once)."""

    @staticmethod
    def builder(tracer_provider: TracerProvider | None = None) -> BaseAdvisorChain.Builder:
        """A ``DefaultAroundAdvisorChain`` builder; ``tracer_provider`` defaults to the global one.
"""
        from spring_ai_py.chat.client.advisor.default_around_advisor_chain import (
            DefaultAroundAdvisorChain,
        )

        return DefaultAroundAdvisorChain.builder(tracer_provider)

    class Builder(ABC):
        """Builds an advisor chain."""

        @abstractmethod
        def push(self, advisor: Advisor) -> Self:
            """Add one advisor."""

        @abstractmethod
        def push_all(self, *advisors: Advisor | Sequence[Advisor]) -> Self:
            """Add several advisors."""

        @abstractmethod
        def build(self) -> BaseAdvisorChain:
            """Build the chain."""
