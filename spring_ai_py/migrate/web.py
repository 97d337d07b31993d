"""What a migrated web application needs at run time: Spring MVC / WebFlux return values
as FastAPI responses.

A controller method returning a stream (Java's ``Flux<String>`` or ``Flux<ChatResponse>``)
answers with server-sent events, one ``data:`` event per item, as WebFlux writes a
``text/event-stream``; model objects (``ChatResponse``, messages, documents ...) are
written as the JSON Spring's Jackson writes (:func:`spring_ai_py.model.json.to_json_value`).
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

from spring_ai_py._bridge import run_blocking
from spring_ai_py.model.json import to_json_value


def _event(item: object) -> str:
    data = item if isinstance(item, str) else json.dumps(to_json_value(item), ensure_ascii=False)
    return "".join(f"data:{line}\n" for line in data.split("\n")) + "\n"


async def _events(stream: AsyncIterator[object]) -> AsyncIterator[str]:
    async for item in stream:
        yield _event(item)


def route(handler: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a controller method for ``FastAPI.add_api_route``: streams become SSE, model
    objects become Spring's JSON, a ``str`` is written as text (as Spring MVC writes it); the method's signature (its query, path and body
    parameters) is kept."""
    from fastapi.responses import JSONResponse, PlainTextResponse, StreamingResponse

    @functools.wraps(handler)
    async def endpoint(*args: Any, **kwargs: Any) -> Any:
        if inspect.iscoroutinefunction(handler) or inspect.isasyncgenfunction(handler):
            result = handler(*args, **kwargs)
        else:
            result = await run_blocking(None, functools.partial(handler, *args, **kwargs))
        if inspect.isawaitable(result):
            result = await result
        if hasattr(result, "__aiter__"):
            return StreamingResponse(_events(result), media_type="text/event-stream")
        if isinstance(result, str):
            return PlainTextResponse(result)
        if isinstance(result, int | float | bool) or result is None:
            return result
        return JSONResponse(to_json_value(result))

    return endpoint


__all__ = ["route"]
