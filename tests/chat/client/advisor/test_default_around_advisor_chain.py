"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.advisor.DefaultAroundAdvisorChainTests`:
19 tests ported, 0 skipped (the ObservationRegistry is an OpenTelemetry TracerProvider,
PORTING §6), plus the port's own rules (ties keep registration order, terminals
innermost, lazy stream steps, copy by identity)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import (
    ChatModelCallAdvisor,
    ChatModelStreamAdvisor,
    DefaultAroundAdvisorChain,
)
from spring_ai_py.chat.client.advisor.api import (
    BaseAdvisorChain,
    CallAdvisor,
    CallAdvisorChain,
    StreamAdvisor,
    StreamAdvisorChain,
)
from spring_ai_py.chat.client.advisor.observation import (
    AdvisorObservationContext,
    AdvisorObservationConvention,
    DefaultAdvisorObservationConvention,
)
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.core import Ordered
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


def request(text: str = "Hello") -> ChatClientRequest:
    return ChatClientRequest.builder().prompt(Prompt(text)).build()


class Recording(CallAdvisor, StreamAdvisor):
    """Passes through and records its name in ``log`` on both paths."""

    def __init__(self, name: str, order: int, log: list[str] | None = None) -> None:
        self.name = name
        self.order = order
        self.log = log if log is not None else []

    def get_name(self) -> str:
        return self.name

    def get_order(self) -> int:
        return self.order

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        self.log.append(self.name)
        return call_advisor_chain.next_call(chat_client_request)

    async def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        self.log.append(self.name)
        async for response in stream_advisor_chain.next_stream(chat_client_request):
            yield response


class Terminal(CallAdvisor, StreamAdvisor):
    """Ends the chain with an empty response (stands in for the model advisors)."""

    def __init__(self, name: str = "terminal", order: int = Ordered.LOWEST_PRECEDENCE) -> None:
        self.name = name
        self.order = order
        self.calls = 0

    def get_name(self) -> str:
        return self.name

    def get_order(self) -> int:
        return self.order

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        self.calls += 1
        return ChatClientResponse.builder().build()

    async def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        self.calls += 1
        yield ChatClientResponse.builder().build()


def chain_of(*advisors: Any) -> DefaultAroundAdvisorChain:
    return DefaultAroundAdvisorChain.builder().push_all(list(advisors)).build()


def names(advisors: list[Any]) -> list[str]:
    return [a.get_name() for a in advisors]


async def drain(stream: AsyncIterator[ChatClientResponse]) -> list[ChatClientResponse]:
    return [item async for item in stream]


# -- builder arguments (Spring: whenXIsNullThenThrow) ----------------------------------


def test_when_advisor_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^the advisor must be non-null$"):
        DefaultAroundAdvisorChain.builder().push(None)  # type: ignore[arg-type]


def test_when_advisor_list_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^the advisors must be non-null$"):
        DefaultAroundAdvisorChain.builder().push_all(None)  # type: ignore[arg-type]


def test_when_advisor_list_contains_null_elements_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^the advisors must not contain null elements$"):
        DefaultAroundAdvisorChain.builder().push_all([None])  # type: ignore[list-item]


def test_push_non_advisor_raises_type_error_naming_it() -> None:
    class NotAnAdvisor:
        def __repr__(self) -> str:
            return "NotAnAdvisor()"

    with pytest.raises(TypeError, match=r"NotAnAdvisor"):
        DefaultAroundAdvisorChain.builder().push(NotAnAdvisor())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"NotAnAdvisor"):
        DefaultAroundAdvisorChain.builder().push_all([Terminal(), NotAnAdvisor()])  # type: ignore[list-item]


def test_get_observation_convention_is_null_then_use_default() -> None:
    chain = DefaultAroundAdvisorChain.builder().observation_convention(None).build()
    assert isinstance(chain.get_observation_convention(), DefaultAdvisorObservationConvention)


def test_when_observation_registry_is_null_then_throw() -> None:
    """Port's contract: ``tracer_provider=None`` is not an error but means the global
    provider (PORTING §6; the OpenTelemetry default is a no-op), so the chain builds
    and runs."""
    chain = DefaultAroundAdvisorChain.builder(None).push(Terminal()).build()
    assert chain.get_tracer_provider() is None  # None: the global provider
    assert chain.next_call(request()).chat_response is None  # the terminal's empty answer


def test_get_observation_registry(otel: Any) -> None:
    """``getObservationRegistry()`` is ``get_tracer_provider()`` (PORTING §6)."""
    chain = DefaultAroundAdvisorChain.builder(otel.provider).build()
    assert chain.get_tracer_provider() is otel.provider
    assert (
        DefaultAroundAdvisorChain.builder(tracer_provider=otel.provider)
        .build()
        .get_tracer_provider()
        is otel.provider
    )
    assert BaseAdvisorChain.builder(otel.provider).build().get_tracer_provider() is otel.provider


def test_constructor_rejects_none_lists() -> None:
    with pytest.raises(ValueError, match=r"^the call_advisors must be non-null$"):
        DefaultAroundAdvisorChain(None, None, [])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^the stream_advisors must be non-null$"):
        DefaultAroundAdvisorChain(None, [], None)  # type: ignore[arg-type]


# -- snapshots ------------------------------------------------------------------------


def test_get_call_advisors() -> None:
    first, second = Terminal("advisor1", 1), Terminal("advisor2", 2)
    chain = chain_of(first, second)
    assert chain.get_call_advisors() == [first, second]
    chain.next_call(request())
    assert chain.get_call_advisors() == [first, second]
    # the first terminal answered, so the second is still queued and runs next
    chain.next_call(request())
    assert chain.get_call_advisors() == [first, second]
    assert (first.calls, second.calls) == (1, 1)


def test_get_stream_advisors() -> None:
    first, second = Terminal("advisor1", 1), Terminal("advisor2", 2)
    chain = chain_of(first, second)
    assert chain.get_stream_advisors() == [first, second]
    asyncio.run(drain(chain.next_stream(request())))
    assert chain.get_stream_advisors() == [first, second]
    asyncio.run(drain(chain.next_stream(request())))
    assert chain.get_stream_advisors() == [first, second]
    assert (first.calls, second.calls) == (1, 1)


def test_next_call_on_exhausted_chain_raises_runtime_error() -> None:
    chain = chain_of(Terminal())
    chain.next_call(request())
    with pytest.raises(RuntimeError, match=r"^No CallAdvisors available to execute$"):
        chain.next_call(request())


def test_next_stream_on_exhausted_chain_raises_when_iterated() -> None:
    chain = chain_of()
    stream = chain.next_stream(request())  # nothing happens yet
    with pytest.raises(RuntimeError, match=r"^No StreamAdvisors available to execute$"):
        asyncio.run(drain(stream))


def test_next_call_and_next_stream_reject_none_request() -> None:
    chain = chain_of(Terminal())
    with pytest.raises(ValueError, match=r"^the chat_client_request cannot be null$"):
        chain.next_call(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^the chat_client_request cannot be null$"):
        chain.next_stream(None)  # type: ignore[arg-type]


def test_stream_step_pops_its_advisor_only_when_iteration_starts() -> None:
    log: list[str] = []
    chain = chain_of(Recording("a", 1, log), Terminal())
    stream = chain.next_stream(request())
    assert log == []
    asyncio.run(drain(stream))
    assert log == ["a"]


# -- order --------------------------------------------------------------------------


def test_lower_order_is_outermost_on_both_paths() -> None:
    log: list[str] = []
    chain = chain_of(
        Recording("c", 3, log), Recording("a", 1, log), Recording("b", 2, log), Terminal()
    )
    chain.next_call(request())
    assert log == ["a", "b", "c"]
    log.clear()
    chain = chain_of(
        Recording("c", 3, log), Recording("a", 1, log), Recording("b", 2, log), Terminal()
    )
    asyncio.run(drain(chain.next_stream(request())))
    assert log == ["a", "b", "c"]


def test_equal_orders_keep_registration_order() -> None:
    log: list[str] = []
    chain = chain_of(
        Recording("first", 5, log),
        Recording("second", 5, log),
        Recording("third", 5, log),
        Terminal(),
    )
    assert names(chain.get_call_advisors()) == ["first", "second", "third", "terminal"]
    chain.next_call(request())
    assert log == ["first", "second", "third"]


def test_terminals_are_innermost_even_against_lowest_precedence() -> None:
    model = ScriptedChatModel("answer")
    log: list[str] = []
    last = Recording("last", Ordered.LOWEST_PRECEDENCE, log)
    chain = (
        DefaultAroundAdvisorChain.builder()
        .push(ChatModelCallAdvisor(model))
        .push(ChatModelStreamAdvisor(model))
        .push(last)
        .build()
    )
    assert names(chain.get_call_advisors()) == ["last", "call"]
    assert names(chain.get_stream_advisors()) == ["last", "stream"]
    response = chain.next_call(request())
    assert log == ["last"]
    assert response.chat_response is not None


def test_call_only_and_stream_only_advisors_land_in_their_lists() -> None:
    class CallOnly(CallAdvisor):
        def get_name(self) -> str:
            return "callOnly"

        def get_order(self) -> int:
            return 0

        def advise_call(
            self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
        ) -> ChatClientResponse:
            return call_advisor_chain.next_call(chat_client_request)

    class StreamOnly(StreamAdvisor):
        def get_name(self) -> str:
            return "streamOnly"

        def get_order(self) -> int:
            return 0

        def advise_stream(
            self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
        ) -> AsyncIterator[ChatClientResponse]:
            return stream_advisor_chain.next_stream(chat_client_request)

    chain = chain_of(CallOnly(), StreamOnly(), Terminal())
    assert names(chain.get_call_advisors()) == ["callOnly", "terminal"]
    assert names(chain.get_stream_advisors()) == ["streamOnly", "terminal"]


# -- copy(after) -------------------------------------------------------------------------


def test_when_after_advisor_is_null_then_throw_exception() -> None:
    with pytest.raises(ValueError, match=r"The after advisor must not be null"):
        chain_of().copy(None)  # type: ignore[arg-type]


def test_when_advisor_not_in_chain_then_throw_exception() -> None:
    chain = chain_of(Terminal("advisor1", 1), Terminal("advisor2", 2))
    with pytest.raises(
        ValueError, match=r"^The specified advisor is not part of the chain: notInChain$"
    ):
        chain.copy(Terminal("notInChain", 3))


def test_when_advisor_is_last_in_chain_then_return_empty_chain() -> None:
    a1, a2, a3 = Terminal("advisor1", 1), Terminal("advisor2", 2), Terminal("advisor3", 3)
    assert chain_of(a1, a2, a3).copy(a3).get_call_advisors() == []


def test_when_advisor_is_first_in_chain_then_return_chain_with_remaining_advisors() -> None:
    a1, a2, a3 = Terminal("advisor1", 1), Terminal("advisor2", 2), Terminal("advisor3", 3)
    assert names(chain_of(a1, a2, a3).copy(a1).get_call_advisors()) == ["advisor2", "advisor3"]


def test_when_advisor_is_in_middle_of_chain_then_return_chain_with_remaining_advisors() -> None:
    a1, a2, a3, a4 = (Terminal(f"advisor{i}", i) for i in range(1, 5))
    copy = chain_of(a1, a2, a3, a4).copy(a2)
    assert names(copy.get_call_advisors()) == ["advisor3", "advisor4"]
    assert names(copy.get_stream_advisors()) == ["advisor3", "advisor4"]


def test_when_copying_chain_then_original_chain_remains_unchanged() -> None:
    a1, a2, a3 = Terminal("advisor1", 1), Terminal("advisor2", 2), Terminal("advisor3", 3)
    chain = chain_of(a1, a2, a3)
    copy = chain.copy(a1)
    assert names(chain.get_call_advisors()) == ["advisor1", "advisor2", "advisor3"]
    assert names(copy.get_call_advisors()) == ["advisor2", "advisor3"]


def test_when_copying_chain_then_observation_registry_is_preserved(otel: Any) -> None:
    a1, a2 = Terminal("advisor1", 1), Terminal("advisor2", 2)
    chain = DefaultAroundAdvisorChain.builder(otel.provider).push_all([a1, a2]).build()
    assert chain.copy(a1).get_tracer_provider() is otel.provider


def test_when_copying_chain_then_custom_observation_convention_is_preserved(otel: Any) -> None:
    class Custom(AdvisorObservationConvention):
        def get_name(self) -> str:
            return "custom.advisor"

        def get_contextual_name(self, context: AdvisorObservationContext) -> str:
            return "custom"

    convention = Custom()
    a1, a2 = Terminal("advisor1", 1), Terminal("advisor2", 2)
    chain = (
        DefaultAroundAdvisorChain.builder(otel.provider)
        .observation_convention(convention)
        .push_all([a1, a2])
        .build()
    )
    copy = chain.copy(a1)
    assert copy.get_tracer_provider() is otel.provider
    assert copy.get_observation_convention() is convention


def test_when_copying_chain_without_custom_observation_convention_then_default_is_preserved() -> None:
    a1, a2 = Terminal("advisor1", 1), Terminal("advisor2", 2)
    copy = chain_of(a1, a2).copy(a1)
    assert isinstance(copy.get_observation_convention(), DefaultAdvisorObservationConvention)


def test_copy_matches_by_identity_not_equality() -> None:
    class EqualToAll(Terminal):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = Terminal.__hash__

    a1, a2 = EqualToAll("advisor1", 1), EqualToAll("advisor2", 2)
    assert names(chain_of(a1, a2).copy(a2).get_call_advisors()) == []
    assert names(chain_of(a1, a2).copy(a1).get_call_advisors()) == ["advisor2"]


def test_copy_uses_the_creation_time_snapshot_after_advisors_ran() -> None:
    log: list[str] = []
    outer, inner, terminal = (
        Recording("outer", 1, log),
        Recording("inner", 2, log),
        Terminal("t", 3),
    )
    chain = chain_of(outer, inner, terminal)
    chain.next_call(request())
    assert names(chain.copy(outer).get_call_advisors()) == ["inner", "t"]


def test_copy_after_can_be_used_any_number_of_times() -> None:
    log: list[str] = []

    class Looping(Recording):
        def advise_call(
            self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
        ) -> ChatClientResponse:
            self.log.append(self.name)
            response = ChatClientResponse.builder().build()
            for _ in range(3):
                copied = call_advisor_chain.copy(self)
                response = copied.next_call(chat_client_request)
            return response

    terminal = Terminal("t", 3)
    chain = chain_of(Looping("loop", 1, log), Recording("inner", 2, log), terminal)
    chain.next_call(request())
    assert log == ["loop", "inner", "inner", "inner"]
    assert terminal.calls == 3


def test_copy_splits_call_and_stream_snapshots_independently() -> None:
    class CallOnly(CallAdvisor):
        def get_name(self) -> str:
            return "callOnly"

        def get_order(self) -> int:
            return 1

        def advise_call(
            self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
        ) -> ChatClientResponse:
            return call_advisor_chain.next_call(chat_client_request)

    call_only = CallOnly()
    both = Terminal("both", 2)
    copy = chain_of(call_only, both).copy(call_only)
    assert names(copy.get_call_advisors()) == ["both"]
    # call_only is not in the stream list, so that list becomes empty
    assert copy.get_stream_advisors() == []


# -- mutate -------------------------------------------------------------------------


def test_mutate_copies_all_advisors_to_new_chain() -> None:
    a1, a2 = Terminal("advisor1", 1), Terminal("advisor2", 2)
    chain = chain_of(a1, a2)
    mutated = chain.mutate().build()
    assert mutated is not chain
    assert mutated.get_call_advisors() == chain.get_call_advisors()
    assert mutated.get_stream_advisors() == chain.get_stream_advisors()


def test_mutate_does_not_affect_original_chain() -> None:
    a1, a2 = Terminal("advisor1", 1), Terminal("advisor2", 2)
    chain = DefaultAroundAdvisorChain.builder().push(a1).build()
    chain.mutate().push(a2).build()
    assert names(chain.get_call_advisors()) == ["advisor1"]


def test_mutate_does_not_duplicate_advisors_serving_both_paths() -> None:
    both = Terminal("both", 1)
    mutated = chain_of(both).mutate().build()
    assert mutated.get_call_advisors() == [both]
    assert mutated.get_stream_advisors() == [both]


def test_mutate_keeps_provider_and_convention(otel: Any) -> None:
    convention = DefaultAdvisorObservationConvention("renamed")
    chain = (
        DefaultAroundAdvisorChain.builder(otel.provider)
        .observation_convention(convention)
        .push(Terminal())
        .build()
    )
    mutated = chain.mutate().build()
    assert mutated.get_tracer_provider() is otel.provider


def test_mutate_of_a_used_chain_runs_again() -> None:
    terminal = Terminal()
    chain = chain_of(terminal)
    chain.next_call(request())
    chain.mutate().build().next_call(request())
    assert terminal.calls == 2


# -- spans --------------------------------------------------------------------------


def test_each_call_step_is_a_span_named_by_the_convention(otel: Any) -> None:
    chain = (
        DefaultAroundAdvisorChain.builder(otel.provider)
        .push_all([Recording("MyOuterAdvisor", 1), Recording("Inner", 2), Terminal("TheEnd", 3)])
        .build()
    )
    chain.next_call(request())
    assert otel.tree() == "my_outer\n  inner\n    the_end"
    span = otel.span("my_outer")
    assert span.attributes["spring.ai.advisor.name"] == "MyOuterAdvisor"
    assert span.attributes["spring.ai.advisor.order"] == 1
    assert isinstance(span.attributes["spring.ai.advisor.order"], int)


def test_a_custom_convention_renames_and_extends_spans(otel: Any) -> None:
    class Custom(DefaultAdvisorObservationConvention):
        def get_contextual_name(self, context: AdvisorObservationContext) -> str:
            return "custom." + context.get_advisor_name()

        def get_high_cardinality_key_values(
            self, context: AdvisorObservationContext
        ) -> dict[str, Any]:
            request = context.get_chat_client_request()
            assert request is not None
            return {
                **super().get_high_cardinality_key_values(context),
                "custom.text": request.prompt.get_contents(),
            }

    chain = (
        DefaultAroundAdvisorChain.builder(otel.provider)
        .observation_convention(Custom())
        .push(Terminal("t", 0))
        .build()
    )
    chain.next_call(request("question"))
    span = otel.span("custom.t")
    assert span.attributes["custom.text"] == "question"
    assert span.attributes["spring.ai.kind"] == "advisor"


def test_a_failing_step_marks_its_span_as_error_and_reraises(otel: Any) -> None:
    class Failing(Terminal):
        def advise_call(
            self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
        ) -> ChatClientResponse:
            raise KeyError("boom")

    chain = DefaultAroundAdvisorChain.builder(otel.provider).push(Failing("failing", 0)).build()
    with pytest.raises(KeyError):
        chain.next_call(request())
    span = otel.span("failing")
    assert not span.status.is_ok
    assert span.events[0].name == "exception"


def test_no_spans_without_sdk_and_chain_still_runs() -> None:
    log: list[str] = []
    chain = chain_of(Recording("a", 1, log), Terminal())
    assert chain.next_call(request()).chat_response is None
    assert log == ["a"]
