"""Advisor test doubles, shipped once so tests stop re-declaring them.

``RecordingAdvisor`` passes requests through and records what it saw; ``AnsweringAdvisor``
ends the chain with a canned answer, standing in for the model advisors, and records the
requests that reached it. Both work on the call path, the async call path (through the
chain's default bridging) and the stream path.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable

from spring_ai_py.chat.client.advisor.api import (
    CallAdvisor,
    CallAdvisorChain,
    StreamAdvisor,
    StreamAdvisorChain,
)
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.core import Ordered

Answer = str | ChatResponse | Callable[[ChatClientRequest], str | ChatResponse]
"""What an ``AnsweringAdvisor`` answers: a text, a response, or a function of the request."""


class RecordingAdvisor(CallAdvisor, StreamAdvisor):
    """Passes every request on unchanged and records it, and the response, in order.

    ``log``, when given, is a shared list that receives ``name`` on each invocation, so
    several recorders show the order the chain ran them in.
    """

    def __init__(
        self, name: str = "recording", order: int = 0, log: list[str] | None = None
    ) -> None:
        self.name = name
        self.order = order
        self.log = log if log is not None else []
        self.requests: list[ChatClientRequest] = []
        self.responses: list[ChatClientResponse] = []
        self._lock = threading.Lock()

    def get_name(self) -> str:
        return self.name

    def get_order(self) -> int:
        return self.order

    def _record_request(self, request: ChatClientRequest) -> None:
        with self._lock:
            self.log.append(self.name)
            self.requests.append(request)

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        self._record_request(chat_client_request)
        response = call_advisor_chain.next_call(chat_client_request)
        with self._lock:
            self.responses.append(response)
        return response

    async def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        self._record_request(chat_client_request)
        async for response in stream_advisor_chain.next_stream(chat_client_request):
            with self._lock:
                self.responses.append(response)
            yield response

    def __repr__(self) -> str:
        return f"RecordingAdvisor(name={self.name!r}, order={self.order})"


class AnsweringAdvisor(CallAdvisor, StreamAdvisor):
    """Ends the chain with ``answer`` instead of calling a model; records each request.

    Registered with the default ``LOWEST_PRECEDENCE`` order it is the innermost user
    advisor, so everything outside it runs as with a real model. The stream path yields
    one response per word of a text answer, the last with finish reason ``STOP``.
    """

    def __init__(
        self,
        answer: Answer = "answer",
        name: str = "answering",
        order: int = Ordered.LOWEST_PRECEDENCE - 1,
    ) -> None:
        self.answer = answer
        self.name = name
        self.order = order
        self.requests: list[ChatClientRequest] = []
        self._lock = threading.Lock()

    def get_name(self) -> str:
        return self.name

    def get_order(self) -> int:
        return self.order

    def _chat_response(self, request: ChatClientRequest) -> ChatResponse:
        with self._lock:
            self.requests.append(request)
        answer = self.answer(request) if callable(self.answer) else self.answer
        if isinstance(answer, ChatResponse):
            return answer
        return _text_response(answer, "STOP")

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        response = self._chat_response(chat_client_request)
        return ChatClientResponse(response, dict(chat_client_request.context))

    async def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        response = self._chat_response(chat_client_request)
        result = response.get_result()
        text = result.get_output().get_text() if result is not None else None
        words = text.split(" ") if text else []
        if not words or len(response.get_results()) != 1:
            yield ChatClientResponse(response, dict(chat_client_request.context))
            return
        for index, word in enumerate(words):
            last = index == len(words) - 1
            chunk = _text_response(word if index == 0 else " " + word, "STOP" if last else None)
            yield ChatClientResponse(chunk, dict(chat_client_request.context))

    def __repr__(self) -> str:
        return f"AnsweringAdvisor(name={self.name!r}, order={self.order})"


def _text_response(text: str, finish_reason: str | None) -> ChatResponse:
    metadata = (
        ChatGenerationMetadata.builder().finish_reason(finish_reason).build()
        if finish_reason
        else None
    )
    return ChatResponse([Generation(AssistantMessage(text), metadata)])
