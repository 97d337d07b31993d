"""A fault-injection server speaking the OpenAI or the Anthropic wire format.

:class:`FaultServer` answers each request with the next scripted reply: a good answer
(as a JSON body or an event stream, whichever the request asked for), an error status
with the provider's error body and any headers (``retry-after``), a body or a stream of
the wrong shape, an event that is not JSON, a stream cut mid-way, a stream that ends
cleanly before its terminal event, a stream that stalls, a body or a head (status line
and headers) trickled one byte at a time, a request that is never answered, or a
dropped connection. It drives the official SDKs through the provider
models, so a test sees exactly what an application would::

    with FaultServer("openai") as server:
        server.enqueue_status(429, headers={"retry-after-ms": "1"})
        server.enqueue_answer("Hello")
        model = OpenAiChatModel(OpenAiChatOptions(base_url=server.base_url, api_key="k"))
        model.call(Prompt("Hi"))  # retried once, then "Hello"
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from spring_ai_py.test._wire import (
    EVENT_STREAM_HEADERS,
    JSON_HEADERS,
    FixedReply,
    FullResponse,
    RecordedRequest,
    StreamResponse,
    TrickledHeadReply,
    WireResponse,
    WireTestServer,
    json_bytes,
    split_words,
)

Provider = Literal["openai", "anthropic"]
Event = bytes | str | Mapping[str, Any]
"""A stream event: bytes as they are, a ``str`` as one ``data:`` line, a mapping as JSON."""


def sse(data: str | Mapping[str, Any], event: str | None = None) -> bytes:
    """One server-sent event: an optional ``event:`` line and one ``data:`` line."""
    text = data if isinstance(data, str) else json.dumps(data)
    head = f"event: {event}\n" if event is not None else ""
    return f"{head}data: {text}\n\n".encode()


class _Answer:
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class _Events:
    __slots__ = ("cut_after", "events", "stall_after")

    def __init__(
        self, events: tuple[bytes, ...], cut_after: int | None, stall_after: int | None
    ) -> None:
        self.events = events
        self.cut_after = cut_after
        self.stall_after = stall_after


class _Trickle:
    __slots__ = ("interval", "text")

    def __init__(self, text: str, interval: float) -> None:
        self.text = text
        self.interval = interval


class _EchoStatus:
    __slots__ = ("message", "status")

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        self.message = message


class _CutBody:
    __slots__ = ("body",)

    def __init__(self, body: bytes) -> None:
        self.body = body


class FaultServer(WireTestServer):
    """A loopback OpenAI (``/v1/chat/completions``) or Anthropic (``/v1/messages``) API
    that answers from a script of faults, one reply per request, oldest first.

    When the script is empty it answers ``500`` with ``x-should-retry: false``.
    """

    def __init__(self, provider: Provider) -> None:
        if provider not in ("openai", "anthropic"):
            raise ValueError(f"provider must be 'openai' or 'anthropic', got {provider!r}")
        super().__init__()
        self.provider: Provider = provider
        self._PATH_PREFIX = "/v1" if provider == "openai" else ""

    # -- scripting ------------------------------------------------------------------

    def enqueue_answer(self, text: str) -> None:
        """A good, complete answer: a JSON body or an event stream, as requested."""
        self._enqueue(_Answer(text))

    def enqueue_status(
        self,
        status: int,
        *,
        message: str = "injected fault",
        headers: Mapping[str, str] | None = None,
    ) -> None:
        """An error status with the provider's error body and ``headers`` (``retry-after``)."""
        self._enqueue(
            FixedReply(
                status,
                JSON_HEADERS + tuple((headers or {}).items()),
                json_bytes(self._error_body(message)),
            )
        )

    def _error_body(self, message: str) -> dict[str, Any]:
        if self.provider == "openai":
            return {
                "error": {"message": message, "type": "server_error", "param": None, "code": None}
            }
        return {"type": "error", "error": {"type": "api_error", "message": message}}

    def enqueue_echo_status(self, status: int, *, message: str = "injected fault") -> None:
        """An error status whose message echoes every request header, credentials
        included (``Authorization``, ``x-api-key``), as a careless server might."""
        self._enqueue(_EchoStatus(status, message))

    def enqueue_trickle(self, text: str = "Hello there", *, interval: float = 0.05) -> None:
        """A good answer (JSON body or event stream, as requested) sent one byte at a
        time, ``interval`` seconds apart: each read gets data, the answer never ends in
        any reasonable time. The server stops once the client closes the connection."""
        self._enqueue(_Trickle(text, interval))

    def enqueue_trickled_head(
        self, *, interval: float = 0.05, status_line_too: bool = False
    ) -> None:
        """An answer whose head never ends: ``HTTP/1.1 200 OK`` and then a header whose
        value grows by one byte every ``interval`` seconds, for ever (with
        ``status_line_too`` the status line also comes one byte at a time). Each read
        gets data, the headers never end; the server stops once the client closes the
        connection."""
        if isinstance(interval, bool) or not isinstance(interval, int | float) or interval <= 0:
            raise ValueError(f"interval must be a positive number of seconds, got {interval!r}")
        self._enqueue(TrickledHeadReply(float(interval), status_line_too))

    def enqueue_json(self, body: object, status: int = 200) -> None:
        """A JSON body of any shape, sent as it is (for wrong-shape bodies)."""
        self._enqueue(FixedReply(status, JSON_HEADERS, json_bytes(body)))

    def enqueue_cut_body(self, body: object) -> None:
        """A JSON body whose connection closes halfway through it."""
        self._enqueue(_CutBody(json_bytes(body)))

    def enqueue_events(
        self,
        events: Sequence[Event],
        *,
        cut_after: int | None = None,
        stall_after: int | None = None,
    ) -> None:
        """A ``200`` event stream of exactly ``events``; with ``cut_after`` the connection
        closes after that many (no terminating chunk), with ``stall_after`` the server
        stops sending after that many and keeps the connection open."""
        self._enqueue(_Events(self._encode_events(events), cut_after, stall_after))

    # -- well-formed pieces to build faults from --------------------------------------

    def answer_body(self, text: str) -> dict[str, Any]:
        """The provider's complete non-streaming answer carrying ``text``."""
        if self.provider == "openai":
            return {
                "id": "chatcmpl-fault",
                "object": "chat.completion",
                "created": 1,
                "model": "fault-model",
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": text},
                        "finish_reason": "stop",
                    }
                ],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            }
        return {
            "id": "msg_fault",
            "type": "message",
            "role": "assistant",
            "model": "fault-model",
            "content": [{"type": "text", "text": text}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }

    def answer_events(self, text: str) -> list[bytes]:
        """The provider's complete event stream carrying ``text``, terminal event last."""
        pieces = split_words(text) or [""]
        if self.provider == "openai":

            def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
                return sse(
                    {
                        "id": "chatcmpl-fault",
                        "object": "chat.completion.chunk",
                        "created": 1,
                        "model": "fault-model",
                        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
                    }
                )

            return [
                chunk({"role": "assistant", "content": ""}),
                *(chunk({"content": piece}) for piece in pieces),
                chunk({}, "stop"),
                sse("[DONE]"),
            ]
        message: dict[str, Any] = {
            "id": "msg_fault",
            "type": "message",
            "role": "assistant",
            "model": "fault-model",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
        return [
            sse({"type": "message_start", "message": message}, "message_start"),
            sse(
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": {"type": "text", "text": ""},
                },
                "content_block_start",
            ),
            *(
                sse(
                    {
                        "type": "content_block_delta",
                        "index": 0,
                        "delta": {"type": "text_delta", "text": piece},
                    },
                    "content_block_delta",
                )
                for piece in pieces
            ),
            sse({"type": "content_block_stop", "index": 0}, "content_block_stop"),
            sse(
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                    "usage": {"output_tokens": len(pieces)},
                },
                "message_delta",
            ),
            sse({"type": "message_stop"}, "message_stop"),
        ]

    def truncated_events(self, text: str) -> list[bytes]:
        """A stream that ends cleanly before its terminal event: OpenAI without a finish
        reason and ``[DONE]``, Anthropic without ``message_delta`` and ``message_stop``."""
        events = self.answer_events(text)
        return events[:-2]

    def event(self, data: str | Mapping[str, Any], event: str | None = None) -> bytes:
        """One event in this provider's framing (Anthropic events name their type)."""
        if event is None and self.provider == "anthropic" and isinstance(data, Mapping):
            event = str(data.get("type", "message"))
        return sse(data, event)

    # -- serving --------------------------------------------------------------------

    def _encode_events(self, events: Sequence[Event]) -> tuple[bytes, ...]:
        encoded: list[bytes] = []
        for item in events:
            if isinstance(item, bytes):
                encoded.append(item)
            elif isinstance(item, str):
                encoded.append(self.event(item, "content_block_delta" if self._named() else None))
            else:
                encoded.append(self.event(item))
        return tuple(encoded)

    def _named(self) -> bool:
        return self.provider == "anthropic"

    def _respond(self, request: RecordedRequest) -> WireResponse:
        reply = self._next_reply()
        if reply is None:
            message = f"No reply is scripted for {request.method} {request.path}"
            return FullResponse(
                500,
                (*JSON_HEADERS, ("x-should-retry", "false")),
                json_bytes({"error": {"message": message}}),
            )
        fixed = self._render_fixed(reply)
        if fixed is not None:
            return fixed
        streaming = isinstance(request.body, dict) and request.body.get("stream") is True
        if isinstance(reply, _Answer):
            if streaming:
                return StreamResponse(tuple(self.answer_events(reply.text)), EVENT_STREAM_HEADERS)
            return FullResponse(200, JSON_HEADERS, json_bytes(self.answer_body(reply.text)))
        if isinstance(reply, _Events):
            return StreamResponse(
                reply.events, EVENT_STREAM_HEADERS, reply.cut_after, reply.stall_after
            )
        if isinstance(reply, _Trickle):
            if streaming:
                return StreamResponse(
                    tuple(self.answer_events(reply.text)),
                    EVENT_STREAM_HEADERS,
                    trickle=reply.interval,
                )
            body = json_bytes(self.answer_body(reply.text))
            return FullResponse(200, JSON_HEADERS, body, trickle=reply.interval)
        if isinstance(reply, _EchoStatus):
            echoed = f"{reply.message}; request headers: {json.dumps(request.headers)}"
            return FullResponse(
                reply.status,
                (*JSON_HEADERS, ("x-should-retry", "false")),
                json_bytes(self._error_body(echoed)),
            )
        if isinstance(reply, _CutBody):
            return FullResponse(200, JSON_HEADERS, reply.body, cut=True)
        raise AssertionError(f"unknown scripted reply {reply!r}")
