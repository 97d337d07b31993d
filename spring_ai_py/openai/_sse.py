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
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from spring_ai_py.model._wire_limits import AnswerTooLargeError, Exchange, ExchangeExpired
from spring_ai_py.model.provider import transport_errors
from spring_ai_py.openai._validation import FinishTracker, check_chunk

_DRAIN_TIMEOUT = 0.1
"""Seconds to wait for the end of the body after ``[DONE]``, as the SDK does."""


async def iterate_events(http_response: Any, exchange: Exchange) -> AsyncIterator[dict[str, Any]]:
    """Yield the JSON object of every ``data:`` event until ``[DONE]`` or the end.

    ``exchange`` bounds the stream (its body checks it on every chunk); each event
    starts its idle time again, and so does the consumer asking for the next one.
    """
    import openai

    finish = FinishTracker()
    timeouts, transport = transport_errors()
    pending = b""
    data_lines: list[bytes] = []
    chunks = http_response.aiter_bytes()
    try:
        async for chunk in chunks:
            lines = (pending + chunk).split(b"\n") if pending else chunk.split(b"\n")
            pending = lines.pop()
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
                data_lines = []
                if data.startswith(b"[DONE]"):
                    await _drain(chunks, transport)
                    return
                event = _decode(data, http_response, openai)
                finish.add(event)
                yield event
                exchange.event()
        if pending.startswith(b"data:"):
            data_lines.append(pending[6:] if pending[5:6] == b" " else pending[5:])
        if data_lines:
            data = b"\n".join(data_lines)
            if data.startswith(b"[DONE]"):
                return
            event = _decode(data, http_response, openai)
            finish.add(event)
            yield event
    except timeouts as error:
        raise openai.APITimeoutError(request=http_response.request) from error
    except AnswerTooLargeError as error:
        raise openai.APIResponseValidationError(
            http_response, None, message=str(error)
        ) from error
    except transport as error:
        raise openai.APIConnectionError(request=http_response.request) from error
    if not finish.complete():
        raise openai.APIConnectionError(
            message="The stream ended before its terminal event ([DONE] or a finish reason): "
            "the answer is incomplete",
            request=http_response.request,
        )


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
