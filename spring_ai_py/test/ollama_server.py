"""A fake Ollama server on loopback that the official ``ollama`` SDK talks to.

It serves Ollama's native API: ``POST /api/chat`` (one JSON object, or, when the
request asks for ``stream``, newline-delimited JSON chunks ending with a ``done``
chunk that carries the counts and durations), ``POST /api/embed`` (deterministic
word-hashed vectors unless scripted), and the model management endpoints
``GET /api/tags``, ``POST /api/show``, ``POST /api/pull`` (streamed progress ending
in ``success``) and ``DELETE /api/delete``. Chat replies are scripted in advance
(text, thinking, tool calls, errors, cut and stalled streams) and every request is
recorded.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spring_ai_py.test._wire import (
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
    split_words,
    text_chunks,
    tool_call_specs,
)
from spring_ai_py.test.openai_server import _hashed_embedding

__all__ = ["OllamaTestServer"]

_CHAT_PATH = "/api/chat"
_EMBED_PATH = "/api/embed"
_NDJSON_HEADERS = (("Content-Type", "application/x-ndjson"),)
_JSON_HEADERS = (("Content-Type", "application/json; charset=utf-8"),)
_CREATED_AT = "2026-01-01T00:00:00.000000000Z"
_DURATIONS = {
    "total_duration": 5_000_000,
    "load_duration": 1_000_000,
    "prompt_eval_duration": 2_000_000,
    "eval_duration": 2_000_000,
}


@dataclass(frozen=True)
class _Chat:
    text: str
    chunks: tuple[str, ...]
    thinking: str | None
    tool_calls: tuple[tuple[str, dict[str, Any]], ...]
    model: str | None
    done_reason: str
    prompt_eval_count: int | None
    eval_count: int | None
    cut_after: int | None
    stall_after: int | None
    delay: float


@dataclass(frozen=True)
class _Embeddings:
    vectors: tuple[tuple[float, ...], ...]
    prompt_eval_count: int | None
    model: str | None


def _arguments(arguments: Any) -> dict[str, Any]:
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            raise ValueError("tool call arguments must be a JSON object") from None
    if not isinstance(arguments, Mapping):
        raise ValueError("tool call arguments must be a JSON object")
    return dict(arguments)


def _normalized(model: str) -> str:
    name = model.strip()
    return name if ":" in name else f"{name}:latest"


def _ndjson(value: Any) -> bytes:
    return json_bytes(value) + b"\n"


class OllamaTestServer(WireTestServer):
    """A loopback Ollama server for tests; point ``ollama.Client(host=...)`` (or
    ``OllamaApi(base_url=...)``) at :attr:`base_url`.

    Chat replies come from one queue in the order they were scripted and serve a
    streaming or a non-streaming request alike. When none is scripted the server
    answers ``500`` with a message saying so. Embedding replies come from their own
    queue; unscripted, each input gets a deterministic word-hashed unit vector of
    ``embedding_dimensions`` (or the request's ``dimensions``).

    Models: ``models`` are the ones the server has (``GET /api/tags`` lists them,
    ``POST /api/show`` describes them); given ``models``, a chat or embed request for
    any other model gets Ollama's ``404`` (``model "x" not found, try pulling it
    first``) until it is pulled. Without ``models`` every model answers and the server
    lists only pulled ones. A pull succeeds for any name (and adds the model) unless
    :meth:`enqueue_pull_error` scripted a failure. Names without a tag mean ``:latest``.
    """

    def __init__(
        self, *, models: Iterable[str] | None = None, embedding_dimensions: int = 16
    ) -> None:
        super().__init__(models)
        if isinstance(embedding_dimensions, bool) or embedding_dimensions < 1:
            raise ValueError("embedding_dimensions must be positive")
        self.embedding_dimensions = embedding_dimensions
        self._installed: list[str] = [_normalized(name) for name in sorted(self.models or ())]

    @property
    def installed_models(self) -> list[str]:
        """The models the server has now (``name:tag``), as ``/api/tags`` lists them."""
        with self._lock:
            return list(self._installed)

    # -- scripting ------------------------------------------------------------------

    def enqueue_text(
        self,
        text: str,
        *,
        chunks: Sequence[str] | None = None,
        thinking: str | None = None,
        model: str | None = None,
        done_reason: str = "stop",
        prompt_eval_count: int | None = 10,
        eval_count: int | None = 5,
        cut_after: int | None = None,
        stall_after: int | None = None,
        delay: float = 0.0,
    ) -> None:
        """Script an assistant answer.

        ``chunks`` are the streamed pieces of ``text`` (by default its words);
        ``thinking`` is the message's thinking (streamed word by word before the text).
        ``model`` defaults to the request's. ``prompt_eval_count`` / ``eval_count``
        (``None``: left out) are the token counts of the final chunk. ``cut_after``
        closes a stream after that many lines (a non-streamed answer then gets half
        its body), ``stall_after`` stops sending after that many lines until the
        client gives up; ``delay`` holds a non-streamed answer back that many seconds.
        """
        self._enqueue(
            _Chat(
                text,
                text_chunks(text, chunks),
                thinking,
                (),
                model,
                done_reason,
                prompt_eval_count,
                eval_count,
                check_cut_after(cut_after),
                check_cut_after(stall_after),
                delay,
            )
        )

    def enqueue_tool_calls(
        self,
        tool_calls: Sequence[Mapping[str, Any]],
        *,
        text: str = "",
        thinking: str | None = None,
        model: str | None = None,
        prompt_eval_count: int | None = 10,
        eval_count: int | None = 5,
    ) -> None:
        """Script an answer calling tools: each a mapping with ``name`` and
        ``arguments`` (a mapping or a JSON object string; Ollama sends arguments as an
        object and tool calls without ids). Streamed, the tool calls arrive whole in one
        chunk before the ``done`` chunk, as Ollama sends them."""
        specs = tool_call_specs(tool_calls, _arguments)
        self._enqueue(
            _Chat(
                text,
                tuple(split_words(text)) if text else (),
                thinking,
                tuple((name, arguments) for _id, name, arguments in specs),
                model,
                "stop",
                prompt_eval_count,
                eval_count,
                None,
                None,
                0.0,
            )
        )

    def enqueue_error(self, status: int, message: str, *, endpoint: str = "chat") -> None:
        """Script an error answer ``{"error": message}`` with ``status`` (400-599) for
        the next ``endpoint`` request (``"chat"`` or ``"embed"``)."""
        if endpoint not in ("chat", "embed"):
            raise ValueError(f"endpoint must be 'chat' or 'embed', got {endpoint!r}")
        headers = error_headers(status, {})
        body = json_bytes({"error": message})
        self._enqueue(FixedReply(status, _JSON_HEADERS + tuple(headers.items()), body), endpoint)

    def enqueue_stream_error(self, message: str, *, after: Sequence[str] = ()) -> None:
        """Script a stream that sends the text pieces ``after`` and then an
        ``{"error": message}`` line, as Ollama reports a failure mid-stream."""
        lines = [self._chunk_line("", piece, None) for piece in after]
        lines.append(_ndjson({"error": message}))
        self._enqueue(StreamResponse(tuple(lines), _NDJSON_HEADERS))

    def enqueue_lines(
        self, lines: Sequence[Mapping[str, Any] | str], *, cut_after: int | None = None
    ) -> None:
        """Script a chat stream of exactly these NDJSON ``lines``: a mapping is sent as
        JSON, a string as it is (malformed JSON, a stream without its ``done`` chunk, a
        chunk of the wrong shape); ``cut_after`` closes the connection after that many."""
        encoded = tuple(
            (line if isinstance(line, str) else json.dumps(dict(line))).encode("utf-8") + b"\n"
            for line in lines
        )
        self._enqueue(StreamResponse(encoded, _NDJSON_HEADERS, cut_after=check_cut_after(cut_after)))

    def chunk(self, content: str, *, done: bool = False) -> dict[str, Any]:
        """One chat chunk as Ollama streams it (for :meth:`enqueue_lines`)."""
        line: dict[str, Any] = {
            "model": "llama3.2",
            "created_at": _CREATED_AT,
            "message": {"role": "assistant", "content": content},
            "done": done,
        }
        if done:
            line.update(done_reason="stop", prompt_eval_count=10, eval_count=5, **_DURATIONS)
        return line

    def enqueue_embeddings(
        self,
        vectors: Sequence[Sequence[float]],
        *,
        prompt_eval_count: int | None = None,
        model: str | None = None,
    ) -> None:
        """Script the vectors of the next embed answer, sent as given (``model``
        defaults to the request's)."""
        rows = tuple(tuple(float(value) for value in row) for row in vectors)
        self._enqueue(_Embeddings(rows, prompt_eval_count, model), "embed")

    def enqueue_pull_error(self, message: str) -> None:
        """Make the next pull fail with an ``{"error": message}`` line after its first
        progress line (as a pull of an unknown model does)."""
        self._enqueue(message, "pull")

    # -- serving --------------------------------------------------------------------

    def _respond(self, request: RecordedRequest) -> WireResponse:
        path, method = request.path, request.method
        if method == "GET" and path == "/api/tags":
            return self._tags()
        if method == "GET" and path in ("/", "/api/version"):
            return FullResponse(200, _JSON_HEADERS, json_bytes({"version": "0.12.0"}))
        body = request.body
        if method in ("POST", "DELETE") and path in (
            _CHAT_PATH,
            _EMBED_PATH,
            "/api/show",
            "/api/pull",
            "/api/delete",
        ):
            if not isinstance(body, dict):
                return self._error(400, "invalid request: unexpected end of JSON input")
            if not isinstance(body.get("model"), str) or not body["model"]:
                return self._error(400, "model is required")
        else:
            return FullResponse(404, (("Content-Type", "text/plain"),), b"404 page not found")
        model = str(body["model"])
        if path == "/api/show":
            return self._show(model)
        if path == "/api/pull":
            return self._pull(model)
        if path == "/api/delete":
            return self._delete(model)
        if not self._has(model):
            return self._error(404, f'model "{model}" not found, try pulling it first')
        if path == _EMBED_PATH:
            return self._embed(body)
        return self._chat(body)

    def _has(self, model: str) -> bool:
        if self.models is None:
            return True
        with self._lock:
            return _normalized(model) in self._installed

    def _error(self, status: int, message: str) -> FullResponse:
        return FullResponse(status, _JSON_HEADERS, json_bytes({"error": message}))

    def _tags(self) -> WireResponse:
        models = [
            {
                "name": name,
                "model": name,
                "modified_at": "2026-01-01T00:00:00Z",
                "size": 1_000_000,
                "digest": hashlib.sha256(name.encode("utf-8")).hexdigest(),
                "details": {"format": "gguf", "family": name.split(":")[0]},
            }
            for name in self.installed_models
        ]
        return FullResponse(200, _JSON_HEADERS, json_bytes({"models": models}))

    def _show(self, model: str) -> WireResponse:
        if _normalized(model) not in self.installed_models:
            return self._error(404, f"model '{model}' not found")
        return FullResponse(
            200,
            _JSON_HEADERS,
            json_bytes(
                {
                    "modelfile": f"FROM {model}",
                    "parameters": "",
                    "template": "{{ .Prompt }}",
                    "details": {"format": "gguf", "family": model.split(":")[0]},
                    "model_info": {"general.architecture": "llama"},
                    "capabilities": ["completion", "tools"],
                }
            ),
        )

    def _pull(self, model: str) -> WireResponse:
        failure = self._next_reply("pull")
        lines = [_ndjson({"status": "pulling manifest"})]
        if isinstance(failure, str):
            lines.append(_ndjson({"error": failure}))
            return StreamResponse(tuple(lines), _NDJSON_HEADERS)
        digest = "sha256:" + "0" * 64
        lines += [
            _ndjson({"status": f"pulling {digest[7:19]}", "digest": digest, "total": 100}),
            _ndjson(
                {
                    "status": f"pulling {digest[7:19]}",
                    "digest": digest,
                    "total": 100,
                    "completed": 100,
                }
            ),
            _ndjson({"status": "verifying sha256 digest"}),
            _ndjson({"status": "writing manifest"}),
            _ndjson({"status": "success"}),
        ]
        name = _normalized(model)
        with self._lock:
            if name not in self._installed:
                self._installed.append(name)
        return StreamResponse(tuple(lines), _NDJSON_HEADERS)

    def _delete(self, model: str) -> WireResponse:
        name = _normalized(model)
        with self._lock:
            if name not in self._installed:
                found = False
            else:
                self._installed.remove(name)
                found = True
        if not found:
            return self._error(404, f"model '{model}' not found")
        return FullResponse(200, _JSON_HEADERS, b"")

    def _embed(self, body: dict[str, Any]) -> WireResponse:
        raw = body.get("input")
        texts = [raw] if isinstance(raw, str) else raw
        if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
            return self._error(400, "invalid input type")
        reply = self._next_reply("embed")
        fixed = self._render_fixed(reply)
        if fixed is not None:
            return fixed
        model = body["model"]
        if isinstance(reply, _Embeddings):
            vectors: list[list[float]] = [list(row) for row in reply.vectors]
            count = reply.prompt_eval_count
            model = reply.model or model
        else:
            dimensions = body.get("dimensions")
            size = dimensions if isinstance(dimensions, int) and dimensions > 0 else None
            vectors = [
                _hashed_embedding(text, size or self.embedding_dimensions) for text in texts
            ]
            count = sum(len(text.split()) for text in texts)
        answer: dict[str, Any] = {
            "model": model,
            "embeddings": vectors,
            "total_duration": _DURATIONS["total_duration"],
            "load_duration": _DURATIONS["load_duration"],
        }
        if count is not None:
            answer["prompt_eval_count"] = count
        return FullResponse(200, _JSON_HEADERS, json_bytes(answer))

    def _chat(self, body: dict[str, Any]) -> WireResponse:
        reply = self._next_reply()
        fixed = self._render_fixed(reply)
        if fixed is not None:
            return fixed
        if isinstance(reply, StreamResponse):
            return reply
        if not isinstance(reply, _Chat):
            return self._error(500, no_reply_message(_CHAT_PATH))
        model = reply.model or str(body["model"])
        final: dict[str, Any] = {
            "model": model,
            "created_at": _CREATED_AT,
            "done": True,
            "done_reason": reply.done_reason,
            **_DURATIONS,
        }
        if reply.prompt_eval_count is not None:
            final["prompt_eval_count"] = reply.prompt_eval_count
        if reply.eval_count is not None:
            final["eval_count"] = reply.eval_count
        tool_calls = [
            {"function": {"name": name, "arguments": arguments}}
            for name, arguments in reply.tool_calls
        ]
        # Ollama streams unless the request says "stream": false.
        if body.get("stream") is False:
            message: dict[str, Any] = {"role": "assistant", "content": reply.text}
            if reply.thinking is not None:
                message["thinking"] = reply.thinking
            if tool_calls:
                message["tool_calls"] = tool_calls
            return FullResponse(
                200,
                _JSON_HEADERS,
                json_bytes({**final, "message": message}),
                cut=reply.cut_after is not None,
                delay=reply.delay,
            )
        lines = [
            self._chunk_line(model, piece, None, thinking=True)
            for piece in (split_words(reply.thinking) if reply.thinking else ())
        ]
        lines += [self._chunk_line(model, piece, None) for piece in reply.chunks]
        if tool_calls:
            lines.append(self._chunk_line(model, "", tool_calls))
        lines.append(_ndjson({**final, "message": {"role": "assistant", "content": ""}}))
        return StreamResponse(
            tuple(lines),
            _NDJSON_HEADERS,
            cut_after=reply.cut_after,
            stall_after=reply.stall_after,
        )

    @staticmethod
    def _chunk_line(
        model: str,
        content: str,
        tool_calls: list[dict[str, Any]] | None,
        *,
        thinking: bool = False,
    ) -> bytes:
        message: dict[str, Any] = {"role": "assistant", "content": "" if thinking else content}
        if thinking:
            message["thinking"] = content
        if tool_calls:
            message["tool_calls"] = tool_calls
        return _ndjson(
            {"model": model, "created_at": _CREATED_AT, "message": message, "done": False}
        )
