"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.advisor.AdvisorsTests`:
2 tests ported, 0 skipped (context propagation through around-advisors on both paths),
plus a few extras: ``async for``, a blank finish reason, positional advisor calls.
Spring's AdvisorUtilsTests are ported in test_advisor_utils.py."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import AdvisorUtils
from spring_ai_py.chat.client.advisor.api import (
    CallAdvisor,
    CallAdvisorChain,
    StreamAdvisor,
    StreamAdvisorChain,
)
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


class MockAroundAdvisor(CallAdvisor, StreamAdvisor):
    """Spring's MockAroundAdvisor: writes before/after entries into the context."""

    def __init__(self, name: str, order: int) -> None:
        self.name = name
        self.order = order
        self.chat_client_request: ChatClientRequest | None = None
        self.chat_client_response: ChatClientResponse | None = None
        self.advised_chat_client_responses: list[ChatClientResponse] = []

    def get_name(self) -> str:
        return self.name

    def get_order(self) -> int:
        return self.order

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        self.chat_client_request = (
            chat_client_request.mutate()
            .context(
                {
                    f"aroundCallBefore{self.name}": f"AROUND_CALL_BEFORE {self.name}",
                    "lastBefore": self.name,
                }
            )
            .build()
        )
        response = call_advisor_chain.next_call(self.chat_client_request)
        self.chat_client_response = (
            response.mutate()
            .context(
                {
                    f"aroundCallAfter{self.name}": f"AROUND_CALL_AFTER {self.name}",
                    "lastAfter": self.name,
                }
            )
            .build()
        )
        return self.chat_client_response

    async def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        self.chat_client_request = (
            chat_client_request.mutate()
            .context(
                {
                    f"aroundStreamBefore{self.name}": f"AROUND_STREAM_BEFORE {self.name}",
                    "lastBefore": self.name,
                }
            )
            .build()
        )
        async for response in stream_advisor_chain.next_stream(self.chat_client_request):
            advised = (
                response.mutate()
                .context(
                    {
                        f"aroundStreamAfter{self.name}": f"AROUND_STREAM_AFTER {self.name}",
                        "lastAfter": self.name,
                    }
                )
                .build()
            )
            self.advised_chat_client_responses.append(advised)
            yield advised


def test_call_advisors_context_propagation() -> None:
    # order 0 has higher priority than order 1: the lower the order, the outer the advisor
    advisor1 = MockAroundAdvisor("Advisor1", 0)
    advisor2 = MockAroundAdvisor("Advisor2", 1)
    model = ScriptedChatModel("Hello John")
    chat_client = (
        ChatClient.builder(model)
        .default_system("Default system text.")
        .default_advisors(advisor1)
        .build()
    )

    content = (
        chat_client.prompt()
        .user("my name is John")
        .advisors(advisor2)
        .advisors(lambda a: a.param("key1", "value1").params({"key2": "value2"}))
        .call()
        .content()
    )

    assert content == "Hello John"
    assert advisor1.chat_client_response is not None
    assert advisor1.chat_client_response.chat_response is not None
    assert advisor1.chat_client_response.context == {
        "key1": "value1",
        "key2": "value2",
        "aroundCallBeforeAdvisor1": "AROUND_CALL_BEFORE Advisor1",
        "aroundCallAfterAdvisor1": "AROUND_CALL_AFTER Advisor1",
        "aroundCallBeforeAdvisor2": "AROUND_CALL_BEFORE Advisor2",
        "aroundCallAfterAdvisor2": "AROUND_CALL_AFTER Advisor2",
        "lastBefore": "Advisor2",  # inner
        "lastAfter": "Advisor1",  # outer
    }
    assert len(model.prompts) == 1


def test_stream_advisors_context_propagation() -> None:
    advisor1 = MockAroundAdvisor("Advisor1", 0)
    advisor2 = MockAroundAdvisor("Advisor2", 1)
    model = ScriptedChatModel().add_stream(["Hello", " John"])
    chat_client = (
        ChatClient.builder(model)
        .default_system("Default system text.")
        .default_advisors(advisor1)
        .build()
    )

    content = "".join(
        chat_client.prompt()
        .user("my name is John")
        .advisors(lambda a: a.param("key1", "value1").params({"key2": "value2"}))
        .advisors(advisor2)
        .stream()
        .content()
    )

    assert content == "Hello John"
    assert len(advisor1.advised_chat_client_responses) == 2
    for response in advisor1.advised_chat_client_responses:
        assert response.context == {
            "key1": "value1",
            "key2": "value2",
            "aroundStreamBeforeAdvisor1": "AROUND_STREAM_BEFORE Advisor1",
            "aroundStreamAfterAdvisor1": "AROUND_STREAM_AFTER Advisor1",
            "aroundStreamBeforeAdvisor2": "AROUND_STREAM_BEFORE Advisor2",
            "aroundStreamAfterAdvisor2": "AROUND_STREAM_AFTER Advisor2",
            "lastBefore": "Advisor2",
            "lastAfter": "Advisor1",
        }
    assert len(model.prompts) == 1


def test_stream_advisors_context_propagation_with_async_for() -> None:
    advisor = MockAroundAdvisor("Advisor1", 0)
    model = ScriptedChatModel().add_stream(["Hello", " John"])
    chat_client = ChatClient.builder(model).default_advisors(advisor).build()

    async def consume() -> str:
        return "".join([t async for t in chat_client.prompt().user("hi").stream().content()])

    assert asyncio.run(consume()) == "Hello John"
    assert [r.context["lastAfter"] for r in advisor.advised_chat_client_responses] == [
        "Advisor1",
        "Advisor1",
    ]


# -- AdvisorUtils ----------------------------------------------------------------------


def _response(generation: Generation | None) -> ChatClientResponse:
    chat_response = ChatResponse([generation] if generation is not None else [])
    return ChatClientResponse(chat_response, {})


def test_on_finish_reason_is_false_for_blank_reason() -> None:
    generation = Generation(
        AssistantMessage("x"), ChatGenerationMetadata.builder().finish_reason("  ").build()
    )
    assert AdvisorUtils.has_finish_reason(_response(generation)) is False


def test_the_framework_calls_advisor_methods_positionally() -> None:
    """Parameter names follow Spring's (PORTING §9), but any names work."""
    from spring_ai_py.chat.client.advisor.api import AdvisorChain, BaseAdvisor

    class OddNames(CallAdvisor, StreamAdvisor):
        def get_name(self) -> str:
            return "OddNames"

        def get_order(self) -> int:
            return 0

        def advise_call(self, req, nxt):  # type: ignore[no-untyped-def]
            return nxt.next_call(req)

        async def advise_stream(self, req, nxt):  # type: ignore[no-untyped-def]
            async for item in nxt.next_stream(req):
                yield item

    class OddBase(BaseAdvisor):
        def get_order(self) -> int:
            return 1

        def before(self, r: ChatClientRequest, c: AdvisorChain) -> ChatClientRequest:
            return r

        def after(self, r: ChatClientResponse, c: AdvisorChain) -> ChatClientResponse:
            return r

    model = ScriptedChatModel("a", "b")
    chat_client = ChatClient.builder(model).default_advisors(OddNames(), OddBase()).build()
    assert chat_client.prompt("q").call().content() == "a"
    assert "".join(chat_client.prompt("q").stream().content()) == "b"
