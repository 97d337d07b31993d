"""What the Ollama models share on the wire: the SDK calls with retries, their
errors as the SDK's own, and Ollama's durations and times as Python values.

Ollama's durations are nanoseconds; they become ``timedelta`` (microsecond
precision) in the response metadata, as Spring's become ``Duration``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from datetime import datetime, timedelta
from typing import Any, TypeVar

from spring_ai_py.model._wire_limits import AnswerTooLargeError, MaskedErrors
from spring_ai_py.ollama.api import OllamaApi, import_sdk

T = TypeVar("T")

_TRANSIENT_STATUSES = frozenset({408, 429, 500, 502, 503, 504})


def nanos(value: object) -> timedelta | None:
    """A duration in nanoseconds as a ``timedelta`` (``None`` stays ``None``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return timedelta(microseconds=value / 1000)
    return None


def parse_created_at(value: object) -> datetime | None:
    """Ollama's ``created_at`` (RFC 3339 with up to nine fractional digits), or ``None``
    when it is missing or not a time."""
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def _is_transient(error: BaseException) -> bool:
    sdk = import_sdk()
    if isinstance(error, sdk.ResponseError):
        return int(error.status_code) in _TRANSIENT_STATUSES
    return isinstance(error, ConnectionError)


@contextlib.contextmanager
def sdk_errors(client: object = None) -> Iterator[None]:
    """Failures of an exchange as the SDK's own errors: an answer past
    ``max_answer_bytes`` or a body that is not Ollama's JSON is an
    ``ollama.ResponseError``; a connection lost mid-answer a ``ConnectionError`` (as
    the SDK reports a connection that could not be made). Timeouts stay the HTTP
    library's ``httpx.TimeoutException``, as the SDK raises them. A ``ResponseError``
    leaves with the credentials ``client`` sends (its ``Authorization`` header, from
    ``custom_headers`` or ``OLLAMA_API_KEY``) masked, should the server echo them."""
    import httpx

    sdk = import_sdk()
    headers = getattr(getattr(client, "_client", None), "headers", None)
    try:
        with MaskedErrors(sdk.ResponseError, client, headers):
            yield
    except AnswerTooLargeError as error:
        raise sdk.ResponseError(str(error)) from error
    except httpx.TimeoutException:
        raise
    except httpx.TransportError as error:
        raise ConnectionError(
            f"The connection to Ollama failed before the answer was complete: {error}"
        ) from error
    except sdk.ResponseError:
        raise
    except (ValueError, RecursionError) as error:  # JSON or pydantic validation
        if str(getattr(error, "title", "")).endswith("Request"):
            raise  # the SDK rejected the request before sending it
        raise sdk.ResponseError(f"Ollama sent an answer that could not be read: {error}") from error


def with_retries(api: OllamaApi, send: Callable[[], T]) -> T:
    """``send()``, tried again up to ``api.max_retries`` times after a transient
    failure (a ``408``/``429``/``5xx`` answer or a failed connection)."""
    attempt = 0
    while True:
        try:
            return send()
        except Exception as error:
            if attempt >= api.max_retries or not _is_transient(error):
                raise
            time.sleep(api.retry_backoff * 2**attempt)
            attempt += 1


async def awith_retries(api: OllamaApi, send: Callable[[], Awaitable[T]]) -> T:
    """:func:`with_retries` for an awaited ``send()``."""
    attempt = 0
    while True:
        try:
            return await send()
        except Exception as error:
            if attempt >= api.max_retries or not _is_transient(error):
                raise
            await asyncio.sleep(api.retry_backoff * 2**attempt)
            attempt += 1


async def first_and_rest(stream: AsyncIterator[T]) -> tuple[T | None, AsyncIterator[T]]:
    """The first item of ``stream`` (``None`` when it is empty) and the iterator of the
    rest: the SDK sends a stream's request when its first item is asked for."""
    iterator = stream.__aiter__()
    try:
        first = await iterator.__anext__()
    except StopAsyncIteration:
        return None, iterator
    return first, iterator


def dump(response: Any) -> dict[str, Any]:
    """An SDK answer as its JSON fields (unset ones left out)."""
    dumped: dict[str, Any] = response.model_dump(exclude_none=True)
    return dumped
