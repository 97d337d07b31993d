"""``DefaultChatClientUtils``: turns a request spec into the ``ChatClientRequest`` that
enters the advisor chain."""

from __future__ import annotations

from spring_ai_py import _assert
from spring_ai_py.chat.client.chat_client import ChatClientRequestSpec
from spring_ai_py.chat.client.records import ChatClientRequest


class DefaultChatClientUtils:
    """Spring's static helpers of the default ChatClient."""

    @staticmethod
    def to_chat_client_request(input_request: ChatClientRequestSpec) -> ChatClientRequest:
        """The request a spec describes: the system message first (rendered with its
        params), then the messages, then the user message (rendered, with its media);
        the options merged over the model's defaults with the spec's tools and tool
        context; the advisor params as the context."""
        _assert.not_none(input_request, "input_request cannot be null")
        if not isinstance(input_request, ChatClientRequestSpec):
            raise TypeError(
                f"input_request must be a ChatClientRequestSpec, got {type(input_request).__name__}"
            )
        return input_request._to_chat_client_request()
