"""One test per deliberate difference from Spring AI 2.0.1 covered by the core issue
(PORTING §7 items 1-7, 9 and 13)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from spring_ai_py.chat.client import (
    ChatClient,
    ChatClientAttributes,
    ChatClientRequest,
    ChatClientResponse,
)
from spring_ai_py.chat.client.advisor import DefaultAroundAdvisorChain
from spring_ai_py.chat.client.advisor.api import (
    AdvisorChain,
    BaseAdvisor,
    CallAdvisor,
    CallAdvisorChain,
    StreamAdvisor,
    StreamAdvisorChain,
)
from spring_ai_py.core import Ordered
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


class Recorder(BaseAdvisor):
    def __init__(self) -> None:
        self.after_texts: list[str | None] = []
        self.after_contexts: list[dict[str, Any]] = []

    def get_order(self) -> int:
        return 0

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
    ) -> ChatClientRequest:
        return chat_client_request

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
    ) -> ChatClientResponse:
        chat_response = chat_client_response.chat_response
        result = chat_response.get_result() if chat_response is not None else None
        self.after_texts.append(result.get_output().get_text() if result is not None else None)
        self.after_contexts.append(dict(chat_client_response.context))
        return chat_client_response.mutate().context("after", "ran").build()


class Named(CallAdvisor, StreamAdvisor):
    def __init__(self, name: str, order: int, log: list[str]) -> None:
        self.name, self.order, self.log = name, order, log

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


def test_7_1_base_advisor_after_runs_once_on_the_aggregate_when_no_chunk_finishes() -> None:
    recorder = Recorder()
    model = ScriptedChatModel().add_stream(["Hel", "lo"], finish_reason=None)
    chat_client = ChatClient.builder(model).default_advisors(recorder).build()
    responses = list(
        chat_client.prompt()
        .user("hi")
        .advisors(lambda a: a.param("k", "v"))
        .stream()
        .chat_client_response()
    )
    assert recorder.after_texts == ["Hello"]
    assert recorder.after_contexts[0]["k"] == "v"
    # the aggregate is not emitted: the caller saw exactly the two chunks, untouched by after()
    assert len(responses) == 2
    assert all("after" not in r.context for r in responses)


def test_7_1_with_a_finish_reason_after_runs_on_that_chunk_only() -> None:
    recorder = Recorder()
    model = ScriptedChatModel().add_stream(["Hel", "lo"])
    chat_client = ChatClient.builder(model).default_advisors(recorder).build()
    responses = list(chat_client.prompt().user("hi").stream().chat_client_response())
    assert recorder.after_texts == ["lo"]
    assert ["after" in r.context for r in responses] == [False, True]


def test_7_2_every_streamed_chunk_has_its_own_context() -> None:
    class Counter(StreamAdvisor):
        def get_name(self) -> str:
            return "Counter"

        def get_order(self) -> int:
            return 0

        async def advise_stream(
            self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
        ) -> AsyncIterator[ChatClientResponse]:
            index = 0
            async for response in stream_advisor_chain.next_stream(chat_client_request):
                response.context["index"] = index  # written in place, as advisors do
                index += 1
                yield response

    model = ScriptedChatModel().add_stream(["a", "b", "c"])
    chat_client = ChatClient.builder(model).default_advisors(Counter()).build()
    responses = list(chat_client.prompt().user("hi").stream().chat_client_response())
    assert [r.context["index"] for r in responses] == [0, 1, 2]
    assert len({id(r.context) for r in responses}) == 3


def test_7_3_stream_path_applies_output_format_instructions_like_call() -> None:
    key = ChatClientAttributes.OUTPUT_FORMAT.get_key()
    model = ScriptedChatModel("call answer", "stream answer")
    chat_client = (
        ChatClient.builder(model)
        .default_advisors(lambda a: a.param(key, "Answer in JSON."))
        .build()
    )
    chat_client.prompt().user("q").call().content()
    list(chat_client.prompt().user("q").stream().content())
    assert [p.get_user_message().get_text() for p in model.prompts] == ["q\nAnswer in JSON."] * 2


def test_7_4_push_rejects_non_advisors_with_type_error_naming_them() -> None:
    class Helper:
        def __repr__(self) -> str:
            return "<Helper object>"

    with pytest.raises(
        TypeError, match=r"<Helper object> is neither a CallAdvisor nor a StreamAdvisor"
    ):
        DefaultAroundAdvisorChain.builder().push(Helper())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"<Helper object>"):
        DefaultAroundAdvisorChain.builder().push_all([Helper()])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        DefaultAroundAdvisorChain.builder().push(None)  # type: ignore[arg-type]


def test_7_5_a_request_spec_can_be_called_any_number_of_times() -> None:
    log: list[str] = []
    advisor = Named("A", 0, log)
    model = ScriptedChatModel("one", "two", "three four")
    spec = ChatClient.builder(model).build().prompt().user("q").advisors(advisor)
    assert spec.call().content() == "one"
    assert spec.call().content() == "two"
    assert "".join(spec.stream().content()) == "three four"
    assert log == ["A", "A", "A"]
    # the terminal advisors the chain adds never show up in the spec's own list
    assert spec.get_advisors() == [advisor]


def test_7_6_base_advisor_stream_reraises_the_original_exception_type() -> None:
    class Broken(Recorder):
        def after(
            self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
        ) -> ChatClientResponse:
            raise FileNotFoundError("missing template")

    chat_client = ChatClient.builder(ScriptedChatModel("x")).default_advisors(Broken()).build()
    with pytest.raises(FileNotFoundError, match=r"^missing template$"):
        list(chat_client.prompt().user("q").stream().content())

    async def consume() -> None:
        async for _ in chat_client.prompt().user("q").stream().content():
            pass

    chat_client = (
        ChatClient.builder(ScriptedChatModel().add_error(TimeoutError("slow")))
        .default_advisors(Recorder())
        .build()
    )
    with pytest.raises(TimeoutError, match=r"^slow$"):
        asyncio.run(consume())


def test_7_7_none_context_values_are_allowed_everywhere() -> None:
    seen: list[dict[str, Any]] = []

    class Peek(Named):
        def advise_call(
            self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
        ) -> ChatClientResponse:
            seen.append(dict(chat_client_request.context))
            return call_advisor_chain.next_call(
                chat_client_request.mutate().context("added", None).build()
            )

    chat_client = (
        ChatClient.builder(ScriptedChatModel("x")).default_advisors(Peek("P", 0, [])).build()
    )
    response = (
        chat_client.prompt()
        .user("q")
        .advisors(lambda a: a.param("single", None).params({"many": None}))
        .call()
        .chat_client_response()
    )
    assert seen == [{"single": None, "many": None}]
    assert response.context == {"single": None, "many": None, "added": None}
    assert ChatClientResponse(None, {"k": None}).copy().context == {"k": None}


def test_7_9_text_joins_use_a_newline_never_the_platform_separator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import os

    monkeypatch.setattr(os, "linesep", "\r\n")
    key = ChatClientAttributes.OUTPUT_FORMAT.get_key()
    model = ScriptedChatModel("a")
    ChatClient.builder(model).build().prompt().user("question").advisors(
        lambda a: a.param(key, "FORMAT")
    ).call().content()
    assert model.last_prompt.get_user_message().get_text() == "question\nFORMAT"


@pytest.mark.parametrize("path", ["call", "stream"])
def test_7_13_equal_orders_keep_registration_order_and_lowest_precedence_still_runs(
    path: str,
) -> None:
    log: list[str] = []
    first, second = Named("first", 5, log), Named("second", 5, log)
    last = Named("last", Ordered.LOWEST_PRECEDENCE, log)
    model = ScriptedChatModel("answer")
    chat_client = ChatClient.builder(model).default_advisors(last, first, second).build()
    if path == "call":
        assert chat_client.prompt().user("q").call().content() == "answer"
    else:
        assert "".join(chat_client.prompt().user("q").stream().content()) == "answer"
    assert log == ["first", "second", "last"]
