"""The terminal advisors that call the model: always the innermost of the chain."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Awaitable
from typing import TYPE_CHECKING, Any

from spring_ai_py import _assert
from spring_ai_py._observation import Relay
from spring_ai_py.chat.client.advisor.api.advisor import CallAdvisor, StreamAdvisor, TerminalAdvisor
from spring_ai_py.chat.client.attributes import ChatClientAttributes
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.model.chat_model import _checked_chat_model
from spring_ai_py.core import Ordered
from spring_ai_py.model.tool.structured_output_chat_options import StructuredOutputChatOptions

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api.chain import CallAdvisorChain, StreamAdvisorChain
    from spring_ai_py.chat.model import ChatModel, ChatResponse

_OUTPUT_FORMAT = ChatClientAttributes.OUTPUT_FORMAT.value
_OUTPUT_SCHEMA = ChatClientAttributes.STRUCTURED_OUTPUT_SCHEMA.value
_OUTPUT_NATIVE = ChatClientAttributes.STRUCTURED_OUTPUT_NATIVE.value


def augment_with_format_instructions(request: ChatClientRequest) -> ChatClientRequest:
    """Apply the structured-output instructions the ChatClient put in the context.

    With native structured output requested and options that support it, the JSON
    schema goes into the options (``output_schema``); otherwise the format
    instructions are appended to the last user message, joined with ``"\\n"``.
    """
    context = request.context
    output_format = context.get(_OUTPUT_FORMAT)
    output_schema = context.get(_OUTPUT_SCHEMA)
    has_format = isinstance(output_format, str) and output_format.strip() != ""
    has_schema = isinstance(output_schema, str) and output_schema.strip() != ""
    if not has_format and not has_schema:
        return request
    prompt = request.prompt
    options = prompt.get_options()
    if _OUTPUT_NATIVE in context and has_schema and isinstance(options, StructuredOutputChatOptions):
        augmented = dataclasses.replace(options, output_schema=output_schema)
        return ChatClientRequest(prompt.mutate().chat_options(augmented).build(), dict(context))
    augmented_prompt = prompt.augment_user_message(
        lambda user: user.mutate().text(f"{user.get_text()}\n{output_format}").build()
    )
    return ChatClientRequest(augmented_prompt, dict(context))


class _ChatModelAdvisor(TerminalAdvisor):
    """State shared by the two terminal advisors."""

    def __init__(self, chat_model: ChatModel) -> None:
        self.chat_model: ChatModel = _checked_chat_model(chat_model)

    def get_order(self) -> int:
        return Ordered.LOWEST_PRECEDENCE

    @classmethod
    def builder(cls) -> _TerminalBuilder:
        return _TerminalBuilder(cls)


class _TerminalBuilder:
    def __init__(self, cls: type[Any]) -> None:
        self._cls = cls
        self._chat_model: ChatModel | None = None

    def chat_model(self, chat_model: ChatModel) -> _TerminalBuilder:
        self._chat_model = chat_model
        return self

    def build(self) -> Any:
        _assert.state(self._chat_model is not None, "chat_model cannot be null")
        return self._cls(self._chat_model)


class ChatModelCallAdvisor(_ChatModelAdvisor, CallAdvisor):
    """Calls the chat model with the request's prompt; the end of the call chain."""

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        request = augment_with_format_instructions(chat_client_request)
        chat_response = self.chat_model.call(request.prompt)
        return ChatClientResponse(chat_response, dict(request.context))

    async def aadvise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        """Awaits the model's ``acall`` (native on the provider models)."""
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        request = augment_with_format_instructions(chat_client_request)
        chat_response = await self.chat_model.acall(request.prompt)
        return ChatClientResponse(chat_response, dict(request.context))

    def get_name(self) -> str:
        return "call"


class ChatModelStreamAdvisor(_ChatModelAdvisor, StreamAdvisor):
    """Streams from the chat model; the end of the stream chain.

    Unlike Spring 2.0.1 it applies the same output-format instructions as the call path,
    and every chunk gets its own copy of the context.
    """

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        return _ClientResponses(self.chat_model, chat_client_request)

    def get_name(self) -> str:
        return "stream"


class _ClientResponses(Relay["ChatResponse", ChatClientResponse]):
    """The model's stream as ``ChatClientResponse``s, each with its own copy of the
    request's context; the request (with its format instructions) and the model's
    stream are made at the first item. Closing it closes the model's stream (and its
    connection) at once."""

    __slots__ = ("_context", "_inner", "_model", "_request")

    def __init__(self, chat_model: ChatModel, request: ChatClientRequest) -> None:
        self._model: ChatModel | None = chat_model
        self._request: ChatClientRequest | None = request
        self._context: dict[str, Any] = {}
        self._inner: AsyncIterator[ChatResponse] | None = None

    def _next(self) -> Awaitable[ChatResponse]:
        inner = self._inner
        if inner is None:
            model, request = self._model, self._request
            if model is None or request is None:
                raise StopAsyncIteration  # closed before its first item
            self._model = self._request = None
            request = augment_with_format_instructions(request)
            self._context = request.context
            inner = self._inner = model.stream(request.prompt)
        return inner.__anext__()

    def _item(self, item: ChatResponse) -> ChatClientResponse:
        return ChatClientResponse(item, dict(self._context))

    async def aclose(self) -> None:
        self._model = self._request = None
        aclose = getattr(self._inner, "aclose", None)
        if aclose is not None:
            await aclose()
