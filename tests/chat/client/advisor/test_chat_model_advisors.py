"""ChatModelCallAdvisor / ChatModelStreamAdvisor beyond Spring's tests (ported in
test_chat_model_call_advisor.py and test_chat_model_stream_advisor.py): the output-format
augmentation on both paths (PORTING §7.3) and a context copy per chunk (§7.2)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClientAttributes, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import (
    ChatModelCallAdvisor,
    ChatModelStreamAdvisor,
    DefaultAroundAdvisorChain,
)
from spring_ai_py.chat.messages import SystemMessage, UserMessage
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.core import Ordered
from spring_ai_py.model.tool.structured_output_chat_options import StructuredOutputChatOptions
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel

OUTPUT_FORMAT = ChatClientAttributes.OUTPUT_FORMAT.get_key()
OUTPUT_SCHEMA = ChatClientAttributes.STRUCTURED_OUTPUT_SCHEMA.get_key()
OUTPUT_NATIVE = ChatClientAttributes.STRUCTURED_OUTPUT_NATIVE.get_key()


def request(
    context: dict[str, Any] | None = None, options: ChatOptions | None = None
) -> ChatClientRequest:
    prompt = Prompt([SystemMessage("sys"), UserMessage("question")], options)
    return ChatClientRequest(prompt, dict(context or {}))


def stream_all(advisor: ChatModelStreamAdvisor, req: ChatClientRequest) -> list[ChatClientResponse]:
    async def run() -> list[ChatClientResponse]:
        chain = DefaultAroundAdvisorChain.builder().push(advisor).build()
        return [r async for r in chain.next_stream(req)]

    return asyncio.run(run())


@pytest.mark.parametrize("cls", [ChatModelCallAdvisor, ChatModelStreamAdvisor])
def test_builder_without_chat_model_raises_illegal_state(cls: Any) -> None:
    """``chat_model(None)`` is ported in the per-class modules; here: never set."""
    with pytest.raises(RuntimeError, match=r"^chat_model cannot be null$"):
        cls.builder().build()


@pytest.mark.parametrize("cls", [ChatModelCallAdvisor, ChatModelStreamAdvisor])
def test_constructor_rejects_none_model(cls: Any) -> None:
    with pytest.raises(ValueError, match=r"^chat_model cannot be null$"):
        cls(None)


def test_names_and_orders() -> None:
    model = ScriptedChatModel()
    call = ChatModelCallAdvisor.builder().chat_model(model).build()
    stream = ChatModelStreamAdvisor.builder().chat_model(model).build()
    assert (call.get_name(), call.get_order()) == ("call", Ordered.LOWEST_PRECEDENCE)
    assert (stream.get_name(), stream.get_order()) == ("stream", Ordered.LOWEST_PRECEDENCE)
    assert call.chat_model is model


def test_call_rejects_none_request() -> None:
    advisor = ChatModelCallAdvisor(ScriptedChatModel())
    with pytest.raises(ValueError, match=r"^chat_client_request cannot be null$"):
        advisor.advise_call(None, DefaultAroundAdvisorChain.builder().build())  # type: ignore[arg-type]
    stream = ChatModelStreamAdvisor(ScriptedChatModel())
    with pytest.raises(ValueError, match=r"^chat_client_request cannot be null$"):
        stream.advise_stream(None, DefaultAroundAdvisorChain.builder().build())  # type: ignore[arg-type]


def test_call_returns_model_response_with_a_copy_of_the_context() -> None:
    model = ScriptedChatModel("answer")
    req = request({"k": "v"})
    response = ChatModelCallAdvisor(model).advise_call(
        req, DefaultAroundAdvisorChain.builder().build()
    )
    assert response.chat_response is not None
    assert response.chat_response.get_result().get_output().get_text() == "answer"  # type: ignore[union-attr]
    assert response.context == {"k": "v"}
    response.context["new"] = 1
    assert "new" not in req.context
    assert model.last_prompt == req.prompt


def test_stream_does_nothing_before_iteration() -> None:
    model = ScriptedChatModel("answer")
    advisor = ChatModelStreamAdvisor(model)
    advisor.advise_stream(request(), DefaultAroundAdvisorChain.builder().build())
    assert model.prompts == []


def test_stream_gives_each_chunk_its_own_context_copy() -> None:
    model = ScriptedChatModel().add_stream(["a", "b", "c"])
    responses = stream_all(ChatModelStreamAdvisor(model), request({"k": "v"}))
    assert [r.context for r in responses] == [{"k": "v"}] * 3
    assert len({id(r.context) for r in responses}) == 3


def test_call_appends_output_format_to_last_user_message() -> None:
    model = ScriptedChatModel("answer")
    ChatModelCallAdvisor(model).advise_call(
        request({OUTPUT_FORMAT: "FORMAT"}), DefaultAroundAdvisorChain.builder().build()
    )
    assert model.last_prompt.get_user_message().get_text() == "question\nFORMAT"
    assert model.last_prompt.get_system_message().get_text() == "sys"


def test_stream_appends_the_same_output_format_as_call() -> None:
    model = ScriptedChatModel("answer")
    stream_all(ChatModelStreamAdvisor(model), request({OUTPUT_FORMAT: "FORMAT"}))
    assert model.last_prompt.get_user_message().get_text() == "question\nFORMAT"


def test_blank_output_format_leaves_the_prompt_alone() -> None:
    model = ScriptedChatModel("answer")
    req = request({OUTPUT_FORMAT: "   "})
    ChatModelCallAdvisor(model).advise_call(req, DefaultAroundAdvisorChain.builder().build())
    assert model.last_prompt is req.prompt


@pytest.mark.parametrize("path", ["call", "stream"])
def test_native_structured_output_puts_the_schema_in_the_options(path: str) -> None:
    model = ScriptedChatModel("{}")
    options = StructuredOutputChatOptions(model="m")
    req = request(
        {OUTPUT_FORMAT: "FORMAT", OUTPUT_SCHEMA: '{"type":"object"}', OUTPUT_NATIVE: True}, options
    )
    if path == "call":
        ChatModelCallAdvisor(model).advise_call(req, DefaultAroundAdvisorChain.builder().build())
    else:
        stream_all(ChatModelStreamAdvisor(model), req)
    sent = model.last_prompt.get_options()
    assert isinstance(sent, StructuredOutputChatOptions)
    assert sent.get_output_schema() == '{"type":"object"}'
    assert sent.get_model() == "m"
    assert model.last_prompt.get_user_message().get_text() == "question"


def test_native_request_without_supporting_options_falls_back_to_format_text() -> None:
    model = ScriptedChatModel("{}")
    req = request(
        {OUTPUT_FORMAT: "FORMAT", OUTPUT_SCHEMA: "{}", OUTPUT_NATIVE: True}, ChatOptions(model="m")
    )
    ChatModelCallAdvisor(model).advise_call(req, DefaultAroundAdvisorChain.builder().build())
    assert model.last_prompt.get_user_message().get_text() == "question\nFORMAT"


def test_stream_model_errors_propagate_with_their_type() -> None:
    model = ScriptedChatModel().add_error(LookupError("model down"))

    async def run() -> None:
        stream: AsyncIterator[ChatClientResponse] = ChatModelStreamAdvisor(model).advise_stream(
            request(), DefaultAroundAdvisorChain.builder().build()
        )
        async for _ in stream:
            pass

    with pytest.raises(LookupError, match=r"model down"):
        asyncio.run(run())
