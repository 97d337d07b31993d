"""Spring's ``OllamaApiHelper``: how the chunks of a streamed tool call are put together.

Ollama streams a tool call's chunks (the one carrying ``tool_calls`` and the ones up to
the ``done`` chunk) which the chat model merges into one chunk before turning it into a
``ChatResponse``. Chunks are the JSON objects of Ollama's ``/api/chat`` answers.
"""

from __future__ import annotations

from typing import Any

__all__ = ["is_streaming_done", "is_streaming_tool_call", "merge"]

Chunk = dict[str, Any]

_SUMMED = ("total_duration", "load_duration", "prompt_eval_count", "prompt_eval_duration",
           "eval_count", "eval_duration")


def is_streaming_tool_call(chunk: Chunk | None) -> bool:
    """Whether ``chunk``'s message has tool calls."""
    message = chunk.get("message") if chunk is not None else None
    return isinstance(message, dict) and bool(message.get("tool_calls"))


def is_streaming_done(chunk: Chunk | None) -> bool:
    """Whether ``chunk`` is the last one of an answer that stopped (``done`` with
    ``done_reason`` ``stop``)."""
    return chunk is not None and chunk.get("done") is True and chunk.get("done_reason") == "stop"


def merge(previous: Chunk, current: Chunk) -> Chunk:
    """``current`` merged into ``previous``: texts and lists concatenate, counts and
    durations add up, and the other fields take ``current``'s value when it has one."""
    merged: Chunk = {}
    for name in ("model", "created_at", "done_reason", "done"):
        value = current.get(name, previous.get(name))
        if value is not None:
            merged[name] = value
    if "model" in previous and "model" in current:
        merged["model"] = f"{previous['model']}{current['model']}"
    for name in _SUMMED:
        value = _sum(previous.get(name), current.get(name))
        if value is not None:
            merged[name] = value
    merged["message"] = _merge_message(previous.get("message"), current.get("message"))
    return merged


def _merge_message(previous: Any, current: Any) -> dict[str, Any]:
    before = previous if isinstance(previous, dict) else {}
    after = current if isinstance(current, dict) else {}
    message: dict[str, Any] = {"role": after.get("role") or before.get("role") or "assistant"}
    for name in ("content", "thinking", "tool_name"):
        value = _concat(before.get(name), after.get(name))
        if value is not None:
            message[name] = value
    for name in ("images", "tool_calls"):
        items = _join(before.get(name), after.get(name))
        if items is not None:
            message[name] = items
    return message


def _sum(previous: int | None, current: int | None) -> int | None:
    if previous is None:
        return current
    if current is None:
        return previous
    return previous + current


def _concat(previous: str | None, current: str | None) -> str | None:
    if previous is None:
        return current
    if current is None:
        return previous
    return previous + current


def _join(previous: list[Any] | None, current: list[Any] | None) -> list[Any] | None:
    if previous is None:
        return None if current is None else list(current)
    if current is None:
        return list(previous)
    return [*previous, *current]
