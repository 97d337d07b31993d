"""``DefaultAroundAdvisorChain``: the order-sorted advisor chain (Spring keeps it in deques)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._observation import (
    LazyStream,
    StreamStep,
    call_step,
    is_noop,
    observe_stream,
    tracer_for,
)
from spring_ai_py.chat.client.advisor.api.advisor import (
    Advisor,
    CallAdvisor,
    StreamAdvisor,
    TerminalAdvisor,
)
from spring_ai_py.chat.client.advisor.api.chain import BaseAdvisorChain
from spring_ai_py.chat.client.advisor.observation.convention import (
    AdvisorObservationContext,
    AdvisorObservationConvention,
    DefaultAdvisorObservationConvention,
    advisor_contextual_name,
)
from spring_ai_py.core import order_of

if TYPE_CHECKING:
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse


def sort_advisors(advisors: list[Any]) -> list[Any]:
    """Execution order: by order value; equal orders keep registration order and the
    terminal model advisors are always last."""
    return sorted(advisors, key=lambda a: (isinstance(a, TerminalAdvisor), order_of(a)))


class _DefaultAroundAdvisorChainBuilder(
    _builder.Builder["DefaultAroundAdvisorChain"], BaseAdvisorChain.Builder
):
    """Collects advisors; ``build()`` sorts them (terminals innermost, ties stable).
    ``call_advisors`` / ``stream_advisors``, when set, are used as given."""

    __slots__ = ()

    def observation_convention(self, convention: AdvisorObservationConvention | None, /) -> Self:
        self._values["observation_convention"] = convention
        return self

    def push(self, advisor: Advisor) -> Self:
        _assert.not_none(advisor, "the advisor must be non-null")
        return self.push_all([advisor])

    def push_all(self, *advisors: Advisor | Sequence[Advisor]) -> Self:
        items: list[Any]
        if len(advisors) == 1 and advisors[0] is None:
            # push_all(None) is Spring's pushAll((List) null)
            raise ValueError("the advisors must be non-null")
        if len(advisors) == 1 and isinstance(advisors[0], list | tuple):
            items = list(advisors[0])
        else:
            items = list(advisors)
        _assert.no_null_elements(items, "the advisors must not contain null elements")
        for advisor in items:
            if not isinstance(advisor, CallAdvisor | StreamAdvisor):
                raise TypeError(
                    f"{advisor!r} is neither a CallAdvisor nor a StreamAdvisor and cannot be "
                    "pushed onto the advisor chain"
                )
        self._values.setdefault("_advisors", []).extend(items)
        return self

    def build(self) -> DefaultAroundAdvisorChain:
        values = self._values
        ordered = sort_advisors(values.get("_advisors", ()))
        calls = values.get("call_advisors")
        streams = values.get("stream_advisors")
        if isinstance(calls, CallAdvisor):
            calls = [calls]
        if isinstance(streams, StreamAdvisor):
            streams = [streams]
        return DefaultAroundAdvisorChain(
            values.get("tracer_provider"),
            calls if calls is not None else [a for a in ordered if isinstance(a, CallAdvisor)],
            streams if streams is not None else [a for a in ordered if isinstance(a, StreamAdvisor)],
            values.get("observation_convention"),
        )


class DefaultAroundAdvisorChain(BaseAdvisorChain):
    """The default advisor chain: each ``next_call``/``next_stream`` pops the next advisor.

    Advisors run in order: the lowest order is outermost. The chain is single-use (each
    step consumes an advisor); ``copy(after)`` creates a fresh chain of the advisors
    after ``after`` as they were when this chain was created, which loops use any number
    of times. Every step is a span named by the advisor observation convention.
    """

    DEFAULT_OBSERVATION_CONVENTION: ClassVar[AdvisorObservationConvention] = (
        DefaultAdvisorObservationConvention()
    )

    __slots__ = (
        "_convention",
        "_next_call",
        "_next_stream",
        "_original_call_advisors",
        "_original_stream_advisors",
        "_tracer",
        "_tracer_provider",
    )

    def __init__(
        self,
        tracer_provider: TracerProvider | None,
        call_advisors: Sequence[CallAdvisor],
        stream_advisors: Sequence[StreamAdvisor],
        observation_convention: AdvisorObservationConvention | None = None,
    ) -> None:
        _assert.not_none(call_advisors, "the call_advisors must be non-null")
        _assert.not_none(stream_advisors, "the stream_advisors must be non-null")
        self._tracer_provider = tracer_provider
        self._tracer = tracer_for(tracer_provider)
        self._original_call_advisors: tuple[CallAdvisor, ...] = tuple(call_advisors)
        self._original_stream_advisors: tuple[StreamAdvisor, ...] = tuple(stream_advisors)
        # The advisors not yet taken start at these indexes (two ints instead of two
        # deques: a chain is made per request, and a deque costs over 600 bytes).
        self._next_call = 0
        self._next_stream = 0
        # The default convention takes the chain's fast path (cached names, lazy attributes).
        if type(observation_convention) is DefaultAdvisorObservationConvention:
            observation_convention = None
        self._convention = observation_convention

    @staticmethod
    def builder(tracer_provider: TracerProvider | None = None) -> DefaultAroundAdvisorChain.Builder:
        """A chain builder; ``tracer_provider`` defaults to the global one."""
        return DefaultAroundAdvisorChain.Builder(
            DefaultAroundAdvisorChain, {"tracer_provider": tracer_provider}
        )

    def _span_name_and_attributes(
        self, advisor: Advisor, request: ChatClientRequest
    ) -> tuple[str, Any]:
        convention = self._convention
        if convention is None:
            name = advisor.get_name()
            return advisor_contextual_name(name), lambda: {
                "gen_ai.operation.name": "framework",
                "gen_ai.system": "spring_ai",
                "gen_ai.provider.name": "spring_ai",
                "spring.ai.kind": "advisor",
                "spring.ai.advisor.name": name,
                "spring.ai.advisor.order": advisor.get_order(),
            }
        context = AdvisorObservationContext(advisor.get_name(), request, advisor.get_order())
        return convention.get_contextual_name(context), lambda: convention.attributes(context)

    def _pop_call_advisor(self, chat_client_request: ChatClientRequest) -> CallAdvisor:
        if chat_client_request is None:
            raise ValueError("the chat_client_request cannot be null")
        index = self._next_call
        if index >= len(self._original_call_advisors):
            raise RuntimeError("No CallAdvisors available to execute")
        self._next_call = index + 1
        return self._original_call_advisors[index]

    def next_call(self, chat_client_request: ChatClientRequest) -> ChatClientResponse:
        """Run the next call advisor inside its span."""
        advisor = self._pop_call_advisor(chat_client_request)
        if is_noop(self._tracer):
            return advisor.advise_call(chat_client_request, self)
        with call_step(self._tracer, *self._span_name_and_attributes(advisor, chat_client_request)):
            return advisor.advise_call(chat_client_request, self)

    async def anext_call(self, chat_client_request: ChatClientRequest) -> ChatClientResponse:
        """Await the next call advisor's ``aadvise_call`` inside its span."""
        advisor = self._pop_call_advisor(chat_client_request)
        if is_noop(self._tracer):
            return await advisor.aadvise_call(chat_client_request, self)
        with call_step(self._tracer, *self._span_name_and_attributes(advisor, chat_client_request)):
            return await advisor.aadvise_call(chat_client_request, self)

    def next_stream(self, chat_client_request: ChatClientRequest) -> AsyncIterator[ChatClientResponse]:
        """The next stream advisor's stream; the advisor is taken when iteration starts."""
        if chat_client_request is None:
            raise ValueError("the chat_client_request cannot be null")

        if is_noop(self._tracer):
            # With no tracer the step needs no span, name or attributes: only the
            # advisor, still taken when iteration starts. Each of the thousands of
            # streams in flight keeps one such step per advisor: three slots, and no
            # frame of its own per chunk.
            return LazyStream(self._advise_next_stream, chat_client_request)

        def begin() -> StreamStep[ChatClientResponse]:
            advisor = self._take_stream_advisor()
            name, attributes = self._span_name_and_attributes(advisor, chat_client_request)
            return StreamStep(name, attributes, lambda: advisor.advise_stream(chat_client_request, self))

        return observe_stream(self._tracer, begin)

    def _advise_next_stream(
        self, chat_client_request: ChatClientRequest
    ) -> AsyncIterator[ChatClientResponse]:
        return self._take_stream_advisor().advise_stream(chat_client_request, self)

    def _take_stream_advisor(self) -> StreamAdvisor:
        index = self._next_stream
        if index >= len(self._original_stream_advisors):
            raise RuntimeError("No StreamAdvisors available to execute")
        self._next_stream = index + 1
        return self._original_stream_advisors[index]

    def copy(self, after: Advisor) -> DefaultAroundAdvisorChain:
        """A fresh chain of the advisors after ``after`` (matched by identity) in this
        chain's creation-time call and stream lists."""
        _assert.not_none(after, "The after advisor must not be null")
        calls = _after(self._original_call_advisors, after)
        streams = _after(self._original_stream_advisors, after)
        if calls is None and streams is None:
            raise ValueError(f"The specified advisor is not part of the chain: {after.get_name()}")
        return DefaultAroundAdvisorChain(
            self._tracer_provider, calls or (), streams or (), self._convention
        )

    def get_call_advisors(self) -> list[CallAdvisor]:
        return list(self._original_call_advisors)

    def get_stream_advisors(self) -> list[StreamAdvisor]:
        return list(self._original_stream_advisors)

    def get_tracer_provider(self) -> TracerProvider | None:
        return self._tracer_provider

    def get_observation_convention(self) -> AdvisorObservationConvention:
        return self._convention or self.DEFAULT_OBSERVATION_CONVENTION

    def mutate(self) -> DefaultAroundAdvisorChain.Builder:
        """A builder holding this chain's advisors, each once (call and stream merged)."""
        seen: dict[int, Advisor] = {}
        for advisor in (*self._original_call_advisors, *self._original_stream_advisors):
            seen.setdefault(id(advisor), advisor)
        return (
            DefaultAroundAdvisorChain.builder(self._tracer_provider)
            .observation_convention(self._convention)
            .push_all(list(seen.values()))
        )

    def __repr__(self) -> str:
        names = [a.get_name() for a in self._original_call_advisors[self._next_call :]]
        return f"DefaultAroundAdvisorChain(remaining_call_advisors={names})"

    # --- generated builder (base: _DefaultAroundAdvisorChainBuilder) (own builder()) ---
    class Builder(_DefaultAroundAdvisorChainBuilder):
        """The builder of :class:`DefaultAroundAdvisorChain`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def tracer_provider(self, tracer_provider: TracerProvider | None, /) -> Self:
            return self._set("tracer_provider", (tracer_provider,))

        def call_advisors(self, call_advisors: CallAdvisor | Sequence[CallAdvisor], /, *more: CallAdvisor) -> Self:
            return self._set("call_advisors", (call_advisors, *more), sequence=True)

        def stream_advisors(self, stream_advisors: StreamAdvisor | Sequence[StreamAdvisor], /, *more: StreamAdvisor) -> Self:
            return self._set("stream_advisors", (stream_advisors, *more), sequence=True)

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> DefaultAroundAdvisorChain: ...
    # --- end of generated builder ---

def _after(advisors: tuple[Any, ...], after: Advisor) -> tuple[Any, ...] | None:
    for index, advisor in enumerate(advisors):
        if advisor is after:
            return advisors[index + 1 :]
    return None
