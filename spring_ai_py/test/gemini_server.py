"""A fake Gemini Developer API on loopback that the official ``google-genai`` SDK talks to.

It serves the REST surface of ``https://generativelanguage.googleapis.com`` (``/v1``, ``/v1beta``, ``/v1alpha``) that
the chat and embedding models use: ``models/{model}:generateContent``,
``models/{model}:streamGenerateContent?alt=sse`` (one ``data:`` event per response
chunk), ``models/{model}:embedContent`` and ``:batchEmbedContents`` (word-hashed
vectors, or scripted ones), and ``cachedContents`` (create, get, list with paging,
patch and delete, kept in memory). Chat replies are scripted in advance and serve a
streamed or a non-streamed request alike; every request is recorded with its headers
(``x-goog-api-key`` included; ``repr`` masks it). Errors use the API's shape
``{"error": {"code", "message", "status"}}``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal
from urllib.parse import parse_qs

from spring_ai_py.test._wire import (
    EVENT_STREAM_HEADERS,
    JSON_HEADERS,
    FixedReply,
    FullResponse,
    RecordedRequest,
    StreamResponse,
    WireResponse,
    WireTestServer,
    check_cut_after,
    error_headers,
    json_bytes,
    text_chunks,
    tool_call_specs,
)
from spring_ai_py.test.openai_server import _hashed_embedding

__all__ = ["GeminiTestServer", "GeminiUsage"]

_VERSIONS = ("/v1beta/", "/v1alpha/", "/v1/")
"""The API versions served alike (the SDK's default is ``v1``; ``http_options.api_version``
chooses another)."""

_STATUS_NAMES = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    409: "ALREADY_EXISTS",
    429: "RESOURCE_EXHAUSTED",
    499: "CANCELLED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
}


@dataclass(frozen=True)
class GeminiUsage:
    """The token counts of a response's ``usageMetadata`` (``None`` fields are left out)."""

    prompt_token_count: int = 10
    candidates_token_count: int = 5
    total_token_count: int | None = None
    thoughts_token_count: int | None = None
    cached_content_token_count: int | None = None
    tool_use_prompt_token_count: int | None = None
    traffic_type: str | None = None
    prompt_tokens_details: tuple[tuple[str, int], ...] = ()
    """``(modality, token_count)`` pairs, for example ``(("TEXT", 10),)``."""
    candidates_tokens_details: tuple[tuple[str, int], ...] = ()
    cache_tokens_details: tuple[tuple[str, int], ...] = ()
    tool_use_prompt_tokens_details: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The wire form of this usage (``totalTokenCount`` defaults to the sum)."""
        total = self.total_token_count
        if total is None:
            total = (
                self.prompt_token_count
                + self.candidates_token_count
                + (self.thoughts_token_count or 0)
                + (self.tool_use_prompt_token_count or 0)
            )
        usage: dict[str, Any] = {
            "promptTokenCount": self.prompt_token_count,
            "candidatesTokenCount": self.candidates_token_count,
            "totalTokenCount": total,
        }
        for key, value in (
            ("thoughtsTokenCount", self.thoughts_token_count),
            ("cachedContentTokenCount", self.cached_content_token_count),
            ("toolUsePromptTokenCount", self.tool_use_prompt_token_count),
            ("trafficType", self.traffic_type),
        ):
            if value is not None:
                usage[key] = value
        for key, details in (
            ("promptTokensDetails", self.prompt_tokens_details),
            ("candidatesTokensDetails", self.candidates_tokens_details),
            ("cacheTokensDetails", self.cache_tokens_details),
            ("toolUsePromptTokensDetails", self.tool_use_prompt_tokens_details),
        ):
            if details:
                usage[key] = [
                    {"modality": modality, "tokenCount": count} for modality, count in details
                ]
        return usage


@dataclass(frozen=True)
class _Reply:
    """A scripted chat reply: the candidates of a response, and how to stream them."""

    candidates: tuple[dict[str, Any], ...]
    chunks: tuple[tuple[dict[str, Any], ...], ...]
    """The candidates of each streamed chunk (the last one carries the finish reason)."""
    usage: GeminiUsage | None
    model_version: str | None
    cut_after: int | None
    headers: tuple[tuple[str, str], ...] = ()
    delay: float = 0.0
    report_usage: bool = True
    trickle: float = 0.0


def _error_json(status: int, message: str, status_name: str | None) -> bytes:
    name = status_name or _STATUS_NAMES.get(status, "INTERNAL" if status >= 500 else "UNKNOWN")
    return json_bytes({"error": {"code": status, "message": message, "status": name}})


def _tool_args(arguments: Any) -> dict[str, Any]:
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            raise ValueError("tool call arguments must be a JSON object") from None
    if not isinstance(arguments, Mapping):
        raise ValueError("tool call arguments must be a JSON object")
    return dict(arguments)


def _signature(seed: str) -> str:
    """A thought signature the way the API sends it: base64 of opaque bytes."""
    import base64

    return base64.b64encode(hashlib.sha256(seed.encode("utf-8")).digest()).decode("ascii")


def _timestamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _duration_seconds(text: Any) -> float | None:
    if not isinstance(text, str) or not text.endswith("s"):
        return None
    try:
        return float(text[:-1])
    except ValueError:
        return None


class GeminiTestServer(WireTestServer):
    """A loopback Gemini API for tests; point the SDK's ``http_options.base_url`` at
    :attr:`base_url`.

    Chat replies come from one queue, in the order they were scripted; when none is left
    the server answers ``500`` saying so (the SDK does not retry by default). Embedding
    requests get word-hashed unit vectors of ``embedding_dimensions`` (or the request's
    ``outputDimensionality``) unless vectors were scripted with
    :meth:`enqueue_embeddings`. Given ``models``, a request for any other model gets the
    API's ``404 NOT_FOUND``; given ``api_key``, a request without that
    ``x-goog-api-key`` gets the API's ``400 INVALID_ARGUMENT`` "API key not valid".
    Cached contents live in :attr:`cached_contents` (by name) until deleted (an expired
    one stays, so a test can see it).
    """

    _PATH_PREFIX = ""

    def __init__(
        self,
        *,
        embedding_dimensions: int = 16,
        models: Iterable[str] | None = None,
        api_key: str | None = None,
    ) -> None:
        super().__init__(models)
        if isinstance(embedding_dimensions, bool) or embedding_dimensions <= 0:
            raise ValueError("embedding_dimensions must be a positive int")
        self.embedding_dimensions = embedding_dimensions
        self.api_key = api_key
        self.cached_contents: dict[str, dict[str, Any]] = {}
        """The cached contents the server holds, by name (``cachedContents/...``)."""

    # -- scripting ---------------------------------------------------------------------

    def enqueue_text(
        self,
        text: str,
        *,
        chunks: Sequence[str] | None = None,
        usage: GeminiUsage | None = None,
        finish_reason: str = "STOP",
        model_version: str | None = None,
        thought: str | None = None,
        cut_after: int | None = None,
        headers: Mapping[str, str] | None = None,
        delay: float = 0.0,
        report_usage: bool = True,
        trickle: float = 0.0,
    ) -> None:
        """Script a text answer: one candidate whose parts are ``[thought?, text]``.

        Streamed, each of ``chunks`` (by default the words of ``text``; they must join
        to it) is one SSE event, the last with the ``finishReason`` and the usage.
        ``thought`` adds a thought part (``"thought": true``, as the API sends it when
        ``includeThoughts`` is on) before the text, streamed as one event of its own.
        ``model_version`` defaults to the request's model. ``cut_after`` closes a
        streamed reply's connection after that many events (a non-streamed reply then
        gets half its body); ``delay`` holds a non-streamed reply back that many seconds.
        Without ``report_usage`` the response has no ``usageMetadata`` at all. ``trickle``
        sends the body one byte every that many seconds (a server that never goes silent
        but never finishes, for the exchange limits).
        """
        pieces = text_chunks(text, chunks)
        parts: list[dict[str, Any]] = []
        stream: list[tuple[dict[str, Any], ...]] = []
        if thought is not None:
            thought_part = {"text": thought, "thought": True}
            parts.append(thought_part)
            stream.append((_candidate([thought_part], None),))
        parts.append({"text": text})
        for position, piece in enumerate(pieces):
            last = position == len(pieces) - 1
            stream.append((_candidate([{"text": piece}], finish_reason if last else None),))
        if not pieces:
            stream.append((_candidate([{"text": ""}], finish_reason),))
        self._enqueue(
            _Reply(
                (_candidate(parts, finish_reason),),
                tuple(stream),
                usage,
                model_version,
                check_cut_after(cut_after),
                tuple((headers or {}).items()),
                delay,
                report_usage,
                trickle,
            )
        )

    def enqueue_tool_calls(
        self,
        tool_calls: Sequence[Mapping[str, Any]],
        *,
        text: str | None = None,
        usage: GeminiUsage | None = None,
        model_version: str | None = None,
        thought_signature: bool = False,
        cut_after: int | None = None,
    ) -> None:
        """Script ``functionCall`` parts (after an optional text part).

        Each tool call is a mapping with ``name``, ``arguments`` (a mapping or a JSON
        object string: the call's ``args``) and an optional ``id``. With
        ``thought_signature`` the first call carries a ``thoughtSignature``, as thinking
        models send it. Streamed, the text and each call arrive as events of their own.
        """
        specs = tool_call_specs(tool_calls, _tool_args)
        parts: list[dict[str, Any]] = []
        if text is not None:
            parts.append({"text": text})
        for index, (call_id, name, args) in enumerate(specs):
            call: dict[str, Any] = {"name": name, "args": args}
            if call_id is not None:
                call["id"] = call_id
            part: dict[str, Any] = {"functionCall": call}
            if thought_signature and index == 0:
                part["thoughtSignature"] = _signature(name)
            parts.append(part)
        stream = tuple(
            (_candidate([part], "STOP" if i == len(parts) - 1 else None),)
            for i, part in enumerate(parts)
        )
        self._enqueue(
            _Reply(
                (_candidate(parts, "STOP"),),
                stream,
                usage,
                model_version,
                check_cut_after(cut_after),
            )
        )

    def enqueue_candidates(
        self,
        candidates: Sequence[Mapping[str, Any]],
        *,
        usage: GeminiUsage | None = None,
        model_version: str | None = None,
    ) -> None:
        """Script candidates exactly as the API reference shapes them (several
        candidates, ``safetyRatings``, ``toolCall``/``toolResponse`` parts of server-side
        tools, ``groundingMetadata``, ...). Streamed, the whole reply is one event."""
        shaped = tuple(dict(candidate) for candidate in candidates)
        self._enqueue(_Reply(shaped, (shaped,), usage, model_version, None))

    def enqueue_error(
        self,
        status: int,
        message: str,
        *,
        status_name: str | None = None,
        headers: dict[str, str] | None = None,
        endpoint: Literal["chat", "embedding"] = "chat",
    ) -> None:
        """Script an error in the API's shape ``{"error": {code, message, status}}`` for
        the next chat (or, with ``endpoint="embedding"``, embedding) request;
        ``status_name`` defaults to the API's for the code (``429``:
        ``RESOURCE_EXHAUSTED``, ``404``: ``NOT_FOUND``, ...)."""
        if endpoint not in ("chat", "embedding"):
            raise ValueError(f"endpoint must be 'chat' or 'embedding', got {endpoint!r}")
        extra = error_headers(status, headers or {})
        body = _error_json(status, message, status_name)
        self._enqueue(FixedReply(status, JSON_HEADERS + tuple(extra.items()), body), endpoint)

    def enqueue_embeddings(self, *vectors: Sequence[float]) -> None:
        """Script the vectors of the next embedding request (one per input text)."""
        if not vectors:
            raise ValueError("vectors must not be empty")
        self._enqueue(tuple(tuple(float(v) for v in vector) for vector in vectors), "embedding")

    def add_cached_content(
        self,
        name: str,
        model: str,
        *,
        display_name: str | None = None,
        expire_time: datetime | None = None,
        total_token_count: int = 100,
    ) -> dict[str, Any]:
        """Hold a cached content as if created earlier (``expire_time`` may be past)."""
        now = datetime.now(UTC)
        entry: dict[str, Any] = {
            "name": name,
            "model": model if model.startswith("models/") else f"models/{model}",
            "createTime": _timestamp(now),
            "updateTime": _timestamp(now),
            "expireTime": _timestamp(expire_time or now + timedelta(hours=1)),
            "usageMetadata": {"totalTokenCount": total_token_count},
        }
        if display_name is not None:
            entry["displayName"] = display_name
        with self._lock:
            self.cached_contents[name] = entry
        return dict(entry)

    # -- serving -----------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """The URL to give the SDK as ``http_options.base_url`` (the SDK adds the version)."""
        return f"http://127.0.0.1:{self.port}"

    def _error(self, status: int, message: str) -> FullResponse:
        return FullResponse(status, JSON_HEADERS, _error_json(status, message, None))

    def _respond(self, request: RecordedRequest) -> WireResponse:
        if self.api_key is not None and request.header("x-goog-api-key") != self.api_key:
            return self._error(400, "API key not valid. Please pass a valid API key.")
        version = next((v for v in _VERSIONS if request.path.startswith(v)), None)
        path = request.path[len(version) :] if version is not None else ""
        if path.startswith("cachedContents"):
            return self._caches(request, path[len("cachedContents") :])
        if not path.startswith("models/") or ":" not in path or request.method != "POST":
            return self._error(404, f"Method not found: {request.method} {request.path}")
        model, _, method = path[len("models/") :].partition(":")
        api_version = (version or "").strip("/")
        body = request.body
        if not isinstance(body, dict):
            return self._error(400, "Invalid JSON payload received.")
        if self.models is not None and model not in self.models:
            return self._error(
                404,
                f"models/{model} is not found for API version {api_version}, or is not "
                f"supported for {method}.",
            )
        if method in ("generateContent", "streamGenerateContent"):
            return self._generate(body, model, method == "streamGenerateContent", request)
        if method in ("embedContent", "batchEmbedContents"):
            return self._embed(body, method == "batchEmbedContents")
        return self._error(404, f"Method not found: {method}")

    def _generate(
        self, body: dict[str, Any], model: str, stream: bool, request: RecordedRequest
    ) -> WireResponse:
        contents = body.get("contents")
        if not isinstance(contents, list) or not contents:
            return self._error(400, "* GenerateContentRequest.contents: contents is not specified")
        cached = body.get("cachedContent")
        if cached is not None:
            with self._lock:
                entry = self.cached_contents.get(cached)
            if entry is None:
                return self._error(403, f"CachedContent not found (or permission denied): {cached}")
        if stream and "alt=sse" not in request.query:
            return self._error(400, "streamGenerateContent needs alt=sse here")
        reply = self._next_reply()
        fixed = self._render_fixed(reply)
        if fixed is not None:
            return fixed
        if not isinstance(reply, _Reply):
            return self._error(
                500,
                "No reply is scripted for generateContent: script one with enqueue_text(), "
                "enqueue_tool_calls(), enqueue_candidates(), enqueue_error(), enqueue_raw() "
                "or enqueue_disconnect().",
            )
        number = self._next_id()
        usage = (reply.usage or GeminiUsage()).to_json()
        envelope: dict[str, Any] = {
            "modelVersion": reply.model_version or model,
            "responseId": f"resp-test-{number:06d}",
        }
        if reply.report_usage:
            envelope["usageMetadata"] = usage
        headers = reply.headers
        if not stream:
            payload = {"candidates": list(reply.candidates), **envelope}
            return FullResponse(
                200,
                JSON_HEADERS + headers,
                json_bytes(payload),
                cut=reply.cut_after is not None,
                delay=reply.delay,
                trickle=reply.trickle,
            )
        events = []
        for position, candidates in enumerate(reply.chunks):
            chunk: dict[str, Any] = {"candidates": list(candidates), **envelope}
            if position < len(reply.chunks) - 1 and reply.report_usage:
                chunk["usageMetadata"] = {"promptTokenCount": usage["promptTokenCount"]}
            events.append(b"data: " + json_bytes(chunk) + b"\r\n\r\n")
        return StreamResponse(
            tuple(events), EVENT_STREAM_HEADERS + headers, reply.cut_after, trickle=reply.trickle
        )

    def _embed(self, body: dict[str, Any], batch: bool) -> WireResponse:
        requests = body.get("requests") if batch else [body]
        if not isinstance(requests, list) or not requests:
            return self._error(400, "* BatchEmbedContentsRequest.requests: requests is empty")
        texts: list[str] = []
        dimensions = self.embedding_dimensions
        for item in requests:
            parts = (item.get("content") or {}).get("parts") if isinstance(item, dict) else None
            if not isinstance(parts, list) or not parts:
                return self._error(400, "* EmbedContentRequest.content: contents is not specified")
            texts.append("".join(str(part.get("text", "")) for part in parts))
            requested = item.get("outputDimensionality")
            if isinstance(requested, int) and requested > 0:
                dimensions = requested
        scripted = self._next_reply("embedding")
        fixed = self._render_fixed(scripted)
        if fixed is not None:
            return fixed
        if isinstance(scripted, tuple):
            vectors = [list(vector) for vector in scripted]
        else:
            vectors = [_hashed_embedding(text, dimensions) for text in texts]
        embeddings = [{"values": vector} for vector in vectors]
        payload = {"embeddings": embeddings} if batch else {"embedding": embeddings[0]}
        return FullResponse(200, JSON_HEADERS, json_bytes(payload))

    def _caches(self, request: RecordedRequest, rest: str) -> WireResponse:
        method = request.method
        if rest in ("", "/"):
            if method == "POST":
                return self._create_cache(request.body)
            if method == "GET":
                return self._list_caches(request.query)
            return self._error(404, f"Method not found: {method} cachedContents")
        name = "cachedContents" + rest
        with self._lock:
            entry = self.cached_contents.get(name)
            if entry is not None and method == "DELETE":
                del self.cached_contents[name]
        if entry is None:
            return self._error(403, f"CachedContent not found (or permission denied): {name}")
        if method == "DELETE":
            return FullResponse(200, JSON_HEADERS, b"{}")
        if method == "PATCH":
            body = request.body if isinstance(request.body, dict) else {}
            now = datetime.now(UTC)
            seconds = _duration_seconds(body.get("ttl"))
            with self._lock:
                if seconds is not None:
                    entry["expireTime"] = _timestamp(now + timedelta(seconds=seconds))
                elif isinstance(body.get("expireTime"), str):
                    entry["expireTime"] = body["expireTime"]
                entry["updateTime"] = _timestamp(now)
        return FullResponse(200, JSON_HEADERS, json_bytes(entry))

    def _create_cache(self, body: Any) -> WireResponse:
        if not isinstance(body, dict) or not isinstance(body.get("model"), str):
            return self._error(400, "* CreateCachedContentRequest.cached_content.model: required")
        if not body.get("contents"):
            return self._error(400, "* CreateCachedContentRequest.cached_content.contents: required")
        now = datetime.now(UTC)
        seconds = _duration_seconds(body.get("ttl"))
        expire = (
            _timestamp(now + timedelta(seconds=seconds))
            if seconds is not None
            else body.get("expireTime") or _timestamp(now + timedelta(hours=1))
        )
        name = f"cachedContents/test{self._next_id():06d}"
        tokens = sum(
            len(str(part.get("text", "")).split())
            for content in body["contents"]
            for part in content.get("parts") or ()
        )
        entry: dict[str, Any] = {
            "name": name,
            "model": body["model"],
            "createTime": _timestamp(now),
            "updateTime": _timestamp(now),
            "expireTime": expire,
            "usageMetadata": {"totalTokenCount": tokens},
        }
        if body.get("displayName"):
            entry["displayName"] = body["displayName"]
        with self._lock:
            self.cached_contents[name] = entry
        return FullResponse(200, JSON_HEADERS, json_bytes(entry))

    def _list_caches(self, query: str) -> WireResponse:
        parameters = parse_qs(query)
        size_text = (parameters.get("pageSize") or ["100"])[0]
        size = int(size_text) if size_text.isdigit() and int(size_text) > 0 else 100
        token = (parameters.get("pageToken") or ["0"])[0]
        start = int(token) if token.isdigit() else 0
        with self._lock:
            entries = sorted(self.cached_contents.values(), key=lambda entry: entry["name"])
        page: dict[str, Any] = {"cachedContents": entries[start : start + size]}
        if start + size < len(entries):
            page["nextPageToken"] = str(start + size)
        return FullResponse(200, JSON_HEADERS, json_bytes(page))


def _candidate(parts: list[dict[str, Any]], finish_reason: str | None) -> dict[str, Any]:
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    if finish_reason is not None:
        candidate["finishReason"] = finish_reason
    return candidate
