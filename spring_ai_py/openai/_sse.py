"""Server-sent events of a Chat Completions stream, parsed without the SDK's models.

The official SDK builds a pydantic ``ChatCompletionChunk`` for every event, which costs
far more than the HTTP itself. Here the SDK still opens the request (authentication,
retries with backoff, the status-code to exception mapping) and this module reads the
body: it splits the ``data:`` lines and decodes each with ``json.loads``. Failures keep
the SDK's exception types, as its own stream would raise them: a broken connection is
``openai.APIConnectionError`` (``APITimeoutError`` on a timeout), an ``error`` object in
the stream is ``openai.APIError``, and an event that is not JSON, or not shaped like a
chunk, is ``openai.APIResponseValidationError``. A body that ends cleanly before
``[DONE]`` and without any finish reason was cut short: that is an
``openai.APIConnectionError`` too, never a complete answer.

The parsing is :class:`_Events`, which does no I/O: :func:`iterate_events` feeds it
the body's bytes from the async response, or from the blocking one when the stream is
driven on its consumer's thread (``blocking``).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

from spring_ai_py.model._wire_limits import AnswerTooLargeError, Exchange, ExchangeExpired
from spring_ai_py.model.provider import transport_errors
from spring_ai_py.openai._validation import FinishTracker, check_chunk

_DRAIN_TIMEOUT = 0.1
"""Seconds to wait for the end of the body after ``[DONE]``, as the SDK does."""


class _Events:
    """The event parser: bytes in, the ``data`` of each complete event out, no I/O."""

    __slots__ = ("_data_lines", "_pending", "done", "finish", "http_response", "openai")

    def __init__(self, http_response: Any, openai: Any) -> None:
        self.http_response = http_response
        self.openai = openai
        self.finish = FinishTracker()
        self._pending = b""
        self._data_lines: list[bytes] = []
        self.done = False  # ``[DONE]`` was read: what follows is not an event

    def feed(self, chunk: bytes) -> Iterator[bytes]:
        """The data of each event that ``chunk`` completes, up to ``[DONE]``."""
        pending = self._pending
        lines = (pending + chunk).split(b"\n") if pending else chunk.split(b"\n")
        self._pending = lines.pop()
        data_lines = self._data_lines
        for line in lines:
            if line.endswith(b"\r"):
                line = line[:-1]
            if line:
                if line.startswith(b"data:"):
                    data_lines.append(line[6:] if line[5:6] == b" " else line[5:])
                continue
            if not data_lines:
                continue
            data = data_lines[0] if len(data_lines) == 1 else b"\n".join(data_lines)
            data_lines.clear()
            if data.startswith(b"[DONE]"):
                self.done = True
                return
            yield data

    def end(self) -> bytes | None:
        """The data of an event the body ended in without its blank line."""
        pending = self._pending
        if pending.startswith(b"data:"):
            self._data_lines.append(pending[6:] if pending[5:6] == b" " else pending[5:])
        if not self._data_lines:
            return None
        data = b"\n".join(self._data_lines)
        if data.startswith(b"[DONE]"):
            self.done = True
            return None
        return data

    def decode(self, data: bytes) -> dict[str, Any]:
        event = _decode(data, self.http_response, self.openai)
        self.finish.add(event)
        return event

    def failure(self, error: BaseException) -> Exception:
        """The SDK's exception for a failure while reading the body."""
        import openai

        timeouts, _transport = transport_errors()
        if isinstance(error, timeouts):
            return openai.APITimeoutError(request=self.http_response.request)
        if isinstance(error, AnswerTooLargeError):
            return openai.APIResponseValidationError(
                self.http_response, None, message=str(error)
            )
        return openai.APIConnectionError(request=self.http_response.request)

    def check_complete(self) -> None:
        if not self.done and not self.finish.complete():
            raise self.openai.APIConnectionError(
                message="The stream ended before its terminal event ([DONE] or a finish "
                "reason): the answer is incomplete",
                request=self.http_response.request,
            )


async def iterate_events(
    http_response: Any, exchange: Exchange, blocking: bool = False
) -> AsyncIterator[dict[str, Any]]:
    """Yield the JSON object of every ``data:`` event until ``[DONE]`` or the end.

    ``exchange`` bounds the stream (its body checks it on every chunk); each event
    starts its idle time again, and so does the consumer asking for the next one.
    ``blocking``: ``http_response`` is the blocking client's, read with blocking I/O
    (only where nothing else waits on the running loop).
    """
    import openai

    events = _Events(http_response, openai)
    timeouts, transport = transport_errors()
    failures: tuple[type[BaseException], ...] = (*timeouts, AnswerTooLargeError, *transport)
    try:
        if blocking:
            chunks = http_response.iter_bytes()
            for chunk in chunks:
                for data in events.feed(chunk):
                    yield events.decode(data)
                    exchange.event()
                if events.done:
                    _drain_blocking(chunks, transport)
                    return
        else:
            achunks = http_response.aiter_bytes()
            async for chunk in achunks:
                for data in events.feed(chunk):
                    yield events.decode(data)
                    exchange.event()
                if events.done:
                    await _drain(achunks, transport)
                    return
        last = events.end()
        if last is not None:
            yield events.decode(last)
    except failures as error:
        raise events.failure(error) from error
    events.check_complete()


async def _drain(chunks: AsyncIterator[bytes], transport: tuple[type[BaseException], ...]) -> None:
    """Read what follows ``[DONE]`` (briefly), so the connection can be reused."""
    import anyio

    ended: tuple[type[BaseException], ...] = (*transport, ExchangeExpired)
    with anyio.move_on_after(_DRAIN_TIMEOUT):
        try:
            async for _ in chunks:
                pass
        except ended:
            # The answer is complete; a connection failing now only loses the reuse.
            return


def _drain_blocking(chunks: Iterator[bytes], transport: tuple[type[BaseException], ...]) -> None:
    """Read the end of the body after ``[DONE]``, so the connection can be reused.

    A blocking read has no brief bound of its own: the body's end is awaited within the
    exchange's limits and the read timeout, as the SDK's blocking stream does.
    """
    ended: tuple[type[BaseException], ...] = (*transport, ExchangeExpired)
    try:
        for _ in chunks:
            pass
    except ended:
        # The answer is complete; a connection failing now only loses the reuse.
        return


def _decode(data: bytes, http_response: Any, openai: Any) -> dict[str, Any]:
    try:
        value = json.loads(data)
    except ValueError as error:
        raise openai.APIResponseValidationError(
            http_response,
            data.decode("utf-8", "replace"),
            message=f"The stream sent an event that is not JSON: {error}",
        ) from error
    except RecursionError as error:
        raise openai.APIResponseValidationError(
            http_response, None, message="The stream sent an event nested too deeply to read"
        ) from error
    if not isinstance(value, dict):
        raise openai.APIResponseValidationError(
            http_response, value, message="The stream sent an event that is not a JSON object"
        )
    error_body = value.get("error")
    if error_body:
        message = error_body.get("message") if isinstance(error_body, dict) else None
        if not isinstance(message, str) or not message:
            message = "An error occurred during streaming"
        raise openai.APIError(message, http_response.request, body=error_body)
    return check_chunk(value, http_response)
