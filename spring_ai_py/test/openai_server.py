"""A fake OpenAI API on loopback that the official ``openai`` SDK talks to unchanged.

It serves ``POST /v1/chat/completions`` (a ``chat.completion`` object, or a
``text/event-stream`` of ``chat.completion.chunk`` objects ending in ``data: [DONE]`` when
the request asks for ``stream``) and ``POST /v1/embeddings``, from replies a test
scripts in advance, and records every request the SDK sends.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import struct
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from spring_ai_py.test._wire import (
    EVENT_STREAM_HEADERS,
    JSON_HEADERS,
    NO_RETRY_HEADERS,
    DisconnectReply,
    FixedReply,
    FullResponse,
    RecordedRequest,
    StreamResponse,
    WireResponse,
    WireTestServer,
    check_chunks,
    check_cut_after,
    error_headers,
    json_bytes,
    no_reply_message,
    raw_reply,
    split_fragments,
    split_words,
    text_chunks,
    tool_call_specs,
)

__all__ = ["OpenAiTestServer", "OpenAiUsage"]

Endpoint = Literal["chat", "embeddings"]

_CHAT_PATH = "/v1/chat/completions"
_EMBEDDINGS_PATH = "/v1/embeddings"
_FINGERPRINT = "fp_spring_ai_py_test"


@dataclass(frozen=True)
class OpenAiUsage:
    """Token counts reported in a chat completion's ``usage``."""

    prompt_tokens: int = 10
    completion_tokens: int = 5
    cached_tokens: int = 0
    reasoning_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        """``prompt_tokens + completion_tokens``, as the API reports it."""
        return self.prompt_tokens + self.completion_tokens

    def to_json(self) -> dict[str, Any]:
        """The wire form of this usage."""
        return {
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "total_tokens": self.total_tokens,
            "prompt_tokens_details": {"cached_tokens": self.cached_tokens, "audio_tokens": 0},
            "completion_tokens_details": {
                "reasoning_tokens": self.reasoning_tokens,
                "audio_tokens": 0,
                "accepted_prediction_tokens": 0,
                "rejected_prediction_tokens": 0,
            },
        }


@dataclass(frozen=True)
class _ToolCall:
    id: str | None
    name: str
    arguments: str


@dataclass(frozen=True)
class _Completion:
    text: str | None
    chunks: tuple[str, ...]
    tool_calls: tuple[_ToolCall, ...]
    usage: OpenAiUsage
    finish_reason: str
    model: str | None
    cut_after: int | None
    reasoning: str | None = None


@dataclass(frozen=True)
class _Embeddings:
    vectors: tuple[tuple[float, ...], ...]
    model: str | None
    prompt_tokens: int | None


def _error_type(status: int) -> str:
    if status == 429:
        return "requests"
    return "server_error" if status >= 500 else "invalid_request_error"


def _error_code(status: int) -> str | None:
    return {401: "invalid_api_key", 429: "rate_limit_exceeded"}.get(status)


def _error_json(message: str, error_type: str, param: str | None, code: str | None) -> bytes:
    return json_bytes(
        {"error": {"message": message, "type": error_type, "param": param, "code": code}}
    )


def _error(
    status: int,
    message: str,
    *,
    param: str | None = None,
    code: str | None = None,
    headers: tuple[tuple[str, str], ...] = (),
) -> FullResponse:
    return FullResponse(
        status, JSON_HEADERS + headers, _error_json(message, _error_type(status), param, code)
    )


def _tool_arguments(arguments: Any) -> str:
    if isinstance(arguments, Mapping):
        return json.dumps(dict(arguments))
    if not isinstance(arguments, str):
        raise ValueError("tool call arguments must be a mapping or a JSON string")
    return arguments


def _words(text: str) -> int:
    return len(re.findall(r"\w+", text))


def _hashed_embedding(text: str, dimensions: int) -> list[float]:
    """Feature-hash the words of ``text`` into a unit vector: shared words, close vectors."""
    vector = [0.0] * dimensions
    tokens = re.findall(r"\w+", text.lower()) or [text]
    for token in tokens:
        digest = hashlib.sha256(token.encode("utf-8")).digest()
        index = int.from_bytes(digest[:4], "little") % dimensions
        vector[index] += 1.0 if digest[4] & 1 else -1.0
    norm = sum(value * value for value in vector) ** 0.5
    if norm == 0.0:
        # Tokens that cancel out still need a usable direction for cosine similarity.
        vector[0], norm = 1.0, 1.0
    return [value / norm for value in vector]


def _embedding_inputs(raw: Any) -> list[str] | None:
    """The request's ``input`` as texts (token arrays become their numbers as text)."""
    if isinstance(raw, str):
        return [raw]
    if not isinstance(raw, list) or not raw:
        return None
    if all(isinstance(item, int) for item in raw):
        return [" ".join(str(item) for item in raw)]
    texts: list[str] = []
    for item in raw:
        if isinstance(item, str):
            texts.append(item)
        elif isinstance(item, list) and all(isinstance(token, int) for token in item):
            texts.append(" ".join(str(token) for token in item))
        else:
            return None
    return texts


class OpenAiTestServer(WireTestServer):
    """A loopback OpenAI API for tests; point ``openai.OpenAI(base_url=...)`` at it.

    Chat replies and embedding replies come from two separate queues, in the order they
    were scripted. A chat reply serves a streaming or a non-streaming request alike,
    depending on the request's ``stream`` field. When no chat reply is scripted the
    server answers ``500`` with a message saying so (and ``x-should-retry: false``, so
    the SDK does not retry); when no embedding reply is scripted it answers with
    deterministic word-hashed vectors of ``embedding_dimensions`` (or the request's
    ``dimensions``). Given ``models``, a request for any other model gets the API's
    ``404 model_not_found`` error.
    """

    _PATH_PREFIX = "/v1"

    def __init__(
        self, *, embedding_dimensions: int = 16, models: Iterable[str] | None = None
    ) -> None:
        super().__init__(models)
        if isinstance(embedding_dimensions, bool) or embedding_dimensions < 1:
            raise ValueError("embedding_dimensions must be positive")
        self.embedding_dimensions = embedding_dimensions

    def enqueue_text(
        self,
        text: str,
        *,
        chunks: Sequence[str] | None = None,
        usage: OpenAiUsage | None = None,
        finish_reason: str = "stop",
        model: str | None = None,
        cut_after: int | None = None,
        reasoning: str | None = None,
    ) -> None:
        """Script an assistant text reply.

        ``chunks`` are the stream's content deltas and must join to ``text`` (by default
        the text is split into words). ``model`` defaults to the request's model.
        ``cut_after`` closes a streamed reply's connection after that many SSE events (a
        non-streamed reply then gets half its body). ``reasoning`` is sent as
        ``reasoning_content`` (as DeepSeek and vLLM do), streamed word by word before
        the text.
        """
        self._enqueue(
            _Completion(
                text,
                text_chunks(text, chunks),
                (),
                usage or OpenAiUsage(),
                finish_reason,
                model,
                check_cut_after(cut_after),
                reasoning,
            )
        )

    def enqueue_tool_calls(
        self,
        tool_calls: Sequence[Mapping[str, Any]],
        *,
        text: str | None = None,
        usage: OpenAiUsage | None = None,
        finish_reason: str = "tool_calls",
        model: str | None = None,
        cut_after: int | None = None,
    ) -> None:
        """Script an assistant reply that calls tools.

        Each tool call is a mapping with ``name``, ``arguments`` (a mapping, or a string
        sent verbatim, so malformed arguments can be scripted) and an optional ``id``
        (``call_<n>`` by default). Streamed, each call's arguments arrive in several
        fragments after a delta carrying its index, id and name.
        """
        calls = tuple(_ToolCall(*spec) for spec in tool_call_specs(tool_calls, _tool_arguments))
        pieces = check_chunks(text, None) if text is not None else []
        self._enqueue(
            _Completion(
                text,
                tuple(pieces),
                calls,
                usage or OpenAiUsage(),
                finish_reason,
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
        code: str | None = None,
        param: str | None = None,
        endpoint: Endpoint = "chat",
    ) -> None:
        """Script an error in OpenAI's shape ``{"error": {message, type, param, code}}``.

        ``error_type`` and ``code`` default to what OpenAI sends for the status
        (``401``: ``invalid_api_key``; ``429``: type ``requests``, code
        ``rate_limit_exceeded`` and a ``retry-after: 1`` header unless ``headers`` has
        one).
        """
        extra = error_headers(status, headers or {})
        body = _error_json(
            message, error_type or _error_type(status), param, code or _error_code(status)
        )
        self._enqueue(FixedReply(status, JSON_HEADERS + tuple(extra.items()), body), endpoint)

    def enqueue_raw(
        self,
        status: int,
        body: str | bytes,
        content_type: str = "application/json",
        *,
        headers: dict[str, str] | None = None,
        endpoint: Endpoint = "chat",
    ) -> None:
        """Script a reply sent exactly as given, for example malformed JSON."""
        self._enqueue(raw_reply(status, body, content_type, headers), endpoint)

    def enqueue_disconnect(self, *, endpoint: Endpoint = "chat") -> None:
        """Script a dropped connection: the request is read, then the socket closes."""
        self._enqueue(DisconnectReply(), endpoint)

    def enqueue_embeddings(
        self,
        vectors: Sequence[Sequence[float]],
        *,
        model: str | None = None,
        prompt_tokens: int | None = None,
    ) -> None:
        """Script the vectors of the next embeddings reply, one per input, sent as given.

        ``prompt_tokens`` defaults to the number of words in the request's inputs.
        """
        rows = tuple(tuple(float(value) for value in vector) for vector in vectors)
        if not rows:
            raise ValueError("vectors must not be empty")
        self._enqueue(_Embeddings(rows, model, prompt_tokens), "embeddings")

    def _respond(self, request: RecordedRequest) -> WireResponse:
        if request.method != "POST" or request.path not in (_CHAT_PATH, _EMBEDDINGS_PATH):
            return _error(404, f"Invalid URL ({request.method} {request.path})")
        body = request.body
        if not isinstance(body, dict):
            return _error(
                400,
                "We could not parse the JSON body of your request. The OpenAI API expects a "
                "JSON payload.",
            )
        chat = request.path == _CHAT_PATH
        for required in ("model", "messages") if chat else ("model", "input"):
            if required not in body:
                return _error(
                    400,
                    f"Missing required parameter: '{required}'.",
                    param=required,
                    code="missing_required_parameter",
                )
        unknown = self._unknown_model(body)
        if unknown is not None:
            return _error(
                404,
                f"The model `{unknown}` does not exist or you do not have access to it.",
                code="model_not_found",
            )
        reply = self._next_reply("chat" if chat else "embeddings")
        fixed = self._render_fixed(reply)
        if fixed is not None:
            return fixed
        if isinstance(reply, _Completion):
            return self._render_completion(reply, body)
        if chat:
            return _error(500, no_reply_message(_CHAT_PATH), headers=NO_RETRY_HEADERS)
        return self._render_embeddings(reply if isinstance(reply, _Embeddings) else None, body)

    def _render_completion(self, reply: _Completion, body: dict[str, Any]) -> WireResponse:
        number = self._next_id()
        completion_id = f"chatcmpl-test{number:06d}"
        model = reply.model or str(body["model"])
        created = int(time.time())
        call_ids = [
            call.id or f"call_test{number:06d}_{i}" for i, call in enumerate(reply.tool_calls)
        ]
        request_id = (("x-request-id", f"req_test{number:06d}"),)
        if body.get("stream") is not True:
            message: dict[str, Any] = {
                "role": "assistant",
                "content": reply.text,
                "refusal": None,
                "annotations": [],
            }
            if reply.reasoning is not None:
                message["reasoning_content"] = reply.reasoning
            if reply.tool_calls:
                message["tool_calls"] = [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": call.name, "arguments": call.arguments},
                    }
                    for call_id, call in zip(call_ids, reply.tool_calls, strict=True)
                ]
            completion = {
                "id": completion_id,
                "object": "chat.completion",
                "created": created,
                "model": model,
                "choices": [
                    {
                        "index": 0,
                        "message": message,
                        "logprobs": None,
                        "finish_reason": reply.finish_reason,
                    }
                ],
                "usage": reply.usage.to_json(),
                "service_tier": "default",
                "system_fingerprint": _FINGERPRINT,
            }
            return FullResponse(
                200,
                JSON_HEADERS + request_id,
                json_bytes(completion),
                cut=reply.cut_after is not None,
            )

        options = body.get("stream_options")
        include_usage = isinstance(options, dict) and options.get("include_usage") is True

        def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> bytes:
            data: dict[str, Any] = {
                "id": completion_id,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "service_tier": "default",
                "system_fingerprint": _FINGERPRINT,
                "choices": [
                    {
                        "index": 0,
                        "delta": delta,
                        "logprobs": None,
                        "finish_reason": finish_reason,
                    }
                ],
            }
            if include_usage:
                data["usage"] = None
            return b"data: " + json_bytes(data) + b"\n\n"

        first_content = "" if reply.text is not None else None
        events = [chunk({"role": "assistant", "content": first_content, "refusal": None})]
        if reply.reasoning is not None:
            events += [
                chunk({"reasoning_content": piece}) for piece in split_words(reply.reasoning)
            ]
        events += [chunk({"content": piece}) for piece in reply.chunks]
        for index, (call_id, call) in enumerate(zip(call_ids, reply.tool_calls, strict=True)):
            opening = {
                "index": index,
                "id": call_id,
                "type": "function",
                "function": {"name": call.name, "arguments": ""},
            }
            events.append(chunk({"tool_calls": [opening]}))
            events += [
                chunk({"tool_calls": [{"index": index, "function": {"arguments": fragment}}]})
                for fragment in split_fragments(call.arguments)
                if fragment
            ]
        events.append(chunk({}, reply.finish_reason))
        if include_usage:
            usage_chunk = {
                "id": completion_id,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "service_tier": "default",
                "system_fingerprint": _FINGERPRINT,
                "choices": [],
                "usage": reply.usage.to_json(),
            }
            events.append(b"data: " + json_bytes(usage_chunk) + b"\n\n")
        events.append(b"data: [DONE]\n\n")
        return StreamResponse(tuple(events), EVENT_STREAM_HEADERS + request_id, reply.cut_after)

    def _render_embeddings(self, reply: _Embeddings | None, body: dict[str, Any]) -> WireResponse:
        texts = _embedding_inputs(body["input"])
        if texts is None:
            return _error(
                400,
                "'input' must be a string, an array of strings or an array of token arrays.",
                param="input",
            )
        if reply is not None:
            vectors = [list(vector) for vector in reply.vectors]
        else:
            requested = body.get("dimensions")
            dimensions = (
                requested
                if isinstance(requested, int) and not isinstance(requested, bool) and requested > 0
                else self.embedding_dimensions
            )
            vectors = [_hashed_embedding(text, dimensions) for text in texts]
        as_base64 = body.get("encoding_format") == "base64"
        data = [
            {
                "object": "embedding",
                "index": index,
                "embedding": (
                    base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode("ascii")
                    if as_base64
                    else vector
                ),
            }
            for index, vector in enumerate(vectors)
        ]
        tokens = sum(_words(text) for text in texts)
        if reply is not None and reply.prompt_tokens is not None:
            tokens = reply.prompt_tokens
        response = {
            "object": "list",
            "data": data,
            "model": (reply.model if reply is not None else None) or str(body["model"]),
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }
        return FullResponse(200, JSON_HEADERS, json_bytes(response))
