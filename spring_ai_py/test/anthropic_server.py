"""A fake Anthropic Messages API on loopback that the official ``anthropic`` SDK talks to.

It serves ``POST /v1/messages``: a ``message`` object, or, when the request asks for
``stream``, the server-sent events ``message_start``, ``content_block_start``, ``ping``,
``content_block_delta`` (``text_delta``, ``thinking_delta``, ``signature_delta``,
``input_json_delta``, ``citations_delta``), ``content_block_stop``, ``message_delta``
and ``message_stop``, from replies a test scripts in advance; it records every request
the SDK sends. ``enqueue_content`` scripts any content blocks of the API reference
(text with ``citations``, ``server_tool_use``, ``web_search_tool_result``,
``container_upload``, ...); ``AnthropicTestServer(prompt_cache=True)`` computes the
usage of unscripted-usage replies from the request's ``cache_control`` breakpoints.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spring_ai_py.test._anthropic_cache import PromptCache, count_tokens
from spring_ai_py.test._wire import (
    EVENT_STREAM_HEADERS,
    JSON_HEADERS,
    NO_RETRY_HEADERS,
    FixedReply,
    FullResponse,
    RecordedRequest,
    StreamResponse,
    WireResponse,
    WireTestServer,
    check_cut_after,
    error_headers,
    json_bytes,
    no_reply_message,
    split_fragments,
    split_words,
    text_chunks,
    tool_call_specs,
)

__all__ = ["AnthropicTestServer", "AnthropicUsage"]

_MESSAGES_PATH = "/v1/messages"
_FILES_PATH = "/v1/files/"

_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    402: "billing_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    504: "timeout_error",
    529: "overloaded_error",
}


@dataclass(frozen=True)
class AnthropicUsage:
    """Token counts reported in a message's ``usage``."""

    input_tokens: int = 10
    output_tokens: int = 5
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0

    def to_json(self, output_tokens: int | None = None) -> dict[str, Any]:
        """The wire form of this usage, optionally with another ``output_tokens``."""
        return {
            "input_tokens": self.input_tokens,
            "cache_creation_input_tokens": self.cache_creation_input_tokens,
            "cache_read_input_tokens": self.cache_read_input_tokens,
            "output_tokens": self.output_tokens if output_tokens is None else output_tokens,
            "service_tier": "standard",
        }


@dataclass(frozen=True)
class _ToolUse:
    id: str | None
    name: str
    input: dict[str, Any]


@dataclass(frozen=True)
class _Message:
    text: str | None
    chunks: tuple[str, ...]
    thinking: str | None
    tool_uses: tuple[_ToolUse, ...]
    usage: AnthropicUsage | None
    stop_reason: str
    stop_sequence: str | None
    model: str | None
    cut_after: int | None
    headers: tuple[tuple[str, str], ...] = ()
    content: tuple[dict[str, Any], ...] | None = None
    container: dict[str, Any] | None = None
    delay: float = 0.0


def _error_type(status: int) -> str:
    return _ERROR_TYPES.get(status, "api_error" if status >= 500 else "invalid_request_error")


def _error_json(error_type: str, message: str, request_id: str) -> bytes:
    return json_bytes(
        {
            "type": "error",
            "error": {"type": error_type, "message": message},
            "request_id": request_id,
        }
    )


def _tool_input(arguments: Any) -> dict[str, Any]:
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            raise ValueError("tool call arguments must be a JSON object") from None
    if not isinstance(arguments, Mapping):
        raise ValueError("tool call arguments must be a JSON object")
    return dict(arguments)


def _event(event_type: str, data: dict[str, Any]) -> bytes:
    return b"event: " + event_type.encode("ascii") + b"\ndata: " + json_bytes(data) + b"\n\n"


class AnthropicTestServer(WireTestServer):
    """A loopback Anthropic API for tests; point ``anthropic.Anthropic(base_url=...)`` at it.

    Replies come from one queue, in the order they were scripted; a reply serves a
    streaming or a non-streaming request alike, depending on the request's ``stream``
    field. Requests missing ``model``, ``max_tokens`` or ``messages`` are rejected with a
    ``400`` as the real API does (without using up a reply). When no reply is scripted
    the server answers ``500`` with a message saying so (and ``x-should-retry: false``,
    so the SDK does not retry). Given ``models``, a request for any other model gets
    the API's ``404 not_found_error``.

    With ``prompt_cache=True`` a reply scripted without ``usage`` reports the usage the
    API's prompt cache would (see :mod:`spring_ai_py.test._anthropic_cache`): the
    prefix up to each ``cache_control`` breakpoint is written once and read by later
    requests; ``min_cacheable_tokens`` is the model's minimum cacheable prompt length
    (1024 to 4096 tokens on the real API; 0 here by default). Output tokens are then
    the reply text's tokens (four characters each).
    """

    def __init__(
        self,
        *,
        prompt_cache: bool = False,
        min_cacheable_tokens: int = 0,
        models: Iterable[str] | None = None,
    ) -> None:
        super().__init__(models)
        self._prompt_cache = PromptCache(min_cacheable_tokens) if prompt_cache else None
        self._files: dict[str, tuple[str, bytes]] = {}

    def add_file(self, file_id: str, filename: str, content: bytes) -> None:
        """Serve a file through the Files API (``GET /v1/files/{id}`` for its metadata,
        ``/v1/files/{id}/content`` for its bytes), as skills' outputs are downloaded."""
        self._files[file_id] = (filename, bytes(content))

    def enqueue_text(
        self,
        text: str,
        *,
        chunks: Sequence[str] | None = None,
        usage: AnthropicUsage | None = None,
        stop_reason: str = "end_turn",
        stop_sequence: str | None = None,
        model: str | None = None,
        thinking: str | None = None,
        cut_after: int | None = None,
        headers: Mapping[str, str] | None = None,
        delay: float = 0.0,
    ) -> None:
        """Script an assistant text reply.

        ``chunks`` are the stream's ``text_delta`` pieces and must join to ``text`` (by
        default the text is split into words). ``thinking`` puts a signed thinking block
        before the text. ``model`` defaults to the request's model. ``cut_after`` closes
        a streamed reply's connection after that many SSE events (a non-streamed reply
        then gets half its body). ``headers`` are added to the response (for example
        the ``anthropic-ratelimit-*`` headers); ``delay`` holds a non-streamed reply back
        that many seconds (a slow server, for timeouts).
        """
        self._enqueue(
            _Message(
                text,
                text_chunks(text, chunks),
                thinking,
                (),
                usage,
                stop_reason,
                stop_sequence,
                model,
                check_cut_after(cut_after),
                tuple((headers or {}).items()),
                delay=delay,
            )
        )

    def enqueue_content(
        self,
        content: Sequence[Mapping[str, Any]],
        *,
        usage: AnthropicUsage | None = None,
        stop_reason: str = "end_turn",
        model: str | None = None,
        container: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        """Script a reply made of content blocks exactly as the API reference shapes them.

        For example a ``text`` block with ``citations`` (``char_location``,
        ``page_location``, ``content_block_location``, ``web_search_result_location``),
        a ``server_tool_use`` block followed by a ``web_search_tool_result``, or a
        ``container_upload``; ``container`` is the message's ``container`` object
        (``{"id": ..., "expires_at": ...}``) of a skills request. Streamed, a text
        block's text arrives as ``text_delta`` events and each citation as a
        ``citations_delta``; a ``server_tool_use`` input arrives as
        ``input_json_delta`` fragments; any other block arrives whole in its
        ``content_block_start``, as the API sends server tool results.
        """
        self._enqueue(
            _Message(
                None,
                (),
                None,
                (),
                usage,
                stop_reason,
                None,
                model,
                None,
                tuple((headers or {}).items()),
                tuple(dict(block) for block in content),
                dict(container) if container is not None else None,
            )
        )

    def enqueue_tool_calls(
        self,
        tool_calls: Sequence[Mapping[str, Any]],
        *,
        text: str | None = None,
        usage: AnthropicUsage | None = None,
        stop_reason: str = "tool_use",
        model: str | None = None,
        thinking: str | None = None,
        cut_after: int | None = None,
    ) -> None:
        """Script an assistant reply with ``tool_use`` blocks (after an optional text block).

        Each tool call is a mapping with ``name``, ``arguments`` (a mapping or a JSON
        object string: the block's ``input``) and an optional ``id`` (``toolu_<n>`` by
        default). Streamed, each input arrives as several ``input_json_delta`` fragments.
        """
        uses = tuple(_ToolUse(*spec) for spec in tool_call_specs(tool_calls, _tool_input))
        pieces = split_words(text) if text is not None else []
        self._enqueue(
            _Message(
                text,
                tuple(pieces),
                thinking,
                uses,
                usage,
                stop_reason,
                None,
                model,
                check_cut_after(cut_after),
            )
        )

    def enqueue_error(
        self,
        status: int,
        message: str,
        *,
        headers: dict[str, str] | None = None,
        error_type: str | None = None,
    ) -> None:
        """Script an error in Anthropic's shape ``{"type": "error", "error": {type, message}}``.

        ``error_type`` defaults to what Anthropic sends for the status (``401``:
        ``authentication_error``, ``429``: ``rate_limit_error`` with a ``retry-after: 1``
        header unless ``headers`` has one, ``529``: ``overloaded_error``, ...).
        """
        extra = error_headers(status, headers or {})
        request_id = f"req_test{self._next_id():06d}"
        extra = {"request-id": request_id, **extra}
        body = _error_json(error_type or _error_type(status), message, request_id)
        self._enqueue(FixedReply(status, JSON_HEADERS + tuple(extra.items()), body))

    def _error(
        self, status: int, message: str, *, headers: tuple[tuple[str, str], ...] = ()
    ) -> FullResponse:
        request_id = f"req_test{self._next_id():06d}"
        body = _error_json(_error_type(status), message, request_id)
        return FullResponse(status, (*JSON_HEADERS, ("request-id", request_id), *headers), body)

    def _respond(self, request: RecordedRequest) -> WireResponse:
        if request.method == "GET" and request.path.startswith(_FILES_PATH):
            return self._file(request.path[len(_FILES_PATH) :])
        if request.method != "POST" or request.path != _MESSAGES_PATH:
            return self._error(404, "Not Found")
        body = request.body
        if not isinstance(body, dict):
            return self._error(400, "There was an error parsing the body of your request.")
        for required in ("model", "max_tokens", "messages"):
            if required not in body:
                return self._error(400, f"{required}: Field required")
        unknown = self._unknown_model(body)
        if unknown is not None:
            return self._error(404, f"model: {unknown}")
        reply = self._next_reply()
        fixed = self._render_fixed(reply)
        if fixed is not None:
            return fixed
        if isinstance(reply, _Message):
            return self._render_message(reply, body)
        return self._error(500, no_reply_message(_MESSAGES_PATH), headers=NO_RETRY_HEADERS)

    def _render_message(self, reply: _Message, body: dict[str, Any]) -> WireResponse:
        number = self._next_id()
        model = reply.model or str(body["model"])
        request_id = (("request-id", f"req_test{number:06d}"), *reply.headers)
        signature = (
            hashlib.sha256(reply.thinking.encode("utf-8")).hexdigest()
            if reply.thinking is not None
            else ""
        )
        use_ids = [use.id or f"toolu_test{number:06d}_{i}" for i, use in enumerate(reply.tool_uses)]
        blocks: list[dict[str, Any]] = []
        if reply.thinking is not None:
            blocks.append({"type": "thinking", "thinking": reply.thinking, "signature": signature})
        if reply.text is not None:
            blocks.append({"type": "text", "text": reply.text})
        blocks += [
            {"type": "tool_use", "id": use_id, "name": use.name, "input": use.input}
            for use_id, use in zip(use_ids, reply.tool_uses, strict=True)
        ]
        if reply.content is not None:
            blocks = [dict(block) for block in reply.content]
        usage = self._usage(reply, body, blocks)
        message: dict[str, Any] = {
            "id": f"msg_test{number:06d}",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": blocks,
            "stop_reason": reply.stop_reason,
            "stop_sequence": reply.stop_sequence,
            "usage": usage.to_json(),
        }
        if reply.container is not None:
            message["container"] = reply.container
        if body.get("stream") is not True:
            return FullResponse(
                200,
                JSON_HEADERS + request_id,
                json_bytes(message),
                cut=reply.cut_after is not None,
                delay=reply.delay,
            )

        started = {
            **message,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": usage.to_json(output_tokens=1),
        }
        events = [_event("message_start", {"type": "message_start", "message": started})]
        for index, block in enumerate(blocks):
            block_events = self._block_events(index, block, reply)
            if index == 0:
                # As the API does: a keep-alive ping right after the first block opens.
                block_events.insert(1, _event("ping", {"type": "ping"}))
            events += block_events
        events.append(
            _event(
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {
                        "stop_reason": reply.stop_reason,
                        "stop_sequence": reply.stop_sequence,
                    },
                    "usage": {"output_tokens": usage.output_tokens},
                },
            )
        )
        events.append(_event("message_stop", {"type": "message_stop"}))
        return StreamResponse(tuple(events), EVENT_STREAM_HEADERS + request_id, reply.cut_after)

    def _file(self, rest: str) -> WireResponse:
        file_id, _, part = rest.partition("/")
        found = self._files.get(file_id)
        if found is None or part not in ("", "content"):
            return self._error(404, f"File not found: {file_id}")
        filename, content = found
        if part == "content":
            return FullResponse(200, (("Content-Type", "application/octet-stream"),), content)
        metadata = {
            "id": file_id,
            "type": "file",
            "filename": filename,
            "mime_type": "application/octet-stream",
            "size_bytes": len(content),
            "created_at": "2025-10-02T00:00:00Z",
            "downloadable": True,
        }
        return FullResponse(200, JSON_HEADERS, json_bytes(metadata))

    def _usage(
        self, reply: _Message, body: dict[str, Any], blocks: list[dict[str, Any]]
    ) -> AnthropicUsage:
        if reply.usage is not None:
            return reply.usage
        if self._prompt_cache is None:
            return AnthropicUsage()
        cached = self._prompt_cache.process(body)
        output = sum(count_tokens(block.get("text", "")) for block in blocks)
        return AnthropicUsage(
            cached.input_tokens,
            output,
            cached.cache_creation_input_tokens,
            cached.cache_read_input_tokens,
        )

    @staticmethod
    def _block_events(index: int, block: dict[str, Any], reply: _Message) -> list[bytes]:
        def delta(payload: dict[str, Any]) -> bytes:
            return _event(
                "content_block_delta",
                {"type": "content_block_delta", "index": index, "delta": payload},
            )

        if block["type"] == "thinking":
            opening: dict[str, Any] = {"type": "thinking", "thinking": "", "signature": ""}
            deltas = [
                delta({"type": "thinking_delta", "thinking": piece})
                for piece in split_words(block["thinking"])
            ]
            deltas.append(delta({"type": "signature_delta", "signature": block["signature"]}))
        elif block["type"] == "text":
            opening = {"type": "text", "text": ""}
            pieces = reply.chunks if reply.content is None else split_words(block["text"])
            deltas = [delta({"type": "text_delta", "text": piece}) for piece in pieces]
            deltas += [
                delta({"type": "citations_delta", "citation": citation})
                for citation in block.get("citations") or ()
            ]
        elif block["type"] not in ("tool_use", "server_tool_use"):
            opening = block
            deltas = []
        else:
            opening = {**block, "input": {}}
            deltas = [
                delta({"type": "input_json_delta", "partial_json": fragment})
                for fragment in split_fragments(json.dumps(block["input"]))
            ]
        start = _event(
            "content_block_start",
            {"type": "content_block_start", "index": index, "content_block": opening},
        )
        stop = _event("content_block_stop", {"type": "content_block_stop", "index": index})
        return [start, *deltas, stop]
