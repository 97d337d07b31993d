"""``SimpleLoggerAdvisor``: logs each request and response at DEBUG."""

from __future__ import annotations

import contextlib
import enum
import json
import logging
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.client.advisor.api.advisor import CallAdvisor, StreamAdvisor
from spring_ai_py.chat.client.message_aggregator import ChatClientMessageAggregator
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.model import ChatResponse, Generation

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api.chain import CallAdvisorChain, StreamAdvisorChain

_logger = logging.getLogger("spring_ai_py.chat.client.advisor.SimpleLoggerAdvisor")

RequestToString = Callable[[ChatClientRequest | None], str]
ResponseToString = Callable[[ChatResponse | None], str]


def _default_request_to_string(chat_client_request: ChatClientRequest | None) -> str:
    """The request's representation (prompt messages with their texts, and context)."""
    return str(chat_client_request) if chat_client_request is not None else "null"


def _json_value(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.name
    return value


def _generation_json(generation: Generation) -> dict[str, Any]:
    output = generation.get_output()
    metadata = generation.get_metadata()
    return {
        "output": {
            "messageType": output.get_message_type().name,
            "metadata": {key: _json_value(value) for key, value in output.get_metadata().items()},
            "toolCalls": [
                {"id": c.id, "type": c.type, "name": c.name, "arguments": c.arguments}
                for c in output.get_tool_calls()
            ],
            "media": [str(media) for media in output.get_media()],
            "text": output.get_text(),
        },
        "metadata": {
            "finishReason": metadata.get_finish_reason(),
            "contentFilters": sorted(metadata.get_content_filters()),
            **{key: _json_value(value) for key, value in metadata.entry_set()},
        },
    }


def _default_response_to_string(chat_response: ChatResponse | None) -> str:
    """The response as pretty-printed JSON, shaped like Spring's Jackson output."""
    if chat_response is None:
        return "null"
    metadata = chat_response.get_metadata()
    usage = metadata.get_usage()
    document = {
        "metadata": {
            "id": metadata.get_id(),
            "model": metadata.get_model(),
            "usage": {
                "promptTokens": usage.get_prompt_tokens(),
                "completionTokens": usage.get_completion_tokens(),
                "totalTokens": usage.get_total_tokens(),
            },
            **{key: _json_value(value) for key, value in metadata.entry_set()},
        },
        "results": [_generation_json(generation) for generation in chat_response.get_results()],
    }
    return json.dumps(document, indent=2, default=str)


class SimpleLoggerAdvisor(CallAdvisor, StreamAdvisor, Buildable):
    """Logs the request before and the response after the rest of the chain runs.

    Messages go to the stdlib logger ``spring_ai_py.chat.client.advisor.SimpleLoggerAdvisor``
    at DEBUG, as ``request: <text>`` and ``response: <text>``; nothing is formatted
    unless that logger is enabled for DEBUG. ``request_to_string`` receives the
    ``ChatClientRequest`` and ``response_to_string`` the ``ChatResponse`` (either may
    be ``None``); by default the request's representation (which includes the prompt's
    message texts) and the response as pretty-printed JSON are logged.

    On the stream path the chunks pass through unchanged and the response is logged
    once, aggregated, when the stream completes (not when it fails or is abandoned).

    ``SimpleLoggerAdvisor()``, ``SimpleLoggerAdvisor(order)``,
    ``SimpleLoggerAdvisor(request_to_string, response_to_string, order)`` or the builder.
    """

    DEFAULT_ORDER: ClassVar[int] = 0
    DEFAULT_REQUEST_TO_STRING: ClassVar[RequestToString] = staticmethod(_default_request_to_string)
    DEFAULT_RESPONSE_TO_STRING: ClassVar[ResponseToString] = staticmethod(
        _default_response_to_string
    )

    def __init__(
        self,
        request_to_string: RequestToString | int | None = None,
        response_to_string: ResponseToString | None = None,
        order: int = DEFAULT_ORDER,
    ) -> None:
        if isinstance(request_to_string, int) and not isinstance(request_to_string, bool):
            # Spring's SimpleLoggerAdvisor(int order) constructor.
            if response_to_string is not None:
                raise TypeError("SimpleLoggerAdvisor(order) takes no response_to_string")
            order = request_to_string
            request_to_string = None
        if request_to_string is not None and not callable(request_to_string):
            raise TypeError(f"request_to_string must be callable, not {request_to_string!r}")
        if response_to_string is not None and not callable(response_to_string):
            raise TypeError(f"response_to_string must be callable, not {response_to_string!r}")
        _assert.not_none(order, "order cannot be null")
        self._request_to_string: RequestToString = (
            request_to_string if request_to_string is not None else _default_request_to_string
        )
        self._response_to_string: ResponseToString = (
            response_to_string if response_to_string is not None else _default_response_to_string
        )
        self._order = order

    def get_name(self) -> str:
        return type(self).__name__

    def get_order(self) -> int:
        return self._order

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        _assert.not_none(call_advisor_chain, "call_advisor_chain cannot be null")
        self.log_request(chat_client_request)
        chat_client_response = call_advisor_chain.next_call(chat_client_request)
        self.log_response(chat_client_response)
        return chat_client_response

    async def aadvise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        _assert.not_none(call_advisor_chain, "call_advisor_chain cannot be null")
        self.log_request(chat_client_request)
        chat_client_response = await call_advisor_chain.anext_call(chat_client_request)
        self.log_response(chat_client_response)
        return chat_client_response

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        _assert.not_none(chat_client_request, "chat_client_request cannot be null")
        _assert.not_none(stream_advisor_chain, "stream_advisor_chain cannot be null")
        return self._stream(chat_client_request, stream_advisor_chain)

    async def _stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        self.log_request(chat_client_request)
        stream = ChatClientMessageAggregator().aggregate_chat_client_response(
            stream_advisor_chain.next_stream(chat_client_request),
            self.log_response,
            chat_client_request.context,
        )
        async with contextlib.aclosing(stream):  # type: ignore[type-var]
            async for chat_client_response in stream:
                yield chat_client_response

    def log_request(self, request: ChatClientRequest) -> None:
        """Log ``request: ...`` at DEBUG (a hook subclasses may override)."""
        if _logger.isEnabledFor(logging.DEBUG):
            _logger.debug("request: %s", self._request_to_string(request))

    def log_response(self, chat_client_response: ChatClientResponse) -> None:
        """Log ``response: ...`` at DEBUG (a hook subclasses may override)."""
        if _logger.isEnabledFor(logging.DEBUG):
            _logger.debug(
                "response: %s", self._response_to_string(chat_client_response.chat_response)
            )

    def __repr__(self) -> str:
        return "SimpleLoggerAdvisor"

    # --- generated builder ---
    class Builder(_builder.Builder["SimpleLoggerAdvisor"]):
        """The builder of :class:`SimpleLoggerAdvisor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def request_to_string(self, request_to_string: RequestToString | int | None, /) -> Self:
            return self._set("request_to_string", (request_to_string,))

        def response_to_string(self, response_to_string: ResponseToString | None, /) -> Self:
            return self._set("response_to_string", (response_to_string,))

        def order(self, order: int, /) -> Self:
            return self._set("order", (order,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> SimpleLoggerAdvisor: ...

    @classmethod
    def builder(cls) -> SimpleLoggerAdvisor.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> SimpleLoggerAdvisor.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
